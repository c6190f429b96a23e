import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { AdminOrder, OrderHistoryResponse } from '../../contracts/orders/console.ts';
import type { OrderCustomerDetailsAdded, OrderEvent } from '../../contracts/orders/events.ts';
import { allProjections } from '../../projections/index.ts';
import { verify } from '../../projections/engine/rebuild.ts';
import { Conflict, NotFound } from '../../contracts/shared/errors.ts';
import { assertRefused, commandOnLog, deciderSpec } from '../../infra/testing/decider.ts';
import { adminHeaders, call, startTestShop, type TestShop } from '../../infra/testing/shop.ts';
import { customerDetailsDecider, type AddCustomerDetails } from './customerDetails.ts';
import { orderPlacedData, placeOrders } from '../../infra/testing/exampleOrders.ts';
import { staleOrderMessage } from './orderStatus.ts';

const at = '2026-03-05T08:30:00.000Z';
const address = { line1: '7 Orchard Row', city: 'York', postcode: 'YO1 7HH', country: 'GB' };
const walletOrder = (): OrderEvent => ({
  type: 'OrderPlaced',
  data: orderPlacedData({
    orderId: 'o1',
    customerName: 'Website Customer',
    customerEmail: '',
    shippingAddress: 'To be provided during checkout',
  }),
});
const add = (offered: AddCustomerDetails['offered'], extra: Partial<AddCustomerDetails> = {}): AddCustomerDetails => ({
  type: 'AddCustomerDetails',
  orderId: 'o1',
  offered,
  reason: 'Buyer phoned with their address',
  by: 'owner',
  at,
  ...extra,
});
const added = (data: Partial<OrderCustomerDetailsAdded['data']>): OrderEvent => ({
  type: 'OrderCustomerDetailsAdded',
  data: { orderId: 'o1', source: 'owner', reason: 'Buyer phoned with their address', by: 'owner', at, ...data },
});

const { given } = deciderSpec(customerDetailsDecider);

test('the owner adds what an order lacks, with the reason, the admin and the time', () => {
  given([walletOrder()])
    .when(add({ customerName: 'Bilal Rahman', customerEmail: 'bilal@example.com', shippingAddress: address }))
    .then([added({ customerName: 'Bilal Rahman', customerEmail: 'bilal@example.com', shippingAddress: address })]);
});

test('the owner adds what an order still lacks after an earlier addition', () => {
  given([walletOrder(), added({ shippingAddress: address })])
    .when(add({ customerEmail: 'bilal@example.com' }))
    .then([added({ customerEmail: 'bilal@example.com' })]);
});

const verified = { type: 'OrderPlaced', data: orderPlacedData({ orderId: 'o1' }) } as OrderEvent;

test('a name on record is never replaced: the owner is told', () => {
  given([verified])
    .when(add({ customerName: 'Someone Else' }))
    .thenFails(Conflict, 'already has a name');
});

test('the same name as on record adds nothing: the owner is told', () => {
  given([verified])
    .when(add({ customerName: 'Maryam Hussain' }))
    .thenFails(Conflict, 'already has these details');
});

test('an address added by the owner is never replaced: the owner is told', () => {
  given([walletOrder(), added({ shippingAddress: address })])
    .when(add({ shippingAddress: { ...address, line1: '9 Elsewhere' } }))
    .thenFails(Conflict, 'already has an address');
});

test('an order that does not exist is not found; a stale screen is a conflict', async () => {
  given([])
    .when(add({ customerName: 'Bilal Rahman' }))
    .thenFails(NotFound);
  const history = [walletOrder(), added({ shippingAddress: address })];
  const stale = await commandOnLog(customerDetailsDecider, 'order-o1', history, add({ customerName: 'Bilal Rahman' }), {
    expectedRevision: 0,
    staleMessage: staleOrderMessage,
  });
  assert.ok('refused' in stale);
  assertRefused(stale.refused, Conflict, staleOrderMessage);
  const seen = await commandOnLog(customerDetailsDecider, 'order-o1', history, add({ customerName: 'Bilal Rahman' }), {
    expectedRevision: 1,
    staleMessage: staleOrderMessage,
  });
  assert.equal(seen, { events: [added({ customerName: 'Bilal Rahman' })], revision: 2 });
});

let shop: TestShop;
let owner: Record<string, string>;
const detailsOf = (id: string, body: unknown, headers = owner) =>
  call(`${shop.url}/api/admin/orders/${id}/customer`, { method: 'POST', body, headers });
const head = () => shop.shop.deps.events.headPosition();
const listed = async (id: string) =>
  ((await call(`${shop.url}/api/admin/orders`, { headers: owner })).json.orders as AdminOrder[]).find(
    (o) => o.orderId === id,
  )!;

test.before(async () => {
  shop = await startTestShop(
    { OWNER_EMAIL: 'owner@amanahhouse.co.uk', ADMIN_USERNAME: 'owner' },
    { clock: () => new Date(at) },
  );
  owner = await adminHeaders(shop, 'owner');
  await placeOrders(shop, [
    orderPlacedData({
      orderId: 'pi_wallet_one',
      customerName: 'Website Customer',
      customerEmail: '',
      shippingAddress: 'To be provided during checkout',
      status: 'completed',
    }),
    orderPlacedData({ orderId: 'pi_card_one', status: 'completed' }),
  ]);
});
test.after(async () => shop?.close());

test('POST /api/admin/orders/{id}/customer: 401 without a token, 400 without a reason or details, 404 for no order; nothing appended', async () => {
  const before = await head();
  const body = { name: 'Bilal Rahman', reason: 'Phoned' };
  assert.is((await detailsOf('pi_wallet_one', body, {})).status, 401);
  assert.is((await detailsOf('pi_wallet_one', body, { authorization: 'Bearer nope' })).status, 401);
  const noReason = await detailsOf('pi_wallet_one', { name: 'Bilal Rahman' });
  assert.is(noReason.status, 400);
  assert.is(noReason.json.message, 'Say why you are adding these details');
  const nothing = await detailsOf('pi_wallet_one', { reason: 'Phoned' });
  assert.is(nothing.status, 400);
  assert.is(nothing.json.message, 'Give a name, an email or an address to add');
  for (const bad of [
    { email: 'not an address', reason: 'x' },
    { address: { line1: '1 A St', city: 'York', postcode: 'YO1', country: 'ZZ' }, reason: 'x' },
    { address: 'somewhere', reason: 'x' },
    { name: 'x'.repeat(201), reason: 'x' },
    { name: 'Bilal', reason: 'x'.repeat(501) },
    { name: 'Bilal', reason: 'x', expectedRevision: -1 },
    [],
  ]) {
    const res = await detailsOf('pi_wallet_one', bad);
    assert.is(res.status, 400, JSON.stringify(bad));
    assert.is(res.json.success, false);
  }
  assert.is((await detailsOf('pi_nobody', body)).status, 404);
  assert.is((await detailsOf('bad id!', body)).status, 404);
  assert.is(await head(), before);
});

test("the owner completes a wallet order: the list, the history and the buyer's confirmation follow, once", async () => {
  const seen = await listed('pi_wallet_one');
  const res = await detailsOf('pi_wallet_one', {
    name: 'Bilal Rahman',
    email: 'bilal@example.com',
    address: { line1: '7 Orchard Row', line2: 'Flat 2', city: 'York', postcode: 'YO1 7HH', country: 'GB' },
    reason: 'Buyer replied to our e-mail with the address',
    expectedRevision: seen.revision,
  });
  assert.is(res.status, 200, res.text);
  assert.is(res.json.order.customerName, 'Bilal Rahman');
  assert.is(res.json.order.customerEmail, 'bilal@example.com');
  assert.is(res.json.order.shippingAddress, '7 Orchard Row, Flat 2, York, YO1 7HH, GB');
  assert.is(res.json.order.revision, seen.revision + 1);
  const history = (await call(`${shop.url}/api/admin/orders/pi_wallet_one/history`, { headers: owner }))
    .json as OrderHistoryResponse;
  assert.equal(history.history.at(-1), {
    kind: 'detailsAdded',
    revision: 1,
    position: history.history.at(-1)!.position,
    at,
    source: 'owner',
    customerName: 'Bilal Rahman',
    customerEmail: 'bilal@example.com',
    shippingAddress: '7 Orchard Row, Flat 2, York, YO1 7HH, GB',
    reason: 'Buyer replied to our e-mail with the address',
    by: 'owner',
  });
  const stream = await shop.shop.deps.events.readStream('order-pi_wallet_one');
  assert.is(stream.at(-1)!.metadata.causedBy, 'admin:owner');
  const mails = (await shop.shop.deps.events.readStream('notification-pi_wallet_one')).map(
    (e) => e.data as { kind: string; to: string },
  );
  assert.equal(
    mails.filter((m) => m.kind === 'order-confirmation').map((m) => m.to),
    ['bilal@example.com'],
  );
  const outbox = readdirSync(join(shop.dataDir, 'outbox')).map((f) =>
    readFileSync(join(shop.dataDir, 'outbox', f), 'utf8'),
  );
  assert.is(outbox.filter((text) => text.includes('Dear Bilal Rahman')).length, 1);

  // The same again (a double click) or from the screen before it: refused, nothing appended, nothing sent.
  const before = await head();
  const again = await detailsOf('pi_wallet_one', { name: 'Bilal Rahman', reason: 'again' });
  assert.is(again.status, 409);
  const stale = await detailsOf('pi_wallet_one', {
    name: 'Bilal Rahman',
    reason: 'again',
    expectedRevision: seen.revision,
  });
  assert.is(stale.status, 409);
  assert.is(stale.json.message, staleOrderMessage);
  assert.is(await head(), before);
});

test("an order placed with the provider's verified details cannot be overwritten by the owner", async () => {
  const before = await head();
  const res = await detailsOf('pi_card_one', { name: 'Someone Else', email: 'else@example.com', reason: 'Typo' });
  assert.is(res.status, 409);
  assert.is(
    res.json.message,
    'This order already has a name and an email address; details on record are not replaced.',
  );
  assert.is(await head(), before);
  assert.is((await listed('pi_card_one')).customerName, 'Maryam Hussain');
});

test('status changes still count the added details in the revision; the read models equal a rebuild', async () => {
  // A wallet order of its own, completed by the owner here, so this test needs nothing an earlier one did.
  await placeOrders(shop, [
    orderPlacedData({
      orderId: 'pi_wallet_two',
      customerName: 'Website Customer',
      customerEmail: '',
      shippingAddress: 'To be provided during checkout',
      status: 'completed',
    }),
  ]);
  const added = await detailsOf('pi_wallet_two', {
    name: 'Bilal Rahman',
    reason: 'Phoned',
    expectedRevision: (await listed('pi_wallet_two')).revision,
  });
  assert.is(added.status, 200, added.text);
  const order = await listed('pi_wallet_two');
  const res = await call(`${shop.url}/api/admin/orders/pi_wallet_two/status`, {
    method: 'POST',
    body: { status: 'processing', expectedRevision: order.revision },
    headers: owner,
  });
  assert.is(res.status, 200, res.text);
  assert.is(res.json.order.customerName, 'Bilal Rahman');
  assert.ok((await verify(shop.shop.deps.events, shop.shop.deps.reads, allProjections)).match);
});

test.run();
