// Money after the payment with Stripe, against a local server answering like Stripe's API: the hosted page's
// PaymentIntent carries its checkout, refunds go through the Refunds API with a key from the refund's id, and Stripe's
// refund, dispute and failed-payment webhooks are recorded once however often they are delivered.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { AdminOrder } from '../../contracts/orders/console.ts';
import { eventually } from '../../infra/testing/assert.ts';
import {
  allEvents,
  deliverWebhook,
  ofType,
  signedEvent,
  signedWebhook,
  stripePaidDetails,
  stripeShopFor,
} from '../../infra/testing/checkout.ts';
import { adminHeaders, call } from '../../infra/testing/shop.ts';

const { fake, shop } = await stripeShopFor(test, { OWNER_EMAIL: 'owner@amanahhouse.co.uk' });
const auth = await adminHeaders(shop);

const post = (path: string, body: unknown) => call(`${shop.url}${path}`, { body });
const adminOrder = async (id: string): Promise<AdminOrder> =>
  (await call(`${shop.url}/api/admin/orders`, { headers: auth })).json.orders.find((o: AdminOrder) => o.orderId === id);
/** The refund as the order's read model shows it once the gateway's answer is recorded (it is no longer pending). */
const settled = async (id: string, refundId: string, attempts = 0) => {
  let found: AdminOrder['refunds'][number] | undefined;
  await eventually(
    async () => {
      found = (await adminOrder(id)).refunds.find((r) => r.refundId === refundId && r.attempts === attempts);
      return found !== undefined && found.progress !== 'pending';
    },
    10_000,
    `refund ${refundId} to settle`,
  );
  return found!;
};
const orderEvents = async (id: string) => (await allEvents(shop)).filter((e) => e.stream === `order-${id}`);
const deliver = (delivery: { body: string; signature: string }, times = 1) =>
  Promise.all(Array.from({ length: times }, () => deliverWebhook(shop, delivery)));

/** A cart checkout paid on Stripe's page and reported by its webhook: the order, named after the session, and its PaymentIntent. */
async function paidHostedOrder(): Promise<{ sessionId: string; paymentIntent: string }> {
  const res = await post('/api/cart/checkout', { items: [{ bookId: 1, quantity: 2 }], customerCountry: 'GB' });
  const sessionId: string = res.json.sessionId;
  fake.pay(sessionId, { amount_total: 2348, shipping_cost: { amount_total: 350 }, ...stripePaidDetails });
  const [placed] = await deliver(signedWebhook('checkout.session.completed', sessionId));
  assert.is(placed!.status, 200, placed!.text);
  return { sessionId, paymentIntent: fake.objects.get(sessionId)!.payment_intent as string };
}

test('the hosted page carries the checkout on its PaymentIntent, and payment_intent.succeeded finds the order', async () => {
  const res = await post('/api/cart/checkout', { items: [{ bookId: 1, quantity: 1 }], customerCountry: 'GB' });
  const sent = fake.calls.at(-1)!;
  assert.is(sent.path, '/v1/checkout/sessions');
  assert.match(sent.params['payment_intent_data[metadata][checkoutId]']!, /^[0-9a-f-]{36}$/);
  assert.is(sent.params['payment_intent_data[metadata][checkoutId]'], sent.params['metadata[checkoutId]']);
  assert.is(sent.idempotencyKey, `checkout-session-${sent.params['metadata[checkoutId]']}`);
  const sessionId: string = res.json.sessionId;
  fake.pay(sessionId, { amount_total: 1349, shipping_cost: { amount_total: 350 }, ...stripePaidDetails });
  const paymentIntent = fake.objects.get(sessionId)!.payment_intent as string;
  // The PaymentIntent's report comes first, three times: it places the session's order, once.
  for (const answer of await deliver(signedWebhook('payment_intent.succeeded', paymentIntent), 3))
    assert.is(answer.status, 200, answer.text);
  assert.is(ofType(await orderEvents(sessionId), 'OrderPlaced').length, 1);
  assert.is((await orderEvents(paymentIntent)).length, 0, 'no second order under the intent');
  await deliver(signedWebhook('checkout.session.completed', sessionId));
  assert.is(ofType(await orderEvents(sessionId), 'OrderPlaced').length, 1);
});

test("a refund calls Stripe's Refunds API for the PaymentIntent, with the amount and an idempotency key from the refund", async () => {
  const { sessionId, paymentIntent } = await paidHostedOrder();
  const res = await call(`${shop.url}/api/admin/orders/${sessionId}/refunds`, {
    body: { lines: [{ line: 0, quantity: 1 }], reason: 'One copy was damaged' },
    headers: auth,
  });
  assert.is(res.status, 202, res.text);
  assert.is((await settled(sessionId, res.json.refund.refundId)).status, 'succeeded');
  const created = fake.calls.filter((c) => c.method === 'POST' && c.path === '/v1/refunds');
  assert.is(created.length, 1);
  assert.is(created[0]!.params.payment_intent, paymentIntent);
  assert.is(created[0]!.params.amount, '999');
  assert.is(created[0]!.params['metadata[refundId]'], res.json.refund.refundId);
  assert.is(created[0]!.idempotencyKey, `refund-${res.json.refund.refundId}`);
  // Stripe's reason for the refund: the owner's gives no other, so the customer asked for it.
  assert.is(created[0]!.params.reason, 'requested_by_customer');
  assert.is(fake.refundsOf(paymentIntent)[0]!.reason, 'requested_by_customer');
  assert.is((await adminOrder(sessionId)).refunded, 999);
  // Stripe's own reports of that refund change nothing more.
  const [refund] = fake.refundsOf(paymentIntent);
  await deliver(
    signedEvent('charge.refunded', {
      id: `ch_${paymentIntent}`,
      object: 'charge',
      payment_intent: paymentIntent,
      amount_refunded: 999,
    }),
    2,
  );
  await deliver(signedEvent('refund.updated', refund!), 2);
  assert.is(ofType(await orderEvents(sessionId), 'RefundSucceeded').length, 1);
  // Refusals: more than is left is refused before Stripe is asked.
  const tooMuch = await call(`${shop.url}/api/admin/orders/${sessionId}/refunds`, {
    body: { amount: 1350, reason: 'Too much' },
    headers: auth,
  });
  assert.is(tooMuch.status, 409);
  assert.is(tooMuch.json.message, 'At most £13.49 can still be refunded on this order.');
  assert.is(fake.calls.filter((c) => c.method === 'POST' && c.path === '/v1/refunds').length, 1);
});

test("a refund whose reason begins with Duplicate or Fraudulent carries Stripe's reason of that name", async () => {
  for (const [reason, stripeReason] of [
    ['Duplicate payment: the shopper paid twice', 'duplicate'],
    ['Fraudulent order, the card holder did not make it', 'fraudulent'],
  ] as const) {
    const { sessionId, paymentIntent } = await paidHostedOrder();
    const res = await call(`${shop.url}/api/admin/orders/${sessionId}/refunds`, {
      body: { amount: 500, reason },
      headers: auth,
    });
    assert.is(res.status, 202, res.text);
    assert.is((await settled(sessionId, res.json.refund.refundId)).status, 'succeeded');
    const created = fake.calls.filter(
      (c) => c.method === 'POST' && c.path === '/v1/refunds' && c.params.payment_intent === paymentIntent,
    );
    assert.is(created.length, 1);
    assert.is(created[0]!.params.reason, stripeReason);
    // The owner's own words go with it, in the refund's metadata.
    assert.is(created[0]!.params['metadata[reason]'], reason);
  }
});

test('asking Stripe again for the same refund finds it by its metadata and creates no second one', async () => {
  const { sessionId, paymentIntent } = await paidHostedOrder();
  const gateway = shop.shop.deps.payments;
  const input = {
    paymentReference: sessionId,
    orderId: sessionId,
    refundId: 'refund-once',
    amount: 400,
    reason: 'Goodwill',
  };
  const first = await gateway.refund(input);
  const posts = () => fake.calls.filter((c) => c.method === 'POST' && c.path === '/v1/refunds').length;
  const before = posts();
  const second = await gateway.refund(input);
  assert.equal(second, first);
  assert.is(posts(), before, 'found in the list, not created again');
  assert.equal(
    fake.refundsOf(paymentIntent).map((r) => r.amount),
    [400],
  );
  assert.equal(await gateway.listRefunds(sessionId), [
    { id: first.id, refundId: 'refund-once', amount: 400, status: 'succeeded' },
  ]);
});

test('a payment Stripe does not know is declined, not of unknown outcome', async () => {
  const gateway = shop.shop.deps.payments;
  for (const paymentReference of ['cs_sandbox_ABCDEFGHIJKLMNOPQRSTUVWX', 'pi_test_unknown']) {
    try {
      await gateway.refund({
        paymentReference,
        orderId: paymentReference,
        refundId: 'r-unknown',
        amount: 100,
        reason: 'r',
      });
      assert.unreachable('refunded a payment Stripe does not know');
    } catch (error) {
      assert.is((error as Error).name, 'RefundDeclined', (error as Error).message);
    }
  }
});

test('a refund Stripe refuses is recorded as declined; one it cannot be reached for is of unknown outcome', async () => {
  const { sessionId, paymentIntent } = await paidHostedOrder();
  fake.dashboardRefund(paymentIntent, 2000);
  const declined = await call(`${shop.url}/api/admin/orders/${sessionId}/refunds`, {
    body: { amount: 1000, reason: 'Late' },
    headers: auth,
  });
  assert.is(declined.status, 202, declined.text);
  const refused = await settled(sessionId, declined.json.refund.refundId);
  assert.is(refused.status, 'declined');
  assert.match(
    refused.message ?? '',
    /declined the refund: Refund amount \(£10\.00\) is greater than unrefunded amount on charge \(£3\.48\)/,
  );
  fake.failNext(100);
  const unknown = await call(`${shop.url}/api/admin/orders/${sessionId}/refunds`, {
    body: { amount: 300, reason: 'Late' },
    headers: auth,
  });
  assert.is((await settled(sessionId, unknown.json.refund.refundId)).status, 'unknown');
  fake.failNext(0);
  const retried = await call(
    `${shop.url}/api/admin/orders/${sessionId}/refunds/${unknown.json.refund.refundId}/retry`,
    { body: {}, headers: auth },
  );
  assert.is(retried.status, 202, retried.text);
  assert.is((await settled(sessionId, unknown.json.refund.refundId, 1)).status, 'succeeded');
  assert.equal(
    fake.refundsOf(paymentIntent).map((r) => r.amount),
    [2000, 300],
  );
});

test("a signed charge.refunded delivered 3 times records a refund made in Stripe's dashboard once", async () => {
  const { sessionId, paymentIntent } = await paidHostedOrder();
  const refund = fake.dashboardRefund(paymentIntent, 500);
  const delivery = signedEvent('charge.refunded', {
    id: `ch_${paymentIntent}`,
    object: 'charge',
    payment_intent: paymentIntent,
    amount_refunded: 500,
    refunded: false,
  });
  for (const answer of await deliver(delivery, 3)) assert.is(answer.status, 200, answer.text);
  const succeeded = ofType(await orderEvents(sessionId), 'RefundSucceeded');
  assert.is(succeeded.length, 1);
  assert.equal(succeeded[0]!.data, {
    orderId: sessionId,
    refundId: `gateway-${refund.id}`,
    amount: 500,
    gatewayRefundId: refund.id,
    source: 'gateway',
    at: (succeeded[0]!.data as { at: string }).at,
  });
  assert.is(succeeded[0]!.metadata.causedBy, 'webhook:stripe');
  // refund.updated for it, later, and another delivery of the charge's report: still one.
  await deliver(signedEvent('refund.updated', refund), 2);
  await deliver(
    signedEvent(
      'charge.refunded',
      { id: `ch_${paymentIntent}`, object: 'charge', payment_intent: paymentIntent },
      'evt_other',
    ),
  );
  assert.is(ofType(await orderEvents(sessionId), 'RefundSucceeded').length, 1);
  assert.is((await adminOrder(sessionId)).refunded, 500);
  // A refund of a payment the shop does not know changes nothing and is not retried.
  const stranger = await deliverWebhook(
    shop,
    signedEvent('charge.refunded', { id: 'ch_x', object: 'charge', payment_intent: 'pi_test_unknown' }),
  );
  assert.is(stranger.status, 200);
});

test('a dispute is recorded on the order once, from the PaymentIntent, and the owner is e-mailed', async () => {
  const { sessionId, paymentIntent } = await paidHostedOrder();
  const dispute = {
    id: 'dp_test_1',
    object: 'dispute',
    amount: 2348,
    currency: 'gbp',
    reason: 'fraudulent',
    status: 'needs_response',
    charge: `ch_${paymentIntent}`,
    payment_intent: paymentIntent,
  };
  for (const answer of await deliver(signedEvent('charge.dispute.created', dispute), 3))
    assert.is(answer.status, 200, answer.text);
  const disputed = ofType(await orderEvents(sessionId), 'OrderDisputed');
  assert.is(disputed.length, 1);
  assert.equal(
    { ...(disputed[0]!.data as object), at: '' },
    {
      orderId: sessionId,
      disputeId: 'dp_test_1',
      amount: 2348,
      reason: 'fraudulent',
      at: '',
      status: 'needs_response',
      evidenceDueBy: null,
      paymentIntent,
      livemode: null,
      moneyFollowed: true,
    },
  );
  await eventually(
    async () => ofType(await allEvents(shop), 'EmailSent').some((e) => e.stream === 'notification-dispute-dp_test_1'),
    10_000,
    "the owner's e-mail",
  );
  const mails = ofType(await allEvents(shop), 'EmailSent').filter((e) => e.stream === 'notification-dispute-dp_test_1');
  assert.equal(
    mails.map((e) => (e.data as { kind: string; to: string }).kind + ' ' + (e.data as { to: string }).to),
    ['dispute-to-owner owner@amanahhouse.co.uk'],
  );
  assert.equal(
    (await adminOrder(sessionId)).disputes.map((d) => d.disputeId),
    ['dp_test_1'],
  );
});

test('failed asynchronous payments are recorded and release the checkout, whichever id they come with', async () => {
  const res = await post('/api/cart/checkout', { items: [{ bookId: 1, quantity: 1 }], customerCountry: 'GB' });
  const sessionId: string = res.json.sessionId;
  const checkoutId = fake.calls.at(-1)!.params['metadata[checkoutId]']!;
  for (const answer of await deliver(signedWebhook('checkout.session.async_payment_failed', sessionId), 2))
    assert.is(answer.status, 200, answer.text);
  const failed = ofType(await allEvents(shop), 'CheckoutPaymentFailed').filter(
    (e) => e.stream === `checkout-${checkoutId}`,
  );
  assert.is(failed.length, 1);
  assert.is((failed[0]!.data as { paymentReference: string }).paymentReference, sessionId);

  const card = await post('/api/create-payment-intent', {
    name: 'Amina Khan',
    email: 'amina@example.com',
    shipping: {
      name: 'Amina Khan',
      address: { line1: '1 Linden Lane', city: 'Leeds', postal_code: 'LS1 4AB', country: 'GB' },
    },
  });
  const intent = card.json.paymentIntentId as string;
  const intentCheckout = fake.calls.at(-1)!.params['metadata[checkoutId]']!;
  const delivery = signedEvent('payment_intent.payment_failed', {
    id: intent,
    object: 'payment_intent',
    last_payment_error: { message: 'Your card was declined.' },
  });
  await deliver(delivery, 2);
  // One declined attempt: the shopper may try the same intent again, so nothing is released (decision 102).
  const failedOf = async () =>
    ofType(await allEvents(shop), 'CheckoutPaymentFailed').filter((e) => e.stream === `checkout-${intentCheckout}`);
  assert.is((await failedOf()).length, 0);
  // The intent cancelled: now its checkout is let go.
  await deliver(
    signedEvent('payment_intent.canceled', { id: intent, object: 'payment_intent', status: 'canceled' }),
    2,
  );
  const intentFailed = await failedOf();
  assert.is(intentFailed.length, 1);
  assert.is((intentFailed[0]!.data as { reason: string }).reason, 'The payment was cancelled.');
  // Released, not lost: paying it after all still places the order.
  fake.pay(intent);
  assert.is((await deliverWebhook(shop, signedWebhook('payment_intent.succeeded', intent))).status, 200);
  assert.is(ofType(await orderEvents(intent), 'OrderPlaced').length, 1);
});

test('a hosted page for the UK that reports an address abroad at the UK rate is flagged to the owner', async () => {
  const res = await post('/api/create-checkout-session', {
    customerCountry: 'GB',
    items: [{ title: 'The Kindness Basket', price: '9.99', quantity: 1 }],
    customerEmail: 'amina@example.com',
    customerName: 'Amina Khan',
  });
  assert.is(res.status, 200, res.text);
  // One rate and one zone's countries (decision 099); Stripe keeps the address to them, and should a payment report
  // another all the same, the owner is told.
  const sent = fake.calls.at(-1)!;
  assert.equal(
    [
      sent.params['shipping_options[0][shipping_rate_data][metadata][optionId]'],
      sent.params['shipping_options[1][shipping_rate_data][metadata][optionId]'],
      sent.params['shipping_address_collection[allowed_countries][0]'],
      sent.params['shipping_address_collection[allowed_countries][1]'],
    ],
    ['uk-shipping', undefined, 'GB', undefined],
  );
  const sessionId: string = res.json.sessionId;
  const abroad = {
    ...stripePaidDetails,
    collected_information: {
      shipping_details: {
        name: 'Amina Khan',
        address: { line1: '5 Elm St', line2: null, city: 'Boston', postal_code: '02110', country: 'US' },
      },
    },
  };
  fake.pay(sessionId, { amount_total: 1349, shipping_cost: { amount_total: 350 }, ...abroad });
  await deliver(signedWebhook('checkout.session.completed', sessionId));
  const flagged = ofType(await orderEvents(sessionId), 'OrderFlagged');
  assert.is(flagged.length, 1);
  assert.is(
    (flagged[0]!.data as { message: string }).message,
    'UK Shipping (£3.50) was paid for an address in United States, which takes International Shipping (£5.00).',
  );
  assert.equal(
    (await adminOrder(sessionId)).flags.map((f) => f.flag),
    ['shipping-rate-mismatch'],
  );
  // The rate that fits the address is not flagged.
  const fits = await post('/api/create-checkout-session', {
    customerCountry: 'US',
    items: [{ title: 'The Kindness Basket', price: '9.99', quantity: 1 }],
  });
  fake.pay(fits.json.sessionId, { amount_total: 1499, shipping_cost: { amount_total: 500 }, ...abroad });
  await deliver(signedWebhook('checkout.session.completed', fits.json.sessionId));
  assert.is(ofType(await orderEvents(fits.json.sessionId), 'OrderPlaced').length, 1);
  assert.is(ofType(await orderEvents(fits.json.sessionId), 'OrderFlagged').length, 0);
});

test.run();
