// Read model: who read whose data. One document per PersonalDataRead, indexed by its time for the whole list, by
// reader, by subject, and by both, so the audit console pages any of them newest first between two days (decision 058).
import type { DataReadDto, DataReadsResponse, PersonalDataRead } from '../../contracts/audit/dataReads.ts';
import { decodeCursor, encodeCursor, type PageCursor } from '../../contracts/orders/console.ts';
import type { ReadStoreReader, Write } from '../../contracts/ports/readStore.ts';
import type { RecordedEvent } from '../../contracts/shared/events.ts';
import { cursorAfter } from '../engine/paging.ts';
import { defineProjection } from '../engine/projection.ts';

const collection = 'dataReads';
const all = 'dataReads:byTime';
const byReader = (reader: string) => `dataReads:reader:${reader}`;
const bySubject = (subject: string) => `dataReads:subject:${subject}`;
const byBoth = (reader: string, subject: string) => `dataReads:reader:${reader}:subject:${subject}`;

export const dataReadsProjection = defineProjection({
  name: 'dataReads',
  version: 1,
  handles: ['PersonalDataRead'],
  apply(recorded: RecordedEvent): Write[] {
    const event = recorded as unknown as RecordedEvent<PersonalDataRead>;
    const doc: DataReadDto = { ...event.data, id: event.id, position: event.position };
    const score = Date.parse(event.data.at) || 0;
    // Keyed by the event's id and scored by its time: the same event folded again writes the same entries.
    return [
      { op: 'put', collection, id: event.id, doc },
      { op: 'index', index: all, id: event.id, score },
      { op: 'index', index: byReader(event.data.reader), id: event.id, score },
      { op: 'index', index: bySubject(event.data.subject), id: event.id, score },
      { op: 'index', index: byBoth(event.data.reader, event.data.subject), id: event.id, score },
    ];
  },
});

export type DataReadsFilter = {
  reader?: string | undefined;
  subject?: string | undefined;
  since?: number | undefined;
  until?: number | undefined;
};

/** One page of the reads matching the filter, newest first, after `cursor` (see projections/engine/paging.ts). */
export async function pageDataReads(
  reader: ReadStoreReader,
  filter: DataReadsFilter,
  limit: number,
  cursorText?: string,
): Promise<DataReadsResponse | null> {
  const cursor: PageCursor | undefined = cursorText ? (decodeCursor(cursorText) ?? undefined) : undefined;
  if (cursorText && !cursor) return null;
  const index =
    filter.reader && filter.subject
      ? byBoth(filter.reader, filter.subject)
      : filter.reader
        ? byReader(filter.reader)
        : filter.subject
          ? bySubject(filter.subject)
          : all;
  const bounds = {
    ...(filter.since !== undefined ? { min: filter.since } : {}),
    ...(filter.until !== undefined ? { max: filter.until } : {}),
  };
  const max = cursor ? Math.min(cursor.score, bounds.max ?? Infinity) : bounds.max;
  const skip = cursor && (bounds.max === undefined || cursor.score <= bounds.max) ? cursor.skip : 0;
  const [ids, total] = await Promise.all([
    reader.range(index, {
      reverse: true,
      ...(bounds.min !== undefined ? { min: bounds.min } : {}),
      ...(max !== undefined ? { max } : {}),
      offset: skip,
      limit: limit + 1,
    }),
    reader.count(index, bounds),
  ]);
  const found = (await reader.getMany<DataReadDto>(collection, ids)).filter((doc): doc is DataReadDto => doc !== null);
  const reads = found.slice(0, limit);
  const scores = reads.map((r) => Date.parse(r.at) || 0);
  return {
    reads,
    total,
    nextCursor:
      found.length > limit ? encodeCursor(cursorAfter(scores, cursor && skip > 0 ? cursor : undefined)) : null,
  };
}
