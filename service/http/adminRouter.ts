// The owner's API lives on its own router: the guard is that router's first middleware, so it runs for exactly the
// routes the router holds and for nothing else; a path no route matches (another case, an encoded letter, a doubled
// slash) is not an admin route at all and ends as a 404. Which routes go on it is decided by the endpoint's
// declaration (`guarded`), not by how its path looks. The guard puts the admin's session in ctx.state.admin.
import { Router } from '@koa/router';
import type { Context, Middleware, Next } from 'koa';
import { adminApiPrefix } from '../../contracts/shared/endpoint.ts';
import { guardLane, type LaneAdmission } from './answerCache.ts';
import { forbidden, unauthorized } from './errors.ts';
import { accountMessages, type AccountRole } from '../../contracts/admin/model.ts';

/** Paths match exactly as written: case-sensitive, and a trailing slash is another path. */
export const routerOptions = { sensitive: true, strict: true } as const;

/** Where every guarded route's path starts. */
export const adminPrefix = adminApiPrefix;

export type AdminSession = {
  username: string;
  sessionId: string;
  role: AccountRole;
  /** an owner, or an account an owner granted it: may download a person's data (decision 058); absent is no */
  mayDownloadPersonalData?: boolean;
};

/** Methods that read: admitted for every role. */
const reads = new Set(['GET', 'HEAD']);
/** Per admin router, the `METHOD path` of the routes an auditor may call although they are not reads. */
const auditorWrites = new WeakMap<Router, Set<string>>();

/** Lets an auditor call one non-read route of `router` (see `auditorMay` in contracts/shared/endpoint.ts). */
export function admitAuditor(router: Router, method: string, path: string): void {
  auditorWrites.get(router)?.add(`${method} ${path}`);
}

/**
 * The second admission, after the guard: a request that is not a read is admitted for owners only, unless the route
 * it matched was registered as one an auditor may call. It runs for every route of the admin router, so a new write
 * route is an owner's alone without saying so; only a route's own declaration opens it to an auditor.
 */
function ownerWrites(router: Router): Middleware {
  return async (ctx, next) => {
    const session = sessionOf(ctx);
    if (session.role !== 'owner' && !reads.has(ctx.method)) {
      // The route this request matched on this router (the router lists the layers whose path matched in ctx.matched).
      const matched = ((ctx as Context & { matched?: Router['stack'] }).matched ?? []).filter(
        (layer) => layer.methods.includes(ctx.method) && router.stack.includes(layer),
      );
      const allowed = auditorWrites.get(router);
      if (matched.length === 0 || !matched.every((layer) => allowed?.has(`${ctx.method} ${String(layer.path)}`)))
        throw forbidden(accountMessages.ownersOnly);
    }
    await next();
  };
}

/** Admin answers hold personal data and session tokens: no cache on the way may keep them. */
export async function noStore(ctx: Context, next: Next) {
  ctx.set('Cache-Control', 'no-store');
  await next();
}

/**
 * The router every guarded route is registered on, behind `guard` (which sets ctx.state.admin or throws a 401). Its
 * kept answers leave from the answer lane only for a request `admit` lets through, with the same no-store header.
 */
export function createAdminRouter(guard: Middleware, admit?: LaneAdmission): Router {
  const admin = new Router(routerOptions);
  auditorWrites.set(admin, new Set());
  admin.use(noStore, guard, ownerWrites(admin));
  if (admit) guardLane(admin, admit, [['Cache-Control', 'no-store']]);
  return admin;
}

/**
 * The admin router's middleware for the paths its routes can match, so a shopper's request does not pay for testing
 * every admin pattern. Its routes are all written under `prefix` and match case-sensitively, so no other path could
 * match one; should a route ever be registered elsewhere, the router sees every request again.
 */
export function onlyUnder(prefix: string, router: Router): ReturnType<Router['routes']> {
  const dispatch = router.routes();
  const routes = router.stack.filter((layer) => layer.methods.length > 0);
  if (!routes.every((layer) => typeof layer.path === 'string' && layer.path.startsWith(prefix))) return dispatch;
  return Object.assign(
    async (ctx: Parameters<typeof dispatch>[0], next: Next) => {
      await (ctx.path.startsWith(prefix) ? dispatch(ctx, next) : next());
    },
    { router },
  );
}

/** The session a guarded route is serving. */
export function sessionOf(ctx: Context): AdminSession {
  const admin = ctx.state.admin as AdminSession | undefined;
  if (!admin) throw unauthorized();
  return admin;
}

/** The admin a guarded route is serving, as recorded in event metadata. */
export function adminOf(ctx: Context): string {
  return sessionOf(ctx).username;
}
