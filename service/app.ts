// The Koa application: one error middleware at the head, security and transport concerns, then the slices.
import { bodyParser } from '@koa/bodyparser';
import { Router } from '@koa/router';
import Koa from 'koa';
import compress from 'koa-compress';
import helmet from 'koa-helmet';
import { createAdminRouter, routerOptions } from './admin/guard.ts';
import { adminLoginRoutes } from './admin/login.ts';
import { auditRoutes } from './audit/routes.ts';
import { catalogRoutes } from './catalog/routes.ts';
import { checkoutRoutes } from './checkout/routes.ts';
import type { ShopDeps } from './deps.ts';
import { compression } from './http/answerCache.ts';
import { errorMiddleware, HttpError, notFound } from './http/errors.ts';
import { requestContext, serialiseJsonOnce } from './http/request.ts';
import { securityHeaders } from './http/securityHeaders.ts';
import { staticWeb } from './http/static.ts';
import { healthRoutes } from './health.ts';
import { orderRoutes } from './orders/routes.ts';
import { reviewRoutes } from './reviews/routes.ts';
import { shippingRoutes } from './shipping/routes.ts';

/** Each capability registers its routes here: open ones on `router`, the owner's on `admin` (guarded as a whole). */
export type RouteModule = (router: Router, deps: ShopDeps, admin: Router) => void;
export const routeModules: RouteModule[] = [healthRoutes, catalogRoutes, shippingRoutes, checkoutRoutes, adminLoginRoutes, reviewRoutes, orderRoutes, auditRoutes];

export type AppOptions = { webDist?: string; extraCsp?: { scriptSrc?: string[]; frameSrc?: string[]; connectSrc?: string[] } };

/** The open router and the guarded admin router, with every capability's routes registered. */
export function buildRouters(deps: ShopDeps): { router: Router; admin: Router } {
  const router = new Router(routerOptions);
  const admin = createAdminRouter(deps);
  for (const register of routeModules) register(router, deps, admin);
  return { router, admin };
}

const bodyMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const adminPrefix = '/api/admin/';

/**
 * The admin router's middleware for the paths its routes can match, so a shopper's request does not pay for testing
 * every admin pattern. Its routes are all written under `prefix` and match case-sensitively, so no other path could
 * match one; should a route ever be registered elsewhere, the router sees every request again.
 */
export function onlyUnder(prefix: string, router: Router): ReturnType<Router['routes']> {
  const dispatch = router.routes();
  const routes = router.stack.filter((layer) => layer.methods.length > 0);
  if (!routes.every((layer) => typeof layer.path === 'string' && layer.path.startsWith(prefix))) return dispatch;
  return Object.assign((ctx: Parameters<typeof dispatch>[0], next: Koa.Next) => (ctx.path.startsWith(prefix) ? dispatch(ctx, next) : next()), { router });
}

export function createApp(deps: ShopDeps, options: AppOptions = {}): Koa {
  // X-Forwarded-For is believed only from as many proxies as TRUST_PROXY names, in every mode: the client's address
  // decides the limits and goes into the audit log, so nobody may choose their own by sending a header.
  const hops = deps.config.TRUST_PROXY;
  const app = new Koa({ proxy: hops > 0, ...(hops > 0 ? { maxIpsCount: hops } : {}) });
  const csp = options.extraCsp ?? {};

  // The request line is written outside the error middleware, so it records the status the error became.
  app.use(requestContext(deps.logger));
  app.use(errorMiddleware(deps.logger));
  app.use(
    securityHeaders(
      helmet({
        contentSecurityPolicy: {
          useDefaults: false,
          directives: {
            defaultSrc: ["'self'"],
            scriptSrc: ["'self'", ...(csp.scriptSrc ?? [])],
            styleSrc: ["'self'", "'unsafe-inline'"],
            imgSrc: ["'self'", 'data:'],
            fontSrc: ["'self'", 'data:'],
            connectSrc: ["'self'", ...(csp.connectSrc ?? [])],
            frameSrc: ["'self'", ...(csp.frameSrc ?? [])],
            frameAncestors: ["'none'"],
            objectSrc: ["'none'"],
            baseUri: ["'self'"],
            formAction: ["'self'"],
          },
        },
        referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
        crossOriginEmbedderPolicy: false,
        strictTransportSecurity: deps.config.NODE_ENV === 'production',
      }),
      { production: deps.config.NODE_ENV === 'production' },
    ),
  );
  app.use(compress({ ...compression }));
  app.use(serialiseJsonOnce);

  const parseJson = bodyParser({
    enableTypes: ['json'],
    jsonLimit: `${deps.config.BODY_LIMIT_KB}kb`,
    encoding: 'utf-8',
    onError: (error: Error & { status?: number }) => {
      // RangeError: nesting too deep for JSON.parse — still the client's fault.
      if (error.status && error.status < 500) throw error;
      throw new HttpError(400, 'Request body is not valid JSON', 'bad_request');
    },
  });
  // Only JSON goes in: a body of another type is refused before anything reads it. A GET or HEAD carries no body
  // any route reads, so the reads most requests are skip both steps.
  app.use((ctx, next) => {
    if (!bodyMethods.has(ctx.method)) return next();
    if (ctx.path.startsWith('/api/')) {
      const hasBody = (ctx.request.length ?? 0) > 0 || ctx.get('Transfer-Encoding') !== '';
      if (hasBody && !ctx.is('application/json')) throw new HttpError(415, 'Unsupported content type; send application/json', 'unsupported_media_type');
    }
    return parseJson(ctx, next);
  });

  const { router, admin } = buildRouters(deps);
  app.use(onlyUnder(adminPrefix, admin));
  app.use(router.routes());
  // A method no route knows (TRACE, PROPFIND, ...) is the client's mistake: 405, not the router's default 501.
  const methodNotAllowed = () => new HttpError(405, 'Method not allowed', 'method_not_allowed');
  app.use(router.allowedMethods({ throw: true, notImplemented: methodNotAllowed }));

  app.use(async (ctx, next) => {
    if (ctx.path === '/api' || ctx.path.startsWith('/api/')) throw notFound(`No such endpoint: ${ctx.method} ${ctx.path}`);
    await next();
  });
  if (options.webDist) app.use(staticWeb(options.webDist));

  app.on('error', (error, ctx) => {
    // Socket-level errors after the response started; the error middleware has already answered.
    deps.logger.warn({ err: (error as Error).message, requestId: ctx?.state?.requestId }, 'response error');
  });
  return app;
}
