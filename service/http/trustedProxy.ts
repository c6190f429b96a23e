// TRUST_PROXY makes the shop take the client's address from X-Forwarded-For (decision 010): right behind a reverse
// proxy that writes that header itself, and a way around every per-address limit when clients reach the shop directly,
// since each can then name any address it likes. The shop cannot tell the two apart, so it says what it believes: once
// at start, and once (per process) when a request comes without the header, which no request through such a proxy does.
import type { Context, Next } from 'koa';
import type { Logger } from 'pino';
import { operationsPaths } from '../../contracts/shared/health.ts';

export const trustedProxyTexts = {
  atStart:
    'TRUST_PROXY is on: client addresses (and so every per-address limit) are taken from X-Forwarded-For. Safe only if every request comes through a reverse proxy that overwrites that header (README, "Behind a reverse proxy").',
  unforwarded:
    'A request arrived without X-Forwarded-For although TRUST_PROXY is on: the shop may be reachable without its proxy, and then anyone can choose the address its limits count. Reported once per process.',
} as const;

/**
 * With `hops` > 0, warns now, and returns the middleware that warns on the first request without X-Forwarded-For (the
 * health check, which a container or load balancer calls directly, aside). With 0, nothing to say: null.
 */
export function trustedProxyWarnings(logger: Pick<Logger, 'warn'>, hops: number) {
  if (hops <= 0) return null;
  logger.warn({ trustProxy: hops }, trustedProxyTexts.atStart);
  let warned = false;
  return (ctx: Context, next: Next) => {
    if (!warned && ctx.req.headers['x-forwarded-for'] === undefined && !operationsPaths.has(ctx.path)) {
      warned = true;
      logger.warn({ trustProxy: hops, method: ctx.method }, trustedProxyTexts.unforwarded);
    }
    return next();
  };
}
