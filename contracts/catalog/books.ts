// The books read model as every capability reads it: its name (also its checkpoint's), where its documents and its
// index live in the read store, and the readers over the ReadStore port. The catalog's projection writes to these
// same keys; checkout prices from them and reviews check a book exists with them.
import type { ReadStoreReader } from '../ports/readStore.ts';
import type { BookDto } from './model.ts';

export const booksReadModel = {
  name: 'books',
  /** one BookDto per book, by its id as a string, hidden ones too */
  collection: 'books',
  /** every book id, scored by the id */
  index: 'books:byId',
} as const;

const inShopOrder = (a: BookDto, b: BookDto) => a.sortOrder - b.sortOrder || a.id - b.id;

/** Every book, hidden ones too, in the shop's order: what the owner's catalogue lists. */
export async function listAllBooks(reader: ReadStoreReader): Promise<BookDto[]> {
  const ids = await reader.range(booksReadModel.index);
  const books = await reader.getMany<BookDto>(booksReadModel.collection, ids);
  return books.filter((b): b is BookDto => b !== null).sort(inShopOrder);
}

/** The books on sale, in the shop's order: what GET /api/books serves and what a new checkout may sell. */
export async function listBooks(reader: ReadStoreReader): Promise<BookDto[]> {
  return (await listAllBooks(reader)).filter((b) => b.published);
}

/** Any book by id, hidden or not (`published` says which); null when there is none. */
export async function getBook(reader: ReadStoreReader, id: number): Promise<BookDto | null> {
  return reader.get<BookDto>(booksReadModel.collection, String(id));
}

/** The published book at /books/{slug}; null when none is, or it is hidden. */
export async function getBookBySlug(reader: ReadStoreReader, slug: string): Promise<BookDto | null> {
  return (await listBooks(reader)).find((b) => b.slug === slug) ?? null;
}
