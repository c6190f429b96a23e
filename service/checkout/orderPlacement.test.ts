import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { call } from '../../infra/testing/shop.ts';
import {
  allEvents,
  cardFormBody,
  cardOf,
  deliverWebhook,
  ofType,
  outboxFiles,
  paidCartCheckout,
  sandboxPayBody,
  signedWebhook,
  sandboxShopFor,
  testCards,
} from '../../infra/testing/checkout.ts';

const shop = await sandboxShopFor(test);

const post = (path: string, body: unknown) => call(`${shop.url}${path}`, { body });
const get = (path: string) => call(`${shop.url}${path}`);
const eventsFor = async (reference: string) =>
  (await allEvents(shop)).filter((e) => e.stream.endsWith(reference) || JSON.stringify(e.data).includes(reference));

test('a paid cart checkout is one order, however many webhooks and success pages report it', async () => {
  const sessionId = await paidCartCheckout(shop, [{ bookId: 1, quantity: 2 }]);
  const deliveries = Array.from({ length: 20 }, () =>
    deliverWebhook(shop, signedWebhook('checkout.session.completed', sessionId)),
  );
  const confirmations = Array.from({ length: 5 }, () => post('/api/checkout/confirm', { sessionId }));
  const answers = await Promise.all([...deliveries, ...confirmations]);
  for (const a of answers) assert.is(a.status, 200, a.text);
  for (const c of answers.slice(20)) assert.is(c.json.orderNumber, `AH-${sessionId.slice(-8)}`);

  const events = await eventsFor(sessionId);
  const placed = ofType(events, 'OrderPlaced');
  assert.is(placed.length, 1);
  assert.is(placed[0]!.stream, `order-${sessionId}`);
  const order = placed[0]!.data;
  assert.equal(
    {
      total: order.total,
      subtotal: order.subtotal,
      shipping: order.shippingCost,
      status: order.status,
      number: order.orderNumber,
      name: order.customerName,
    },
    {
      total: 2348,
      subtotal: 1998,
      shipping: 350,
      status: 'completed',
      number: `AH-${sessionId.slice(-8)}`,
      name: 'Amina Khan',
    },
  );
  assert.is(ofType(events, 'CheckoutCompleted').length, 1);
  const mails = ofType(events, 'EmailSent').map((e) => e.data as { kind: string; to: string });
  assert.equal(mails.map((m) => [m.kind, m.to]).sort(), [
    ['order-confirmation', 'amina@example.com'],
    ['order-to-owner', 'owner@amanahhouse.co.uk'],
  ]);
  const files = outboxFiles(shop);
  const forThisOrder = files.filter((f) =>
    readFileSync(join(shop.dataDir, 'outbox', f), 'utf8').includes(order.orderNumber),
  );
  assert.is(forThisOrder.length, 2, 'one e-mail to the owner and one to the shopper');
  // Every event of the purchase shares the checkout as its correlation id.
  const checkoutId = (ofType(events, 'CheckoutCompleted')[0]!.data as { checkoutId: string }).checkoutId;
  assert.is(placed[0]!.metadata.correlationId, checkoutId);
});

test('card checkout: a declined card places nothing; orders/save waits for a verified payment, then saves once', async () => {
  const intent = await post('/api/create-payment-intent', cardFormBody('GB'));
  const { paymentIntentId, clientSecret } = intent.json;
  const confirm = (number: string) =>
    post(`/api/sandbox/payment-intents/${paymentIntentId}/confirm`, { clientSecret, card: cardOf(number) });

  const declined = await confirm(testCards.declines);
  assert.is(declined.status, 402);
  assert.is(declined.json.message, 'Your card was declined.');
  const before = await shop.shop.deps.events.headPosition();
  const early = await post('/api/orders/save', { paymentIntentId, status: 'completed', amount: 1 });
  assert.is(early.status, 409);
  assert.is(early.json.message, 'This payment has not been completed');
  assert.is(await shop.shop.deps.events.headPosition(), before);
  assert.is(
    (
      await post(`/api/sandbox/payment-intents/${paymentIntentId}/confirm`, {
        clientSecret: 'pi_wrong_secret',
        card: cardOf(testCards.succeeds),
      })
    ).status,
    404,
  );

  assert.is((await confirm(testCards.succeeds)).status, 200);
  const saves = Array.from({ length: 10 }, () =>
    post('/api/orders/save', {
      ...cardFormBody('GB'),
      paymentIntentId,
      amount: 1,
      bookPrice: 1,
      shippingCost: 0,
      status: 'completed',
    }),
  );
  const hooks = Array.from({ length: 20 }, (_, i) =>
    deliverWebhook(shop, signedWebhook('payment_intent.succeeded', paymentIntentId, { eventId: `evt_retry_${i % 3}` })),
  );
  const answers = await Promise.all([...saves, ...hooks]);
  for (const a of answers) assert.is(a.status, 200, a.text);
  for (const s of answers.slice(0, 10)) {
    const { order: summary, ...answer } = s.json;
    assert.equal(answer, { success: true, orderNumber: `AH-${paymentIntentId.slice(-8)}` });
    // The order it placed, for the success screen (decision 089).
    assert.is(summary.orderNumber, `AH-${paymentIntentId.slice(-8)}`);
    assert.match(summary.orderPath, /^\/order\//);
  }
  const placed = ofType(await eventsFor(paymentIntentId), 'OrderPlaced');
  assert.is(placed.length, 1);
  const order = placed[0]!.data;
  assert.is(order.total, 1349);
  assert.is(order.status, 'completed');
  assert.equal(order.items, [{ bookId: 1, name: 'The Kindness Basket', quantity: 1, price: 999 }]);
  assert.equal(order.shippingAddress, { line1: '1 Linden Lane', city: 'Leeds', postcode: 'LS1 4AB', country: 'GB' });
});

test("the sandbox declines the cards Stripe documents as declining, with Stripe's words", async () => {
  const expectations: [string, string][] = [
    ['4000 0000 0000 0002', 'Your card was declined.'],
    ['4000 0000 0000 9995', 'Your card has insufficient funds.'],
    ['4000 0000 0000 0069', 'Your card has expired.'],
    ['4242 4242 4242 4241', 'Your card number is incorrect.'],
  ];
  for (const [number, message] of expectations) {
    const started = await post('/api/cart/checkout', { customerCountry: 'GB', items: [{ bookId: 2, quantity: 1 }] });
    const paid = await post(
      `/api/sandbox/checkout-sessions/${started.json.sessionId}/pay`,
      sandboxPayBody({ card: number }),
    );
    assert.is(paid.status, 402, number);
    assert.is(paid.json.message, message);
    assert.is((await post('/api/checkout/confirm', { sessionId: started.json.sessionId })).status, 409);
  }
  const started = await post('/api/cart/checkout', { customerCountry: 'GB', items: [{ bookId: 2, quantity: 1 }] });
  const wrongOption = await post(
    `/api/sandbox/checkout-sessions/${started.json.sessionId}/pay`,
    sandboxPayBody({ shippingOptionId: 'international-shipping' }),
  );
  assert.is(wrongOption.status, 400);
  const wrongCountry = await post(
    `/api/sandbox/checkout-sessions/${started.json.sessionId}/pay`,
    sandboxPayBody({ country: 'US' }),
  );
  assert.is(wrongCountry.status, 400);
  // A direct purchase names its destination (decision 099): without one nothing starts; to France, its page offers
  // only Europe's rate and takes only addresses in Europe's countries.
  const nowhere = await post('/api/create-checkout-session', { items: [{ title: 'Together We Shine', quantity: 1 }] });
  assert.is(nowhere.status, 400);
  assert.is(nowhere.json.message, 'Choose where the parcel goes');
  assert.equal(nowhere.json.issues, [{ field: 'customerCountry', message: 'Choose where the parcel goes' }]);
  const direct = await post('/api/create-checkout-session', {
    customerCountry: 'FR',
    items: [{ title: 'Together We Shine', quantity: 1 }],
  });
  const session = await get(`/api/sandbox/checkout-sessions/${direct.json.sessionId}`);
  assert.equal(
    session.json.shippingOptions.map((o: { id: string; amount: number }) => [o.id, o.amount]),
    [['europe-shipping', 500]],
  );
  assert.equal(
    session.json.allowedCountries.map((c: { code: string }) => c.code),
    ['BE', 'DE', 'ES', 'FR', 'IT', 'NL'],
  );
  const ukRateAbroad = await post(
    `/api/sandbox/checkout-sessions/${direct.json.sessionId}/pay`,
    sandboxPayBody({ country: 'FR', shippingOptionId: 'uk-shipping' }),
  );
  assert.is(ukRateAbroad.status, 400);
  const outsideZone = await post(
    `/api/sandbox/checkout-sessions/${direct.json.sessionId}/pay`,
    sandboxPayBody({ country: 'GB', shippingOptionId: 'europe-shipping' }),
  );
  assert.is(outsideZone.status, 400);
  assert.is(outsideZone.json.message, 'We do not ship to that country from this checkout');
  const incomplete = await post(`/api/sandbox/checkout-sessions/${started.json.sessionId}/pay`, {
    ...sandboxPayBody(),
    card: { number: '4242', expiry: '1', cvc: '' },
  });
  assert.is(incomplete.status, 400);
  assert.is(incomplete.json.message, 'Your card number is incomplete.');
});

test('webhooks: tampered, stale, unsigned or wrongly signed deliveries are refused and change nothing', async () => {
  const sessionId = (await post('/api/cart/checkout', { customerCountry: 'GB', items: [{ bookId: 1, quantity: 1 }] }))
    .json.sessionId;
  const before = await shop.shop.deps.events.headPosition();
  const valid = signedWebhook('checkout.session.completed', sessionId);
  const tampered = await deliverWebhook(shop, {
    body: valid.body.replace('"type":"checkout.session.completed"', '"type":"payment_intent.succeeded"'),
    signature: valid.signature,
  });
  assert.is(tampered.status, 400);
  assert.is(tampered.json.message, 'Webhook signature does not match');
  const stale = await deliverWebhook(shop, signedWebhook('checkout.session.completed', sessionId, { age: 301 }));
  assert.is(stale.status, 400);
  assert.is(stale.json.message, 'Webhook signature is too old');
  const foreign = await deliverWebhook(
    shop,
    signedWebhook('checkout.session.completed', sessionId, { secret: 'whsec_someone_else' }),
  );
  assert.is(foreign.status, 400);
  const unsigned = await call(`${shop.url}/api/payments/webhook`, { body: JSON.parse(valid.body) });
  assert.is(unsigned.status, 400);
  assert.is(unsigned.json.message, 'Missing Stripe-Signature header');
  // Signed, but the session is not paid yet, or not the shop's, or an event the shop does not act on.
  assert.is((await deliverWebhook(shop, valid)).status, 200);
  assert.is(
    (await deliverWebhook(shop, signedWebhook('checkout.session.completed', 'cs_sandbox_AAAAAAAAAAAAAAAAAAAAAAAA')))
      .status,
    200,
  );
  assert.is((await deliverWebhook(shop, signedWebhook('customer.created', 'cus_123'))).status, 200);
  assert.is(await shop.shop.deps.events.headPosition(), before);
});

test('cancelling: the cancelled page records the abandoned checkout once and gets its items back', async () => {
  const started = await post('/api/cart/checkout', { customerCountry: 'GB', items: [{ bookId: 3, quantity: 2 }] });
  const checkoutId = new URL(
    (await call(`${shop.url}/api/sandbox/checkout-sessions/${started.json.sessionId}`)).json.cancelUrl,
  ).searchParams.get('checkout');
  const first = await post('/api/checkout/cancel', { checkoutId });
  assert.is(first.status, 200);
  assert.equal(first.json.items, [
    { bookId: 3, name: 'Alif to Ya: My Arabic Alphabet Poster', quantity: 2, price: 999 },
  ]);
  assert.is((await post('/api/checkout/cancel', { checkoutId })).status, 200);
  const events = (await allEvents(shop)).filter((e) => e.stream === `checkout-${checkoutId}`);
  assert.equal(
    events.map((e) => e.type),
    ['CheckoutStarted', 'CheckoutCancelled'],
  );
  // An expired session's webhook says the same, and changes nothing more.
  assert.is(
    (await deliverWebhook(shop, signedWebhook('checkout.session.expired', started.json.sessionId))).status,
    200,
  );
  assert.is((await allEvents(shop)).filter((e) => e.stream === `checkout-${checkoutId}`).length, 2);
});

test("direct-notify records the owner's notification and tells the owner once", async () => {
  const res = await post('/api/direct-notify', {
    shippingAddress: 'To be provided during checkout',
    items: [{ name: 'Together We Shine', quantity: 1, price: 999 }],
    totalAmount: 999,
    shippingCost: 0,
    paymentMethod: 'Stripe',
  });
  assert.equal(res.json, { success: true });
  const events = await allEvents(shop);
  const notified = ofType(events, 'PurchaseNotified').at(-1)!;
  assert.match(notified.stream, /^notification-/);
  const data = notified.data as { customerName: string; customerEmail: string };
  assert.is(data.customerName, 'Website Customer');
  assert.is(data.customerEmail, 'customer@example.com');
  const sent = events.filter((e) => e.stream === notified.stream && e.type === 'EmailSent');
  assert.is(sent.length, 1);
  assert.equal(sent[0]!.data, {
    ...(sent[0]!.data as object),
    to: 'owner@amanahhouse.co.uk',
    kind: 'purchase-notice',
  });
});

test.run();
