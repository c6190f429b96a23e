// Each product's customs details on the owner's catalogue (decision 098): the content file's defaults by kind until the
// owner sets a product's own, recorded as one event with what they were and what they are; bad values a 400 naming
// the field with nothing stored; a new product may bring its own; a restart keeps the owner's.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { CatalogueProduct } from '../../contracts/catalog/adminApi.ts';
import { shopContent } from '../../contracts/catalog/content.ts';
import { bookStream } from '../../contracts/shared/streams.ts';
import { sandboxShopEnv } from '../../infra/testing/checkout.ts';
import { adminHeaders, call, startTestShop, type TestShop } from '../../infra/testing/shop.ts';

const now = Date.parse('2026-06-15T10:00:00.000Z');
const shops: TestShop[] = [];
test.after(async () => {
  await Promise.all(shops.map((shop) => shop.close()));
});

async function shopWithOwner() {
  const shop = await startTestShop(sandboxShopEnv, { clock: () => new Date(now) });
  shops.push(shop);
  return { shop, owner: await adminHeaders(shop) };
}

const catalogue = async (shop: TestShop, owner: Record<string, string>) =>
  ((await call(`${shop.url}/api/admin/catalogue`, { headers: owner })).json as { products: CatalogueProduct[] })
    .products;

const customsOf = (p: CatalogueProduct) => [p.id, p.weightGrams, p.hsCode, p.origin];

test('the catalogue lists each product with the content file’s customs details for its kind', async () => {
  const { shop, owner } = await shopWithOwner();
  const { kinds, origin } = shopContent.customs;
  assert.is(kinds.story.hsCode, '4903.00.00');
  assert.is(kinds.poster.hsCode, '4911.91.00');
  assert.is(origin, 'GB');
  assert.equal((await catalogue(shop, owner)).map(customsOf), [
    [1, kinds.story.weightGrams, '4903.00.00', 'GB'],
    [2, kinds.story.weightGrams, '4903.00.00', 'GB'],
    [3, kinds.poster.weightGrams, '4911.91.00', 'GB'],
  ]);
});

test('the owner sets a product’s weight, tariff code and origin: one event from and to, and the catalogue shows them', async () => {
  const { shop, owner } = await shopWithOwner();
  const res = await call(`${shop.url}/api/admin/catalogue/2`, {
    method: 'PATCH',
    body: { weightGrams: 420, hsCode: '4903.00.00.00', origin: 'ie', reason: 'Printed in Dublin, hardback' },
    headers: owner,
  });
  assert.is(res.status, 200, res.text);
  assert.equal(customsOf(res.json.product), [2, 420, '4903.00.00.00', 'IE']);
  const events = (await shop.shop.deps.events.readStream(bookStream(2))).slice(1);
  assert.equal(
    events.map((e) => [e.type, e.data]),
    [
      [
        'ProductCustomsChanged',
        {
          id: 2,
          from: { weightGrams: shopContent.customs.kinds.story.weightGrams, hsCode: '4903.00.00', origin: 'GB' },
          to: { weightGrams: 420, hsCode: '4903.00.00.00', origin: 'IE' },
          by: 'admin',
          reason: 'Printed in Dublin, hardback',
          at: new Date(now).toISOString(),
        },
      ],
    ],
  );
  // Only the weight this time: the rest stays the owner's; the same values again record nothing.
  const weight = await call(`${shop.url}/api/admin/catalogue/2`, {
    method: 'PATCH',
    body: { weightGrams: 400 },
    headers: owner,
  });
  assert.equal(customsOf(weight.json.product), [2, 400, '4903.00.00.00', 'IE']);
  const same = await call(`${shop.url}/api/admin/catalogue/2`, {
    method: 'PATCH',
    body: { weightGrams: 400, origin: 'IE' },
    headers: owner,
  });
  assert.match(same.json.message, 'Nothing to change');
  assert.is((await shop.shop.deps.events.readStream(bookStream(2))).length, 3);
  // The others keep the content file's.
  assert.equal(customsOf((await catalogue(shop, owner))[0]!), [1, 350, '4903.00.00', 'GB']);
});

test('bad customs details are a 400 naming the field, and nothing is stored', async () => {
  const { shop, owner } = await shopWithOwner();
  const head = await shop.shop.deps.events.headPosition();
  const bad: [Record<string, unknown>, string][] = [
    [{ weightGrams: 0 }, 'weight'],
    [{ weightGrams: -350 }, 'weight'],
    [{ weightGrams: 30_001 }, 'weight'],
    [{ weightGrams: 350.5 }, 'weight'],
    [{ weightGrams: '350' }, 'weight'],
    [{ hsCode: '4903' }, 'HS code'],
    [{ hsCode: '4903.00.0' }, 'HS code'],
    [{ hsCode: '4903000000000' }, 'HS code'],
    [{ hsCode: '49O3.00' }, 'HS code'],
    [{ hsCode: 490300 }, 'HS code'],
    [{ origin: 'GBR' }, 'country of origin'],
    [{ origin: 'UK' }, 'country of origin'],
    [{ origin: 'XX' }, 'country of origin'],
    [{ origin: '' }, 'country of origin'],
  ];
  for (const [body, field] of bad) {
    const res = await call(`${shop.url}/api/admin/catalogue/1`, { method: 'PATCH', body, headers: owner });
    assert.is(res.status, 400, `${JSON.stringify(body)}: ${res.status} ${res.text}`);
    assert.match(res.json.message, field, JSON.stringify(body));
  }
  assert.is(await shop.shop.deps.events.headPosition(), head, 'nothing was stored');
});

test('a new product takes its kind’s customs details, or its own when given; a restart keeps the owner’s', async () => {
  const shop = await startTestShop(sandboxShopEnv, { clock: () => new Date(now), keepData: true });
  const owner = await adminHeaders(shop);
  const product = {
    title: 'Stars Over Makkah',
    slug: 'stars-over-makkah',
    kind: 'poster',
    description: 'A night sky print.',
    price: 1499,
    vatRate: 2000,
    coverImage: '/art/covers/book-3.svg',
    coverAlt: 'Stars above a city.',
  };
  const plain = await call(`${shop.url}/api/admin/catalogue`, { body: product, headers: owner });
  assert.is(plain.status, 201, plain.text);
  assert.equal(customsOf(plain.json.product), [4, shopContent.customs.kinds.poster.weightGrams, '4911.91.00', 'GB']);
  assert.equal(
    (await shop.shop.deps.events.readStream(bookStream(4))).map((e) => e.type),
    ['ProductAdded'],
  );
  const own = await call(`${shop.url}/api/admin/catalogue`, {
    body: { ...product, slug: 'stars-over-madinah', weightGrams: 90, hsCode: '491191', origin: 'TR' },
    headers: owner,
  });
  assert.is(own.status, 201, own.text);
  assert.equal(customsOf(own.json.product), [5, 90, '491191', 'TR']);
  assert.equal(
    (await shop.shop.deps.events.readStream(bookStream(5))).map((e) => e.type),
    ['ProductAdded', 'ProductCustomsChanged'],
  );
  const dataDir = shop.dataDir;
  await shop.close();
  const again = await startTestShop({ ...sandboxShopEnv, DATA_DIR: dataDir }, { clock: () => new Date(now) });
  shops.push(again);
  const products = await catalogue(again, await adminHeaders(again));
  assert.equal(customsOf(products.find((p) => p.id === 5)!), [5, 90, '491191', 'TR']);
});

test.run();
