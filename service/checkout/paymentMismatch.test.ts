// Money that does not match is never left unseen (decision 102), with the Stripe adapter against the local Stripe-like
// server: a Checkout paid short becomes an order flagged "payment does not match", the owner is e-mailed once and the
// shopper told the shop will be in touch; the console refunds it in full or accepts it. A payment in another currency
// cannot be an order: it is recorded on its own stream and the same two e-mails go.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { AdminOrder } from '../../contracts/orders/console.ts';
import { eventually } from '../../infra/testing/assert.ts';
import {
  allEvents,
  deliverWebhook,
  orderAndEmails,
  signedWebhook,
  stripePaidDetails,
  stripeShopFor,
} from '../../infra/testing/checkout.ts';
import { adminHeaders, call } from '../../infra/testing/shop.ts';

const { fake, shop } = await stripeShopFor(test, { OWNER_EMAIL: 'owner@amanahhouse.co.uk' });
const auth = await adminHeaders(shop);
const post = (path: string, body: unknown) => call(`${shop.url}${path}`, { body });
const adminOrder = async (id: string): Promise<AdminOrder> =>
  (await call(`${shop.url}/api/admin/orders/${id}`, { headers: auth })).json.order;

/** A cart checkout of one book to the UK (£9.99 + £3.50), paid on Stripe's page for `amount` in `currency`. */
async function paidAs(amount: number, currency = 'gbp'): Promise<string> {
  const res = await post('/api/cart/checkout', { items: [{ bookId: 1, quantity: 1 }], customerCountry: 'GB' });
  assert.is(res.status, 200, res.text);
  const sessionId: string = res.json.sessionId;
  fake.pay(sessionId, { amount_total: amount, currency, shipping_cost: { amount_total: 350 }, ...stripePaidDetails });
  return sessionId;
}

const mailsOf = async (reference: string) => (await orderAndEmails(shop, reference)).mails;

test('a Checkout paid £5 short is an order flagged "payment does not match": one owner e-mail, the shopper told', async () => {
  const sessionId = await paidAs(849);
  // Reported three times over: one order, one flag.
  for (let i = 0; i < 3; i++) {
    const answer = await deliverWebhook(shop, signedWebhook('checkout.session.completed', sessionId));
    assert.is(answer.status, 200, answer.text);
  }
  const confirm = await post('/api/checkout/confirm', { sessionId });
  assert.is(confirm.status, 200, confirm.text);
  const { order, orderEvents } = await orderAndEmails(shop, sessionId);
  assert.is(order?.total, 849);
  const flags = orderEvents.filter((e) => e.type === 'OrderFlagged');
  assert.is(flags.length, 1);
  assert.equal(flags[0]!.data, {
    orderId: sessionId,
    flag: 'payment-mismatch',
    message: '£8.49 was paid where the checkout priced £13.49 (£5.00 short). Refund it in full, or accept it and ship.',
    at: (flags[0]!.data as { at: string }).at,
  });
  await eventually(async () => (await mailsOf(sessionId)).length === 2, 10_000, 'the two e-mails');
  const mails = await mailsOf(sessionId);
  assert.equal(mails.map((m) => [m.kind, m.to]).sort(), [
    ['payment-mismatch-to-owner', 'owner@amanahhouse.co.uk'],
    ['payment-mismatch-to-shopper', 'amina@example.com'],
  ]);
  // The console shows the flag; refunding in full goes through the refunds it already makes, to Stripe.
  const shown = await adminOrder(sessionId);
  assert.equal(
    shown.flags.map((f) => [f.flag, f.cleared]),
    [['payment-mismatch', undefined]],
  );
  const refund = await call(`${shop.url}/api/admin/orders/${sessionId}/refunds`, {
    body: { amount: shown.totalAmount - shown.refunded, reason: 'The payment did not match the order' },
    headers: auth,
  });
  assert.is(refund.status, 202, refund.text);
  await eventually(async () => (await adminOrder(sessionId)).refunded === 849, 10_000, 'the refund to settle');
  const refunds = fake.calls.filter((c) => c.method === 'POST' && c.path === '/v1/refunds');
  assert.is(refunds.length, 1);
  assert.is(refunds[0]!.params.amount, '849');
  assert.is(refunds[0]!.params.payment_intent, fake.objects.get(sessionId)!.payment_intent);
  // Still one owner e-mail, and no confirmation of an order the shop has not accepted.
  const after = await mailsOf(sessionId);
  assert.is(after.filter((m) => m.kind === 'payment-mismatch-to-owner').length, 1);
  assert.is(after.filter((m) => m.kind === 'order-to-owner' || m.kind === 'order-confirmation').length, 0);
});

test("a payment the owner accepts clears the flag, once, and the shopper's confirmation follows", async () => {
  const sessionId = await paidAs(1849);
  assert.is((await deliverWebhook(shop, signedWebhook('checkout.session.completed', sessionId))).status, 200);
  const refused = await call(`${shop.url}/api/admin/orders/${sessionId}/flags/clear`, {
    body: { flag: 'shipping-rate-mismatch' },
    headers: auth,
  });
  assert.is(refused.status, 400, refused.text);
  assert.is(
    (await call(`${shop.url}/api/admin/orders/${sessionId}/flags/clear`, { body: { flag: 'payment-mismatch' } }))
      .status,
    401,
  );
  for (let i = 0; i < 2; i++) {
    const accepted = await call(`${shop.url}/api/admin/orders/${sessionId}/flags/clear`, {
      body: { flag: 'payment-mismatch' },
      headers: auth,
    });
    assert.is(accepted.status, 200, accepted.text);
    assert.is(accepted.json.order.flags[0].cleared.by, 'admin');
  }
  const { orderEvents } = await orderAndEmails(shop, sessionId);
  assert.is(orderEvents.filter((e) => e.type === 'OrderFlagCleared').length, 1);
  await eventually(
    async () => (await mailsOf(sessionId)).some((m) => m.kind === 'order-confirmation'),
    10_000,
    'the confirmation',
  );
  const kinds = (await mailsOf(sessionId)).map((m) => m.kind).sort();
  assert.equal(kinds, ['order-confirmation', 'payment-mismatch-to-owner', 'payment-mismatch-to-shopper']);
  // An order with no such flag has nothing to accept.
  const plain = await paidAs(1349);
  await deliverWebhook(shop, signedWebhook('checkout.session.completed', plain));
  const none = await call(`${shop.url}/api/admin/orders/${plain}/flags/clear`, {
    body: { flag: 'payment-mismatch' },
    headers: auth,
  });
  assert.is(none.status, 404, none.text);
});

test('a payment in another currency is recorded once on its own stream, and the owner and the shopper are told', async () => {
  const sessionId = await paidAs(1349, 'eur');
  for (let i = 0; i < 2; i++)
    assert.is((await deliverWebhook(shop, signedWebhook('checkout.session.completed', sessionId))).status, 200);
  const confirm = await post('/api/checkout/confirm', { sessionId });
  assert.is(confirm.status, 409);
  const unmatched = (await allEvents(shop)).filter(
    (e) => e.type === 'PaymentUnmatched' && e.stream === `payment-${sessionId}`,
  );
  assert.is(unmatched.length, 1);
  assert.equal(
    { ...(unmatched[0]!.data as object), at: '' },
    {
      reference: sessionId,
      checkoutId: fake.objects.get(sessionId)!.metadata
        ? (fake.objects.get(sessionId)!.metadata as { checkoutId: string }).checkoutId
        : '',
      amount: 1349,
      currency: 'eur',
      expectedAmount: 1349,
      expectedCurrency: 'gbp',
      reason: 'This payment is not in the currency of its checkout',
      at: '',
    },
  );
  assert.is((await orderAndEmails(shop, sessionId)).order, null);
  await eventually(async () => (await mailsOf(`unmatched-${sessionId}`)).length === 2, 10_000, 'the two e-mails');
  assert.equal((await mailsOf(`unmatched-${sessionId}`)).map((m) => [m.kind, m.to]).sort(), [
    ['payment-mismatch-to-owner', 'owner@amanahhouse.co.uk'],
    ['payment-mismatch-to-shopper', 'amina@example.com'],
  ]);
});

test.run();
