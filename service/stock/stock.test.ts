import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { CheckoutStarted } from '../../contracts/checkout/events.ts';
import type { RecordedEvent } from '../../contracts/shared/events.ts';
import {
  notEnoughStockMessage,
  takenWhilePayingMessage,
  type AdminStockProduct,
  type StockLevel,
} from '../../contracts/stock/model.ts';
import { paymentExpiredMessage } from '../../contracts/checkout/sandboxPayments.ts';
import { rebuild } from '../../projections/engine/rebuild.ts';
import { listStock, stockProjection } from '../../projections/stock/stock.ts';
import { createMemoryReadStore } from '../../infra/readstore/memoryReadStore.ts';
import { eventually } from '../../infra/testing/assert.ts';
import {
  allEvents,
  cardFormBody,
  expectOk,
  ofType,
  outboxFiles,
  sandboxPayBody,
  sandboxShopEnv,
} from '../../infra/testing/checkout.ts';
import { adminHeaders, call, floodLimits, startTestShop } from '../../infra/testing/shop.ts';

// One shop whose clock the tests move on, to let holds run out.
let now = Date.parse('2026-11-02T10:00:00.000Z');
const shop = await startTestShop({ ...sandboxShopEnv, RATE_LIMITS: floodLimits }, { clock: () => new Date(now) });
test.after(() => shop.close());
const admin = await adminHeaders(shop);

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  call(`${shop.url}${path}`, { body, headers });
const received = (bookId: number | string, quantity: number) =>
  post(`/api/admin/stock/${bookId}/received`, { quantity, note: 'print run' }, admin);
const correct = (bookId: number, delta: number, reason: string) =>
  post(`/api/admin/stock/${bookId}/corrections`, { delta, reason }, admin);
const cartCheckout = (bookId: number, quantity = 1) =>
  post('/api/cart/checkout', { items: [{ bookId, quantity, title: 'x', price: 1 }], customerCountry: 'GB' });
const pay = (sessionId: string) => post(`/api/sandbox/checkout-sessions/${sessionId}/pay`, sandboxPayBody());
const adminStock = async (bookId: number): Promise<AdminStockProduct> =>
  ((await call(`${shop.url}/api/admin/stock`, { headers: admin })).json.products as AdminStockProduct[]).find(
    (p) => p.bookId === bookId,
  )!;
const level = async (bookId: number): Promise<StockLevel> =>
  ((await call(`${shop.url}/api/stock`)).json.products as StockLevel[]).find((p) => p.bookId === bookId)!;
const refusedUncharged = (answer: { status: number; json: { message?: string } }) =>
  (answer.status === 409 && answer.json.message === takenWhilePayingMessage('The Kindness Basket', 0)) ||
  (answer.status === 410 && answer.json.message === paymentExpiredMessage);
const stockEvents = async (bookId: number) => shop.shop.deps.events.readStream(`stock-${bookId}`);
const checkoutIdOf = async (sessionId: string) =>
  (
    (await allEvents(shop)).find(
      (e) => e.type === 'CheckoutStarted' && e.data.paymentReference === sessionId,
    ) as RecordedEvent<CheckoutStarted>
  ).data.checkoutId;
/** Waits until the reactor has acted on everything in the log so far, and the read models have folded what it wrote. */
const settled = async () => {
  await shop.shop.deps.effects.waitFor(await shop.shop.deps.events.headPosition(), 10_000);
  await shop.shop.deps.waiter.waitFor(await shop.shop.deps.events.headPosition(), 10_000);
};
/** Brings a product's shelf to exactly `copies`, its stock recorded, whatever the tests before left there. */
const shelve = async (bookId: number, copies: number) => {
  await settled();
  const product = await adminStock(bookId);
  let onHand = product.onHand;
  if (!product.tracked || onHand < copies) {
    const quantity = Math.max(copies - onHand, 1);
    assert.is((await received(bookId, quantity)).status, 200);
    onHand += quantity;
  }
  if (onHand > copies) assert.is((await correct(bookId, copies - onHand, 'stock count')).status, 200);
};

test('20 shoppers race for the last 5 copies: all 20 start (5 hold), 20 pay at once, exactly 5 are charged and 15 told plainly; the read model equals a rebuild', async () => {
  assert.is((await received(1, 5)).status, 200);
  const answers = await Promise.all(Array.from({ length: 20 }, () => cartCheckout(1)));
  expectOk(answers);
  assert.is(ofType(await stockEvents(1), 'StockHeld').length, 5);
  // Every copy is held, none is paid for: the storefront still offers all five.
  assert.equal(await level(1), { bookId: 1, state: 'available' });

  const paid = await Promise.all(answers.map((a) => pay(a.json.sessionId)));
  const ok = paid.filter((p) => p.status === 200);
  const refused = paid.filter((p) => p.status !== 200);
  assert.is(ok.length, 5, paid.map((p) => `${p.status} ${p.text}`).join('\n'));
  assert.is(refused.length, 15);
  // Others paid first (409), or the page was ended when its hold was taken over (410): nothing charged either way.
  for (const r of refused) assert.ok(refusedUncharged(r), `${r.status} ${r.text}`);
  // The refused pages were not charged: their sessions are still open.
  for (const [i, p] of paid.entries()) {
    const session = await call(`${shop.url}/api/sandbox/checkout-sessions/${answers[i]!.json.sessionId}`);
    assert.is(session.json.status, p.status === 200 ? 'paid' : 'open');
  }
  await settled();
  const product = await adminStock(1);
  assert.equal([product.onHand, product.shortfalls.length], [0, 0]);
  assert.is(ofType(await stockEvents(1), 'StockSold').length, 5);
  assert.equal(await level(1), { bookId: 1, state: 'out', left: 0 });

  await shop.shop.deps.waiter.waitFor(await shop.shop.deps.events.headPosition(), 10_000);
  const rebuilt = createMemoryReadStore('stock-rebuild');
  await rebuild(shop.shop.deps.events, rebuilt, [stockProjection]);
  assert.equal(await listStock(shop.shop.deps.reads), await listStock(rebuilt));
});

test('a paid order takes its copies; cancelling the order gives them back; one low-stock e-mail per fall', async () => {
  assert.is((await received(2, 6)).status, 200);
  const started = await cartCheckout(2, 2);
  assert.is(started.status, 200, started.text);
  // Held is not sold: the storefront counts the held copies as on the shelf.
  assert.equal(await level(2), { bookId: 2, state: 'available' });
  assert.is((await pay(started.json.sessionId)).status, 200);
  await settled();
  let product = await adminStock(2);
  assert.equal([product.onHand, product.reserved, product.available, product.forSale], [4, 0, 4, 4]);
  await eventually(
    async () => ofType(await stockEvents(2), 'LowStockAlerted').length === 1,
    10_000,
    'the low-stock alert',
  );
  const lowMails = () =>
    outboxFiles(shop).filter((f) =>
      readFileSync(join(shop.dataDir, 'outbox', f), 'utf8').includes('4 copies are left on the shelf'),
    );
  assert.is(lowMails().length, 1);

  // A second sale below the threshold is no new fall: no second e-mail.
  const again = await cartCheckout(2, 1);
  assert.is((await pay(again.json.sessionId)).status, 200);
  await settled();
  assert.is(ofType(await stockEvents(2), 'LowStockAlerted').length, 1);

  // The owner cancels the first order: its two copies come back.
  const orderId = started.json.sessionId;
  const revisionOf = async (id: string) => (await shop.shop.deps.events.readStream(`order-${id}`)).at(-1)!.revision;
  const cancel = await post(
    `/api/admin/orders/${orderId}/status`,
    { status: 'cancelled', notes: 'changed their mind', expectedRevision: await revisionOf(orderId) },
    admin,
  );
  assert.is(cancel.status, 200, cancel.text);
  await settled();
  product = await adminStock(2);
  assert.is(product.onHand, 5);
  assert.equal(
    product.movements.slice(0, 3).map((m) => [m.kind, m.quantity]),
    [
      ['returned', 2],
      ['sold', -1],
      ['sold', -2],
    ],
  );
  // Undoing the cancellation (confirmed, as the console asks) takes them again.
  assert.is(
    (
      await post(
        `/api/admin/orders/${orderId}/status`,
        { status: 'processing', expectedRevision: await revisionOf(orderId), confirmBackward: true },
        admin,
      )
    ).status,
    200,
  );
  await settled();
  assert.is((await adminStock(2)).onHand, 3);
  // That fell from 5 to 3: below the threshold again, so a second e-mail.
  await eventually(
    async () => ofType(await stockEvents(2), 'LowStockAlerted').length === 2,
    10_000,
    'the second low-stock alert',
  );
  // A correction below the threshold after climbing over it is a new fall: a second e-mail.
  assert.is((await received(2, 4)).status, 200);
  assert.is((await correct(2, -3, 'two damaged in the post, one given to the school')).status, 200);
  await settled();
  await eventually(
    async () => ofType(await stockEvents(2), 'LowStockAlerted').length === 3,
    10_000,
    'the third low-stock alert',
  );
});

test('a cancelled checkout lets its copies go at once; a checkout that finds every copy held starts without a hold', async () => {
  assert.is((await received(3, 2)).status, 200);
  const started = await cartCheckout(3, 2);
  assert.is(started.status, 200);
  assert.equal(await level(3), { bookId: 3, state: 'low', left: 2 });
  assert.is((await cartCheckout(3, 1)).status, 200);
  const held = await adminStock(3);
  assert.equal([held.reserved, held.holds.length, held.holds[0]!.quantity], [2, 1, 2]);
  const checkoutId = await checkoutIdOf(started.json.sessionId);
  assert.is(held.holds[0]!.checkoutId, checkoutId);
  assert.is((await post('/api/checkout/cancel', { checkoutId })).status, 200);
  await settled();
  assert.equal([(await adminStock(3)).reserved, (await adminStock(3)).holds], [0, []]);
});

test('a hold ends with its payment page: past it the page refuses payment (410, nothing charged) and the copies are free, with no event needed', async () => {
  await shelve(3, 1);
  const first = await cartCheckout(3, 1);
  assert.is(first.status, 200, first.text);
  const firstId = await checkoutIdOf(first.json.sessionId);
  const hold = (await adminStock(3)).holds.find((h) => h.checkoutId === firstId);
  assert.is(Date.parse(hold!.expiresAt) - now, (30 + 2) * 60_000, "the page's 30 minutes and a 2-minute grace");
  const page = await call(`${shop.url}/api/sandbox/checkout-sessions/${first.json.sessionId}`);
  assert.is(Date.parse(page.json.expiresAt) - now, 30 * 60_000);
  now += 31 * 60_000;
  assert.is((await call(`${shop.url}/api/sandbox/checkout-sessions/${first.json.sessionId}`)).json.status, 'expired');
  const late = await pay(first.json.sessionId);
  assert.equal(
    [late.status, late.json.message],
    [
      410,
      'This payment page has expired and your card has not been charged. Please start the checkout again from your basket.',
    ],
  );
  now += 2 * 60_000;
  assert.equal((await adminStock(3)).holds, []);
  const second = await cartCheckout(3, 1);
  assert.is((await pay(second.json.sessionId)).status, 200);
  await settled();
  const after = await adminStock(3);
  assert.equal([after.onHand, after.shortfalls], [0, []]);
});

test('a product whose stock was never recorded sells without limit, and orders before recording take nothing', async () => {
  const fresh = await startTestShop({ ...sandboxShopEnv, RATE_LIMITS: floodLimits });
  try {
    const started = await call(`${fresh.url}/api/cart/checkout`, {
      body: { items: [{ bookId: 1, quantity: 10 }], customerCountry: 'GB' },
    });
    assert.is(started.status, 200, started.text);
    assert.is(
      (
        await call(`${fresh.url}/api/sandbox/checkout-sessions/${started.json.sessionId}/pay`, {
          body: sandboxPayBody(),
        })
      ).status,
      200,
    );
    const levels = (await call(`${fresh.url}/api/stock`)).json.products as StockLevel[];
    assert.equal(
      levels.map((l) => l.state),
      ['available', 'available', 'available'],
    );
    const headers = await adminHeaders(fresh);
    assert.is((await call(`${fresh.url}/api/admin/stock/1/received`, { body: { quantity: 3 }, headers })).status, 200);
    await fresh.shop.deps.effects.waitFor(await fresh.shop.deps.events.headPosition(), 10_000);
    const product = (
      (await call(`${fresh.url}/api/admin/stock`, { headers })).json.products as AdminStockProduct[]
    )[0]!;
    assert.equal([product.tracked, product.onHand], [true, 3]);
  } finally {
    await fresh.close();
  }
});

test('the card and wallet payment intents and the direct checkout session refuse a book with no copies left (409, what is left)', async () => {
  await shelve(1, 0);
  assert.is((await adminStock(1)).onHand, 0);
  const message = notEnoughStockMessage('The Kindness Basket', 0);
  const card = await post('/api/create-payment-intent', cardFormBody('GB'));
  assert.equal([card.status, card.json.message], [409, message]);
  const wallet = await post('/api/create-payment-intent', { amount: 999 + 350, country: 'GB' });
  assert.equal([wallet.status, wallet.json.message], [409, message]);
  const direct = await post('/api/create-checkout-session', {
    customerCountry: 'GB',
    items: [
      { title: 'The Kindness Basket', description: 'Purchase of The Kindness Basket', price: '9.99', quantity: 1 },
    ],
  });
  assert.equal([direct.status, direct.json.message], [409, message]);
  // Copies received again: the same card form starts its payment.
  assert.is((await received(1, 1)).status, 200);
  assert.is((await post('/api/create-payment-intent', cardFormBody('GB'))).status, 200);
});

test("the owner's stock requests: bad input is a 400 naming the field, an unknown product 404, no token 401; nothing is stored", async () => {
  const before = (await allEvents(shop)).length;
  const cases: Array<[string, unknown, number]> = [
    ['/api/admin/stock/1/received', { quantity: 0 }, 400],
    ['/api/admin/stock/1/received', { quantity: 2.5 }, 400],
    ['/api/admin/stock/1/received', { quantity: '3' }, 400],
    ['/api/admin/stock/1/corrections', { delta: -1 }, 400],
    ['/api/admin/stock/1/corrections', { delta: 0, reason: 'x' }, 400],
    ['/api/admin/stock/99/received', { quantity: 1 }, 404],
    ['/api/admin/stock/abc/received', { quantity: 1 }, 404],
    ['/api/admin/stock/1/corrections', { delta: -1_000, reason: 'lost' }, 409],
  ];
  for (const [path, body, status] of cases)
    assert.is((await post(path, body, admin)).status, status, `${path} ${JSON.stringify(body)}`);
  assert.is((await post('/api/admin/stock/1/received', { quantity: 1 })).status, 401);
  assert.is((await allEvents(shop)).length, before);
});

test('an order refunded in full gives its copies back; a part refund does not', async () => {
  assert.is((await received(3, 6)).status, 200);
  const started = await cartCheckout(3, 2);
  assert.is(started.status, 200, started.text);
  assert.is((await pay(started.json.sessionId)).status, 200);
  await settled();
  assert.is((await adminStock(3)).onHand, 4);
  const orderId: string = started.json.sessionId;
  const revision = async () =>
    (
      (await call(`${shop.url}/api/admin/orders`, { headers: admin })).json.orders as {
        orderId: string;
        revision: number;
      }[]
    ).find((o) => o.orderId === orderId)!.revision;
  const refund = async (amount: number) =>
    post(
      `/api/admin/orders/${orderId}/refunds`,
      { amount, reason: 'the parcel was lost', expectedRevision: await revision() },
      admin,
    );
  assert.is((await refund(500)).status, 202);
  await settled();
  assert.is((await adminStock(3)).onHand, 4, 'a part refund keeps the copies with the order');
  const total = (
    (await call(`${shop.url}/api/admin/orders`, { headers: admin })).json.orders as {
      orderId: string;
      totalAmount: number;
      refunded: number;
    }[]
  ).find((o) => o.orderId === orderId)!;
  const rest = await refund(total.totalAmount - 500);
  assert.is(rest.status, 202, rest.text);
  await settled();
  await eventually(async () => (await adminStock(3)).onHand === 6, 10_000, 'the copies back on the shelf');
  assert.equal((await adminStock(3)).movements[0]!.kind, 'returned');
});

test('a refund of lines with their copies back puts them on the shelf, once, named by the refund and the owner', async () => {
  await shelve(2, 6);
  const started = await cartCheckout(2, 3);
  assert.is(started.status, 200, started.text);
  assert.is((await pay(started.json.sessionId)).status, 200);
  await settled();
  assert.is((await adminStock(2)).onHand, 3);
  const orderId: string = started.json.sessionId;
  const current = async () =>
    (
      (await call(`${shop.url}/api/admin/orders`, { headers: admin })).json.orders as {
        orderId: string;
        revision: number;
        refunds: { refundId: string; restock?: boolean; lines: unknown }[];
      }[]
    ).find((o) => o.orderId === orderId)!;
  const refund = async (body: Record<string, unknown>) =>
    post(
      `/api/admin/orders/${orderId}/refunds`,
      { reason: 'two copies came back unread', expectedRevision: (await current()).revision, ...body },
      admin,
    );
  // Copies back only with lines.
  const withAmount = await refund({ amount: 500, restock: true });
  assert.is(withAmount.status, 400, withAmount.text);
  assert.match(withAmount.json.message, 'only with a refund of lines');

  const answer = await refund({ lines: [{ line: 0, quantity: 2 }], restock: true });
  assert.is(answer.status, 202, answer.text);
  const refundId: string = answer.json.refund.refundId;
  assert.is(answer.json.refund.restock, true);
  await settled();
  await eventually(async () => (await adminStock(2)).onHand === 5, 10_000, 'two copies back on the shelf');
  const restocked = (await stockEvents(2)).filter((e) => e.type === 'StockRestocked');
  assert.equal(
    restocked.map((e) => e.data),
    [
      {
        bookId: 2,
        orderId,
        refundId,
        quantity: 2,
        by: shop.shop.deps.admin.username,
        sourcePosition: (restocked[0]!.data as { sourcePosition: number }).sourcePosition,
        at: (restocked[0]!.data as { at: string }).at,
      },
    ],
  );
  const movement = (await adminStock(2)).movements[0]!;
  assert.equal([movement.kind, movement.quantity, movement.by], ['returned', 2, shop.shop.deps.admin.username]);
  assert.equal(
    (await current()).refunds.map((r) => r.restock),
    [true],
  );

  // The third copy may come back too; after it there is nothing left to refund or put back.
  const third = await refund({ lines: [{ line: 0, quantity: 1 }], restock: true });
  assert.is(third.status, 202, third.text);
  await settled();
  await eventually(async () => (await adminStock(2)).onHand === 6, 10_000, 'the third copy back');
  const none = await refund({ lines: [{ line: 0, quantity: 1 }], restock: true });
  assert.is(none.status, 409, none.text);
});

test.run();
