// Are the stores reachable, and how far behind the log are the read models?
import { healthApi } from '../contracts/shared/health.ts';
import type { ShopDeps } from './deps.ts';
import { route, type Routers } from './http/route.ts';

export function healthRoutes(routers: Routers, deps: ShopDeps) {
  route(routers, healthApi.health, async (ctx) => {
    const [eventStore, readStore, projections] = await Promise.all([
      deps.events.ping().catch(() => false),
      deps.reads.ping().catch(() => false),
      deps.projectionStatus().catch(() => null),
    ]);
    const ok = eventStore && readStore && projections !== null;
    ctx.status = ok ? 200 : 503;
    ctx.set('Cache-Control', 'no-store');
    ctx.body = {
      status: ok ? 'ok' : 'degraded',
      eventStore: { kind: deps.events.kind, reachable: eventStore },
      readStore: { kind: deps.reads.kind, reachable: readStore },
      projections: projections
        ? { position: projections.position, lag: projections.lag }
        : { position: null, lag: null },
    };
  });
}
