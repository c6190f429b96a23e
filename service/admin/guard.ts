// Every /api/admin/* route except login needs a valid bearer token; the admin's name goes to ctx.state.admin.
import type { Context, Next } from 'koa';
import { unauthorized } from '../http/errors.ts';
import { adminTokenKey, verifyAdminToken } from './tokens.ts';

export const adminLoginPath = '/api/admin/login';

export function adminGuard(secret: string) {
  // The signature, algorithm, issuer, audience and expiry are still checked on every request; only the key is made once.
  const key = adminTokenKey(secret);
  return async (ctx: Context, next: Next) => {
    if ((ctx.path === '/api/admin' || ctx.path.startsWith('/api/admin/')) && ctx.path !== adminLoginPath) {
      const header = ctx.get('Authorization');
      const match = /^Bearer ([A-Za-z0-9_.-]+)$/.exec(header);
      if (!match) throw unauthorized('Authentication required');
      const username = verifyAdminToken(key, match[1]!);
      if (!username) throw unauthorized('Your session has expired or is not valid. Please log in again.');
      ctx.state.admin = { username };
    }
    await next();
  };
}

/** The admin a guarded route is serving, as recorded in event metadata. */
export function adminOf(ctx: Context): string {
  const admin = ctx.state.admin as { username: string } | undefined;
  if (!admin) throw unauthorized();
  return admin.username;
}
