import { get } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { shopContent } from '../../contracts/catalog/content.ts';
import { adminHeaders, call, startTestShop } from '../../infra/testing/shop.ts';
import { seedCatalog } from '../catalog/seed.ts';
import { orderPlacedData, placeOrders } from '../../infra/testing/exampleOrders.ts';
import { answerCache, preferredEncoding } from './answerCache.ts';
import { fetchWithin } from '../../infra/testing/http.ts';

/** A read store that only has checkpoints, moved by hand. */
function checkpoints(start: Record<string, number>) {
  const at = new Map(Object.entries(start));
  return { checkpoint: async (p: string) => at.get(p) ?? null, move: (p: string, to: number) => at.set(p, to) };
}

test('a kept answer is served until any of its projections commits again, then built anew', async () => {
  const store = checkpoints({ books: 5, reviews: 5 });
  const cache = answerCache<number>(store, ['books', 'reviews']);
  let builds = 0;
  const build = async () => ({ build: ++builds });
  const first = await cache.get(1, build);
  assert.is(first!.body.toString(), '{"build":1}');
  assert.is(await cache.get(1, build), first, 'same position: the same bytes, nothing rebuilt');
  store.move('reviews', 6);
  const second = await cache.get(1, build);
  assert.is(second!.body.toString(), '{"build":2}');
  assert.is.not(second!.etag, first!.etag);
  store.move('books', 7);
  assert.is((await cache.get(1, build))!.body.toString(), '{"build":3}');
  assert.is(builds, 3);
});

test('keys are kept apart; null (not found) is never kept; the oldest key goes first past the limit', async () => {
  const store = checkpoints({ p: 1 });
  const cache = answerCache<string>(store, ['p'], { maxEntries: 2 });
  const builds: string[] = [];
  const build = (key: string) => async () => (builds.push(key), key === 'missing' ? null : { key });
  assert.is((await cache.get('a', build('a')))!.body.toString(), '{"key":"a"}');
  assert.is((await cache.get('b', build('b')))!.body.toString(), '{"key":"b"}');
  assert.is(await cache.get('missing', build('missing')), null);
  assert.is(await cache.get('missing', build('missing')), null);
  await cache.get('c', build('c'));
  await cache.get('b', build('b'));
  await cache.get('a', build('a'));
  assert.equal(builds, ['a', 'b', 'missing', 'missing', 'c', 'a']);
});

test('an answer built while a commit lands is not kept past that commit', async () => {
  const store = checkpoints({ p: 1 });
  const cache = answerCache<string>(store, ['p']);
  let value = 'old';
  // The commit lands between the position read and the data read: the new data is kept under the old position.
  await cache.get('k', async () => {
    store.move('p', 2);
    value = 'new';
    return { value };
  });
  value = 'newer';
  assert.is((await cache.get('k', async () => ({ value })))!.body.toString(), '{"value":"newer"}');
});

// fetch adds Cache-Control: no-cache to a request that carries If-None-Match, which asks for a full answer; a browser
// revalidating its copy sends max-age=0 instead.
const revalidate = (etag: string) => ({ 'if-none-match': etag, 'cache-control': 'max-age=0' });

test('HTTP: cached read answers carry an ETag, answer 304 to a matching If-None-Match, and move on with the next event', async () => {
  const shop = await startTestShop({ ADMIN_USERNAME: 'owner' });
  try {
    const owner = await adminHeaders(shop, 'owner');
    for (const [path, headers] of [
      ['/api/books', {}],
      ['/api/reviews/book/2', {}],
      ['/api/admin/orders', owner],
    ] as const) {
      const first = await call(`${shop.url}${path}`, { headers });
      assert.is(first.status, 200, path);
      const etag = first.headers.get('etag');
      assert.ok(etag && /^W\/"[A-Za-z0-9_-]+"$/.test(etag), `${path}: ${etag}`);
      const again = await fetchWithin(`${shop.url}${path}`, { headers: { ...headers, ...revalidate(etag) } });
      assert.is(again.status, 304, path);
      assert.is(await again.text(), '');
      assert.is(again.headers.get('etag'), etag);
      assert.is(again.headers.get('x-content-type-options'), 'nosniff', 'a 304 still carries the security headers');
      const other = await call(`${shop.url}${path}`, { headers: { ...headers, ...revalidate('W/"something-else"') } });
      assert.is(other.status, 200);
      assert.is(other.text, first.text);
    }
    const unauthorised = await fetchWithin(`${shop.url}/api/admin/orders`, { headers: revalidate('*') });
    assert.is(unauthorised.status, 401, 'the guard runs before any cached answer');
    assert.is((await call(`${shop.url}/api/reviews/book/99`)).status, 404);

    // A new event: the next read sees it, and the old ETag no longer matches.
    const before = await call(`${shop.url}/api/books`);
    const edited = shopContent.books.map((b) => (b.id === 3 ? { ...b, title: 'Third, revised' } : b));
    await seedCatalog(shop.shop.deps.events, new Date().toISOString(), edited);
    await shop.shop.runner!.waitFor(await shop.shop.deps.events.headPosition());
    const after = await fetchWithin(`${shop.url}/api/books`, { headers: revalidate(before.headers.get('etag')!) });
    assert.is(after.status, 200);
    assert.is((await after.json())[2].title, 'Third, revised');
    assert.is.not(after.headers.get('etag'), before.headers.get('etag'));

    const orders = await call(`${shop.url}/api/admin/orders`, { headers: owner });
    const pending = await call(`${shop.url}/api/admin/orders?status=pending`, { headers: owner });
    await placeOrders(shop, [orderPlacedData({ orderId: 'ord-cache', placedAt: '2026-03-04T09:00:00.000Z' })]);
    const ordersAfter = await call(`${shop.url}/api/admin/orders`, { headers: owner });
    assert.is(ordersAfter.json.totalOrders, orders.json.totalOrders + 1);
    assert.is(ordersAfter.json.orders[0].orderId, 'ord-cache');
    const pendingAfter = await call(`${shop.url}/api/admin/orders?status=pending`, { headers: owner });
    assert.is(pendingAfter.json.totalOrders, pending.json.totalOrders + 1);
    assert.is(pendingAfter.json.counts.pending, pending.json.counts.pending + 1);
  } finally {
    await shop.close();
  }
});

test('encoding: br unless the client weighs gzip higher; q=0 and * as RFC 9110 has them', () => {
  const cases: [string, string | null][] = [
    ['gzip, deflate, br', 'br'],
    ['gzip', 'gzip'],
    ['br', 'br'],
    ['br;q=0.5, gzip', 'gzip'],
    ['br;q=1.0, gzip;q=0.8', 'br'],
    ['gzip;q=0, br;q=0', null],
    ['identity', null],
    ['deflate', null],
    ['*', 'br'],
    ['*;q=0.1, gzip', 'gzip'],
    ['br;q=0, *', 'gzip'],
    ['GZIP ; Q=0.7', 'gzip'],
  ];
  for (const [header, expected] of cases) assert.is(preferredEncoding(header), expected, header);
});

/** The raw bytes and headers of a GET, undecoded (fetch would decompress). */
function rawGet(
  url: string,
  headers: Record<string, string>,
): Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    get(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    }).on('error', reject);
  });
}

test('HTTP: a large cached answer leaves compressed as the client asks, the same JSON each way', async () => {
  const shop = await startTestShop({ ADMIN_USERNAME: 'owner' });
  try {
    const owner = await adminHeaders(shop, 'owner');
    await placeOrders(
      shop,
      Array.from({ length: 12 }, (_, n) =>
        orderPlacedData({ orderId: `ord-zip-${n}`, placedAt: `2026-03-04T09:${String(n).padStart(2, '0')}:00.000Z` }),
      ),
    );
    const url = `${shop.url}/api/admin/orders`;
    const plain = await rawGet(url, owner);
    assert.ok(plain.body.length >= 1024, `large enough to compress: ${plain.body.length}`);
    assert.is(plain.headers['content-encoding'], undefined);
    assert.is(plain.headers['vary'], 'Accept-Encoding');
    for (const [accept, expected, decode] of [
      ['gzip, deflate, br', 'br', brotliDecompressSync],
      ['gzip', 'gzip', gunzipSync],
      ['br;q=0.5, gzip', 'gzip', gunzipSync],
    ] as const) {
      for (let twice = 0; twice < 2; twice++) {
        const res = await rawGet(url, { ...owner, 'accept-encoding': accept });
        assert.is(res.headers['content-encoding'], expected, accept);
        assert.is(Number(res.headers['content-length']), res.body.length);
        assert.ok(res.body.length < plain.body.length);
        assert.is(decode(res.body).toString(), plain.body.toString(), accept);
        assert.is(res.headers['etag'], plain.headers['etag']);
      }
    }
    assert.is((await rawGet(url, { ...owner, 'accept-encoding': 'identity' })).headers['content-encoding'], undefined);
    // Below the threshold nothing is compressed, as before.
    const books = await rawGet(`${shop.url}/api/reviews/book/1`, { 'accept-encoding': 'br' });
    assert.is(books.body.toString(), '[]');
    assert.is(books.headers['content-encoding'], undefined);
    // A new event: the compressed bytes move on with the answer.
    await placeOrders(shop, [orderPlacedData({ orderId: 'ord-zip-last', placedAt: '2026-03-05T09:00:00.000Z' })]);
    const after = await rawGet(url, { ...owner, 'accept-encoding': 'br' });
    assert.is(JSON.parse(brotliDecompressSync(after.body).toString()).orders[0].orderId, 'ord-zip-last');
  } finally {
    await shop.close();
  }
});

test('HTTP: an answer sent early by the answer lane has the headers and bytes the whole chain gives it', async () => {
  const shop = await startTestShop({ ADMIN_USERNAME: 'owner' });
  try {
    const owner = await adminHeaders(shop, 'owner');
    await placeOrders(
      shop,
      Array.from({ length: 12 }, (_, n) =>
        orderPlacedData({ orderId: `ord-lane-${n}`, placedAt: `2026-03-04T09:${String(n).padStart(2, '0')}:00.000Z` }),
      ),
    );
    const comparable = (headers: Record<string, unknown>) => {
      const { date: _date, 'x-request-id': id, ...rest } = headers;
      assert.ok(typeof id === 'string' && id.length > 0);
      return rest;
    };
    for (const [path, headers] of [
      ['/api/books', {}],
      ['/api/books', { 'accept-encoding': 'gzip, deflate, br' }],
      ['/api/admin/orders?limit=5', { ...owner, 'accept-encoding': 'gzip, deflate, br' }],
      ['/api/admin/orders?limit=5', { ...owner, 'accept-encoding': 'gzip' }],
      ['/api/admin/orders', owner],
      ['/api/reviews/book/2', {}],
      ['/api/reviews/book/2', { 'accept-encoding': 'gzip, deflate, br' }],
    ] as [string, Record<string, string>][]) {
      const early = await rawGet(`${shop.url}${path}`, headers);
      // An If-None-Match that matches nothing sends the request down the whole chain, which answers 200 in full.
      const chain = await rawGet(`${shop.url}${path}`, { ...headers, 'if-none-match': 'W/"something-else"' });
      assert.is(early.status, 200, path);
      assert.is(chain.status, 200, path);
      assert.equal(comparable(early.headers), comparable(chain.headers), `${path} ${JSON.stringify(headers)}`);
      assert.ok(early.body.equals(chain.body), path);
    }
    // What the lane does not answer still gets the chain's answers.
    assert.is((await call(`${shop.url}/api/reviews/book/99`)).status, 404, 'an unknown book');
    assert.is((await call(`${shop.url}/api/reviews/book/two`)).status, 400, 'a book id that is not one');
    assert.is((await call(`${shop.url}/api/reviews/book/2/`)).status, 404, 'a trailing slash is another path');
    assert.is((await call(`${shop.url}/api/Reviews/book/2`)).status, 404, 'paths match case-sensitively');
    assert.is((await call(`${shop.url}/api/reviews/book/%E0%A4%A`)).status, 400, 'a malformed escape');
    assert.is((await call(`${shop.url}/api/admin/orders?limit=5`)).status, 401);
    assert.is(
      (await call(`${shop.url}/api/admin/orders?limit=5`, { headers: { authorization: 'Bearer not.a.token' } })).status,
      401,
    );
    const refused = await call(`${shop.url}/api/admin/orders?limit=500`, { headers: owner });
    assert.is(refused.status, 400);
    assert.is(refused.headers.get('cache-control'), 'no-store');
    assert.is(
      (await call(`${shop.url}/api/admin/orders?limit=500`, { headers: owner })).status,
      400,
      'a refused query is refused again',
    );
    const head = await fetchWithin(`${shop.url}/api/books`, { method: 'HEAD' });
    assert.is(head.status, 200);
    assert.is(head.headers.get('etag'), (await rawGet(`${shop.url}/api/books`, {})).headers['etag']);
  } finally {
    await shop.close();
  }
});

test.run();
