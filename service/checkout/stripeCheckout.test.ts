// The whole shop with the Stripe adapter, talking to a local server that answers like Stripe's API.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { call } from '../../infra/testing/shop.ts';
import {
  allEvents,
  cardFormBody,
  deliverWebhook,
  ofType,
  signedWebhook,
  stripePaidDetails,
  stripeShopFor,
} from '../../infra/testing/checkout.ts';
import { fetchWithin } from '../../infra/testing/http.ts';
import { stripeApiVersion } from '../../infra/payments/stripe/apiVersion.ts';

const { fake, shop } = await stripeShopFor(test);

const post = (path: string, body: unknown) => call(`${shop.url}${path}`, { body });

test("with Stripe, a tampered cart is charged at the catalog price, and the page is Stripe's", async () => {
  const res = await post('/api/cart/checkout', {
    items: [{ bookId: 2, quantity: 3, title: 'x', price: 1 }],
    customerCountry: 'GB',
  });
  assert.is(res.status, 200);
  assert.match(res.json.url, /^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_/);
  const sent = fake.calls.at(-1)!;
  assert.is(sent.params['line_items[0][price_data][unit_amount]'], '999');
  assert.is(sent.params['line_items[0][quantity]'], '3');
  assert.is(sent.params.success_url, 'https://shop.example/checkout-success?session_id={CHECKOUT_SESSION_ID}');
  assert.match(sent.params.cancel_url!, /^https:\/\/shop\.example\/payment-cancelled\?checkout=[0-9a-f-]{36}$/);
  assert.match(sent.idempotencyKey!, /^checkout-session-[0-9a-f-]{36}$/);
  assert.is(sent.idempotencyKey, `checkout-session-${sent.params['metadata[checkoutId]']}`);
});

test('with Stripe, 20 concurrent webhook deliveries and success pages for one paid session leave one order', async () => {
  const res = await post('/api/cart/checkout', { customerCountry: 'GB', items: [{ bookId: 1, quantity: 1 }] });
  const sessionId: string = res.json.sessionId;
  assert.is((await post('/api/checkout/confirm', { sessionId })).status, 409, 'not paid yet');
  fake.pay(sessionId, { amount_total: 1349, shipping_cost: { amount_total: 350 }, ...stripePaidDetails });
  const answers = await Promise.all([
    ...Array.from({ length: 20 }, () => deliverWebhook(shop, signedWebhook('checkout.session.completed', sessionId))),
    ...Array.from({ length: 5 }, () => post('/api/checkout/confirm', { sessionId })),
  ]);
  for (const a of answers) assert.is(a.status, 200, a.text);
  const placed = ofType(await allEvents(shop), 'OrderPlaced').filter((e) => e.stream === `order-${sessionId}`);
  assert.is(placed.length, 1);
  const order = placed[0]!.data;
  assert.is(order.total, 1349);
  assert.is(order.paymentMethod, 'Card via Stripe');
  assert.is(order.customerEmail, 'amina@example.com');
  assert.ok(['webhook:stripe', 'shopper'].includes(placed[0]!.metadata.causedBy));
});

test("with Stripe, a payment that does not match the server's price is placed at what was paid and flagged", async () => {
  const res = await post('/api/cart/checkout', { customerCountry: 'GB', items: [{ bookId: 1, quantity: 1 }] });
  const sessionId: string = res.json.sessionId;
  fake.pay(sessionId, { amount_total: 1, shipping_cost: { amount_total: 0 }, ...stripePaidDetails });
  assert.is((await deliverWebhook(shop, signedWebhook('checkout.session.completed', sessionId))).status, 200);
  const confirm = await post('/api/checkout/confirm', { sessionId });
  assert.is(confirm.status, 200, confirm.text);
  const events = (await allEvents(shop)).filter((e) => e.stream === `order-${sessionId}`);
  assert.is(ofType(events, 'OrderPlaced')[0]!.data.total, 1);
  assert.equal(
    ofType(events, 'OrderFlagged').map((e) => (e.data as { flag: string }).flag),
    ['payment-mismatch'],
  );
});

test("with Stripe, a card payment intent is created at the server's price and saved once it succeeds", async () => {
  const intent = await post('/api/create-payment-intent', { ...cardFormBody('DE'), totalAmount: 5 });
  assert.is(intent.status, 200);
  assert.is(intent.json.amount, 1499);
  const sent = fake.calls.at(-1)!;
  assert.is(sent.params.amount, '1499');
  assert.is(sent.params.currency, 'gbp');
  assert.is(sent.idempotencyKey, `payment-intent-${sent.params['metadata[checkoutId]']}`);
  const { paymentIntentId } = intent.json;
  fake.pay(paymentIntentId);
  const saved = await Promise.all(
    Array.from({ length: 5 }, () =>
      post('/api/orders/save', { ...cardFormBody('DE'), paymentIntentId, status: 'completed' }),
    ),
  );
  for (const s of saved) {
    const { order, ...answer } = s.json;
    assert.equal(answer, { success: true, orderNumber: `AH-${paymentIntentId.slice(-8)}` });
    // The order it placed, for the success screen (decision 089).
    assert.is(order.orderNumber, `AH-${paymentIntentId.slice(-8)}`);
  }
  assert.is((await deliverWebhook(shop, signedWebhook('payment_intent.succeeded', paymentIntentId))).status, 200);
  assert.is(
    ofType(await allEvents(shop), 'OrderPlaced').filter((e) => e.stream === `order-${paymentIntentId}`).length,
    1,
  );
});

test('with Stripe, a webhook made for another API version is acted on, and the answer says which versions differ', async () => {
  const res = await post('/api/cart/checkout', { customerCountry: 'GB', items: [{ bookId: 1, quantity: 1 }] });
  const sessionId: string = res.json.sessionId;
  fake.pay(sessionId, { amount_total: 1349, shipping_cost: { amount_total: 350 }, ...stripePaidDetails });
  const answer = await deliverWebhook(
    shop,
    signedWebhook('checkout.session.completed', sessionId, { apiVersion: '2025-03-31.basil' }),
  );
  assert.is(answer.status, 200, answer.text);
  assert.is(answer.json.received, true);
  assert.is(
    answer.json.warning,
    `Event evt_${sessionId} was made for Stripe API version 2025-03-31.basil, not the shop's ${stripeApiVersion}; it was acted on all the same`,
  );
  const placed = ofType(await allEvents(shop), 'OrderPlaced').filter((e) => e.stream === `order-${sessionId}`);
  assert.is(placed.length, 1);
  const current = await deliverWebhook(shop, signedWebhook('checkout.session.completed', sessionId));
  assert.equal(current.json, { received: true });
});

test('with Stripe, a Stripe outage is a 502 the page can explain, and nothing is recorded', async () => {
  const before = await shop.shop.deps.events.headPosition();
  fake.failNext(10);
  const res = await post('/api/cart/checkout', { customerCountry: 'GB', items: [{ bookId: 1, quantity: 1 }] });
  fake.failNext(0);
  assert.is(res.status, 502);
  assert.is(res.json.message, 'The payment provider could not be reached. Please try again later.');
  assert.is(await shop.shop.deps.events.headPosition(), before);
});

test("with Stripe, the browser gets the publishable key and the CSP admits Stripe's origins", async () => {
  assert.equal((await call(`${shop.url}/api/payments/config`)).json, {
    provider: 'stripe',
    publishableKey: 'pk_test_shop',
    testMode: true,
  });
  const csp = (await fetchWithin(`${shop.url}/`)).headers.get('content-security-policy') ?? '';
  assert.match(csp, /script-src 'self' https:\/\/js\.stripe\.com/);
  assert.match(csp, /frame-src [^;]*https:\/\/hooks\.stripe\.com/);
  assert.match(csp, /connect-src 'self' https:\/\/api\.stripe\.com/);
});

test.run();
