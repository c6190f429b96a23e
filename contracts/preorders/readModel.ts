// Each title's season as every capability reads it (decision 120): the pre-orders projection writes these keys; the
// owner's screens, the shop's pages, the book's page head and the merchant feed read them.
import type { ReadStoreReader } from '../ports/readStore.ts';
import { comingTitleSummary, type ComingTitleSummary } from './summary.ts';
import type { ComingTitleState } from './title.ts';

export const preOrdersReadModel = {
  name: 'preorders',
  collection: 'preorders',
  /** every title ever announced, by book id */
  titlesIndex: 'preorders:titles',
} as const;

const { collection, titlesIndex } = preOrdersReadModel;

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

/** The publication date of a book that is coming and still taken as a pre-order (no copies received yet), or null. */
export async function comingDateOf(reader: ReadStoreReader, bookId: number): Promise<string | null> {
  const state = await reader.get<ComingTitleState>(collection, String(bookId));
  return state?.coming && !state.onSale ? state.publicationDate : null;
}
