// Read model: the catalog as GET /api/books serves it, ordered by book id.
import type { BookDto, CatalogEvent } from '../../contracts/catalog.ts';
import type { RecordedEvent } from '../../contracts/events.ts';
import type { ReadStoreReader } from '../../service/ports/readStore.ts';
import { defineProjection } from '../projection.ts';

const collection = 'books';
const index = 'books:byId';

export const booksProjection = defineProjection({
  name: 'books',
  version: 1,
  handles: ['BookListed', 'BookUpdated'],
  apply(recorded: RecordedEvent) {
    const event = recorded as unknown as RecordedEvent<CatalogEvent>;
    const { id, title, description, price, coverImage } = event.data;
    const book: BookDto = { id, title, description, price, coverImage };
    return [
      { op: 'put', collection, id: String(id), doc: book },
      { op: 'index', index, id: String(id), score: id },
    ];
  },
});

export async function listBooks(reader: ReadStoreReader): Promise<BookDto[]> {
  const ids = await reader.range(index);
  return (await reader.getMany<BookDto>(collection, ids)).filter((b): b is BookDto => b !== null);
}

export async function getBook(reader: ReadStoreReader, id: number): Promise<BookDto | null> {
  return reader.get<BookDto>(collection, String(id));
}
