// Serves the built web app: hashed assets cached for a year, the app shell for client routes (404 for the rest).
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Context, Next } from 'koa';
import send from 'koa-send';
import { isClientPath } from '../../contracts/shared/clientRoutes.ts';
import { isApiPath } from '../../contracts/shared/endpoint.ts';
import { healthApi } from '../../contracts/shared/health.ts';

export function staticWeb(distDir: string) {
  const root = resolve(distDir);
  const shellFile = join(root, 'index.html');
  const known = { has: (path: string) => isClientPath(path) };
  let shell: string | null = null;
  const appShell = () => {
    if (shell === null && existsSync(shellFile)) shell = readFileSync(shellFile, 'utf8');
    return shell;
  };

  return async (ctx: Context, next: Next) => {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();
    if (isApiPath(ctx.path) || ctx.path === healthApi.health.path) return next();
    const path = ctx.path.length > 1 && ctx.path.endsWith('/') ? ctx.path.slice(0, -1) : ctx.path;

    if (!known.has(path) && path !== '/index.html') {
      const hashed = path.startsWith('/assets/');
      try {
        const served = await send(ctx, path, {
          root,
          index: false,
          hidden: false,
          brotli: true,
          gzip: true,
          maxage: hashed ? 365 * 24 * 3600 * 1000 : 24 * 3600 * 1000,
          immutable: hashed,
        });
        if (served) return;
      } catch (error) {
        const status = (error as { status?: number }).status;
        if (status !== 404 && status !== 400 && status !== 403) throw error;
      }
      if (/\.[a-z0-9]{1,8}$/i.test(path)) {
        ctx.status = 404;
        ctx.type = 'text/plain';
        ctx.body = 'Not found';
        return;
      }
    }

    const html = appShell();
    if (html === null) {
      ctx.status = 503;
      ctx.type = 'text/plain';
      ctx.body = 'The web app is not built yet: run `npm run build`.';
      return;
    }
    // Unknown paths still get the app, which shows its not-found screen, but with an honest status.
    ctx.status = known.has(path) || path === '/index.html' ? 200 : 404;
    ctx.type = 'text/html; charset=utf-8';
    ctx.set('Cache-Control', 'no-cache');
    ctx.body = html;
  };
}
