// The owner's order list a page at a time: cursors that walk a tab without gaps or repeats (ties included), counts per
// tab, search by order number, e-mail, postcode and name, date ranges, 304 for an unchanged page, and clear 400s.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { AdminOrdersResponse } from '../../contracts/orders/console.ts';
import { orderNumberFrom } from '../../contracts/shared/constants.ts';
import { adminHeaders, call, startTestShop, type TestShop } from '../../infra/testing/shop.ts';
import { orderPlacedData, placeOrders, type OrderPlacedData } from '../../infra/testing/exampleOrders.ts';

let shop: TestShop;
let owner: Record<string, string>;

const day = (d: number, minute = 0) => new Date(Date.UTC(2026, 2, d, 9, minute)).toISOString();
const names = ['Maryam Hussain', 'Yusuf Ali', 'Amina Khan', 'Bilal Ahmed'];

/** 25 orders over 5 days, 3 of them in the very same millisecond; statuses and buyers in turn. */
function orders(): OrderPlacedData[] {
  return Array.from({ length: 25 }, (_, i) =>
    orderPlacedData({
      orderId: `ord-${String(i).padStart(2, '0')}`,
      placedAt: i >= 10 && i < 13 ? day(3, 30) : day(1 + Math.floor(i / 5), i % 5),
      status: i % 3 === 0 ? 'completed' : 'pending',
      customerName: names[i % names.length]!,
      customerEmail: `buyer${i % 5}@example.com`,
      shippingAddress: {
        line1: `${i} Orchard Lane`,
        city: 'Leicester',
        postcode: i % 2 ? 'LE1 1AA' : 'LS2 9JT',
        country: 'GB',
      },
    }),
  );
}

test.before(async () => {
  shop = await startTestShop();
  owner = await adminHeaders(shop);
  await placeOrders(shop, orders());
});
test.after(async () => shop?.close());

const list = async (query: string) => {
  const res = await call(`${shop.url}/api/admin/orders?${query}`, { headers: owner });
  assert.is(res.status, 200, res.text);
  return res.json as AdminOrdersResponse;
};

/** Every page of a listing, following nextCursor. */
async function walk(query: string, limit: number) {
  const ids: string[] = [];
  let cursor: string | null | undefined;
  let pages = 0;
  do {
    const page = await list(`${query}&limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`);
    assert.ok(page.orders.length <= limit);
    ids.push(...page.orders.map((o) => o.orderId));
    cursor = page.nextCursor;
    pages += 1;
  } while (cursor && pages < 50);
  return { ids, pages };
}

test('pages walk the whole list newest first, ties included, exactly as the unpaged list orders it', async () => {
  const whole = await list('');
  assert.is(whole.orders.length, 25);
  assert.is(whole.nextCursor, undefined, 'the unpaged answer keeps its recorded shape');
  for (const limit of [1, 2, 4, 7, 25, 200]) {
    const { ids, pages } = await walk('x=1', limit);
    assert.equal(
      ids,
      whole.orders.map((o) => o.orderId),
      `limit ${limit}`,
    );
    assert.is(pages, Math.max(1, Math.ceil(25 / limit)));
  }
  const first = await list('limit=5');
  assert.is(first.totalOrders, 25);
  assert.equal(first.counts, whole.counts);
});

test('a status tab pages through that status only, and counts say how many each tab holds', async () => {
  const { ids } = await walk('status=completed', 3);
  const completed = (await list('')).orders.filter((o) => o.status === 'completed').map((o) => o.orderId);
  assert.equal(ids, completed);
  const page = await list('status=completed&limit=3');
  assert.is(page.totalOrders, completed.length);
  assert.is(page.counts.completed, completed.length);
  assert.is(page.counts.pending, 25 - completed.length);
});

test('dates: from and to are whole UTC days, inclusive, for the pages and the counts', async () => {
  const page = await list('from=2026-03-02&to=2026-03-03&limit=50');
  const expected = orders().filter((o) => o.placedAt >= '2026-03-02' && o.placedAt < '2026-03-04');
  assert.is(page.totalOrders, expected.length);
  assert.equal(page.orders.map((o) => o.orderId).sort(), expected.map((o) => o.orderId).sort());
  assert.is(page.counts.completed + page.counts.pending, expected.length);
  const { ids } = await walk('from=2026-03-02&to=2026-03-03', 2);
  assert.equal(
    ids,
    page.orders.map((o) => o.orderId),
  );
  assert.is((await list('from=2027-01-01')).totalOrders, 0);
});

test('search finds an order number, an e-mail address, a postcode or a name, whatever the case and spacing', async () => {
  const byNumber = await list(`q=${encodeURIComponent(orderNumberFrom('ord-07').toLowerCase())}`);
  assert.equal(
    byNumber.orders.map((o) => o.orderId),
    ['ord-07'],
  );
  const byEmail = await list('q=BUYER2@example.com');
  assert.equal(byEmail.orders.map((o) => o.orderId).sort(), ['ord-02', 'ord-07', 'ord-12', 'ord-17', 'ord-22']);
  const byPostcode = await list('q=ls29jt&limit=100');
  assert.is(byPostcode.totalOrders, 13);
  assert.ok(byPostcode.orders.every((o) => o.shippingAddress.includes('LS2 9JT')));
  const byName = await list(`q=${encodeURIComponent('amina KHAN')}`);
  assert.ok(byName.orders.length > 0 && byName.orders.every((o) => o.customerName === 'Amina Khan'));
  assert.is((await list('q=amina%20ali')).totalOrders, 0, 'every word of a name must match');
  assert.is((await list('q=nobody')).totalOrders, 0);
  // Search within a tab and dates, paged.
  const tab = await list('q=LE1%201AA&status=pending&from=2026-03-01&to=2026-03-02');
  assert.ok(
    tab.orders.every(
      (o) => o.status === 'pending' && o.shippingAddress.includes('LE1 1AA') && o.orderDate < '2026-03-03',
    ),
  );
  const { ids } = await walk('q=LE1%201AA', 4);
  assert.is(ids.length, 12);
  assert.is(new Set(ids).size, 12);
});

test('search follows details the owner adds later', async () => {
  const placed = orderPlacedData({
    orderId: 'ord-no-details',
    placedAt: day(6),
    customerName: '',
    customerEmail: '',
    shippingAddress: 'To be provided during checkout',
  });
  await placeOrders(shop, [placed]);
  const added = await call(`${shop.url}/api/admin/orders/ord-no-details/customer`, {
    headers: owner,
    body: {
      email: 'late@example.com',
      name: 'Hafsa Late',
      address: { line1: '1 Mill Lane', city: 'Bradford', postcode: 'BD1 2AB', country: 'GB' },
      reason: 'The buyer wrote back',
    },
  });
  assert.is(added.status, 200, added.text);
  assert.equal(
    (await list('q=late@example.com')).orders.map((o) => o.orderId),
    ['ord-no-details'],
  );
  assert.equal(
    (await list('q=bd1%202ab')).orders.map((o) => o.orderId),
    ['ord-no-details'],
  );
  assert.equal(
    (await list('q=hafsa')).orders.map((o) => o.orderId),
    ['ord-no-details'],
  );
});

test('an unchanged page answers 304 to its ETag; a change makes a new one', async () => {
  const first = await call(`${shop.url}/api/admin/orders?limit=5`, { headers: owner });
  const etag = first.headers.get('etag')!;
  assert.ok(etag);
  const again = await call(`${shop.url}/api/admin/orders?limit=5`, {
    headers: { ...owner, 'if-none-match': etag, 'cache-control': 'max-age=0' },
  });
  assert.is(again.status, 304);
  await placeOrders(shop, [orderPlacedData({ orderId: 'ord-later', placedAt: day(9) })]);
  const changed = await call(`${shop.url}/api/admin/orders?limit=5`, {
    headers: { ...owner, 'if-none-match': etag, 'cache-control': 'max-age=0' },
  });
  assert.is(changed.status, 200);
  assert.is(changed.json.orders[0].orderId, 'ord-later');
});

test('bad paging input answers 400 in the shop error shape', async () => {
  for (const query of [
    'limit=0',
    'limit=201',
    'limit=abc',
    'cursor=nope',
    'cursor=1_2&cursor=3_4',
    'from=2026-13-01',
    'from=2026-02-30',
    'from=2026-03-05&to=2026-03-01',
    `q=${'x'.repeat(201)}`,
    'status=lost&limit=5',
  ]) {
    const res = await call(`${shop.url}/api/admin/orders?${query}`, { headers: owner });
    assert.is(res.status, 400, `${query}: ${res.text}`);
    assert.is(res.json.success, false);
    assert.type(res.json.message, 'string');
  }
  assert.is((await call(`${shop.url}/api/admin/orders?limit=5`)).status, 401);
});

test.run();
