// The audit console's reads: a page of the streams (from their read model), what one request caused, the projections' health, and
// "verify read models" with its result kept in the log. Time travel and the export's chain are shared with the CLI
// (projections/audit).
import type { AuditStreamsResponse, ProjectionsResponse, VerifyResponse } from '../../contracts/audit/model.ts';
import type { EventStore } from '../../contracts/ports/eventStore.ts';
import type { ReadStoreReader } from '../../contracts/ports/readStore.ts';
import type { RecordedEvent } from '../../contracts/shared/events.ts';
import { invalid } from '../../contracts/shared/errors.ts';
import { verificationsStream } from '../../contracts/shared/streams.ts';
import { pageAuditStreams } from '../../projections/audit/streams.ts';
import { verify, type VerifyResult } from '../../projections/engine/rebuild.ts';
import { allProjections } from '../../projections/index.ts';
import { metadataOf, newEventId, type CommandMeta } from '../commands.ts';
import type { ShopDeps } from '../deps.ts';

/** The log as stored, for the export: the bytes as written, never upcast (the CLI exports the same). */
export const storedLog = (events: EventStore): EventStore =>
  (events as EventStore & { stored?: EventStore }).stored ?? events;

const boundOf = (text: string | undefined, field: string, endOfDay: boolean): number | null => {
  if (!text) return null;
  const dateOnly = /^\d{4}-\d{2}-\d{2}$/.test(text);
  const ms = Date.parse(dateOnly ? `${text}T${endOfDay ? '23:59:59.999' : '00:00:00.000'}Z` : text);
  if (!Number.isFinite(ms))
    throw invalid(`${field} must be a date (YYYY-MM-DD) or a date-time`, [
      { field, message: `${field} must be a date or a date-time` },
    ]);
  return ms;
};

/**
 * A page of the streams, newest activity first, with how many the query finds and the kinds there are: read from the
 * streams' read model (projections/audit/streams.ts), never from the log (decision 082).
 */
export function auditStreams(
  reads: ReadStoreReader,
  query: {
    kind?: string | undefined;
    q?: string | undefined;
    from?: string | undefined;
    to?: string | undefined;
    actor?: string | undefined;
    offset: number;
    limit: number;
  },
): Promise<AuditStreamsResponse> {
  return pageAuditStreams(
    reads,
    {
      kind: query.kind || undefined,
      q: query.q || undefined,
      actor: query.actor || undefined,
      from: boundOf(query.from, 'from', false),
      to: boundOf(query.to, 'to', true),
    },
    query.offset,
    query.limit,
  );
}

/** Every event one request caused, in log order (the correlation id is shared by everything one action caused). */
export async function relatedEvents(events: EventStore, correlationId: string): Promise<RecordedEvent[]> {
  const found: RecordedEvent[] = [];
  for await (const event of events.readAll(0))
    if (event.metadata.correlationId === correlationId || event.metadata.causationId === correlationId)
      found.push(event);
  return found;
}

export async function projectionHealth(
  deps: Pick<ShopDeps, 'events' | 'reads' | 'projectionStatus'>,
): Promise<ProjectionsResponse> {
  const [head, status] = await Promise.all([deps.events.headPosition(), deps.projectionStatus()]);
  const projections = await Promise.all(
    allProjections.map(async (p) => {
      const position = (await deps.reads.checkpoint(p.name)) ?? 0;
      return {
        name: p.name,
        version: p.version ?? 1,
        position,
        head,
        lag: Math.max(0, head - position),
        lastError: status.lastError ? `${status.lastError.at}: ${status.lastError.message}` : null,
        rebuilding: status.rebuilding ?? false,
      };
    }),
  );
  return { head, projections };
}

/**
 * Rebuilds every read model in scratch (in this process's memory when the shop gives one) up to the live ones' checkpoint and compares content hashes; the
 * live models may move on meanwhile, so the comparison is made again (up to five times) until they held still. The
 * result is appended to the log as ReadModelsVerified.
 */
export async function verifyReadModels(
  deps: Pick<ShopDeps, 'events' | 'reads' | 'scratchReads'>,
  meta: CommandMeta,
  by: string,
): Promise<VerifyResponse['result']> {
  const checkpoints = async () =>
    JSON.stringify(await Promise.all(allProjections.map((p) => deps.reads.checkpoint(p.name))));
  let result: VerifyResult;
  for (let attempt = 1; ; attempt++) {
    const before = await checkpoints();
    result = await verify(
      deps.events,
      deps.reads,
      allProjections,
      deps.scratchReads ? { scratch: deps.scratchReads() } : {},
    );
    if (result.match || (await checkpoints()) === before || attempt === 5) break;
  }
  const data = {
    match: result.match,
    position: result.position,
    events: result.events,
    readModels: allProjections.map((p) => `${p.name}@${p.version ?? 1}`),
    liveHash: result.liveHash,
    rebuiltHash: result.rebuiltHash,
    by,
    at: meta.now,
  };
  await deps.events.append(
    verificationsStream,
    [{ type: 'ReadModelsVerified', data, id: newEventId(), metadata: metadataOf(meta) }],
    'any',
  );
  return data;
}
