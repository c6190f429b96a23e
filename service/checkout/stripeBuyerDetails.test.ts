// Every payment path against a local server that answers like Stripe's API: the wallet page's confirmation carries
// `shipping` and never `receipt_email` (the e-mail goes with the intent's request), and each order ends with the buyer's details and one confirmation, whichever of the
// webhook, the success page and orders/save comes first, and however often.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import Stripe from 'stripe';
import {
  walletConfirmParams,
  walletPayer as payerForIntent,
  walletSaveBody,
} from '../../contracts/checkout/walletPayment.ts';
import { allProjections } from '../../projections/index.ts';
import { verify } from '../../projections/engine/rebuild.ts';
import { call } from '../../infra/testing/shop.ts';
import {
  allEvents,
  assertShippable,
  cardFormBody,
  deliverWebhook,
  orderAndEmails,
  reportRepeatedly,
  signedWebhook,
  stripePaidDetails,
  stripeShopFor,
  walletPayer,
} from '../../infra/testing/checkout.ts';

const { fake, shop } = await stripeShopFor(test, { OWNER_EMAIL: 'owner@amanahhouse.co.uk' });
/** What Stripe.js does in the browser with the publishable key, sent the same way to the same API. */
const browserStripe = new Stripe('pk_test_shop', {
  host: fake.api.host,
  port: fake.api.port,
  protocol: fake.api.protocol,
  telemetry: false,
  maxNetworkRetries: 0,
});

const post = (path: string, body: unknown) => call(`${shop.url}${path}`, { body });

const amina = { name: 'Amina Khan', email: 'amina@example.com', line1: '1 Linden Lane' };
const bilal = { name: 'Bilal Rahman', email: 'bilal@example.com', line1: '7 Orchard Row' };
const walletSave = (paymentIntentId: string) => () =>
  post(
    '/api/orders/save',
    walletSaveBody(walletPayer, {
      paymentIntentId,
      amount: 1349,
      bookTitle: 'The Kindness Basket',
      bookPrice: 999,
      shippingCost: 350,
    }),
  );

test("the wallet confirmation sends Stripe the payer's shipping address and no receipt e-mail; the intent's request the e-mail", async () => {
  const intent = await post('/api/create-payment-intent', {
    amount: 1349,
    shippingOptionId: 'uk-shipping',
    country: 'GB',
    ...payerForIntent(walletPayer),
  });
  assert.is(intent.status, 200, intent.text);
  const { paymentIntentId, clientSecret } = intent.json;
  await browserStripe.paymentIntents.confirm(paymentIntentId, {
    ...walletConfirmParams(walletPayer),
    client_secret: clientSecret,
  } as Stripe.PaymentIntentConfirmParams);
  const sent = fake.calls.at(-1)!;
  assert.is(sent.path, `/v1/payment_intents/${paymentIntentId}/confirm`);
  assert.equal(
    Object.fromEntries(
      Object.entries(sent.params).filter(
        ([k]) => k.startsWith('shipping') || k === 'receipt_email' || k === 'payment_method',
      ),
    ),
    {
      payment_method: 'pm_card_visa',
      'shipping[name]': 'Bilal Rahman',
      'shipping[address][line1]': '7 Orchard Row',
      'shipping[address][line2]': 'Flat 2',
      'shipping[address][city]': 'York',
      'shipping[address][postal_code]': 'YO1 7HH',
      'shipping[address][country]': 'GB',
    },
  );
  // No receipt_email anywhere: not on the intent the server made, not on its confirmation (decision 105).
  assert.not.ok(
    fake.calls.some((c) => Object.keys(c.params).some((k) => k.startsWith('receipt_email'))),
    'no call to Stripe carried receipt_email',
  );
  // The gateway's own record now names the payer and the address; the checkout's start the e-mail: all a webhook
  // arriving first has to go on.
  const payment = await shop.shop.deps.payments.retrievePayment(paymentIntentId);
  assert.equal(
    { name: payment?.customerName, email: payment?.customerEmail, address: payment?.shippingAddress },
    {
      name: 'Bilal Rahman',
      email: undefined,
      address: { line1: '7 Orchard Row', line2: 'Flat 2', city: 'York', postcode: 'YO1 7HH', country: 'GB' },
    },
  );
  const started = (await allEvents(shop)).find(
    (e) =>
      e.type === 'CheckoutStarted' && (e.data as { paymentReference: string }).paymentReference === paymentIntentId,
  );
  assert.is((started?.data as { customerEmail?: string }).customerEmail, 'bilal@example.com');
});

for (const first of ['webhook', 'orders/save'] as const) {
  test(`with Stripe, wallet: confirmed with the payer's details, then ${first} first, with duplicates`, async () => {
    const intent = await post('/api/create-payment-intent', {
      amount: 1349,
      shippingOptionId: 'uk-shipping',
      country: 'GB',
      ...payerForIntent(walletPayer),
    });
    const { paymentIntentId, clientSecret } = intent.json;
    await browserStripe.paymentIntents.confirm(paymentIntentId, {
      ...walletConfirmParams(walletPayer),
      client_secret: clientSecret,
    } as Stripe.PaymentIntentConfirmParams);
    const webhook = () => deliverWebhook(shop, signedWebhook('payment_intent.succeeded', paymentIntentId));
    await reportRepeatedly(
      first === 'webhook' ? [webhook, walletSave(paymentIntentId)] : [walletSave(paymentIntentId), webhook],
    );
    await assertShippable(shop, paymentIntentId, bilal);
    assert.equal(
      (await orderAndEmails(shop, paymentIntentId)).orderEvents.map((e) => e.type),
      ['OrderPlaced'],
    );
  });

  test(`with Stripe, wallet confirmed without the payer's details: ${first} first, the details still reach the order once`, async () => {
    const intent = await post('/api/create-payment-intent', {
      amount: 1349,
      shippingOptionId: 'uk-shipping',
      country: 'GB',
    });
    const { paymentIntentId } = intent.json;
    fake.pay(paymentIntentId);
    const webhook = () => deliverWebhook(shop, signedWebhook('payment_intent.succeeded', paymentIntentId));
    await reportRepeatedly(
      first === 'webhook' ? [webhook, walletSave(paymentIntentId)] : [walletSave(paymentIntentId), webhook],
    );
    await assertShippable(shop, paymentIntentId, bilal);
    const expected = first === 'webhook' ? ['OrderPlaced', 'OrderCustomerDetailsAdded'] : ['OrderPlaced'];
    assert.equal(
      (await orderAndEmails(shop, paymentIntentId)).orderEvents.map((e) => e.type),
      expected,
    );
  });

  test(`with Stripe, card form: paid, then ${first} first, with duplicates`, async () => {
    const intent = await post('/api/create-payment-intent', cardFormBody('GB'));
    const { paymentIntentId } = intent.json;
    fake.pay(paymentIntentId);
    const webhook = () => deliverWebhook(shop, signedWebhook('payment_intent.succeeded', paymentIntentId));
    const save = () => post('/api/orders/save', { ...cardFormBody('GB'), paymentIntentId, status: 'completed' });
    await reportRepeatedly(first === 'webhook' ? [webhook, save] : [save, webhook]);
    await assertShippable(shop, paymentIntentId, amina);
  });
}

for (const first of ['webhook', 'success page'] as const) {
  for (const channel of ['cart', 'direct purchase'] as const) {
    test(`with Stripe, ${channel}: paid on Stripe's page, then ${first} first, with duplicates`, async () => {
      const started =
        channel === 'cart'
          ? await post('/api/cart/checkout', { items: [{ bookId: 1, quantity: 1 }], customerCountry: 'GB' })
          : await post('/api/create-checkout-session', {
              items: [{ title: 'The Kindness Basket', quantity: 1 }],
              customerName: 'Amina Khan',
              customerEmail: 'amina@example.com',
              customerCountry: 'GB',
            });
      const sessionId: string = started.json.sessionId;
      fake.pay(sessionId, { amount_total: 1349, shipping_cost: { amount_total: 350 }, ...stripePaidDetails });
      const webhook = () => deliverWebhook(shop, signedWebhook('checkout.session.completed', sessionId));
      const confirm = () => post('/api/checkout/confirm', { sessionId });
      await reportRepeatedly(first === 'webhook' ? [webhook, confirm] : [confirm, webhook]);
      await assertShippable(shop, sessionId, amina);
    });
  }
}

test('with Stripe, the read models equal a rebuild from the log', async () => {
  assert.ok((await verify(shop.shop.deps.events, shop.shop.deps.reads, allProjections)).match);
});

test.run();
