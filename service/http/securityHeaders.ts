// Security headers: pages and assets get helmet's full set; JSON answers under /api get the few that protect a
// response no browser renders as a document (OWASP's REST guidance), which costs a third of the header work per call.
import type { Context, Middleware, Next } from 'koa';
import { isApiPath as isApi } from '../../contracts/shared/endpoint.ts';

/** The headers every /api response carries, whatever its status. */
export function apiSecurityHeaders(production: boolean): [string, string][] {
  return [
    // Nothing may load from, frame or run in a JSON answer opened as a page.
    ['Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'"],
    ['X-Content-Type-Options', 'nosniff'],
    ['X-Frame-Options', 'DENY'],
    ['Referrer-Policy', 'strict-origin-when-cross-origin'],
    // Other origins cannot pull an answer into their page with a no-cors request.
    ['Cross-Origin-Resource-Policy', 'same-origin'],
    ...(production
      ? ([['Strict-Transport-Security', 'max-age=31536000; includeSubDomains']] as [string, string][])
      : []),
  ];
}

export function securityHeaders(
  documentHeaders: (ctx: Context, next: Next) => Promise<void>,
  { production }: { production: boolean },
): Middleware {
  const api = apiSecurityHeaders(production);
  return (ctx: Context, next: Next) => {
    if (!isApi(ctx.path)) return documentHeaders(ctx, next);
    for (const [name, value] of api) ctx.res.setHeader(name, value);
    return next();
  };
}
