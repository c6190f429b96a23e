// Holds against a flood (decision 061), on real servers: unpaid checkouts from one address or from many forged ones
// never show a paying shopper "out of stock" while copies are on the shelf, the last copies are never charged twice,
// the owner sees and releases holds, and with Stripe a hold taken over expires its page.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { CheckoutStarted } from '../../contracts/checkout/events.ts';
import { paymentExpiredMessage } from '../../contracts/checkout/sandboxPayments.ts';
import type { RecordedEvent } from '../../contracts/shared/events.ts';
import {
  notEnoughStockMessage,
  takenWhilePayingMessage,
  type AdminStockProduct,
  type StockLevel,
} from '../../contracts/stock/model.ts';
import { eventually } from '../../infra/testing/assert.ts';
import {
  allEvents,
  deliverWebhook,
  expectOk,
  ofType,
  sandboxPayBody,
  sandboxShopEnv,
  signedWebhook,
  stripePaidDetails,
  stripeShopFor,
} from '../../infra/testing/checkout.ts';
import { adminHeaders, call, floodLimits, startTestShop, type TestShop } from '../../infra/testing/shop.ts';

const poster = { bookId: 3, title: 'Alif to Ya: My Arabic Alphabet Poster' };

function client(shop: TestShop) {
  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    call(`${shop.url}${path}`, { body, headers });
  const from = (address?: string): Record<string, string> => (address ? { 'X-Forwarded-For': address } : {});
  return {
    post,
    cartCheckout: (quantity: number, address?: string, bookId = poster.bookId) =>
      post(
        '/api/cart/checkout',
        { items: [{ bookId, quantity, title: 'x', price: 1 }], customerCountry: 'GB' },
        from(address),
      ),
    pay: (sessionId: string, address?: string) =>
      post(`/api/sandbox/checkout-sessions/${sessionId}/pay`, sandboxPayBody(), from(address)),
    level: async (bookId = poster.bookId): Promise<StockLevel> =>
      ((await call(`${shop.url}/api/stock`)).json.products as StockLevel[]).find((p) => p.bookId === bookId)!,
    stock: async (admin: Record<string, string>, bookId = poster.bookId): Promise<AdminStockProduct> =>
      ((await call(`${shop.url}/api/admin/stock`, { headers: admin })).json.products as AdminStockProduct[]).find(
        (p) => p.bookId === bookId,
      )!,
    settled: async () => {
      await shop.shop.deps.effects.waitFor(await shop.shop.deps.events.headPosition(), 10_000);
      await shop.shop.deps.waiter.waitFor(await shop.shop.deps.events.headPosition(), 10_000);
    },
    checkoutIdOf: async (reference: string) =>
      (
        (await allEvents(shop)).find(
          (e) => e.type === 'CheckoutStarted' && e.data.paymentReference === reference,
        ) as RecordedEvent<CheckoutStarted>
      ).data.checkoutId,
    /** copies each placed order of the poster bought */
    ordersOfPoster: async () =>
      ofType(await allEvents(shop), 'OrderPlaced').filter((e) =>
        (e.data as { items: { bookId?: number }[] }).items.some((i) => i.bookId === poster.bookId),
      ),
  };
}

// The sandbox shop with the per-address request limits lifted: the holds alone must keep the flood from the shelf.
let now = Date.parse('2026-11-05T09:00:00.000Z');
const shop = await startTestShop({ ...sandboxShopEnv, RATE_LIMITS: floodLimits }, { clock: () => new Date(now) });
test.after(() => shop.close());
const admin = await adminHeaders(shop);
const c = client(shop);

test('100 unpaid checkouts of 10 posters from one address hold at most 10; a paying shopper is never told "out of stock" and buys', async () => {
  assert.is(
    (await c.post(`/api/admin/stock/${poster.bookId}/received`, { quantity: 30, note: 'print run' }, admin)).status,
    200,
  );
  const flood = await Promise.all(Array.from({ length: 100 }, () => c.cartCheckout(10)));
  expectOk(flood);
  const held = await c.stock(admin);
  assert.is(held.reserved, 10, 'the cap per address');
  assert.equal([held.onHand, held.available, held.forSale], [30, 20, 30]);
  assert.equal(await c.level(), { bookId: poster.bookId, state: 'available' });

  const shopper = await c.cartCheckout(1);
  assert.is(shopper.status, 200, shopper.text);
  assert.is((await c.pay(shopper.json.sessionId)).status, 200);
  await c.settled();
  assert.is((await c.stock(admin)).onHand, 29);
});

test('the last copies under a flood: shoppers and flooders pay at once, every copy is charged once, nobody twice, none flagged', async () => {
  const left = (await c.stock(admin)).onHand;
  assert.is(
    (
      await c.post(
        `/api/admin/stock/${poster.bookId}/corrections`,
        { delta: 3 - left, reason: 'sent to the bookshop' },
        admin,
      )
    ).status,
    200,
  );
  const flood = await Promise.all(Array.from({ length: 100 }, () => c.cartCheckout(1)));
  expectOk(flood);
  assert.equal(await c.level(), { bookId: poster.bookId, state: 'low', left: 3 });
  const shoppers = await Promise.all(Array.from({ length: 3 }, () => c.cartCheckout(1)));
  expectOk(shoppers);
  const before = (await c.ordersOfPoster()).length;
  // Three shoppers pay while thirty of the flood pay too and a hundred more checkouts start.
  const [paid] = await Promise.all([
    Promise.all([...shoppers, ...flood.slice(0, 30)].map((s) => c.pay(s.json.sessionId))),
    Promise.all(Array.from({ length: 100 }, () => c.cartCheckout(1))),
  ]);
  const charged = paid.filter((p) => p.status === 200).length;
  assert.is(charged, 3, paid.map((p) => `${p.status} ${p.text}`).join('\n'));
  // Others paid first (409), or the page was ended when its hold was taken over (410): nothing charged either way.
  for (const p of paid.filter((p) => p.status !== 200)) {
    assert.ok(
      (p.status === 409 && p.json.message === takenWhilePayingMessage(poster.title, 0)) ||
        (p.status === 410 && p.json.message === paymentExpiredMessage),
      `${p.status} ${p.text}`,
    );
  }
  await c.settled();
  const product = await c.stock(admin);
  assert.equal([product.onHand, product.shortfalls, product.holds.filter((h) => h.secured)], [0, [], []]);
  assert.is((await c.ordersOfPoster()).length - before, 3);
  // Now the shelf is empty, and only now is a shopper told so.
  const after = await c.cartCheckout(1);
  assert.equal([after.status, after.json.message], [409, notEnoughStockMessage(poster.title, 0)]);
});

test('the owner sees each hold with its age and releases it: one event, the copies free at once, and the page no longer takes payment', async () => {
  assert.is(
    (await c.post('/api/admin/stock/2/received', { quantity: 2, note: 'found in the back' }, admin)).status,
    200,
  );
  const started = await c.cartCheckout(2, undefined, 2);
  assert.is(started.status, 200, started.text);
  const checkoutId = await c.checkoutIdOf(started.json.sessionId);
  now += 7 * 60_000;
  const seen = await c.stock(admin, 2);
  assert.equal(
    seen.holds.map((h) => [h.checkoutId, h.quantity, h.ageSeconds, h.secured]),
    [[checkoutId, 2, 7 * 60, false]],
  );
  assert.is(seen.reserved, 2);

  assert.is((await c.post(`/api/admin/stock/2/holds/${checkoutId}/release`, {})).status, 401);
  const released = await c.post(`/api/admin/stock/2/holds/${checkoutId}/release`, {}, admin);
  assert.is(released.status, 200, released.text);
  assert.is(released.json.message, '2 copies of "Together We Shine" released back to the shelf');
  assert.equal(
    [
      released.json.product.reserved,
      released.json.product.holds,
      released.json.product.available,
      released.json.product.forSale,
    ],
    [0, [], 2, 2],
  );
  const events = ofType(await shop.shop.deps.events.readStream('stock-2'), 'StockHoldReleased');
  assert.equal(
    events.map((e) => [e.data.checkoutId, e.data.quantity, e.data.reason, e.data.by, e.metadata.causedBy]),
    [[checkoutId, 2, 'owner', 'admin', 'admin:admin']],
  );
  // The reactor expires the checkout's page: its shopper is told, not charged for copies that may be gone.
  await eventually(
    async () =>
      (await call(`${shop.url}/api/sandbox/checkout-sessions/${started.json.sessionId}`)).json.status === 'expired',
    10_000,
    'the page expired',
  );
  assert.is((await c.pay(started.json.sessionId)).status, 410);

  // Released again, an unknown checkout, a bad id, an unknown product: clear 404s, nothing recorded.
  const head = await shop.shop.deps.events.headPosition();
  const again = await c.post(`/api/admin/stock/2/holds/${checkoutId}/release`, {}, admin);
  assert.equal(
    [again.status, again.json.message],
    [404, 'This hold has already ended: its copies are back on the shelf'],
  );
  assert.is((await c.post('/api/admin/stock/2/holds/not-a-checkout/release', {}, admin)).status, 404);
  assert.is((await c.post(`/api/admin/stock/99/holds/${checkoutId}/release`, {}, admin)).status, 404);
  assert.is(await shop.shop.deps.events.headPosition(), head);
});

test('100 unpaid checkouts from 10 forged addresses behind TRUST_PROXY=1 (default limits): a shopper from elsewhere still buys a copy on the shelf, and no copy is sold twice', async () => {
  const proxied = await startTestShop({ ...sandboxShopEnv, TRUST_PROXY: '1' });
  try {
    const p = client(proxied);
    const owner = await adminHeaders(proxied);
    assert.is(
      (await p.post(`/api/admin/stock/${poster.bookId}/received`, { quantity: 3, note: 'the last box' }, owner)).status,
      200,
    );
    const flood = await Promise.all(Array.from({ length: 100 }, (_, i) => p.cartCheckout(1, `203.0.113.${i % 10}`)));
    expectOk(flood);
    const held = await p.stock(owner);
    assert.equal(
      [held.reserved, held.available, held.forSale],
      [3, 0, 3],
      'every copy held by the flood, every copy still for sale',
    );
    assert.equal(await p.level(), { bookId: poster.bookId, state: 'low', left: 3 });

    const shopper = await p.cartCheckout(1, '198.51.100.7');
    assert.is(shopper.status, 200, shopper.text);
    assert.is((await p.pay(shopper.json.sessionId, '198.51.100.7')).status, 200);
    await p.settled();
    const taken = ofType(await proxied.shop.deps.events.readStream(`stock-${poster.bookId}`), 'StockHoldReleased');
    assert.equal(
      taken.map((e) => e.data.reason),
      ['taken-over'],
      'the newest flood hold gave way',
    );

    // Ten more shoppers and the whole flood pay at once for the two copies left.
    const more = await Promise.all(Array.from({ length: 10 }, (_, i) => p.cartCheckout(1, `198.51.100.${20 + i}`)));
    expectOk(more);
    const paid = await Promise.all(
      [...more, ...flood].map((s, i) =>
        p.pay(s.json.sessionId, i < 10 ? `198.51.100.${20 + i}` : `203.0.113.${i % 10}`),
      ),
    );
    assert.is(
      paid.filter((a) => a.status === 200).length,
      2,
      paid
        .filter((a) => a.status !== 409)
        .map((a) => `${a.status} ${a.text}`)
        .join('\n'),
    );
    await p.settled();
    const product = await p.stock(owner);
    assert.equal([product.onHand, product.shortfalls], [0, []]);
    assert.is((await p.ordersOfPoster()).length, 3);
  } finally {
    await proxied.close();
  }
});

// Started with the file: uvu runs only the after-hooks registered before its tests start, and this one closes the shop.
const { fake, shop: stripe } = await stripeShopFor(test);

test('with Stripe: the page expires when the hold does, a payment takes over the newest hold and expires its page, and a page paid in that same moment is flagged, not oversold', async () => {
  const s = client(stripe);
  const owner = await adminHeaders(stripe);
  assert.is((await s.post('/api/admin/stock/1/received', { quantity: 1, note: 'one copy' }, owner)).status, 200);
  const first = await s.cartCheckout(1, undefined, 1);
  assert.is(first.status, 200, first.text);
  const asked = Number(
    fake.calls.find((call) => call.path === '/v1/checkout/sessions' && call.params['metadata[checkoutId]'])!.params
      .expires_at,
  );
  const minutes = (asked * 1000 - Date.now()) / 60_000;
  assert.ok(minutes > 29.9 && minutes < 31.5, `expires_at ${minutes} minutes ahead`);

  const second = await s.cartCheckout(1, undefined, 1);
  assert.is(second.status, 200, second.text);
  fake.pay(second.json.sessionId, { amount_total: 1349, shipping_cost: { amount_total: 350 }, ...stripePaidDetails });
  assert.is(
    (await deliverWebhook(stripe, signedWebhook('checkout.session.completed', second.json.sessionId))).status,
    200,
  );
  await s.settled();
  await eventually(
    async () => fake.objects.get(first.json.sessionId)?.status === 'expired',
    10_000,
    'the first page expired at Stripe',
  );

  // Stripe had already taken the first shopper's money in that same moment: the order is placed and flagged.
  fake.objects.get(first.json.sessionId)!.status = 'open';
  fake.pay(first.json.sessionId, { amount_total: 1349, shipping_cost: { amount_total: 350 }, ...stripePaidDetails });
  assert.is(
    (await deliverWebhook(stripe, signedWebhook('checkout.session.completed', first.json.sessionId))).status,
    200,
  );
  await s.settled();
  const product = await s.stock(owner, 1);
  assert.equal([product.onHand, product.shortfalls.map((f) => f.orderId)], [0, [first.json.sessionId]]);
  await eventually(
    async () => ofType(await stripe.shop.deps.events.readStream('stock-1'), 'StockShortfallAlerted').length === 1,
    10_000,
    'the owner e-mailed',
  );
});

test.run();
