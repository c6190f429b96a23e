// Read model: every book as the shop, its pages, checkout and the owner's catalogue read it (hidden ones too; the
// readers in contracts/catalog/books.ts choose). Its keys and readers are declared in contracts, where the
// capabilities that read books find them. Each event is folded with the same `evolveBook` the catalog's decider uses.
import { booksReadModel } from '../../contracts/catalog/books.ts';
import type { BookDto } from '../../contracts/catalog/model.ts';
import { evolveBook } from '../../contracts/catalog/product.ts';
import { productEventTypes } from '../../contracts/catalog/events.ts';
import { defineProjection, each } from '../engine/projection.ts';

export { getBook, getBookBySlug, listAllBooks, listBooks } from '../../contracts/catalog/books.ts';

const { collection, index } = booksReadModel;

export const booksProjection = defineProjection({
  name: booksReadModel.name,
  version: 2,
  handlers: {
    ...each(['BookListed', 'BookUpdated', ...productEventTypes], async (event, view) => {
      const before = await view.get<BookDto>(collection, String(event.data.id));
      const book = evolveBook(before, event);
      if (!book) return [];
      return [
        { op: 'put', collection, id: String(book.id), doc: book },
        { op: 'index', index, id: String(book.id), score: book.id },
      ];
    }),
  },
});
