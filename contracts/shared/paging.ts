// Paging of the shop's lists, newest first, in one place: the cursor (the score of the last entry shown and how many
// entries shown had that score), the query's limit and cursor, and a page of a sorted index or of a list already in
// memory. Unlike an offset, the cursor keeps its place while new entries arrive at the top of the list. The read
// models page through the read store's port with it; the routes take the query's cursor with it; the console passes
// `nextCursor` back as it came.
import * as v from 'valibot';
import type { ReadStoreReader, ScoreBounds } from '../ports/readStore.ts';

export const maxAdminPage = 200;
export const defaultAdminPage = 50;

/** Where the next page starts: the score (time in ms) of the last entry shown and how many shown had that score. */
export const pageCursorPattern = /^(-?\d{1,16})_(\d{1,9})$/;
export type PageCursor = { score: number; skip: number };
export const encodeCursor = (cursor: PageCursor): string => `${cursor.score}_${cursor.skip}`;
export function decodeCursor(text: string): PageCursor | null {
  const match = pageCursorPattern.exec(text);
  return match ? { score: Number(match[1]), skip: Number(match[2]) } : null;
}
/** The cursor a query gave, when it gave one that names a place. */
export const cursorFrom = (text: string | undefined): PageCursor | undefined =>
  text ? (decodeCursor(text) ?? undefined) : undefined;

/** Paging of the owner's lists: `limit` entries after `cursor` (the `nextCursor` of the page before). */
export const AdminPageQueryEntries = {
  limit: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,4}$/, `Limit must be between 1 and ${maxAdminPage}`),
      v.transform(Number),
      v.minValue(1, `Limit must be between 1 and ${maxAdminPage}`),
      v.maxValue(maxAdminPage, `Limit must be between 1 and ${maxAdminPage}`),
    ),
  ),
  cursor: v.optional(
    v.pipe(v.string(), v.regex(pageCursorPattern, 'Cursor must be the nextCursor of an earlier page')),
  ),
} as const;

/** The cursor after a page whose entries have `scores`, given the cursor the page started after. */
export function cursorAfter(scores: readonly number[], before: PageCursor | undefined): PageCursor {
  const score = scores[scores.length - 1]!;
  const tied = scores.filter((s) => s === score).length;
  return { score, skip: before && before.score === score ? before.skip + tied : tied };
}

export type Page<T> = { items: T[]; total: number; nextCursor: string | null };

/** A page of a sorted index, newest first, within `bounds`, after `cursor`; `total` counts the index within the bounds. */
export async function newestFirstPage<T>(
  reader: ReadStoreReader,
  {
    index,
    collection,
    limit,
    cursor,
    scoreOf,
    bounds = {},
  }: {
    index: string;
    collection: string;
    limit: number;
    cursor?: PageCursor | undefined;
    scoreOf: (doc: T) => number;
    bounds?: ScoreBounds;
  },
): Promise<Page<T>> {
  const within = {
    ...(bounds.min !== undefined ? { min: bounds.min } : {}),
    ...(bounds.max !== undefined ? { max: bounds.max } : {}),
  };
  const max = cursor ? Math.min(cursor.score, bounds.max ?? Infinity) : bounds.max;
  // A cursor above the bounds' end (the dates were narrowed) starts at their end, with nothing to skip.
  const skip = cursor && (bounds.max === undefined || cursor.score <= bounds.max) ? cursor.skip : 0;
  const [ids, total] = await Promise.all([
    reader.range(index, {
      reverse: true,
      ...within,
      ...(max !== undefined && max !== Infinity ? { max } : {}),
      ...(skip > 0 ? { offset: skip } : {}),
      limit: limit + 1,
    }),
    reader.count(index, within),
  ]);
  const found = (await reader.getMany<T>(collection, ids)).filter((doc): doc is Awaited<T> & T => doc !== null);
  const items = found.slice(0, limit);
  return {
    items,
    total,
    nextCursor:
      found.length > limit
        ? encodeCursor(cursorAfter(items.map(scoreOf), cursor && skip > 0 ? cursor : undefined))
        : null,
  };
}

/**
 * A page of a sorted index, oldest first (a queue: what waits longest comes first), within `bounds`, after `cursor`;
 * the cursor is the same shape as newest first, the score of the last entry shown and how many shown had it.
 */
export async function oldestFirstPage<T>(
  reader: ReadStoreReader,
  {
    index,
    collection,
    limit,
    cursor,
    scoreOf,
    bounds = {},
  }: {
    index: string;
    collection: string;
    limit: number;
    cursor?: PageCursor | undefined;
    scoreOf: (doc: T) => number;
    bounds?: ScoreBounds;
  },
): Promise<Page<T>> {
  const within = {
    ...(bounds.min !== undefined ? { min: bounds.min } : {}),
    ...(bounds.max !== undefined ? { max: bounds.max } : {}),
  };
  const min = cursor ? Math.max(cursor.score, bounds.min ?? -Infinity) : bounds.min;
  // A cursor below the bounds' start (the dates were narrowed) starts at their start, with nothing to skip.
  const skip = cursor && (bounds.min === undefined || cursor.score >= bounds.min) ? cursor.skip : 0;
  const [ids, total] = await Promise.all([
    reader.range(index, {
      ...within,
      ...(min !== undefined && min !== -Infinity ? { min } : {}),
      ...(skip > 0 ? { offset: skip } : {}),
      limit: limit + 1,
    }),
    reader.count(index, within),
  ]);
  const found = (await reader.getMany<T>(collection, ids)).filter((doc): doc is Awaited<T> & T => doc !== null);
  const items = found.slice(0, limit);
  return {
    items,
    total,
    nextCursor:
      found.length > limit
        ? encodeCursor(cursorAfter(items.map(scoreOf), cursor && skip > 0 ? cursor : undefined))
        : null,
  };
}

/** A page of a list already sorted oldest first (a search's matches within the queue), after `cursor`. */
export function oldestFirstListPage<T>(
  list: readonly T[],
  { limit, cursor, scoreOf }: { limit: number; cursor?: PageCursor | undefined; scoreOf: (item: T) => number },
): { items: T[]; nextCursor: string | null } {
  const start = cursor
    ? positionAfter(
        list.map((item) => -scoreOf(item)),
        { ...cursor, score: -cursor.score },
      )
    : 0;
  const items = list.slice(start, start + limit);
  return {
    items,
    nextCursor: start + limit < list.length ? encodeCursor(cursorAfter(items.map(scoreOf), cursor)) : null,
  };
}

/** A page of a list already sorted newest first (a search's matches), after `cursor`. */
export function newestFirstListPage<T>(
  list: readonly T[],
  { limit, cursor, scoreOf }: { limit: number; cursor?: PageCursor | undefined; scoreOf: (item: T) => number },
): { items: T[]; nextCursor: string | null } {
  const start = cursor ? positionAfter(list.map(scoreOf), cursor) : 0;
  const items = list.slice(start, start + limit);
  return {
    items,
    nextCursor: start + limit < list.length ? encodeCursor(cursorAfter(items.map(scoreOf), cursor)) : null,
  };
}

/** Where a page after `cursor` starts among `scores` ordered newest first. */
function positionAfter(scores: readonly number[], cursor: PageCursor): number {
  const first = scores.findIndex((score) => score <= cursor.score);
  if (first < 0) return scores.length;
  let i = first;
  let skipped = 0;
  while (i < scores.length && scores[i] === cursor.score && skipped < cursor.skip) {
    i += 1;
    skipped += 1;
  }
  return i;
}
