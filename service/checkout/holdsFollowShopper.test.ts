// Holds and payment pages follow the shopper (decision 102), with the Stripe adapter against the local Stripe-like
// server: the shopper's cancel expires the Checkout session before the copies are let go, and one declined attempt
// keeps the hold until the intent is cancelled.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { eventually } from '../../infra/testing/assert.ts';
import {
  allEvents,
  cardFormBody,
  deliverWebhook,
  ofType,
  signedEvent,
  signedWebhook,
  stripePaidDetails,
  stripeShopFor,
} from '../../infra/testing/checkout.ts';
import { adminHeaders, call } from '../../infra/testing/shop.ts';

const { fake, shop } = await stripeShopFor(test);
const admin = await adminHeaders(shop);
const post = (path: string, body: unknown) => call(`${shop.url}${path}`, { body });

/** Events of this checkout on the product's stock stream and its own stream. */
const eventsOf = async (checkoutId: string) =>
  (await allEvents(shop)).filter(
    (e) =>
      e.stream === `checkout-${checkoutId}` ||
      (e.stream.startsWith('stock-') && (e.data as { checkoutId?: string }).checkoutId === checkoutId),
  );
const released = (events: { type: string }[]) =>
  events.filter((e) => e.type === 'StockReleased' || e.type === 'StockHoldReleased');

test.before(async () => {
  const received = await call(`${shop.url}/api/admin/stock/1/received`, {
    body: { quantity: 10, note: 'print run' },
    headers: admin,
  });
  assert.is(received.status, 200, received.text);
});

test("the shopper's cancel expires the Stripe session first, then lets the copies go", async () => {
  const res = await post('/api/cart/checkout', { items: [{ bookId: 1, quantity: 2 }], customerCountry: 'GB' });
  assert.is(res.status, 200, res.text);
  const sessionId: string = res.json.sessionId;
  const checkoutId = fake.calls.at(-1)!.params['metadata[checkoutId]']!;
  assert.is(ofType(await eventsOf(checkoutId), 'StockHeld').length, 1);
  // What the log holds at the moment Stripe is asked to expire the session.
  let seenAtExpiry: string[] | null = null;
  fake.onRequest(async (sent) => {
    if (sent.path === `/v1/checkout/sessions/${sessionId}/expire`)
      seenAtExpiry = (await eventsOf(checkoutId)).map((e) => e.type);
  });
  try {
    const cancelled = await post('/api/checkout/cancel', { checkoutId });
    assert.is(cancelled.status, 200, cancelled.text);
  } finally {
    fake.onRequest(null);
  }
  assert.ok(seenAtExpiry, 'the session was expired');
  assert.equal(
    [...seenAtExpiry].sort(),
    ['CheckoutStarted', 'StockHeld'],
    'nothing was cancelled or released before the session expired',
  );
  assert.is(fake.objects.get(sessionId)!.status, 'expired');
  await eventually(async () => released(await eventsOf(checkoutId)).length === 1, 10_000, 'the hold to end');
});

test('a cancel that finds the page already paid places its order and is refused', async () => {
  const res = await post('/api/cart/checkout', { items: [{ bookId: 1, quantity: 1 }], customerCountry: 'GB' });
  const sessionId: string = res.json.sessionId;
  const checkoutId = fake.calls.at(-1)!.params['metadata[checkoutId]']!;
  fake.pay(sessionId, { amount_total: 1349, shipping_cost: { amount_total: 350 } });
  const cancelled = await post('/api/checkout/cancel', { checkoutId });
  assert.is(cancelled.status, 409, cancelled.text);
  assert.is(cancelled.json.message, 'This checkout has already been paid');
  const orders = ofType(await allEvents(shop), 'OrderPlaced').filter((e) => e.stream === `order-${sessionId}`);
  assert.is(orders.length, 1);
  assert.is(ofType(await eventsOf(checkoutId), 'CheckoutCancelled').length, 0);
});

test('a declined attempt keeps the hold; the intent cancelled lets it go', async () => {
  const intent = await post('/api/create-payment-intent', cardFormBody('GB'));
  assert.is(intent.status, 200, intent.text);
  const paymentIntentId: string = intent.json.paymentIntentId;
  const checkoutId = fake.calls.at(-1)!.params['metadata[checkoutId]']!;
  const declined = signedEvent('payment_intent.payment_failed', {
    id: paymentIntentId,
    object: 'payment_intent',
    status: 'requires_payment_method',
    last_payment_error: { message: 'Your card was declined.' },
  });
  assert.is((await deliverWebhook(shop, declined)).status, 200);
  // The reactor has passed the delivery's position: had it released anything, it would be in the log by now.
  await shop.shop.deps.effects.waitFor(await shop.shop.deps.events.headPosition());
  const afterDecline = await eventsOf(checkoutId);
  assert.equal(released(afterDecline), []);
  assert.is(ofType(afterDecline, 'CheckoutPaymentFailed').length, 0);
  const cancelled = signedEvent('payment_intent.canceled', {
    id: paymentIntentId,
    object: 'payment_intent',
    status: 'canceled',
  });
  assert.is((await deliverWebhook(shop, cancelled)).status, 200);
  await eventually(async () => released(await eventsOf(checkoutId)).length === 1, 10_000, 'the hold to end');
  assert.is(ofType(await eventsOf(checkoutId), 'CheckoutPaymentFailed').length, 1);
});

/** A cart checkout whose page was completed with a method that settles later: complete, not yet paid. */
async function pendingSession(): Promise<{ sessionId: string; checkoutId: string }> {
  const res = await post('/api/cart/checkout', { items: [{ bookId: 1, quantity: 1 }], customerCountry: 'GB' });
  assert.is(res.status, 200, res.text);
  const sessionId: string = res.json.sessionId;
  const checkoutId = fake.calls.at(-1)!.params['metadata[checkoutId]']!;
  Object.assign(fake.objects.get(sessionId)!, { status: 'complete', payment_status: 'unpaid' });
  assert.is((await deliverWebhook(shop, signedWebhook('checkout.session.completed', sessionId))).status, 200);
  await shop.shop.deps.effects.waitFor(await shop.shop.deps.events.headPosition());
  const events = await eventsOf(checkoutId);
  assert.is(ofType(events, 'StockHeld').length, 1);
  assert.equal(released(events), [], 'held while the payment is pending');
  assert.is(ofType(await allEvents(shop), 'OrderPlaced').filter((e) => e.stream === `order-${sessionId}`).length, 0);
  return { sessionId, checkoutId };
}

test('a delayed payment that fails lets its hold go and places nothing', async () => {
  const { sessionId, checkoutId } = await pendingSession();
  for (let i = 0; i < 2; i++)
    assert.is(
      (await deliverWebhook(shop, signedWebhook('checkout.session.async_payment_failed', sessionId))).status,
      200,
    );
  await eventually(async () => released(await eventsOf(checkoutId)).length === 1, 10_000, 'the hold to end');
  assert.is(ofType(await eventsOf(checkoutId), 'CheckoutPaymentFailed').length, 1);
  assert.is(ofType(await allEvents(shop), 'OrderPlaced').filter((e) => e.stream === `order-${sessionId}`).length, 0);
});

test('a delayed payment that succeeds places one order', async () => {
  const { sessionId } = await pendingSession();
  fake.pay(sessionId, { amount_total: 1349, shipping_cost: { amount_total: 350 }, ...stripePaidDetails });
  for (let i = 0; i < 3; i++)
    assert.is(
      (await deliverWebhook(shop, signedWebhook('checkout.session.async_payment_succeeded', sessionId))).status,
      200,
    );
  assert.is(ofType(await allEvents(shop), 'OrderPlaced').filter((e) => e.stream === `order-${sessionId}`).length, 1);
});

test.run();
