// Read model: who read whose data. One document per PersonalDataRead, indexed by its time for the whole list, by
// reader, by subject, and by both, so the audit console pages any of them newest first between two days (decision 058).
import type { DataReadDto, DataReadsResponse } from '../../contracts/audit/dataReads.ts';
import type { ReadStoreReader } from '../../contracts/ports/readStore.ts';
import { decodeCursor, newestFirstPage } from '../../contracts/shared/paging.ts';
import { defineProjection } from '../engine/projection.ts';

const collection = 'dataReads';
const all = 'dataReads:byTime';
const byReader = (reader: string) => `dataReads:reader:${reader}`;
const bySubject = (subject: string) => `dataReads:subject:${subject}`;
const byBoth = (reader: string, subject: string) => `dataReads:reader:${reader}:subject:${subject}`;

export const dataReadsProjection = defineProjection({
  name: 'dataReads',
  version: 1,
  handlers: {
    PersonalDataRead(event) {
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
  },
});

export type DataReadsFilter = {
  reader?: string | undefined;
  subject?: string | undefined;
  since?: number | undefined;
  until?: number | undefined;
};

/** One page of the reads matching the filter, newest first, after `cursor` (contracts/shared/paging.ts). */
export async function pageDataReads(
  reader: ReadStoreReader,
  filter: DataReadsFilter,
  limit: number,
  cursorText?: string,
): Promise<DataReadsResponse | null> {
  const cursor = cursorText ? decodeCursor(cursorText) : undefined;
  if (cursor === null) return null;
  const index =
    filter.reader && filter.subject
      ? byBoth(filter.reader, filter.subject)
      : filter.reader
        ? byReader(filter.reader)
        : filter.subject
          ? bySubject(filter.subject)
          : all;
  const page = await newestFirstPage<DataReadDto>(reader, {
    index,
    collection,
    limit,
    cursor,
    scoreOf: (r) => Date.parse(r.at) || 0,
    bounds: {
      ...(filter.since !== undefined ? { min: filter.since } : {}),
      ...(filter.until !== undefined ? { max: filter.until } : {}),
    },
  });
  return { reads: page.items, total: page.total, nextCursor: page.nextCursor };
}
