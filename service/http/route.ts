// Routes are registered from the API's declarations: the endpoint names its method and path, and whether it is the
// owner's (then it goes on the guarded router and nowhere else). The handler's ctx knows the path's parameters and the
// answer's type; its body and query are parsed with the endpoint's schemas when the handler asks, so each handler keeps
// its own order of checks (a missing order is a 404 before a bad body is a 400).
import type { Router, RouterContext, RouterMiddleware } from '@koa/router';
import type {
  AnswerOf,
  EndpointSpec,
  ParsedBodyOf,
  ParsedQueryOf,
  PathParams,
} from '../../contracts/shared/endpoint.ts';
import { admitAuditor } from './adminRouter.ts';
import { cachedGet, type CachedRead } from './answerCache.ts';
import { parseOr400 } from './errors.ts';

declare module 'koa' {
  // The router sets the path's parameters on every context it routes: typed here once, so a helper handed Koa's own
  // Context reads them as text, as the router's handlers do, not as any.
  interface DefaultContext {
    params: Record<string, string>;
  }
}

/** The open router and the owner's guarded one. */
export type Routers = { open: Router; admin: Router };

/** What a capability registers its routes with. */
export type RouteModule<D> = (routers: Routers, deps: D) => void;

/** The handler's ctx: the path's parameters by name, and `ctx.body` typed as the endpoint's answer. */
export type EndpointContext<E extends EndpointSpec> = RouterContext & { params: PathParams<E>; body: AnswerOf<E> };

export type EndpointInput<E extends EndpointSpec> = {
  /** The JSON body parsed with the endpoint's schema (a 400 naming each bad field); `absent` stands in for no body. */
  body(options?: { absent: unknown }): ParsedBodyOf<E>;
  /** The query string parsed with the endpoint's schema. */
  query(): ParsedQueryOf<E>;
};

export type EndpointHandler<E extends EndpointSpec> = (ctx: EndpointContext<E>, input: EndpointInput<E>) => unknown;

function inputOf<E extends EndpointSpec>(endpoint: E, ctx: RouterContext): EndpointInput<E> {
  return {
    body: (options) => {
      if (!endpoint.body) throw new Error(`${endpoint.method} ${endpoint.path} declares no body`);
      const raw = options ? (ctx.request.body ?? options.absent) : ctx.request.body;
      return parseOr400(endpoint.body, raw) as ParsedBodyOf<E>;
    },
    query: () => {
      if (!endpoint.query) throw new Error(`${endpoint.method} ${endpoint.path} declares no query`);
      return parseOr400(endpoint.query, ctx.query, 'query') as ParsedQueryOf<E>;
    },
  };
}

/**
 * Registers `handler` for `endpoint`, after `before` (limits and the like): on `routers.admin` when the endpoint is
 * guarded, else on `routers.open`.
 */
export function route<E extends EndpointSpec>(
  routers: Routers,
  endpoint: E,
  ...chain: [...before: RouterMiddleware[], handler: EndpointHandler<E>]
): void {
  const handler = chain.at(-1) as EndpointHandler<E>;
  const before = chain.slice(0, -1) as RouterMiddleware[];
  const router = endpoint.guarded ? routers.admin : routers.open;
  const last = (ctx: RouterContext) => handler(ctx as EndpointContext<E>, inputOf(endpoint, ctx));
  if (endpoint.guarded && endpoint.auditorMay) admitAuditor(router, endpoint.method, endpoint.path);
  if (endpoint.method === 'GET') router.get(endpoint.path, ...(before as []), last);
  else if (endpoint.method === 'PATCH') router.patch(endpoint.path, ...(before as []), last);
  else router.post(endpoint.path, ...(before as []), last);
}

/**
 * A GET whose answer is kept (see answerCache.ts): registered from its endpoint on the router it declares, like any
 * route, and in that router's answer lane, which serves the kept answer ahead of the middleware chain.
 */
export function cachedRoute<E extends EndpointSpec & { method: 'GET' }>(
  routers: Routers,
  endpoint: E,
  read: CachedRead,
  options: { headers?: readonly (readonly [string, string])[] } = {},
): void {
  cachedGet(endpoint.guarded ? routers.admin : routers.open, endpoint.path, read, options);
}
