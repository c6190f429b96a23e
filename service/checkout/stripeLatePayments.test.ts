// Payments that complete later (decision 105) and payments that come too late (decision 106), with the Stripe adapter
// against the local Stripe-like server: a processing payment holds its copies past the page's time, tells the shopper
// once and places its order only on success; a payment for a cancelled checkout whose books are gone is refunded in
// full and the shopper told, one whose books are still there is placed.
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
import { latePaymentMessage, processingCancelMessage } from './placeOrder.ts';
import { processingHoldDays } from '../../contracts/stock/model.ts';

const { fake, shop } = await stripeShopFor(test);
const admin = await adminHeaders(shop);
const post = (path: string, body: unknown) => call(`${shop.url}${path}`, { body });
const settled = async () => shop.shop.deps.effects.waitFor(await shop.shop.deps.events.headPosition(), 30_000);
const stream = (name: string) => shop.shop.deps.events.readStream(name);
const ordersOf = async (reference: string) => ofType(await stream(`order-${reference}`), 'OrderPlaced');

test.before(async () => {
  for (const [bookId, quantity] of [
    [1, 10],
    [2, 1],
  ] as const) {
    const received = await call(`${shop.url}/api/admin/stock/${bookId}/received`, {
      body: { quantity, note: 'print run' },
      headers: admin,
    });
    assert.is(received.status, 200, received.text);
  }
});

/** A card-form intent the shopper confirmed with a method that settles later: Stripe reports it processing. */
async function processingIntent() {
  const intent = await post('/api/create-payment-intent', cardFormBody('GB'));
  assert.is(intent.status, 200, intent.text);
  const paymentIntentId: string = intent.json.paymentIntentId;
  const checkoutId = fake.calls.at(-1)!.params['metadata[checkoutId]']!;
  Object.assign(fake.objects.get(paymentIntentId)!, { status: 'processing' });
  const processing = signedEvent('payment_intent.processing', {
    id: paymentIntentId,
    object: 'payment_intent',
    status: 'processing',
  });
  for (let i = 0; i < 2; i++) assert.is((await deliverWebhook(shop, processing)).status, 200);
  return { paymentIntentId, checkoutId };
}

test('a payment that settles later holds its copies, tells the shopper once, answers "processing", and places one order on success', async () => {
  const { paymentIntentId, checkoutId } = await processingIntent();
  // The card page's orders/save after confirmPayment: 202, processing, no order yet.
  const saved = await post('/api/orders/save', { ...cardFormBody('GB'), paymentIntentId, status: 'completed' });
  assert.is(saved.status, 202, saved.text);
  assert.equal([saved.json.success, saved.json.processing, saved.json.order], [true, true, undefined]);
  await settled();
  const marked = ofType(await stream(`checkout-${checkoutId}`), 'CheckoutPaymentProcessing');
  assert.is(marked.length, 1);
  const heldUntil = (marked[0]!.data as { heldUntil: string }).heldUntil;
  const days = (Date.parse(heldUntil) - Date.parse((marked[0]!.data as { at: string }).at)) / 86_400_000;
  assert.is(days, processingHoldDays);
  // The copies are the payment's own until then, past the page's half hour.
  const secured = (await stream('stock-1')).filter(
    (e) => e.type === 'StockSecured' && (e.data as { checkoutId: string }).checkoutId === checkoutId,
  );
  assert.is((secured.at(-1)?.data as { expiresAt?: string } | undefined)?.expiresAt, heldUntil);
  // One e-mail to the shopper, however often it was reported.
  const mails = ofType(await stream(`notification-processing-${checkoutId}`), 'EmailSent');
  assert.equal(
    mails.map((e) => [(e.data as { kind: string }).kind, (e.data as { to: string }).to]),
    [['payment-processing', 'amina@example.com']],
  );
  // The shopper cannot cancel it away from its copies while it settles.
  const cancel = await post('/api/checkout/cancel', { checkoutId });
  assert.is(cancel.status, 409, cancel.text);
  assert.is(cancel.json.message, processingCancelMessage);
  assert.equal(await ordersOf(paymentIntentId), []);

  fake.pay(paymentIntentId);
  const succeeded = signedEvent('payment_intent.succeeded', { id: paymentIntentId, object: 'payment_intent' });
  for (let i = 0; i < 2; i++) assert.is((await deliverWebhook(shop, succeeded)).status, 200);
  assert.is((await ordersOf(paymentIntentId)).length, 1);
  await settled();
  const sold = (await stream('stock-1')).filter(
    (e) => e.type === 'StockSold' && (e.data as { orderId: string }).orderId === paymentIntentId,
  );
  assert.is(sold.length, 1);
});

test('a payment that was processing and fails lets its copies go and places nothing', async () => {
  const { paymentIntentId, checkoutId } = await processingIntent();
  await settled();
  Object.assign(fake.objects.get(paymentIntentId)!, { status: 'requires_payment_method' });
  const failed = signedEvent('payment_intent.payment_failed', {
    id: paymentIntentId,
    object: 'payment_intent',
    status: 'requires_payment_method',
    last_payment_error: { message: 'The bank declined the debit.' },
  });
  assert.is((await deliverWebhook(shop, failed)).status, 200);
  await eventually(
    async () =>
      (await allEvents(shop)).some(
        (e) => e.type === 'StockReleased' && (e.data as { checkoutId?: string }).checkoutId === checkoutId,
      ),
    20_000,
    'the copies to be let go',
  );
  assert.is(ofType(await stream(`checkout-${checkoutId}`), 'CheckoutPaymentFailed').length, 1);
  assert.equal(await ordersOf(paymentIntentId), []);
});

/** A hosted checkout of one copy of `bookId`, cancelled by the shopper (its page expired, its copies let go). */
async function cancelledCheckout(bookId: number) {
  const res = await post('/api/cart/checkout', { items: [{ bookId, quantity: 1 }], customerCountry: 'GB' });
  assert.is(res.status, 200, res.text);
  const sessionId: string = res.json.sessionId;
  const checkoutId = fake.calls.at(-1)!.params['metadata[checkoutId]']!;
  assert.is((await post('/api/checkout/cancel', { checkoutId })).status, 200);
  await settled();
  return { sessionId, checkoutId };
}

/** Stripe had taken the money in that same moment after all: the page paid at its price. */
function paidLate(sessionId: string) {
  const session = fake.objects.get(sessionId)!;
  session.status = 'open';
  fake.pay(sessionId, {
    amount_total: (session.amount_total as number) + 350,
    shipping_cost: { amount_total: 350 },
    ...stripePaidDetails,
  });
  return fake.objects.get(sessionId)!.payment_intent as string;
}

test('a payment for a cancelled checkout whose copy was sold since is refunded in full and the shopper told, once', async () => {
  const late = await cancelledCheckout(2);
  // Another shopper buys the last copy.
  const other = await post('/api/cart/checkout', { items: [{ bookId: 2, quantity: 1 }], customerCountry: 'GB' });
  assert.is(other.status, 200, other.text);
  paidLate(other.json.sessionId);
  assert.is(
    (await deliverWebhook(shop, signedWebhook('checkout.session.completed', other.json.sessionId))).status,
    200,
  );
  await settled();
  assert.is((await ordersOf(other.json.sessionId)).length, 1);

  const paymentIntent = paidLate(late.sessionId);
  for (let i = 0; i < 2; i++)
    assert.is((await deliverWebhook(shop, signedWebhook('checkout.session.completed', late.sessionId))).status, 200);
  const confirm = await post('/api/checkout/confirm', { sessionId: late.sessionId });
  assert.is(confirm.status, 409, confirm.text);
  assert.is(confirm.json.message, latePaymentMessage);
  await settled();
  assert.equal(await ordersOf(late.sessionId), []);
  const payment = await stream(`payment-${late.sessionId}`);
  assert.equal(
    payment.map((e) => e.type),
    ['LatePaymentRefused', 'LatePaymentRefunded'],
  );
  const paid = fake.objects.get(late.sessionId)!.amount_total as number;
  assert.equal(
    fake.refundsOf(paymentIntent).map((r) => [r.amount, r.reason]),
    [[paid, 'requested_by_customer']],
  );
  const mails = ofType(await stream(`notification-late-${late.sessionId}`), 'EmailSent');
  assert.equal(
    mails.map((e) => [(e.data as { kind: string }).kind, (e.data as { to: string }).to]),
    [['late-payment-refunded', 'amina@example.com']],
  );
  // Nothing was oversold: no shortfall on the shelf.
  assert.equal(ofType(await stream('stock-2'), 'StockShortfall'), []);
});

test('a payment for a cancelled checkout whose books are still on the shelf is placed', async () => {
  const late = await cancelledCheckout(1);
  paidLate(late.sessionId);
  assert.is((await deliverWebhook(shop, signedWebhook('checkout.session.completed', late.sessionId))).status, 200);
  assert.is((await ordersOf(late.sessionId)).length, 1);
  assert.equal(await stream(`payment-${late.sessionId}`).then((s) => s.filter((e) => e.type.startsWith('Late'))), []);
});

test.run();
