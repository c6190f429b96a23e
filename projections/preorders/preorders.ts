// Read model: each coming title's season as the pre-order decider folds it (decision 120), with the counts the owner
// sizes the print run by: copies pre-ordered per UK day they were placed, and in total those not cancelled.
import type { ReadStoreReader } from '../../contracts/ports/readStore.ts';
import { preOrderEventTypes, type PreOrderEvent } from '../../contracts/preorders/model.ts';
import { comingTitleSummary, type ComingTitleSummary } from '../../contracts/preorders/summary.ts';
import { emptyComingTitle, evolveComingTitle, type ComingTitleState } from '../../contracts/preorders/title.ts';
import { defineProjection, each } from '../engine/projection.ts';

export const preOrdersReadModel = {
  name: 'preorders',
  collection: 'preorders',
  /** every title ever announced, by book id */
  titlesIndex: 'preorders:titles',
} as const;

const { collection, titlesIndex } = preOrdersReadModel;

export const preOrdersProjection = defineProjection({
  name: preOrdersReadModel.name,
  version: 1,
  handlers: {
    ...each(preOrderEventTypes, async (event, view) => {
      const id = String(event.data.bookId);
      const state = (await view.get<ComingTitleState>(collection, id)) ?? emptyComingTitle();
      const next = evolveComingTitle(state, event as PreOrderEvent);
      return [
        { op: 'put', collection, id, doc: next },
        { op: 'index', index: titlesIndex, id, score: event.data.bookId },
      ];
    }),
  },
});

/** One title's season at `now`, or null for a book never announced. */
export async function preOrdersOf(
  reader: ReadStoreReader,
  bookId: number,
  now: string,
): Promise<ComingTitleSummary | null> {
  const state = await reader.get<ComingTitleState>(collection, String(bookId));
  return state ? comingTitleSummary(state, now) : null;
}

/** Every title ever announced, by book id, at `now`: those coming, and those released with their season's counts. */
export async function listPreOrderTitles(reader: ReadStoreReader, now: string): Promise<ComingTitleSummary[]> {
  const ids = await reader.range(titlesIndex);
  const states = await reader.getMany<ComingTitleState>(collection, ids);
  return states.filter((s): s is ComingTitleState => s !== null).map((s) => comingTitleSummary(s, now));
}
