// The audit console's reads of the log: streams with filters, what one request caused, the projections' health, and
// "verify read models" with its result kept in the log. Time travel and the export's chain are shared with the CLI
// (projections/audit).
import type {
  AuditStream,
  AuditStreamsResponse,
  ProjectionsResponse,
  VerifyResponse,
} from '../../contracts/audit/model.ts';
import type { EventStore } from '../../contracts/ports/eventStore.ts';
import type { RecordedEvent } from '../../contracts/shared/events.ts';
import { invalid } from '../../contracts/shared/errors.ts';
import { categoryOf, verificationsStream } from '../../contracts/shared/streams.ts';
import { verify, type VerifyResult } from '../../projections/engine/rebuild.ts';
import { allProjections } from '../../projections/index.ts';
import { metadataOf, newEventId, type CommandMeta } from '../commands.ts';
import type { ShopDeps } from '../deps.ts';

/** The log as stored, for the export: the bytes as written, never upcast (the CLI exports the same). */
export const storedLog = (events: EventStore): EventStore =>
  (events as EventStore & { stored?: EventStore }).stored ?? events;

type StreamFilter = {
  kind?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  actor?: string | undefined;
};

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

/** Every stream, newest activity first, with the kinds there are; only streams with an event matching every filter. */
export async function auditStreams(
  events: EventStore,
  filter: StreamFilter,
  limit = 500,
): Promise<AuditStreamsResponse> {
  const from = boundOf(filter.from, 'from', false);
  const to = boundOf(filter.to, 'to', true);
  const actor = filter.actor?.toLowerCase();
  const byStream = new Map<string, AuditStream & { matched: boolean }>();
  const kinds = new Set<string>();
  for await (const event of events.readAll(0)) {
    const kind = categoryOf(event.stream);
    kinds.add(kind);
    if (filter.kind && kind !== filter.kind) continue;
    let stream = byStream.get(event.stream);
    if (!stream)
      byStream.set(
        event.stream,
        (stream = {
          stream: event.stream,
          kind,
          revision: 0,
          events: 0,
          firstAt: event.metadata.at,
          lastAt: event.metadata.at,
          actors: [],
          matched: false,
        }),
      );
    stream.revision = event.revision;
    stream.events += 1;
    stream.lastAt = event.metadata.at;
    if (!stream.actors.includes(event.metadata.causedBy)) stream.actors.push(event.metadata.causedBy);
    const at = Date.parse(event.metadata.at);
    if (
      (from === null || at >= from) &&
      (to === null || at <= to) &&
      (!actor || event.metadata.causedBy.toLowerCase().includes(actor))
    )
      stream.matched = true;
  }
  const streams = [...byStream.values()]
    .filter((s) => s.matched)
    .sort((a, b) => b.lastAt.localeCompare(a.lastAt) || a.stream.localeCompare(b.stream))
    .slice(0, limit)
    .map(({ matched: _matched, ...stream }) => stream);
  return { streams, kinds: [...kinds].sort() };
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
