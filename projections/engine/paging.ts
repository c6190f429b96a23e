// A page of a sorted index, newest first, after a cursor: the score of the last entry shown and how many entries shown
// had that score. Unlike an offset, the cursor keeps its place while new entries arrive at the top of the list.
import { encodeCursor, type PageCursor } from '../../contracts/orders/console.ts';
import type { ReadStoreReader } from '../../contracts/ports/readStore.ts';

export type Page<T> = { items: T[]; total: number; nextCursor: string | null };

export async function newestFirstPage<T>(
  reader: ReadStoreReader,
  {
    index,
    collection,
    limit,
    cursor,
    scoreOf,
  }: { index: string; collection: string; limit: number; cursor?: PageCursor | undefined; scoreOf: (doc: T) => number },
): Promise<Page<T>> {
  const [ids, total] = await Promise.all([
    reader.range(index, {
      reverse: true,
      ...(cursor ? { max: cursor.score, offset: cursor.skip } : {}),
      limit: limit + 1,
    }),
    reader.count(index),
  ]);
  const found = (await reader.getMany<T>(collection, ids)).filter((doc): doc is Awaited<T> & T => doc !== null);
  const items = found.slice(0, limit);
  return {
    items,
    total,
    nextCursor: found.length > limit ? encodeCursor(cursorAfter(items.map(scoreOf), cursor)) : null,
  };
}

/** The cursor after a page whose entries have `scores`, given the cursor the page started after. */
export function cursorAfter(scores: readonly number[], before: PageCursor | undefined): PageCursor {
  const score = scores[scores.length - 1]!;
  const tied = scores.filter((s) => s === score).length;
  return { score, skip: before && before.score === score ? before.skip + tied : tied };
}
