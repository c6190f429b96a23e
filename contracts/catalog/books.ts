// The books read model as every capability reads it: its name (also its checkpoint's), where its documents and its
// index live in the read store, and the readers over the ReadStore port. The catalog's projection writes to these
// same keys; checkout prices from them and reviews check a book exists with them.
import type { ReadStoreReader } from '../ports/readStore.ts';
import type { BookDto } from './model.ts';

export const booksReadModel = {
  name: 'books',
  /** one BookDto per book, by its id as a string */
  collection: 'books',
  /** every book id, scored by the id, so the catalog reads in book order */
  index: 'books:byId',
} as const;

/** The catalog as GET /api/books serves it, ordered by book id. */
export async function listBooks(reader: ReadStoreReader): Promise<BookDto[]> {
  const ids = await reader.range(booksReadModel.index);
  return (await reader.getMany<BookDto>(booksReadModel.collection, ids)).filter((b): b is BookDto => b !== null);
}

export async function getBook(reader: ReadStoreReader, id: number): Promise<BookDto | null> {
  return reader.get<BookDto>(booksReadModel.collection, String(id));
}
