// The admin API lives on its own router: the guard is that router's first middleware, so it runs for exactly the
// routes the router holds and for nothing else; a path no route matches (another case, an encoded letter, a doubled
// slash) is not an admin route at all and ends as a 404. The admin's name goes to ctx.state.admin.
import { Router } from '@koa/router';
import type { Context, Next } from 'koa';
import type { ShopDeps } from '../deps.ts';
import { unauthorized } from '../http/errors.ts';
import { sessionCheckFor } from './sessions.ts';
import { adminTokenReader } from './tokens.ts';

export const adminLoginPath = '/api/admin/login';

/** Paths match exactly as written: case-sensitive, and a trailing slash is another path. */
export const routerOptions = { sensitive: true, strict: true } as const;

const expired = 'Your session has expired or is not valid. Please log in again.';

/** Admin answers hold personal data and session tokens: no cache on the way may keep them. */
export async function noStore(ctx: Context, next: Next) {
  ctx.set('Cache-Control', 'no-store');
  await next();
}

type GuardDeps = Pick<ShopDeps, 'jwtSecret' | 'admin' | 'events'>;

export function adminGuard(deps: GuardDeps) {
  // A token's signature, algorithm, issuer and audience are checked the first time it is seen, its expiry every time.
  const readToken = adminTokenReader(deps.jwtSecret);
  const sessions = sessionCheckFor(deps.events);
  return async (ctx: Context, next: Next) => {
    const match = /^Bearer ([A-Za-z0-9_.-]+)$/.exec(ctx.get('Authorization'));
    if (!match) throw unauthorized('Authentication required');
    const session = readToken(match[1]!);
    // A token is only as good as the account it names: a signed token for a name that is not the admin is refused,
    // and so is one whose session was ended by a sign-out or a password change.
    if (!session || session.username !== deps.admin.username || (await sessions.ended(session))) throw unauthorized(expired);
    ctx.state.admin = { username: session.username, sessionId: session.sessionId };
    await next();
  };
}

/** The router every guarded admin route is registered on. */
export function createAdminRouter(deps: GuardDeps): Router {
  const admin = new Router(routerOptions);
  admin.use(noStore, adminGuard(deps));
  return admin;
}

/** The session a guarded route is serving. */
export function sessionOf(ctx: Context): { username: string; sessionId: string } {
  const admin = ctx.state.admin as { username: string; sessionId: string } | undefined;
  if (!admin) throw unauthorized();
  return admin;
}

/** The admin a guarded route is serving, as recorded in event metadata. */
export function adminOf(ctx: Context): string {
  const admin = ctx.state.admin as { username: string } | undefined;
  if (!admin) throw unauthorized();
  return admin.username;
}
