// Serves the built web app: hashed assets cached for a year, the app shell for client routes (404 for the rest), with
// the head a page carries of its own written in.
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Context, Next } from 'koa';
import send from 'koa-send';
import { isAdminPath, isClientPath } from '../../contracts/shared/clientRoutes.ts';
import { isApiPath } from '../../contracts/shared/endpoint.ts';
import { operationsPaths } from '../../contracts/shared/health.ts';
import { bookScreenTemplate } from '../../contracts/catalog/pages.ts';

/**
 * The head a page at `path` carries in the HTML sent (decision 079): tags to write in place of the shell's title and
 * description; `missing` when the address names nothing (a slug no published book has): the app's not-found screen,
 * with a 404; null when the page has no head of its own (the shell's is sent as it is).
 */
export type PageHeads = (
  path: string,
  ctx: Context,
  shell: { title: string; description: string; bookScreen: string },
) => Promise<{ head: string; firstScreen?: string } | { missing: true } | null>;

/**
 * The built index.html, split where a page's own head goes, with the title and description it carries itself; and
 * `admin`, the same page for the owner's screens: without the splash (the shop's welcome, which would hold every
 * admin page behind it for 3 s) or the landing page's first screen (with its image preloads).
 */
export type Shell = {
  html: string;
  title: string;
  description: string;
  before: string;
  after: string;
  admin: string;
  /** a book's page before any script, with its slots to fill (decision 114); empty in a build without it */
  bookScreen: string;
};

/** The page's first screen and what it holds, up to the app's root. */
const firstScreen = /<div id="first-screen" inert>[\s\S]*?<\/div>(\s*<div id="root">)/;

const entities: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };
const unescaped = (text: string) => text.replace(/&(?:amp|lt|gt|quot|#39);/g, (e) => entities[e]!);

export function shellOf(built: string): Shell {
  // The book page's template is the server's to fill, never sent as it is.
  const template = new RegExp(`${bookScreenTemplate.open}([\\s\\S]*?)${bookScreenTemplate.close}\\s*`).exec(built);
  const html = template ? built.replace(template[0], '') : built;
  const title = /<title>([^<]*)<\/title>\s*/.exec(html);
  const description = /<meta name="description" content="([^"]*)"\s*\/?>\s*/.exec(html);
  const headEnd = html.indexOf('</head>');
  if (!title || !description || headEnd < 0) throw new Error('index.html has no <title>, description or </head>');
  const rest = html.replace(title[0], '').replace(description[0], '');
  const at = rest.indexOf('</head>');
  return {
    html,
    admin: html
      .replace(/<!-- splash -->[\s\S]*?<!-- \/splash -->\s*/, '')
      .replace(firstScreen, '<div id="first-screen" inert></div>$1'),
    title: unescaped(title[1]!),
    description: unescaped(description[1]!),
    before: `${rest.slice(0, at).trimEnd()}\n    `,
    after: `\n  ${rest.slice(at)}`,
    bookScreen: template?.[1] ?? '',
  };
}

export function staticWeb(distDir: string, pages?: PageHeads) {
  const root = resolve(distDir);
  const shellFile = join(root, 'index.html');
  const known = { has: (path: string) => isClientPath(path) };
  let shell: Shell | null = null;
  const appShell = () => {
    if (shell === null && existsSync(shellFile)) shell = shellOf(readFileSync(shellFile, 'utf8'));
    return shell;
  };

  return async (ctx: Context, next: Next) => {
    if ((ctx.method !== 'GET' && ctx.method !== 'HEAD') || isApiPath(ctx.path) || operationsPaths.has(ctx.path)) {
      await next();
      return;
    }
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

    const app = appShell();
    if (app === null) {
      ctx.status = 503;
      ctx.type = 'text/plain';
      ctx.body = 'The web app is not built yet: run `npm run build`.';
      return;
    }
    // Unknown paths still get the app, which shows its not-found screen, but with an honest status.
    const page = pages && known.has(path) ? await pages(path, ctx, app) : null;
    const found = (known.has(path) || path === '/index.html') && !(page && 'missing' in page);
    ctx.status = found ? 200 : 404;
    ctx.type = 'text/html; charset=utf-8';
    ctx.set('Cache-Control', 'no-cache');
    ctx.body =
      page && 'head' in page
        ? `${app.before}${page.head}${page.firstScreen ? withFirstScreen(app.after, page.firstScreen) : app.after}`
        : isAdminPath(path)
          ? app.admin
          : app.html;
  };
}

/**
 * The page with its own first screen in place of the landing page's (decision 114): a book's page, to read and use
 * without any script, so it is not inert; the app's own page takes its place once drawn.
 */
function withFirstScreen(after: string, screen: string): string {
  return after.replace(
    firstScreen,
    () => `<div id="first-screen" data-page="book">${screen}</div>\n    <div id="root">`,
  );
}
