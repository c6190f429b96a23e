// Read model: every book as the shop, its pages, checkout and the owner's catalogue read it (hidden ones too; the
// readers in contracts/catalog/books.ts choose). Its keys and readers are declared in contracts, where the
// capabilities that read books find them.
import { booksReadModel } from '../../contracts/catalog/books.ts';
import { shopContent } from '../../contracts/catalog/content.ts';
import type { BookDto, BookFields } from '../../contracts/catalog/model.ts';
import { slugOf } from '../../contracts/catalog/slug.ts';
import { STANDARD_RATE } from '../../contracts/vat/rates.ts';
import { defineProjection, each } from '../engine/projection.ts';

export { getBook, getBookBySlug, listAllBooks, listBooks } from '../../contracts/catalog/books.ts';

const { collection, index } = booksReadModel;

/**
 * A book the seed listed: its events carry the first five fields; the rest come from the content file by id (the file
 * the seed read), or, for a book the file no longer has, defaults: a slug from its title, a story, its title as the
 * cover's text, no preview pages, the standard VAT rate (decision 069), published, ordered by id.
 */
export function seededBook(fields: BookFields): BookDto {
  const entry = shopContent.books.find((b) => b.id === fields.id);
  const position = shopContent.books.findIndex((b) => b.id === fields.id);
  return {
    ...fields,
    slug: entry?.slug ?? (slugOf(fields.title) || `book-${fields.id}`),
    kind: entry?.kind ?? 'story',
    coverAlt: entry?.coverAlt ?? fields.title,
    previewPages: entry?.previewPages.map((p) => ({ ...p })) ?? [],
    vatRate: entry?.vatRate ?? STANDARD_RATE,
    sortOrder: position >= 0 ? position + 1 : fields.id,
    published: true,
  };
}

const put = (book: BookDto) => [
  { op: 'put', collection, id: String(book.id), doc: book } as const,
  { op: 'index', index, id: String(book.id), score: book.id } as const,
];

export const booksProjection = defineProjection({
  name: booksReadModel.name,
  version: 2,
  handlers: {
    ...each(['BookListed', 'BookUpdated'], async (event, view) => {
      const { id, title, description, price, coverImage } = event.data;
      const before = await view.get<BookDto>(collection, String(id));
      const seeded = seededBook({ id, title, description, price, coverImage });
      // An update from the file changes the five fields it carries; what the book already was keeps the rest.
      return put(before ? { ...before, title, description, price, coverImage } : seeded);
    }),
  },
});
