// The check in front of every guarded route: a bearer token that names the configured owner or an enabled account, and
// whose session has not ended. The name, the session and the role it acts in go to ctx.state.admin.
import type { Context, Next } from 'koa';
import type { AccountRole } from '../../contracts/admin/model.ts';
import type { ShopDeps } from '../deps.ts';
import { serviceUnavailable, unauthorized } from '../http/errors.ts';
import { sessionCheckFor } from './sessions.ts';
import { adminTokenReader } from './tokens.ts';

const expired = 'Your session has expired or is not valid. Please log in again.';
export const sessionCheckUnavailable =
  'Your session cannot be checked just now because the shop cannot read its records. Please try again in a moment.';

type GuardDeps = Pick<ShopDeps, 'jwtSecret' | 'admin' | 'events' | 'clock'>;

type Checked =
  | { username: string; sessionId: string; role: AccountRole; mayDownloadPersonalData: boolean }
  | 'missing'
  | 'refused'
  | 'unavailable';

/**
 * The guard's check of a request's token, made once per request: the answer lane (see http/answerCache.ts) asks first,
 * and a request it turns away reaches the guard with the same outcome rather than being verified again.
 */
function adminCheck(deps: GuardDeps): (ctx: Context) => Promise<Checked> {
  // A token's signature, algorithm, issuer and audience are checked the first time it is seen, its expiry every time
  // (by the shop's clock, which signed it).
  const readToken = adminTokenReader(deps.jwtSecret, { now: () => deps.clock().getTime() });
  const sessions = sessionCheckFor(deps.events);
  const checked = Symbol('admin check');
  const check = async (authorization: string | undefined): Promise<Checked> => {
    const match = /^Bearer ([A-Za-z0-9_.-]+)$/.exec(authorization ?? '');
    if (!match) return 'missing';
    const session = readToken(match[1]!);
    // A token is only as good as the account it names: a signed token for a name that is no account (or a disabled
    // one) is refused, and so is one whose session was ended by a sign-out, a password change or reset.
    if (!session) return 'refused';
    // A log that cannot be read says nothing about the session: neither a refusal (401 would sign the owner out) nor a
    // fault of this request (500), but a passing unavailability the browser may try again.
    const role = await sessions.standing(session, deps.admin.username).catch(() => 'unavailable' as const);
    if (role === 'unavailable') return 'unavailable';
    if (!role) return 'refused';
    // The download of a person's data is an owner's, or an account's an owner granted it to (from the same read).
    const mayDownloadPersonalData = role === 'owner' || (await sessions.downloadGranted(session).catch(() => false));
    return { username: session.username, sessionId: session.sessionId, role, mayDownloadPersonalData };
  };
  return (ctx) => {
    const state = ctx.state as { [checked]?: Promise<Checked> };
    return (state[checked] ??= check(ctx.req.headers.authorization));
  };
}

const checks = new WeakMap<GuardDeps, (ctx: Context) => Promise<Checked>>();
const checkFor = (deps: GuardDeps) => {
  let check = checks.get(deps);
  if (!check) checks.set(deps, (check = adminCheck(deps)));
  return check;
};

export function adminGuard(deps: GuardDeps) {
  const check = checkFor(deps);
  return async (ctx: Context, next: Next) => {
    const outcome = await check(ctx);
    if (outcome === 'missing') throw unauthorized('Authentication required');
    if (outcome === 'refused') throw unauthorized(expired);
    if (outcome === 'unavailable') throw serviceUnavailable(sessionCheckUnavailable);
    ctx.state.admin = outcome;
    await next();
  };
}

/**
 * The same check for the answer lane (see http/answerCache.ts): a kept answer of a guarded route leaves early only for
 * a request that passes it; any other request goes on to the guard, which finds the outcome already made.
 */
export function adminAdmission(deps: GuardDeps): (ctx: Context) => Promise<boolean> {
  const check = checkFor(deps);
  return async (ctx) => {
    const outcome = await check(ctx);
    if (typeof outcome !== 'object') return false;
    ctx.state.admin = outcome;
    return true;
  };
}
