// GET /api/admin/events: the raw log for an auditor — one stream with revisions, positions and metadata, or the
// whole log a page at a time. This reads the log itself on purpose: it is the record the read models are checked against.
import type { Router } from '@koa/router';
import { AuditEventsQuerySchema, type LogPageResponse, type StreamEventsResponse } from '../../contracts/adminOrders.ts';
import type { ShopDeps } from '../deps.ts';
import { notFound, parseOr400 } from '../http/errors.ts';

export function auditRoutes(router: Router, deps: ShopDeps, admin: Router) {
  admin.get('/api/admin/events', async (ctx) => {
    const { stream, after, limit } = parseOr400(AuditEventsQuerySchema, ctx.query, 'query');
    ctx.set('Cache-Control', 'no-store');
    if (stream) {
      const events = await deps.events.readStream(stream);
      if (events.length === 0) throw notFound(`No stream named ${stream}`);
      const body: StreamEventsResponse = { stream, revision: events.at(-1)!.revision, events };
      ctx.body = body;
      return;
    }
    const events = [];
    for await (const event of deps.events.readAll(after, { limit, batchSize: limit })) events.push(event);
    const head = await deps.events.headPosition();
    const last = events.at(-1)?.position ?? after;
    const body: LogPageResponse = { events, next: last < head ? last : null, head };
    ctx.body = body;
  });
}
