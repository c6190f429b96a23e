// The raw log for an auditor — one stream with revisions, positions and metadata, or the whole log a page at a time.
// This reads the log itself on purpose: it is the record the read models are checked against.
import { auditApi } from '../../contracts/audit/api.ts';
import type { ShopDeps } from '../deps.ts';
import { notFound } from '../../contracts/shared/errors.ts';
import { route, type Routers } from '../http/route.ts';

export function auditRoutes(routers: Routers, deps: ShopDeps) {
  route(routers, auditApi.events, async (ctx, input) => {
    const { stream, after, limit } = input.query();
    ctx.set('Cache-Control', 'no-store');
    if (stream) {
      const events = await deps.events.readStream(stream);
      if (events.length === 0) throw notFound(`No stream named ${stream}`);
      ctx.body = { stream, revision: events.at(-1)!.revision, events };
      return;
    }
    const events = [];
    for await (const event of deps.events.readAll(after, { limit, batchSize: limit })) events.push(event);
    const head = await deps.events.headPosition();
    const last = events.at(-1)?.position ?? after;
    ctx.body = { events, next: last < head ? last : null, head };
  });
}
