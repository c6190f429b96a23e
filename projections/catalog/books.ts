// Read model: the catalog as GET /api/books serves it, ordered by book id. Its keys and readers are declared in
// contracts, where the capabilities that read books find them.
import { booksReadModel } from '../../contracts/catalog/books.ts';
import type { BookDto } from '../../contracts/catalog/model.ts';
import { defineProjection, each } from '../engine/projection.ts';

export { getBook, listBooks } from '../../contracts/catalog/books.ts';

const { collection, index } = booksReadModel;

export const booksProjection = defineProjection({
  name: booksReadModel.name,
  version: 1,
  handlers: {
    ...each(['BookListed', 'BookUpdated'], (event) => {
      const { id, title, description, price, coverImage } = event.data;
      const book: BookDto = { id, title, description, price, coverImage };
      return [
        { op: 'put', collection, id: String(id), doc: book },
        { op: 'index', index, id: String(id), score: id },
      ];
    }),
  },
});
