// The owner's VAT settings through the API (decision 069): bad numbers and rates are refused and change nothing, an
// auditor reads but cannot change them, an unregistered shop shows and records no VAT, and an order keeps the VAT it
// was placed with after a rate change and after the read models are rebuilt.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { OrderPlaced } from '../../contracts/orders/events.ts';
import type { RecordedEvent } from '../../contracts/shared/events.ts';
import { orderStream, vatSettingsStream } from '../../contracts/shared/streams.ts';
import type { VatSettingsResponse } from '../../contracts/vat/model.ts';
import { paidCartCheckout, sandboxShopEnv } from '../../infra/testing/checkout.ts';
import { adminHeaders, call, startTestShop, type TestShop } from '../../infra/testing/shop.ts';

// The shop's clock: a summer's day in the UK, so a sale's UK day is known.
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

async function placedOrder(shop: TestShop, items: { bookId: number; quantity: number }[]) {
  const sessionId = await paidCartCheckout(shop, items);
  const stream = await shop.shop.deps.events.readStream(orderStream(sessionId));
  return stream.find((e): e is RecordedEvent<OrderPlaced> => e.type === 'OrderPlaced')!;
}

const settingsOf = async (shop: TestShop, headers: Record<string, string>) => {
  const res = await call(`${shop.url}/api/admin/vat`, { headers });
  assert.is(res.status, 200, res.text);
  return res.json as VatSettingsResponse;
};

test('an unregistered shop: the settings say so, every product shows its catalog rate, and an order carries no VAT', async () => {
  const { shop, owner } = await shopWithOwner();
  const settings = await settingsOf(shop, owner);
  assert.is(settings.today, '2026-06-15');
  assert.is(settings.registered, false);
  assert.is(settings.registration, null);
  assert.equal(
    settings.products.map((p) => [p.bookId, p.rate, p.charged, p.history.length, p.history[0]!.source]),
    [
      [1, 0, 0, 1, 'catalog'],
      [2, 0, 0, 1, 'catalog'],
      [3, 2000, 0, 1, 'catalog'],
    ],
  );
  const order = await placedOrder(shop, [
    { bookId: 1, quantity: 1 },
    { bookId: 3, quantity: 1 },
  ]);
  assert.is(order.data.total, 2348);
  assert.not.ok('vat' in order.data);
});

test('a bad VAT number, a bad day or a rate outside 0–10000 is a 400 that stores nothing; an unknown product is a 404', async () => {
  const { shop, owner } = await shopWithOwner();
  const head = await shop.shop.deps.events.headPosition();
  const post = (path: string, body: unknown) => call(`${shop.url}${path}`, { body, headers: owner });
  const refusals: [string, unknown, number, RegExp][] = [
    [
      '/api/admin/vat/registration',
      { vatNumber: 'GB365684515', registeredFrom: '2026-04-01' },
      400,
      /GB then 9 digits/,
    ],
    ['/api/admin/vat/registration', { vatNumber: 'FR12345678901', registeredFrom: '2026-04-01' }, 400, /UK VAT number/],
    ['/api/admin/vat/registration', { vatNumber: 'GB365684514', registeredFrom: '2026-02-30' }, 400, /YYYY-MM-DD/],
    ['/api/admin/vat/registration', { registeredFrom: '2026-04-01' }, 400, /VAT number/],
    ['/api/admin/vat/rates/3', { from: '2026-07-01', rate: 10001 }, 400, /0 \(0%\) to 10000/],
    ['/api/admin/vat/rates/3', { from: '2026-07-01', rate: -1 }, 400, /basis points/],
    ['/api/admin/vat/rates/3', { from: '2026-07-01', rate: 17.5 }, 400, /whole number/],
    ['/api/admin/vat/rates/3', { from: '1 July', rate: 2000 }, 400, /YYYY-MM-DD/],
    ['/api/admin/vat/rates/99', { from: '2026-07-01', rate: 2000 }, 404, /no product/],
    ['/api/admin/vat/deregistration', { from: '2026-07-01' }, 409, /not registered/],
  ];
  for (const [path, body, status, message] of refusals) {
    const res = await post(path, body);
    assert.is(res.status, status, `${path} ${JSON.stringify(body)}: ${res.text}`);
    assert.match(res.json.message, message);
  }
  assert.is(await shop.shop.deps.events.headPosition(), head, 'nothing was stored');
  assert.equal(await shop.shop.deps.events.readStream(vatSettingsStream), []);
});

test('an auditor reads the VAT settings and cannot change them', async () => {
  const { shop, owner } = await shopWithOwner();
  const created = await call(`${shop.url}/api/admin/accounts`, {
    body: { username: 'auditor.vat', role: 'auditor' },
    headers: owner,
  });
  assert.is(created.status, 201, created.text);
  const login = await call(`${shop.url}/api/admin/login`, {
    body: { username: 'auditor.vat', password: created.json.password },
  });
  const auditor = { authorization: `Bearer ${login.json.token as string}` };
  assert.is((await settingsOf(shop, auditor)).registered, false);
  const head = await shop.shop.deps.events.headPosition();
  for (const [path, body] of [
    ['/api/admin/vat/registration', { vatNumber: 'GB 365 6845 14', registeredFrom: '2026-04-01' }],
    ['/api/admin/vat/deregistration', { from: '2026-07-01' }],
    ['/api/admin/vat/rates/3', { from: '2026-07-01', rate: 500 }],
  ] as const) {
    const res = await call(`${shop.url}${path}`, { body, headers: auditor });
    assert.is(res.status, 403, `${path}: ${res.text}`);
  }
  assert.is(await shop.shop.deps.events.headPosition(), head);
});

test('registered: orders carry VAT; a rate change applies to later orders only, and a rebuild changes no order', async () => {
  const { shop, owner } = await shopWithOwner();
  const registered = await call(`${shop.url}/api/admin/vat/registration`, {
    body: { vatNumber: 'gb 365 6845 14', registeredFrom: '2026-04-01' },
    headers: owner,
  });
  assert.is(registered.status, 200, registered.text);
  assert.is(registered.json.message, 'Registered for VAT as GB365684514 from 1 April 2026');
  const settings = registered.json.settings as VatSettingsResponse;
  assert.is(settings.registered, true);
  assert.equal(settings.registration, {
    vatNumber: 'GB365684514',
    from: '2026-04-01',
    until: null,
    by: 'admin',
    at: '2026-06-15T10:00:00.000Z',
  });
  assert.equal(
    settings.products.map((p) => p.charged),
    [0, 0, 2000],
  );
  // Registering again with the same number and day changes nothing; another number while registered is refused.
  const head = await shop.shop.deps.events.headPosition();
  const again = await call(`${shop.url}/api/admin/vat/registration`, {
    body: { vatNumber: 'GB365684514', registeredFrom: '2026-04-01' },
    headers: owner,
  });
  assert.is(again.status, 200);
  const other = await call(`${shop.url}/api/admin/vat/registration`, {
    body: { vatNumber: 'GB339072747', registeredFrom: '2026-05-01' },
    headers: owner,
  });
  assert.is(other.status, 409, other.text);
  assert.is(await shop.shop.deps.events.headPosition(), head);

  // A book and the poster to a UK address: the poster's 167p and 29p of its share of the delivery (see
  // service/checkout/orderVat.test.ts for the whole hand calculation).
  const before = await placedOrder(shop, [
    { bookId: 1, quantity: 1 },
    { bookId: 3, quantity: 1 },
  ]);
  assert.equal(before.data.vat?.totals, { gross: 2348, vat: 196, net: 2152 });
  assert.is(before.data.vat?.vatNumber, 'GB365684514');

  // The poster at 5% from today: the order placed before keeps its 20%.
  const changed = await call(`${shop.url}/api/admin/vat/rates/3`, {
    body: { from: '2026-06-15', rate: 500 },
    headers: owner,
  });
  assert.is(changed.status, 200, changed.text);
  assert.is(changed.json.message, '"Alif to Ya: My Arabic Alphabet Poster" is rated 5% from 15 June 2026');
  const poster = (changed.json.settings as VatSettingsResponse).products.find((p) => p.bookId === 3)!;
  assert.equal(
    poster.history.map((h) => [h.from, h.rate, h.source]),
    [
      ['2000-01-01', 2000, 'catalog'],
      ['2026-06-15', 500, 'owner'],
    ],
  );
  const after = await placedOrder(shop, [
    { bookId: 1, quantity: 1 },
    { bookId: 3, quantity: 1 },
  ]);
  // 5%: poster 999 × 500 / 10500 = 47.57 → 48; its delivery share 175 × 500 / 10500 = 8.33 → 8.
  assert.equal(after.data.vat?.totals, { gross: 2348, vat: 56, net: 2292 });

  const reread = async () =>
    (await shop.shop.deps.events.readStream(orderStream(before.data.orderId))).find((e) => e.type === 'OrderPlaced')!
      .data;
  assert.equal(await reread(), before.data);
  const rebuild = shop.shop.deps.rebuildReadModels?.();
  assert.ok(rebuild?.started, 'a rebuild started');
  await rebuild.done;
  assert.equal(await reread(), before.data, 'the order keeps the VAT it was placed with');
  const order = await call(`${shop.url}/api/admin/orders/${before.data.orderId}`, { headers: owner });
  assert.is(order.status, 200, order.text);
  assert.is(order.json.order.totalAmount, 2348);
});

test('deregistering: from its day orders carry no VAT; its day must come after the registration began', async () => {
  const { shop, owner } = await shopWithOwner();
  const post = (path: string, body: unknown) => call(`${shop.url}${path}`, { body, headers: owner });
  assert.is(
    (await post('/api/admin/vat/registration', { vatNumber: 'GB339072747', registeredFrom: '2026-05-01' })).status,
    200,
  );
  const early = await post('/api/admin/vat/deregistration', { from: '2026-05-01' });
  assert.is(early.status, 400, early.text);
  const ended = await post('/api/admin/vat/deregistration', { from: '2026-06-15' });
  assert.is(ended.status, 200, ended.text);
  assert.is(ended.json.message, 'No longer registered for VAT from 15 June 2026');
  const settings = ended.json.settings as VatSettingsResponse;
  assert.is(settings.registered, false);
  assert.is(settings.registration, null);
  assert.equal(
    settings.registrations.map((r) => [r.vatNumber, r.from, r.until]),
    [['GB339072747', '2026-05-01', '2026-06-15']],
  );
  const order = await placedOrder(shop, [{ bookId: 3, quantity: 1 }]);
  assert.not.ok('vat' in order.data);
});

test.run();
