// The auditor's read of the raw log: one stream with revisions, positions and metadata, or the whole log a page at a time.
import { endpoint } from '../shared/endpoint.ts';
import { AuditEventsQuerySchema, type LogPageResponse, type StreamEventsResponse } from '../orders/console.ts';

export const auditApi = {
  events: endpoint<StreamEventsResponse | LogPageResponse>()({ method: 'GET', path: '/api/admin/events', guarded: true, query: AuditEventsQuerySchema }),
} as const;
