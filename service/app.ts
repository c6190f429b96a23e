// The Koa application: one error middleware at the head, security and transport concerns, then the slices.
import { bodyParser } from '@koa/bodyparser';
import { Router } from '@koa/router';
import Koa from 'koa';
import compress from 'koa-compress';
import helmet from 'koa-helmet';
import { adminAdmission, adminGuard } from './admin/index.ts';
import { capabilities } from './capabilities.ts';
import { allEndpoints } from '../contracts/api.ts';
import { isMediaPath } from '../contracts/catalog/images.ts';
import { apiRoot, isApiPath } from '../contracts/shared/endpoint.ts';
import type { ShopDeps } from './deps.ts';
import { adminPrefix, createAdminRouter, onlyUnder, routerOptions } from './http/adminRouter.ts';
import { answerLane, compression } from './http/answerCache.ts';
import { errorMiddleware, HttpError } from './http/errors.ts';
import { frontLane } from './http/frontLane.ts';
import { requestContext, serialiseJsonOnce } from './http/request.ts';
import { apiSecurityHeaders, securityHeaders } from './http/securityHeaders.ts';
import { staticWeb } from './http/static.ts';
import { trustedProxyWarnings } from './http/trustedProxy.ts';
import { catalogPageHeads } from './catalog/pages.ts';
import { healthRoutes } from './health.ts';
import type { RouteModule } from './http/route.ts';
import type { Operations } from './operations.ts';

/**
 * The shell's own routes, then each capability's. A route goes on the open router or, when its endpoint is guarded, on
 * the admin router (guarded as a whole).
 */
export const routeModules: ReadonlyArray<RouteModule<ShopDeps>> = [
  healthRoutes,
  ...capabilities.map((capability) => capability.routes),
];

export type AppOptions = {
  webDist?: string;
  extraCsp?: { scriptSrc?: string[]; frameSrc?: string[]; connectSrc?: string[] };
};

/** The open router and the guarded admin router, with every capability's routes registered. */
export function buildRouters(deps: ShopDeps): { router: Router; admin: Router } {
  const router = new Router(routerOptions);
  const admin = createAdminRouter(adminGuard(deps), adminAdmission(deps));
  for (const register of routeModules) register({ open: router, admin }, deps);
  return { router, admin };
}

const bodyMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** `METHOD path` of the endpoints whose handler reads the body as sent (uploads): no JSON parser runs for them. */
const rawBodyRoutes = new Set(
  allEndpoints.filter(({ endpoint }) => endpoint.rawBody).map(({ endpoint }) => `${endpoint.method} ${endpoint.path}`),
);

/**
 * Counts each request by its router pattern for /metrics, with the status the error middleware (inside) made of it. A
 * path no route matched is counted as the web app's page or asset, or as unmatched: never by its own path, which
 * anyone could vary without end.
 */
function observeRequests(operations: Operations): Koa.Middleware {
  return async (ctx, next) => {
    const started = process.hrtime.bigint();
    try {
      await next();
    } finally {
      const matched = (ctx as { _matchedRoute?: string | RegExp })._matchedRoute;
      const route =
        matched !== undefined ? String(matched) : ctx.status < 400 && !isApiPath(ctx.path) ? '(web)' : '(unmatched)';
      operations.observeRequest(ctx.method, route, ctx.status, Number(process.hrtime.bigint() - started) / 1e9);
    }
  };
}

export function createApp(deps: ShopDeps, options: AppOptions = {}): Koa {
  // X-Forwarded-For is believed only from as many proxies as TRUST_PROXY names, in every mode: the client's address
  // decides the limits and goes into the audit log, so nobody may choose their own by sending a header.
  const hops = deps.config.TRUST_PROXY;
  const app = new Koa({ proxy: hops > 0, ...(hops > 0 ? { maxIpsCount: hops } : {}) });
  const csp = options.extraCsp ?? {};

  // The request line is written outside the error middleware, so it records the status the error became.
  app.use(
    requestContext(deps.logger, { recordOrigin: !deps.config.PUBLIC_URL && deps.config.NODE_ENV !== 'production' }),
  );
  if (deps.operations) app.use(observeRequests(deps.operations));
  const proxyWarnings = trustedProxyWarnings(deps.logger, hops);
  if (proxyWarnings) app.use(proxyWarnings);
  app.use(errorMiddleware(deps.logger));
  const { router, admin } = buildRouters(deps);
  const production = deps.config.NODE_ENV === 'production';
  // Kept answers of the routes registered with cachedGet leave here, with the headers the chain below would give them.
  const lane = answerLane([router, admin], [...apiSecurityHeaders(production), ['Vary', 'Accept-Encoding']]);
  app.use(lane.middleware);
  // The same answers of the open routes leave before Koa makes a context, with the same request line and metrics.
  frontLane(app, {
    lane,
    logger: deps.logger,
    ...(deps.operations ? { observe: deps.operations.observeRequest.bind(deps.operations) } : {}),
    forwardedOnly: hops > 0,
  });
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
        strictTransportSecurity: production,
      }),
      { production },
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
    if (rawBodyRoutes.has(`${ctx.method} ${ctx.path}`)) return next();
    if (ctx.path.startsWith(`${apiRoot}/`)) {
      const hasBody = (ctx.request.length ?? 0) > 0 || ctx.get('Transfer-Encoding') !== '';
      if (hasBody && !ctx.is('application/json'))
        throw new HttpError(415, 'Unsupported content type; send application/json', 'unsupported_media_type');
    }
    return parseJson(ctx, next);
  });

  app.use(onlyUnder(adminPrefix, admin));
  app.use(router.routes());
  // A method no route knows (TRACE, PROPFIND, ...) is the client's mistake: 405, not the router's default 501.
  const methodNotAllowed = () => new HttpError(405, 'Method not allowed', 'method_not_allowed');
  app.use(router.allowedMethods({ throw: true, notImplemented: methodNotAllowed }));

  app.use(async (ctx, next) => {
    if (isApiPath(ctx.path)) throw new HttpError(404, `No such endpoint: ${ctx.method} ${ctx.path}`, 'not_found');
    // Only the uploaded images' variants are under /media: no other path there is the web app's.
    if (isMediaPath(ctx.path)) throw new HttpError(404, 'No such image', 'not_found');
    await next();
  });
  if (options.webDist) app.use(staticWeb(options.webDist, catalogPageHeads(deps)));

  app.on('error', (error: Error, ctx?: Koa.Context) => {
    // Socket-level errors after the response started; the error middleware has already answered.
    deps.logger.warn(
      { err: error.message, requestId: (ctx?.state as { requestId?: string } | undefined)?.requestId },
      'response error',
    );
  });
  return app;
}
