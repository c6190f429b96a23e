import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { shopContent } from '../../contracts/catalog/content.ts';
import { bookStream } from '../../contracts/shared/streams.ts';
import { fold, isIdempotent, recorded } from '../../infra/testing/projections.ts';
import { booksProjection, getBook, getBookBySlug, listAllBooks, listBooks } from './books.ts';

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

test('books: a seeded book takes what its events lack from the content file by id, or defaults', async () => {
  const events = [
    recorded(bookStream(3), { type: 'BookListed', data: fields(3) }),
    recorded(bookStream(9), { type: 'BookListed', data: fields(9, 'A Lost Book!') }),
  ];
  const store = await fold([booksProjection], events);
  const poster = shopContent.books.find((b) => b.id === 3)!;
  assert.equal(await getBook(store, 3), {
    ...fields(3),
    slug: poster.slug,
    kind: 'poster',
    coverAlt: poster.coverAlt,
    previewPages: poster.previewPages,
    vatRate: 2000,
    sortOrder: 3,
    published: true,
  });
  assert.equal(await getBook(store, 9), {
    ...fields(9, 'A Lost Book!'),
    slug: 'a-lost-book',
    kind: 'story',
    coverAlt: 'A Lost Book!',
    previewPages: [],
    vatRate: 2000,
    sortOrder: 9,
    published: true,
  });
  assert.is((await getBookBySlug(store, poster.slug))?.id, 3);
  assert.is(await getBookBySlug(store, 'no-such-book'), null);
  assert.equal(
    (await listAllBooks(store)).map((b) => b.id),
    [3, 9],
  );
});

const said = { by: 'owner', reason: '', at: '2026-06-15T10:00:00.000Z' };

test('books: the owner adds, edits, reprices, hides and reorders; the shop lists published books in order', async () => {
  const added = {
    id: 4,
    title: 'New',
    slug: 'new',
    kind: 'poster' as const,
    description: 'D',
    price: 1299,
    vatRate: 2000,
    coverImage: 'media:' + 'a'.repeat(64),
    coverAlt: 'C',
    previewPages: [{ image: '/p.svg', alt: 'P' }],
    sortOrder: 0,
    published: true,
    ageRange: { from: 3, to: 6 },
  };
  const events = [
    recorded(bookStream(1), { type: 'BookListed', data: fields(1) }),
    recorded(bookStream(2), { type: 'BookListed', data: fields(2) }),
    recorded(bookStream(4), { type: 'ProductAdded', data: { ...added, ...said } }),
    recorded(bookStream(4), {
      type: 'ProductEdited',
      data: { id: 4, changes: { title: 'Newer', ageRange: null }, ...said },
    }),
    recorded(bookStream(4), { type: 'ProductPriceChanged', data: { id: 4, from: 1299, to: 1499, ...said } }),
    recorded(bookStream(1), { type: 'ProductHidden', data: { id: 1, ...said } }),
    recorded(bookStream(2), { type: 'ProductReordered', data: { id: 2, from: 2, to: 9, ...said } }),
  ];
  const store = await fold([booksProjection], events);
  const { ageRange: _ageRange, ...withoutAges } = added;
  assert.equal(await getBook(store, 4), { ...withoutAges, title: 'Newer', price: 1499 });
  assert.equal(
    (await listBooks(store)).map((b) => b.id),
    [4, 2],
  );
  assert.equal(
    (await listAllBooks(store)).map((b) => [b.id, b.published]),
    [
      [4, true],
      [1, false],
      [2, true],
    ],
  );
  assert.is((await getBook(store, 1))?.published, false);
  assert.is(await getBookBySlug(store, fields(1).title), null);
  assert.is((await getBookBySlug(store, 'new'))?.id, 4);
  // A hidden book has no page.
  const hiddenSlug = (await getBook(store, 1))!.slug;
  assert.is(await getBookBySlug(store, hiddenSlug), null);
  assert.ok(await isIdempotent([booksProjection], events));
});

test('books: folding every event twice gives the same read model', async () => {
  const events = [
    recorded(bookStream(7), { type: 'BookListed', data: fields(7) }),
    recorded(bookStream(7), { type: 'BookUpdated', data: fields(7, 'x') }),
  ];
  assert.ok(await isIdempotent([booksProjection], events));
});

test.run();
