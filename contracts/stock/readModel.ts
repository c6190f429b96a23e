// Each product's shelf as every capability reads it: the stock projection writes these keys; the storefront's levels,
// the owner's stock screen and the book's own page (its availability, in the HTML the server sends) read them.
import type { ReadStoreReader } from '../ports/readStore.ts';
import type { StockMovement } from './model.ts';
import { availableAt, type ShelfState } from './shelf.ts';

export const stockReadModel = {
  name: 'stock',
  /** one StockDoc per product, by its book id */
  collection: 'stock',
  /** every product with stock events, scored by book id */
  index: 'stock:byBook',
} as const;

export type StockDoc = { bookId: number; revision: number; shelf: ShelfState; movements: StockMovement[] };

export async function getStock(reader: ReadStoreReader, bookId: number): Promise<StockDoc | null> {
  return reader.get<StockDoc>(stockReadModel.collection, String(bookId));
}

/** Every product with stock events, by book id. */
export async function listStock(reader: ReadStoreReader): Promise<StockDoc[]> {
  const ids = await reader.range(stockReadModel.index);
  return (await reader.getMany<StockDoc>(stockReadModel.collection, ids)).filter((d): d is StockDoc => d !== null);
}

/** Whether a shopper can buy the product at `now`: a product whose stock is not kept always can. */
export function inStockAt(doc: StockDoc | null, now: string): boolean {
  return !doc || availableAt(doc.shelf, now) > 0;
}
