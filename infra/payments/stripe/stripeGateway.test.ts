import Stripe from 'stripe';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { seedOptionFor } from '../../../contracts/checkout/shippingRates.ts';
import { GatewayUnavailable, WebhookRejected } from '../../../contracts/ports/payments.ts';
import { rejects } from '../../testing/assert.ts';
import { startFakeStripeApi, type FakeStripeApi } from '../../testing/fakeStripeApi.ts';
import { stripeApiVersion } from './apiVersion.ts';
import { createStripeGateway, stripeApiAddress, stripeRefundReason } from './stripeGateway.ts';

const webhookSecret = 'whsec_test_secret';
let fake: FakeStripeApi;
const gateway = () =>
  createStripeGateway({ secretKey: 'sk_test_123', publishableKey: 'pk_test_123', webhookSecret, apiBase: fake.base });

test.before(async () => {
  fake = await startFakeStripeApi();
});
test.after(async () => {
  await fake.close();
});

test('a hosted checkout session sends pence in gbp, the line items, shipping options, return URLs and an idempotency key', async () => {
  const session = await gateway().createHostedCheckout({
    checkoutId: '6d7c3a1e-0000-4000-8000-000000000001',
    lineItems: [
      { name: 'The Kindness Basket', description: 'Purchase of The Kindness Basket', unitAmount: 999, quantity: 2 },
      { name: 'Together We Shine', unitAmount: 999, quantity: 1 },
    ],
    shippingOptions: [seedOptionFor('GB'), seedOptionFor('US')],
    allowedCountries: ['GB'],
    successUrl: 'https://shop.example/checkout-success?session_id={CHECKOUT_SESSION_ID}',
    cancelUrl: 'https://shop.example/payment-cancelled?checkout=6d7c3a1e-0000-4000-8000-000000000001',
    customerEmail: 'amina@example.com',
  });
  assert.match(session.id, /^cs_test_/);
  assert.is(session.url, `https://checkout.stripe.com/c/pay/${session.id}`);
  const call = fake.calls.at(-1)!;
  assert.is(call.method, 'POST');
  assert.is(call.path, '/v1/checkout/sessions');
  assert.is(call.authorization, 'Bearer sk_test_123');
  assert.is(call.idempotencyKey, 'checkout-session-6d7c3a1e-0000-4000-8000-000000000001');
  const p = call.params;
  assert.is(p.mode, 'payment');
  assert.is(p['line_items[0][price_data][currency]'], 'gbp');
  assert.is(p['line_items[0][price_data][unit_amount]'], '999');
  assert.is(p['line_items[0][quantity]'], '2');
  assert.is(p['line_items[0][price_data][product_data][name]'], 'The Kindness Basket');
  assert.is(p['line_items[0][price_data][product_data][description]'], 'Purchase of The Kindness Basket');
  assert.is(p['line_items[1][price_data][unit_amount]'], '999');
  assert.is(p['line_items[1][quantity]'], '1');
  assert.is(p['shipping_options[0][shipping_rate_data][display_name]'], 'UK Shipping');
  assert.is(p['shipping_options[0][shipping_rate_data][fixed_amount][amount]'], '350');
  assert.is(p['shipping_options[0][shipping_rate_data][fixed_amount][currency]'], 'gbp');
  assert.is(p['shipping_options[1][shipping_rate_data][display_name]'], 'International Shipping');
  assert.is(p['shipping_options[1][shipping_rate_data][fixed_amount][amount]'], '500');
  assert.is(p['shipping_address_collection[allowed_countries][0]'], 'GB');
  assert.is(p.success_url, 'https://shop.example/checkout-success?session_id={CHECKOUT_SESSION_ID}');
  assert.is(p.cancel_url, 'https://shop.example/payment-cancelled?checkout=6d7c3a1e-0000-4000-8000-000000000001');
  assert.is(p.customer_email, 'amina@example.com');
  assert.is(p['metadata[checkoutId]'], '6d7c3a1e-0000-4000-8000-000000000001');
  // No amount sent anywhere but the unit amounts and the shipping rates.
  assert.not.ok(Object.keys(p).some((k) => k.includes('amount_total')));
  // Hosted Checkout offers the account's enabled methods: no list of types is sent (decision 105).
  assert.not.ok(Object.keys(p).some((k) => k.includes('payment_method_types')));
});

test('a gift to someone else: the session asks for the billing address only and its payment ships to the recipient', async () => {
  await gateway().createHostedCheckout({
    checkoutId: '6d7c3a1e-0000-4000-8000-000000000009',
    lineItems: [{ name: 'The Kindness Basket', unitAmount: 999, quantity: 1 }],
    shippingOptions: [seedOptionFor('FR')],
    allowedCountries: ['FR'],
    deliverTo: {
      name: 'Yusuf Ahmed',
      address: { line1: '12 Rue des Lilas', city: 'Lyon', postcode: '69003', country: 'FR' },
    },
    successUrl: 'https://shop.example/checkout-success?session_id={CHECKOUT_SESSION_ID}',
    cancelUrl: 'https://shop.example/payment-cancelled?checkout=6d7c3a1e-0000-4000-8000-000000000009',
  });
  const p = fake.calls.at(-1)!.params;
  assert.is(p.billing_address_collection, 'required');
  assert.not.ok(Object.keys(p).some((k) => k.startsWith('shipping_address_collection')));
  assert.is(p['shipping_options[0][shipping_rate_data][fixed_amount][amount]'], '500');
  assert.is(p['payment_intent_data[shipping][name]'], 'Yusuf Ahmed');
  assert.is(p['payment_intent_data[shipping][address][line1]'], '12 Rue des Lilas');
  assert.is(p['payment_intent_data[shipping][address][postal_code]'], '69003');
  assert.is(p['payment_intent_data[shipping][address][country]'], 'FR');
  assert.is(p['payment_intent_data[metadata][checkoutId]'], '6d7c3a1e-0000-4000-8000-000000000009');
});

test("a payment intent sends the amount in pence, gbp, the account's own payment methods, the shipping address and an idempotency key, and no receipt e-mail", async () => {
  const intent = await gateway().createPaymentIntent({
    checkoutId: '6d7c3a1e-0000-4000-8000-000000000002',
    amount: 1349,
    description: 'The Kindness Basket with UK Shipping',
    shipping: {
      name: 'Amina Khan',
      address: { line1: '1 Linden Lane', city: 'Leeds', postcode: 'LS1 4AB', country: 'GB' },
    },
  });
  assert.match(intent.id, /^pi_test_/);
  assert.match(intent.clientSecret, new RegExp(`^${intent.id}_secret_`));
  const call = fake.calls.at(-1)!;
  assert.is(call.path, '/v1/payment_intents');
  assert.is(call.idempotencyKey, 'payment-intent-6d7c3a1e-0000-4000-8000-000000000002');
  assert.is(call.params.amount, '1349');
  assert.is(call.params.currency, 'gbp');
  // Dynamic payment methods: the account's own, never a list of types (decision 105).
  assert.is(call.params['automatic_payment_methods[enabled]'], 'true');
  assert.not.ok(Object.keys(call.params).some((k) => k.includes('payment_method_types')));
  // No receipt_email: live Stripe would send its own receipt beside the shop's confirmation.
  assert.not.ok(Object.keys(call.params).some((k) => k.startsWith('receipt_email')));
  assert.is(call.params['shipping[address][postal_code]'], 'LS1 4AB');
  assert.is(call.params['metadata[checkoutId]'], '6d7c3a1e-0000-4000-8000-000000000002');
});

test('retrieving a payment reports whether it is paid, the amount and currency, and what the shopper entered', async () => {
  const g = gateway();
  const session = await g.createHostedCheckout({
    checkoutId: '6d7c3a1e-0000-4000-8000-000000000003',
    lineItems: [{ name: 'Together We Shine', unitAmount: 999, quantity: 1 }],
    shippingOptions: [seedOptionFor('GB'), seedOptionFor('US')].slice(0, 1),
    allowedCountries: ['GB'],
    successUrl: 'https://shop.example/s?session_id={CHECKOUT_SESSION_ID}',
    cancelUrl: 'https://shop.example/c',
  });
  const before = await g.retrievePayment(session.id);
  assert.is(before?.paid, false);
  fake.pay(session.id, {
    amount_total: 1349,
    shipping_cost: { amount_total: 350 },
    customer_details: { name: 'Amina Khan', email: 'amina@example.com', address: null },
    collected_information: {
      shipping_details: {
        name: 'Amina Khan',
        address: { line1: '1 Linden Lane', line2: null, city: 'Leeds', postal_code: 'LS1 4AB', country: 'GB' },
      },
    },
  });
  const after = await g.retrievePayment(session.id);
  assert.equal(after, {
    reference: session.id,
    kind: 'checkout_session',
    paid: true,
    amount: 1349,
    currency: 'gbp',
    shippingAmount: 350,
    customerName: 'Amina Khan',
    customerEmail: 'amina@example.com',
    shippingAddress: { line1: '1 Linden Lane', city: 'Leeds', postcode: 'LS1 4AB', country: 'GB' },
    checkoutId: '6d7c3a1e-0000-4000-8000-000000000003',
  });
  assert.is(await g.retrievePayment('cs_test_unknown'), null);
  assert.is(await g.retrievePayment('pi_test_unknown'), null);
  assert.is(await g.retrievePayment('ch_something_else'), null);
});

test("a gateway failure surfaces as GatewayUnavailable, not as the shopper's fault", async () => {
  fake.failNext(10);
  await rejects(
    () =>
      createStripeGateway({ secretKey: 'sk_test_123', apiBase: fake.base }).createPaymentIntent({
        checkoutId: 'x',
        amount: 999,
        description: 'd',
      }),
    (e) => e instanceof GatewayUnavailable,
  );
  fake.failNext(0);
});

const sign = (payload: string, timestamp?: number) =>
  Stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret, ...(timestamp ? { timestamp } : {}) });
const event = (type: string, id: string, apiVersion: string | null = stripeApiVersion) =>
  JSON.stringify({ id: `evt_${id}`, object: 'event', api_version: apiVersion, type, data: { object: { id } } });

test('webhooks: a valid signature on the raw body is accepted and names the payment', () => {
  const g = gateway();
  const now = new Date();
  const body = event('checkout.session.completed', 'cs_test_abc');
  assert.equal(g.parseWebhook(body, sign(body), now), {
    eventId: 'evt_cs_test_abc',
    type: 'payment_succeeded',
    reference: 'cs_test_abc',
  });
  const intentBody = event('payment_intent.succeeded', 'pi_test_abc');
  assert.equal(g.parseWebhook(intentBody, sign(intentBody), now), {
    eventId: 'evt_pi_test_abc',
    type: 'payment_succeeded',
    reference: 'pi_test_abc',
  });
  const other = event('customer.created', 'cus_1');
  assert.equal(g.parseWebhook(other, sign(other), now), {
    eventId: 'evt_cus_1',
    type: 'ignored',
    original: 'customer.created',
  });
  // A duplicate delivery parses the same; the shop's order stream makes it a no-op.
  assert.equal(g.parseWebhook(body, sign(body), now), g.parseWebhook(body, sign(body), now));
});

test('webhooks: tampered bodies, wrong secrets, stale or missing signatures are rejected', () => {
  const g = gateway();
  const now = new Date();
  const body = event('checkout.session.completed', 'cs_test_abc');
  const tampered = body.replace('cs_test_abc', 'cs_test_xyz');
  const reject = (fn: () => unknown, message: RegExp) => {
    try {
      fn();
      assert.unreachable('accepted');
    } catch (error) {
      assert.instance(error, WebhookRejected);
      assert.match((error as Error).message, message);
    }
  };
  reject(() => g.parseWebhook(tampered, sign(body), now), /does not match/);
  reject(
    () => g.parseWebhook(body, Stripe.webhooks.generateTestHeaderString({ payload: body, secret: 'whsec_other' }), now),
    /does not match/,
  );
  const staleAt = Math.floor(now.getTime() / 1000) - 301;
  reject(() => g.parseWebhook(body, sign(body, staleAt), now), /too old/);
  assert.ok(g.parseWebhook(body, sign(body, Math.floor(now.getTime() / 1000) - 299), now));
  reject(() => g.parseWebhook(body, undefined, now), /Missing/);
  reject(() => createStripeGateway({ secretKey: 'sk_test_123' }).parseWebhook(body, sign(body), now), /not configured/);
});

test("the shop's pinned API version is the one the installed SDK is typed for, and every request sends it", async () => {
  // A failure here means the stripe package was upgraded: read Stripe's changelog between the two versions, check
  // what the shop sends and reads, then change stripeApiVersion (and the webhook endpoint's version at Stripe).
  assert.is(stripeApiVersion, Stripe.API_VERSION);
  const before = fake.calls.length;
  await gateway().retrievePayment('pi_test_unknown');
  await gateway().createPaymentIntent({
    checkoutId: '6d7c3a1e-0000-4000-8000-000000000009',
    amount: 999,
    description: 'd',
  });
  const sent = fake.calls.slice(before);
  assert.is(sent.length, 2);
  for (const call of sent) assert.is(call.stripeVersion, stripeApiVersion);
});

test('webhooks: an event made for another API version, or none, is read all the same and its version reported', () => {
  const g = gateway();
  const now = new Date();
  const body = event('checkout.session.completed', 'cs_test_old', '2024-06-20');
  assert.equal(g.parseWebhook(body, sign(body), now), {
    eventId: 'evt_cs_test_old',
    type: 'payment_succeeded',
    reference: 'cs_test_old',
    versionMismatch: { expected: stripeApiVersion, received: '2024-06-20' },
  });
  const bare = event('customer.created', 'cus_2', null);
  assert.equal(g.parseWebhook(bare, sign(bare), now), {
    eventId: 'evt_cus_2',
    type: 'ignored',
    original: 'customer.created',
    versionMismatch: { expected: stripeApiVersion, received: null },
  });
});

test("a refund's Stripe reason comes from the first word of the owner's reason, requested_by_customer unless it says otherwise", () => {
  for (const [reason, expected] of [
    ['One copy was damaged', 'requested_by_customer'],
    ['Duplicate payment', 'duplicate'],
    ['duplicated order', 'duplicate'],
    ['Fraud', 'fraudulent'],
    ['"Fraudulent" card, reported by the bank', 'fraudulent'],
    ['Not fraud: the shopper changed their mind', 'requested_by_customer'],
    ['The order was a duplicate', 'requested_by_customer'],
    ['', 'requested_by_customer'],
  ] as const)
    assert.is(stripeRefundReason(reason), expected, reason);
});

test("webhooks: every step of a dispute reads Stripe's Dispute object, its deadline, mode and balance transactions", () => {
  const g = gateway();
  const now = new Date();
  const dispute = {
    id: 'dp_1',
    object: 'dispute',
    amount: 2348,
    charge: 'ch_1',
    payment_intent: { id: 'pi_1', object: 'payment_intent' },
    reason: 'product_not_received',
    status: 'under_review',
    livemode: true,
    evidence_details: { due_by: 1777071599, has_evidence: true, past_due: false, submission_count: 1 },
    balance_transactions: [
      {
        id: 'txn_1',
        object: 'balance_transaction',
        amount: -2348,
        fee: 2000,
        net: -4348,
        created: 1776160800,
        fee_details: [{ amount: 2000, currency: 'gbp', description: 'Dispute fee', type: 'stripe_fee' }],
        reporting_category: 'dispute',
        type: 'adjustment',
      },
    ],
  };
  for (const type of [
    'charge.dispute.created',
    'charge.dispute.updated',
    'charge.dispute.closed',
    'charge.dispute.funds_withdrawn',
    'charge.dispute.funds_reinstated',
  ]) {
    const body = JSON.stringify({
      id: `evt_${type}`,
      object: 'event',
      api_version: stripeApiVersion,
      type,
      data: { object: dispute },
    });
    assert.equal(g.parseWebhook(body, sign(body), now), {
      eventId: `evt_${type}`,
      type: 'dispute_reported',
      paymentIntent: 'pi_1',
      dispute: {
        disputeId: 'dp_1',
        amount: 2348,
        reason: 'product_not_received',
        status: 'under_review',
        evidenceDueBy: '2026-04-24T22:59:59.000Z',
        paymentIntent: 'pi_1',
        livemode: true,
        transactions: [
          {
            transactionId: 'txn_1',
            amount: -2348,
            fee: 2000,
            net: -4348,
            feeDetails: [{ type: 'stripe_fee', amount: 2000, description: 'Dispute fee' }],
            createdAt: '2026-04-14T10:00:00.000Z',
            reportingCategory: 'dispute',
          },
        ],
      },
    });
  }
  // A dispute of a legacy charge (no PaymentIntent) cannot be traced: ignored.
  const legacy = JSON.stringify({
    id: 'evt_legacy',
    object: 'event',
    api_version: stripeApiVersion,
    type: 'charge.dispute.closed',
    data: { object: { ...dispute, payment_intent: null } },
  });
  assert.equal(g.parseWebhook(legacy, sign(legacy), now), {
    eventId: 'evt_legacy',
    type: 'ignored',
    original: 'charge.dispute.closed',
  });
});

test("STRIPE_API_BASE becomes the SDK's host, port and protocol, a port left out being the protocol's own", () => {
  assert.equal(stripeApiAddress('http://127.0.0.1:12111'), { host: '127.0.0.1', port: 12111, protocol: 'http' });
  assert.equal(stripeApiAddress('https://stripe-mock.internal'), {
    host: 'stripe-mock.internal',
    port: 443,
    protocol: 'https',
  });
  assert.equal(stripeApiAddress('http://[::1]:12111'), { host: '::1', port: 12111, protocol: 'http' });
});

test.run();
