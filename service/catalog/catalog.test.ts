import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { shopContent } from '../../contracts/catalog/content.ts';
import { openSqliteEventStore } from '../../infra/eventstore/sqlite/sqliteEventStore.ts';
import { withEventVersions } from '../../infra/eventstore/versionedEventStore.ts';
import { eventCatalog } from '../../contracts/eventCatalog.ts';
import { deciderSpec } from '../../infra/testing/decider.ts';
import { call, startTestShop } from '../../infra/testing/shop.ts';
import { bookDecider, catalogMessages } from './catalog.ts';
import { Conflict, NotFound } from '../../contracts/shared/errors.ts';
import { seedCatalog } from './seed.ts';
import { fetchWithin } from '../../infra/testing/http.ts';

const fields = { id: 1, title: 'T', description: 'D', price: 999, coverImage: '/c.svg' };

const books = deciderSpec(bookDecider);
const listed = { type: 'BookListed' as const, data: fields };

test('catalog decider: a book is listed', () => {
  books.given([]).when({ type: 'SyncBook', fields }).then([listed]);
});

test('catalog decider: a book is listed once', () => {
  books.given([listed]).when({ type: 'SyncBook', fields }).then([]);
});

test('catalog decider: a listed book is updated when it changes', () => {
  books
    .given([listed])
    .when({ type: 'SyncBook', fields: { ...fields, title: 'U' } })
    .then([{ type: 'BookUpdated', data: { ...fields, title: 'U' } }]);
});

const said = { by: 'owner', reason: 'because', at: '2026-06-15T10:00:00.000Z' };
const added = {
  type: 'ProductAdded' as const,
  data: {
    id: 4,
    title: 'New',
    slug: 'new',
    kind: 'story' as const,
    description: 'D',
    price: 1299,
    vatRate: 0,
    coverImage: '/c.svg',
    coverAlt: 'C',
    previewPages: [],
    sortOrder: 4,
    published: true,
    ...said,
  },
};
const { by: _by, reason: _reason, at: _at, ...product } = added.data;
const edit = (changes: object) => ({ type: 'EditProduct' as const, id: 1, changes, ...said });

test('catalog decider: the file no longer updates a book once the owner has changed it', () => {
  const hidden = { type: 'ProductHidden' as const, data: { id: 1, ...said } };
  books
    .given([listed, hidden])
    .when({ type: 'SyncBook', fields: { ...fields, title: 'U' } })
    .then([]);
});

test('catalog decider: the owner adds a product once', () => {
  books
    .given([])
    .when({ type: 'AddProduct', product, ...said })
    .then([added]);
  books
    .given([added])
    .when({ type: 'AddProduct', product, ...said })
    .thenFails(Conflict, catalogMessages.taken(4));
});

test('catalog decider: an edit records only what changed; price, order and sale each their own event', () => {
  books
    .given([listed])
    .when(edit({ title: 'T', description: 'New', price: 1099, sortOrder: 7, published: false }))
    .then([
      { type: 'ProductEdited', data: { id: 1, changes: { description: 'New' }, ...said } },
      { type: 'ProductPriceChanged', data: { id: 1, from: 999, to: 1099, ...said } },
      { type: 'ProductReordered', data: { id: 1, from: 1, to: 7, ...said } },
      { type: 'ProductHidden', data: { id: 1, ...said } },
    ]);
  books
    .given([listed])
    .when(edit({ title: 'T', price: 999, published: true }))
    .then([]);
  books
    .given([listed])
    .when(edit({ ageRange: { from: 2, to: 5 } }))
    .then([{ type: 'ProductEdited', data: { id: 1, changes: { ageRange: { from: 2, to: 5 } }, ...said } }]);
  books
    .given([listed])
    .when(edit({ ageRange: null }))
    .then([]);
  books
    .given([])
    .when(edit({ title: 'x' }))
    .thenFails(NotFound, catalogMessages.unknown(1));
});

test('GET /api/books serves the three products from the log, each at 999 pence', async () => {
  const shop = await startTestShop();
  const res = await call(`${shop.url}/api/books`);
  assert.is(res.status, 200);
  assert.equal(
    res.json.map((b: { id: number }) => b.id),
    [1, 2, 3],
  );
  for (const book of res.json) {
    assert.equal(Object.keys(book).sort(), [
      'coverAlt',
      'coverImage',
      'description',
      'id',
      'kind',
      'previewPages',
      'price',
      'published',
      'slug',
      'sortOrder',
      'title',
      'vatRate',
    ]);
    assert.is(book.price, 999);
    assert.is(book.published, true);
  }
  assert.is(res.json[0].title, shopContent.books[0]!.title);
  // The fields the seed's events do not carry come from the content file by id.
  assert.is(res.json[2].slug, shopContent.books[2]!.slug);
  assert.is(res.json[2].kind, 'poster');
  assert.is(res.json[2].vatRate, 2000);
  assert.equal(res.json[0].previewPages, shopContent.books[0]!.previewPages);
  await shop.close();
});

test('GET /api/books shows a changed book as soon as the read model has folded it', async () => {
  const shop = await startTestShop();
  assert.is((await call(`${shop.url}/api/books`)).json[1].title, shopContent.books[1]!.title);
  const edited = shopContent.books.map((b) => (b.id === 2 ? { ...b, title: 'A new title' } : b));
  await seedCatalog(shop.shop.deps.events, new Date().toISOString(), edited);
  await shop.shop.runner!.waitFor(await shop.shop.deps.events.headPosition());
  assert.is((await call(`${shop.url}/api/books`)).json[1].title, 'A new title');
  await shop.close();
});

test('a second start seeds nothing twice', async () => {
  const first = await startTestShop({}, { keepData: true });
  const dataDir = first.dataDir;
  await first.close();
  const second = await startTestShop({ DATA_DIR: dataDir });
  await second.close();
  const store = withEventVersions(openSqliteEventStore(join(dataDir, 'events.sqlite')), eventCatalog);
  const streams = await store.listStreams();
  assert.equal(
    streams.map((s) => [s.stream, s.revision]),
    [
      ['book-1', 0],
      ['book-2', 0],
      ['book-3', 0],
    ],
  );
  // An edited catalog file updates the book once.
  const edited = shopContent.books.map((b) => (b.id === 2 ? { ...b, title: 'A new title' } : b));
  assert.is(await seedCatalog(store, new Date().toISOString(), edited), 1);
  assert.is(await seedCatalog(store, new Date().toISOString(), edited), 0);
  await store.close();
  rmSync(dataDir, { recursive: true, force: true });
});

test('bad requests get clear 4xx answers, never a stack trace', async () => {
  const shop = await startTestShop();
  const unknown = await call(`${shop.url}/api/nothing-here`);
  assert.is(unknown.status, 404);
  assert.is(unknown.json.success, false);
  const wrongType = await call(`${shop.url}/api/books`, {
    method: 'POST',
    raw: 'hello',
    headers: { 'content-type': 'text/plain' },
  });
  assert.is(wrongType.status, 415);
  const badJson = await call(`${shop.url}/api/anything`, {
    method: 'POST',
    raw: '{"a":',
    headers: { 'content-type': 'application/json' },
  });
  assert.is(badJson.status, 400);
  assert.is(badJson.json.message, 'Request body is not valid JSON');
  const huge = await call(`${shop.url}/api/anything`, {
    method: 'POST',
    raw: JSON.stringify({ a: 'x'.repeat(200_000) }),
    headers: { 'content-type': 'application/json' },
  });
  assert.is(huge.status, 413);
  const deep = await call(`${shop.url}/api/anything`, {
    method: 'POST',
    raw: '['.repeat(30_000) + ']'.repeat(30_000),
    headers: { 'content-type': 'application/json' },
  });
  assert.ok(deep.status >= 400 && deep.status < 500, `deep JSON answered ${deep.status}`);
  const oddMethods = await Promise.all(
    ['/', '/healthz', '/api/books'].map((path) => call(`${shop.url}${path}`, { method: 'PROPFIND' })),
  );
  for (const odd of oddMethods) assert.ok([404, 405].includes(odd.status), `PROPFIND answered ${odd.status}`);
  for (const r of [unknown, wrongType, badJson, huge, deep, ...oddMethods]) assert.not.match(r.text, /at .*\.ts:\d+/);
  await shop.close();
});

test('/healthz reports the stores and the projection lag; the app shell is served for client routes', async () => {
  const shop = await startTestShop();
  const health = await call(`${shop.url}/healthz`);
  assert.is(health.status, 200);
  assert.is(health.json.eventStore.kind, 'sqlite');
  assert.is(health.json.projections.lag, 0);
  const home = await fetchWithin(`${shop.url}/`);
  assert.is(home.status, 200);
  assert.match(home.headers.get('content-security-policy') ?? '', "frame-ancestors 'none'");
  assert.is(home.headers.get('x-content-type-options'), 'nosniff');
  for (const path of ['/admin-login', '/payment/success', '/order-success'])
    assert.is((await fetchWithin(`${shop.url}${path}`)).status, 200, path);
  assert.is((await fetchWithin(`${shop.url}/no/such/page`)).status, 404);
  await shop.close();
});

test.run();
