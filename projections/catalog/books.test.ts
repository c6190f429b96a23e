import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { bookStream } from '../../contracts/shared/streams.ts';
import { fold, isIdempotent, recorded } from '../../infra/testing/projections.ts';
import { booksProjection, getBook, listBooks } from './books.ts';

const fields = (id: number, title = `Book ${id}`) => ({
  id,
  title,
  description: 'd',
  price: 999,
  coverImage: `/art/covers/book-${id}.svg`,
});

test('books: listed books are served in id order, and an update replaces the old fields', async () => {
  const events = [
    recorded(bookStream(2), { type: 'BookListed', data: fields(2) }),
    recorded(bookStream(1), { type: 'BookListed', data: fields(1) }),
    recorded(bookStream(2), { type: 'BookUpdated', data: fields(2, 'New title') }),
  ];
  const store = await fold([booksProjection], events);
  assert.equal(
    (await listBooks(store)).map((b) => [b.id, b.title]),
    [
      [1, 'Book 1'],
      [2, 'New title'],
    ],
  );
  assert.is(await getBook(store, 3), null);
});

test('books: folding every event twice gives the same read model', async () => {
  const events = [
    recorded(bookStream(7), { type: 'BookListed', data: fields(7) }),
    recorded(bookStream(7), { type: 'BookUpdated', data: fields(7, 'x') }),
  ];
  assert.ok(await isIdempotent([booksProjection], events));
});

test.run();
