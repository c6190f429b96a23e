// Read model: the log's streams, one document each (its kind, how many events, its first and last event, the days it
// was written on and who acted), indexed by its last position for the whole list and by kind. The audit console pages,
// counts and searches the streams from here, so no request reads the log itself (decision 082); it is kept by the
// runner through the event store's port, the same on SQLite and on EventStoreDB.
import type { AuditStream, AuditStreamsResponse } from '../../contracts/audit/model.ts';
import { shopEvents } from '../../contracts/eventCatalog.ts';
import type { ReadStoreReader, Write } from '../../contracts/ports/readStore.ts';
import type { RecordedEvent } from '../../contracts/shared/events.ts';
import { categoryOf } from '../../contracts/shared/streams.ts';
import type { Projection } from '../engine/projection.ts';

const collection = 'auditStreams';
const all = 'auditStreams:byLast';
const kinds = 'auditStreams:kinds';
const byKind = (kind: string) => `auditStreams:kind:${kind}`;

/** What the read model keeps of a stream: what the console shows, and the days and actors its filters look at. */
export type StreamDoc = AuditStream & { lastPosition: number; days: string[] };

// Every type the catalogue holds: a stream is a stream whatever its events are.
const handles = shopEvents.map((d) => d.type as string);

async function fold(event: RecordedEvent, view: ReadStoreReader): Promise<readonly Write[]> {
  const kind = categoryOf(event.stream);
  const before = await view.get<StreamDoc>(collection, event.stream);
  const at = event.metadata.at;
  const day = at.slice(0, 10);
  const doc: StreamDoc = before
    ? {
        ...before,
        revision: event.revision,
        events: before.events + 1,
        lastAt: at,
        lastPosition: event.position,
        actors: before.actors.includes(event.metadata.causedBy)
          ? before.actors
          : [...before.actors, event.metadata.causedBy],
        days: before.days.includes(day) ? before.days : [...before.days, day],
      }
    : {
        stream: event.stream,
        kind,
        revision: event.revision,
        events: 1,
        firstAt: at,
        lastAt: at,
        lastPosition: event.position,
        actors: [event.metadata.causedBy],
        days: [day],
      };
  // The position orders the list newest activity first and, unlike a time, never ties.
  return [
    { op: 'put', collection, id: event.stream, doc },
    { op: 'index', index: all, id: event.stream, score: event.position },
    { op: 'index', index: byKind(kind), id: event.stream, score: event.position },
    ...(before ? [] : [{ op: 'index', index: kinds, id: kind, score: 0 } as const]),
  ];
}

export const auditStreamsProjection: Projection = {
  name: 'auditStreams',
  version: 1,
  handles,
  apply: (event, view) => (handles.includes(event.type) ? fold(event, view) : []),
};

export type StreamsQuery = {
  kind?: string | undefined;
  /** a part of the stream's name, in any case */
  q?: string | undefined;
  /** ms bounds: streams written on a day between them */
  from?: number | null | undefined;
  to?: number | null | undefined;
  /** causedBy contains this, in any case */
  actor?: string | undefined;
};

const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
/** Documents are read this many at a time when a filter needs more than the names. */
const chunk = 500;

/**
 * One page of the streams (newest activity first), `offset` entries in, with how many there are in all. Without a
 * filter the page is read off the index and the total is its count; a search reads the names alone (the index's ids);
 * dates and who acted read the documents of the streams the name and kind left, never an event.
 */
export async function pageAuditStreams(
  reader: ReadStoreReader,
  query: StreamsQuery,
  offset: number,
  limit: number,
): Promise<AuditStreamsResponse> {
  const index = query.kind ? byKind(query.kind) : all;
  const kindList = (await reader.range(kinds)).sort();
  const strip = ({ lastPosition: _p, days: _d, ...stream }: StreamDoc): AuditStream => stream;
  const docs = async (ids: string[]) =>
    (await reader.getMany<StreamDoc>(collection, ids)).filter((d): d is StreamDoc => d !== null);
  const answer = (streams: AuditStream[], total: number) => ({ streams, kinds: kindList, total, offset, limit });

  const { q, actor, from, to } = query;
  const byDocument = !!actor || (from !== null && from !== undefined) || (to !== null && to !== undefined);
  if (!q && !byDocument) {
    const [ids, total] = await Promise.all([
      reader.range(index, { reverse: true, offset, limit }),
      reader.count(index),
    ]);
    return answer((await docs(ids)).map(strip), total);
  }
  let names = await reader.range(index, { reverse: true });
  if (q) {
    const needle = q.toLowerCase();
    names = names.filter((name) => name.toLowerCase().includes(needle));
  }
  if (!byDocument) return answer((await docs(names.slice(offset, offset + limit))).map(strip), names.length);
  const fromDay = from !== null && from !== undefined ? dayOf(from) : null;
  const toDay = to !== null && to !== undefined ? dayOf(to) : null;
  const who = actor?.toLowerCase();
  const found: StreamDoc[] = [];
  for (let i = 0; i < names.length; i += chunk)
    for (const doc of await docs(names.slice(i, i + chunk)))
      if (
        (!who || doc.actors.some((a) => a.toLowerCase().includes(who))) &&
        doc.days.some((d) => (fromDay === null || d >= fromDay) && (toDay === null || d <= toDay))
      )
        found.push(doc);
  return answer(found.slice(offset, offset + limit).map(strip), found.length);
}
