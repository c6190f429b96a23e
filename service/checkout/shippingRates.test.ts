// The delivery table the owner sets (decision 099): the seed answers as the spec's rule did, a change applies to
// checkouts started after it (one started before is paid and placed at the rate it was offered), bad tables are a 400
// naming the field and store nothing, an auditor reads the history and cannot change it, and the page sentences follow.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  mixAndMatchShippingText,
  seedShippingTable,
  type AdminShippingResponse,
  type DeliveryZone,
  type ShippingRatesResponse,
} from '../../contracts/checkout/shippingRates.ts';
import { shippingRatesStream } from '../../contracts/shared/streams.ts';
import { allEvents, ofType, sandboxPayBody, sandboxShopEnv } from '../../infra/testing/checkout.ts';
import { adminHeaders, call, startTestShop, type TestShop } from '../../infra/testing/shop.ts';

let now = Date.parse('2026-06-15T10:00:00.000Z');
const shop: TestShop = await startTestShop(sandboxShopEnv, { clock: () => new Date(now) });
const owner = await adminHeaders(shop);
test.after(() => shop.close());

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  call(`${shop.url}${path}`, { body, headers });
const get = (path: string, headers: Record<string, string> = {}) => call(`${shop.url}${path}`, { headers });

const withUk = (uk: Partial<DeliveryZone>): DeliveryZone[] =>
  seedShippingTable.zones.map((zone) => (zone.id === 'uk' ? { ...zone, ...uk } : zone));

const threeBooks = [
  { bookId: 1, quantity: 1 },
  { bookId: 2, quantity: 1 },
  { bookId: 3, quantity: 1 },
];

async function startCart(country: string) {
  const res = await post('/api/cart/checkout', { items: threeBooks, customerCountry: country });
  assert.is(res.status, 200, res.text);
  return res.json.sessionId as string;
}

async function payAndPlace(sessionId: string, country: string, optionId: string) {
  const paid = await post(
    `/api/sandbox/checkout-sessions/${sessionId}/pay`,
    sandboxPayBody({ country, shippingOptionId: optionId }),
  );
  assert.is(paid.status, 200, paid.text);
  const placed = ofType(await allEvents(shop), 'OrderPlaced').find((e) => e.data.orderId === sessionId);
  return placed!.data;
}

test('the seed answers as the spec: UK first, £3.50 at home, £5.00 elsewhere, whatever the number of books', async () => {
  const countries = await get('/api/shipping/countries');
  assert.equal(countries.json.countries, [
    'United Kingdom',
    'Australia',
    'Belgium',
    'Canada',
    'France',
    'Germany',
    'Italy',
    'Netherlands',
    'Spain',
    'United States',
  ]);
  for (const [country, quantity, cost] of [
    ['United Kingdom', 1, 350],
    ['United Kingdom', 3, 350],
    ['France', 2, 500],
    ['United States', 1, 500],
  ] as const)
    assert.equal(
      (await get(`/api/shipping/calculate?country=${encodeURIComponent(country)}&quantity=${quantity}`)).json,
      { shippingCost: cost },
    );
  const rates = (await get('/api/shipping/rates')).json as ShippingRatesResponse;
  assert.is(
    mixAndMatchShippingText(rates),
    'UK shipping is £3.50 for 1+ books. International rates are calculated at checkout.',
  );
  const japan = await get('/api/shipping/calculate?country=Japan&quantity=1');
  assert.is(japan.status, 400);
});

test('three books to France pay the France rate; to Leeds the UK rate; a cart without a destination starts nothing', async () => {
  const france = await payAndPlace(await startCart('FR'), 'FR', 'europe-shipping');
  assert.is(france.shippingCost, 500);
  const leeds = await payAndPlace(await startCart('GB'), 'GB', 'uk-shipping');
  assert.is(leeds.shippingCost, 350);
  const nowhere = await post('/api/cart/checkout', { items: threeBooks });
  assert.is(nowhere.status, 400);
  assert.equal(nowhere.json.issues, [{ field: 'customerCountry', message: 'Choose where the parcel goes' }]);
  const notServed = await post('/api/cart/checkout', { items: threeBooks, customerCountry: 'JP' });
  assert.is(notServed.status, 400);
  assert.match(notServed.json.message, /do not deliver to Japan/);
});

test('the owner changes the UK rate: a checkout started before keeps the old rate, one started after pays the new', async () => {
  const before = await startCart('GB');
  now += 60_000;
  const changed = await post(
    '/api/admin/shipping',
    {
      zones: withUk({
        bands: [
          { fromItems: 1, toItems: 2, pence: 399 },
          { fromItems: 3, toItems: null, pence: 499 },
        ],
      }),
      reason: 'Royal Mail prices went up',
    },
    owner,
  );
  assert.is(changed.status, 200, changed.text);
  const view = changed.json as AdminShippingResponse;
  assert.equal(
    view.history.map((v) => [v.by, v.reason, v.current]),
    [
      [shop.shop.deps.admin.username, 'Royal Mail prices went up', true],
      [null, '', false],
    ],
  );
  const after = await startCart('GB');
  now += 60_000;
  assert.is((await payAndPlace(before, 'GB', 'uk-shipping')).shippingCost, 350);
  const placedAfter = await payAndPlace(after, 'GB', 'uk-shipping');
  assert.is(placedAfter.shippingCost, 499);
  const flags = ofType(await allEvents(shop), 'OrderFlagged').filter((e) =>
    [before, after].includes((e.data as { orderId: string }).orderId),
  );
  assert.equal(flags, [], 'neither order is flagged: each paid the rate of its checkout');
  // The sentences follow the table.
  const rates = (await get('/api/shipping/rates')).json as ShippingRatesResponse;
  assert.is(
    mixAndMatchShippingText(rates),
    'UK shipping is £3.99 for 1-2 books and £4.99 for 3+ books. International rates are calculated at checkout.',
  );
  assert.equal((await get('/api/shipping/calculate?country=United%20Kingdom&quantity=1')).json, { shippingCost: 399 });
});

test('a bad table is a 400 naming the field, and nothing is stored', async () => {
  const head = await shop.shop.deps.events.headPosition();
  for (const [zones, field] of [
    [withUk({ countries: ['GB', 'QQ'] }), 'zones.0.countries.1'],
    [withUk({ countries: ['GB', 'FR'] }), 'zones.1.countries.3'],
    [withUk({ bands: [{ fromItems: 1, toItems: null, pence: -1 }] }), 'zones.0.bands.0.pence'],
    [withUk({ bands: [{ fromItems: 1, toItems: null, pence: 100_001 }] }), 'zones.0.bands.0.pence'],
    [
      withUk({
        bands: [
          { fromItems: 1, toItems: 3, pence: 300 },
          { fromItems: 2, toItems: null, pence: 400 },
        ],
      }),
      'zones.0.bands.1.fromItems',
    ],
  ] as const) {
    const res = await post('/api/admin/shipping', { zones }, owner);
    assert.is(res.status, 400, res.text);
    assert.ok(
      (res.json.issues as { field: string }[]).some((i) => i.field === field),
      `${field}: ${JSON.stringify(res.json.issues)}`,
    );
  }
  const past = await post('/api/admin/shipping', { zones: withUk({}), from: '2020-01-01T00:00:00.000Z' }, owner);
  assert.is(past.status, 400);
  assert.is(await shop.shop.deps.events.headPosition(), head, 'nothing was stored');
});

test('an auditor reads the delivery history and cannot change it', async () => {
  const created = await post('/api/admin/accounts', { username: 'auditor.ship', role: 'auditor' }, owner);
  assert.is(created.status, 201, created.text);
  const login = await post('/api/admin/login', { username: 'auditor.ship', password: created.json.password });
  const auditor = { authorization: `Bearer ${login.json.token as string}` };
  const read = await get('/api/admin/shipping', auditor);
  assert.is(read.status, 200, read.text);
  assert.ok((read.json as AdminShippingResponse).notServed.some((c) => c.code === 'JP'));
  const events = (await shop.shop.deps.events.readStream(shippingRatesStream)).length;
  const write = await post('/api/admin/shipping', { zones: withUk({}) }, auditor);
  assert.is(write.status, 403, write.text);
  assert.is((await shop.shop.deps.events.readStream(shippingRatesStream)).length, events);
});

test.run();
