// The owner's catalogue through the API (decision 077): a product added, edited, repriced, hidden and reordered;
// bad input answered 400/404/409 and storing nothing; a restart that leaves the owner's edits alone; checkouts
// charged the catalogue's price and refusing a hidden book, while an order placed before keeps its own.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { CatalogueProduct } from '../../contracts/catalog/adminApi.ts';
import type { OrderPlaced } from '../../contracts/orders/events.ts';
import type { RecordedEvent } from '../../contracts/shared/events.ts';
import { bookStream, orderStream } from '../../contracts/shared/streams.ts';
import { paidCartCheckout, sandboxShopEnv } from '../../infra/testing/checkout.ts';
import { adminHeaders, call, startTestShop, type TestShop } from '../../infra/testing/shop.ts';

const now = Date.parse('2026-06-15T10:00:00.000Z');
const shops: TestShop[] = [];
test.after(async () => {
  await Promise.all(shops.map((shop) => shop.close()));
});

async function shopWithOwner(env: Record<string, string> = {}) {
  const shop = await startTestShop({ ...sandboxShopEnv, ...env }, { clock: () => new Date(now) });
  shops.push(shop);
  return { shop, owner: await adminHeaders(shop) };
}

const newBook = {
  title: 'The Moon Lantern',
  slug: 'the-moon-lantern',
  kind: 'story',
  description: 'Hana makes a lantern for the first night of Ramadan.',
  price: 1299,
  vatRate: 0,
  coverImage: '/art/covers/book-1.svg',
  coverAlt: 'Hana holds a paper lantern under a crescent moon.',
  previewPages: [{ image: '/art/pages/book-1/page-1.svg', alt: 'A street at dusk.' }],
  ageRange: { from: 3, to: 7 },
  reason: 'New for Ramadan',
};

const books = async (shop: TestShop) => (await call(`${shop.url}/api/books`)).json as CatalogueProduct[];

async function placedOrder(shop: TestShop, items: { bookId: number; quantity: number }[]) {
  const sessionId = await paidCartCheckout(shop, items);
  const stream = await shop.shop.deps.events.readStream(orderStream(sessionId));
  return stream.find((e): e is RecordedEvent<OrderPlaced> => e.type === 'OrderPlaced')!;
}

test('the owner adds a product: it is on sale at its price, after the others, with who added it and why', async () => {
  const { shop, owner } = await shopWithOwner();
  const added = await call(`${shop.url}/api/admin/catalogue`, { body: newBook, headers: owner });
  assert.is(added.status, 201, added.text);
  assert.is(added.json.product.id, 4);
  assert.is(added.json.product.sortOrder, 4);
  assert.is(added.json.product.published, true);
  const shopBooks = await books(shop);
  assert.equal(
    shopBooks.map((b) => b.id),
    [1, 2, 3, 4],
  );
  assert.equal(shopBooks[3]!.ageRange, { from: 3, to: 7 });
  const [event] = await shop.shop.deps.events.readStream(bookStream(4));
  assert.is(event!.type, 'ProductAdded');
  assert.is((event!.data as { by: string }).by, 'admin');
  assert.is((event!.data as { reason: string }).reason, 'New for Ramadan');
  assert.is(event!.metadata.causedBy, 'admin:admin');
  // A cart checkout charges the catalogue's price.
  const order = await placedOrder(shop, [{ bookId: 4, quantity: 2 }]);
  assert.equal(
    order.data.items.map((i) => [i.bookId, i.price, i.quantity]),
    [[4, 1299, 2]],
  );
});

test('bad fields are a 400, a taken address a 409, an unknown product a 404: nothing is stored', async () => {
  const { shop, owner } = await shopWithOwner();
  const head = await shop.shop.deps.events.headPosition();
  const bad = [
    { ...newBook, price: 0 },
    { ...newBook, price: 100_001 },
    { ...newBook, price: 9.99 },
    { ...newBook, slug: 'Not A Slug' },
    { ...newBook, title: '   ' },
    { ...newBook, kind: 'mug' },
    { ...newBook, vatRate: 10_001 },
    { ...newBook, coverImage: '../../etc/passwd' },
    { ...newBook, coverImage: 'https://example.com/a.png' },
    { ...newBook, ageRange: { from: 9, to: 3 } },
  ];
  for (const body of bad) {
    const res = await call(`${shop.url}/api/admin/catalogue`, { body, headers: owner });
    assert.is(res.status, 400, `${JSON.stringify(body).slice(0, 80)}: ${res.status} ${res.text}`);
    assert.is(res.json.success, false);
  }
  const taken = await call(`${shop.url}/api/admin/catalogue`, {
    body: { ...newBook, slug: 'the-kindness-basket' },
    headers: owner,
  });
  assert.is(taken.status, 409, taken.text);
  assert.match(taken.json.message, '/books/the-kindness-basket');
  const takenByEdit = await call(`${shop.url}/api/admin/catalogue/2`, {
    method: 'PATCH',
    body: { slug: 'the-kindness-basket' },
    headers: owner,
  });
  assert.is(takenByEdit.status, 409, takenByEdit.text);
  for (const path of ['/api/admin/catalogue/99', '/api/admin/catalogue/abc', '/api/admin/catalogue/0']) {
    const res = await call(`${shop.url}${path}`, { method: 'PATCH', body: { title: 'x' }, headers: owner });
    assert.is(res.status, 404, `${path}: ${res.text}`);
  }
  assert.is((await call(`${shop.url}/api/admin/catalogue/99/hide`, { body: {}, headers: owner })).status, 404);
  const badEdit = await call(`${shop.url}/api/admin/catalogue/1`, {
    method: 'PATCH',
    body: { price: -5 },
    headers: owner,
  });
  assert.is(badEdit.status, 400, badEdit.text);
  const badOrder = await call(`${shop.url}/api/admin/catalogue/order`, { body: { ids: [1, 2] }, headers: owner });
  assert.is(badOrder.status, 400, badOrder.text);
  assert.is((await call(`${shop.url}/api/admin/catalogue`, { body: newBook })).status, 401);
  assert.is(await shop.shop.deps.events.headPosition(), head, 'nothing was stored');
});

test('an edit records only the fields that changed, and a price change from and to', async () => {
  const { shop, owner } = await shopWithOwner();
  const before = (await books(shop))[1]!;
  const res = await call(`${shop.url}/api/admin/catalogue/2`, {
    method: 'PATCH',
    body: { title: 'Together We Shine Bright', description: before.description, price: 1099, reason: 'Spring sale' },
    headers: owner,
  });
  assert.is(res.status, 200, res.text);
  assert.is(res.json.product.title, 'Together We Shine Bright');
  assert.is(res.json.product.price, 1099);
  const events = (await shop.shop.deps.events.readStream(bookStream(2))).slice(1);
  const { at } = events[0]!.data as { at: string };
  assert.is(at, new Date(now).toISOString());
  assert.equal(
    events.map((e) => [e.type, e.data]),
    [
      [
        'ProductEdited',
        {
          id: 2,
          changes: { title: 'Together We Shine Bright' },
          by: 'admin',
          reason: 'Spring sale',
          at,
        },
      ],
      ['ProductPriceChanged', { id: 2, from: 999, to: 1099, by: 'admin', reason: 'Spring sale', at }],
    ],
  );
  // The same edit again changes nothing.
  const again = await call(`${shop.url}/api/admin/catalogue/2`, {
    method: 'PATCH',
    body: { title: 'Together We Shine Bright', price: 1099 },
    headers: owner,
  });
  assert.is(again.status, 200);
  assert.match(again.json.message, 'Nothing to change');
  assert.is((await shop.shop.deps.events.readStream(bookStream(2))).length, 3);
});

test('a hidden book leaves the shop and new checkouts refuse it; its past order keeps it; publishing brings it back', async () => {
  const { shop, owner } = await shopWithOwner();
  const before = await placedOrder(shop, [{ bookId: 3, quantity: 1 }]);
  const hidden = await call(`${shop.url}/api/admin/catalogue/3/hide`, {
    body: { reason: 'Reprinting' },
    headers: owner,
  });
  assert.is(hidden.status, 200, hidden.text);
  assert.is(hidden.json.product.published, false);
  assert.equal(
    (await books(shop)).map((b) => b.id),
    [1, 2],
  );
  const all = await call(`${shop.url}/api/admin/catalogue`, { headers: owner });
  assert.equal(
    all.json.products.map((b: CatalogueProduct) => [b.id, b.published]),
    [
      [1, true],
      [2, true],
      [3, false],
    ],
  );
  const refused = await call(`${shop.url}/api/cart/checkout`, {
    body: { items: [{ bookId: 3, quantity: 1 }], customerCountry: 'GB' },
  });
  assert.is(refused.status, 409, refused.text);
  assert.match(refused.json.message, 'no longer on sale');
  const byTitle = await call(`${shop.url}/api/create-checkout-session`, {
    body: { items: [{ title: 'Alif to Ya: My Arabic Alphabet Poster', quantity: 1 }] },
  });
  assert.is(byTitle.status, 409, byTitle.text);
  // The order placed before still names the book at its price.
  assert.equal(
    before.data.items.map((i) => [i.bookId, i.name, i.price]),
    [[3, 'Alif to Ya: My Arabic Alphabet Poster', 999]],
  );
  const published = await call(`${shop.url}/api/admin/catalogue/3/publish`, { body: {}, headers: owner });
  assert.is(published.status, 200, published.text);
  assert.equal(
    (await books(shop)).map((b) => b.id),
    [1, 2, 3],
  );
});

test('a price change applies to checkouts after it; an order placed before keeps its price', async () => {
  const { shop, owner } = await shopWithOwner();
  const before = await placedOrder(shop, [{ bookId: 1, quantity: 1 }]);
  const repriced = await call(`${shop.url}/api/admin/catalogue/1`, {
    method: 'PATCH',
    body: { price: 1499 },
    headers: owner,
  });
  assert.is(repriced.status, 200, repriced.text);
  const after = await placedOrder(shop, [{ bookId: 1, quantity: 1 }]);
  assert.is(before.data.items[0]!.price, 999);
  assert.is(after.data.items[0]!.price, 1499);
});

test('the owner orders the shop; a VAT rate edit starts today and the catalogue shows it', async () => {
  const { shop, owner } = await shopWithOwner();
  const reordered = await call(`${shop.url}/api/admin/catalogue/order`, { body: { ids: [3, 1, 2] }, headers: owner });
  assert.is(reordered.status, 200, reordered.text);
  assert.equal(
    (await books(shop)).map((b) => b.id),
    [3, 1, 2],
  );
  const rate = await call(`${shop.url}/api/admin/catalogue/3`, {
    method: 'PATCH',
    body: { vatRate: 500 },
    headers: owner,
  });
  assert.is(rate.status, 200, rate.text);
  assert.is(rate.json.product.vatRate, 500);
  const vat = await call(`${shop.url}/api/admin/vat`, { headers: owner });
  const poster = vat.json.products.find((p: { bookId: number }) => p.bookId === 3);
  assert.equal(
    poster.history.map((h: { from: string; rate: number }) => [h.from, h.rate]),
    [
      ['2000-01-01', 2000],
      ['2026-06-15', 500],
    ],
  );
});

test('a restart lists new books of the file but never overwrites a book the owner changed', async () => {
  const first = await startTestShop({}, { keepData: true });
  const owner = await adminHeaders(first);
  const edited = await call(`${first.url}/api/admin/catalogue/1`, {
    method: 'PATCH',
    body: { title: 'The Kindness Basket (new edition)' },
    headers: owner,
  });
  assert.is(edited.status, 200, edited.text);
  const dataDir = first.dataDir;
  await first.close();
  const second = await startTestShop({ DATA_DIR: dataDir });
  shops.push(second);
  assert.is((await books(second))[0]!.title, 'The Kindness Basket (new edition)');
  assert.is((await second.shop.deps.events.readStream(bookStream(1))).length, 2);
});

test.run();
