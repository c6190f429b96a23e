// Every way to pay in the sandbox (cart, direct purchase, card form, wallet) ends in an order that can be shipped: the
// buyer's name, e-mail and address, one confirmation e-mail, and read models equal to a rebuild — whichever report
// (the provider's confirmation or webhook, the success page, orders/save) comes first, and however often.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { OrderHistoryResponse } from '../../contracts/orders/console.ts';
import { missingCustomerDetails } from '../../contracts/orders/model.ts';
import {
  walletConfirmParams,
  walletPayer as payerForIntent,
  walletSaveBody,
} from '../../contracts/checkout/walletPayment.ts';
import { allProjections } from '../../projections/index.ts';
import { getOrderHistory } from '../../projections/orders/orderHistory.ts';
import { verify } from '../../projections/engine/rebuild.ts';
import { call } from '../../infra/testing/shop.ts';
import {
  assertShippable,
  cardFormBody,
  cardOf,
  deliverWebhook,
  expectOk,
  orderAndEmails,
  reportRepeatedly,
  sandboxPayBody,
  signedWebhook,
  sandboxShopFor,
  testCards,
  walletPayer,
} from '../../infra/testing/checkout.ts';

const shop = await sandboxShopFor(test);

const post = (path: string, body: unknown) => call(`${shop.url}${path}`, { body });

const amina = { name: 'Amina Khan', email: 'amina@example.com', line1: '1 Linden Lane' };
const bilal = { name: 'Bilal Rahman', email: 'bilal@example.com', line1: '7 Orchard Row' };

for (const first of ['webhook', 'success page'] as const) {
  test(`cart: paid on the hosted page, then ${first} first, with duplicates`, async () => {
    const started = await post('/api/cart/checkout', { items: [{ bookId: 1, quantity: 2 }], customerCountry: 'GB' });
    const sessionId: string = started.json.sessionId;
    expectOk([await post(`/api/sandbox/checkout-sessions/${sessionId}/pay`, sandboxPayBody())]);
    const webhook = () => deliverWebhook(shop, signedWebhook('checkout.session.completed', sessionId));
    const confirm = () => post('/api/checkout/confirm', { sessionId });
    await reportRepeatedly(first === 'webhook' ? [webhook, confirm] : [confirm, webhook]);
    await assertShippable(shop, sessionId, amina);
  });

  test(`direct purchase: the payment page is given the shopper's name, then ${first} first, with duplicates`, async () => {
    const started = await post('/api/create-checkout-session', {
      items: [{ title: 'Together We Shine', quantity: 1 }],
      customerName: 'Amina Khan',
      customerEmail: 'amina@example.com',
      customerCountry: 'GB',
    });
    const sessionId: string = started.json.sessionId;
    const view = await call(`${shop.url}/api/sandbox/checkout-sessions/${sessionId}`);
    assert.is(view.json.customerName, 'Amina Khan');
    assert.is(view.json.customerEmail, 'amina@example.com');
    expectOk([await post(`/api/sandbox/checkout-sessions/${sessionId}/pay`, sandboxPayBody())]);
    const webhook = () => deliverWebhook(shop, signedWebhook('checkout.session.completed', sessionId));
    const confirm = () => post('/api/checkout/confirm', { sessionId });
    await reportRepeatedly(first === 'webhook' ? [webhook, confirm] : [confirm, webhook]);
    await assertShippable(shop, sessionId, amina);
  });
}

for (const first of ['webhook', 'orders/save'] as const) {
  test(`card form: confirmed, then ${first} first, with duplicates`, async () => {
    const intent = await post('/api/create-payment-intent', cardFormBody('GB'));
    const { paymentIntentId, clientSecret } = intent.json;
    expectOk([
      await post(`/api/sandbox/payment-intents/${paymentIntentId}/confirm`, {
        clientSecret,
        card: cardOf(testCards.succeeds),
      }),
    ]);
    const webhook = () => deliverWebhook(shop, signedWebhook('payment_intent.succeeded', paymentIntentId));
    const save = () => post('/api/orders/save', { ...cardFormBody('GB'), paymentIntentId, status: 'completed' });
    await reportRepeatedly(first === 'webhook' ? [webhook, save] : [save, webhook]);
    await assertShippable(shop, paymentIntentId, amina);
  });

  test(`wallet: the intent's request carries the payer's e-mail and the confirmation their address, then ${first} first, with duplicates`, async () => {
    const intent = await post('/api/create-payment-intent', {
      amount: 1349,
      shippingOptionId: 'uk-shipping',
      country: 'GB',
      ...payerForIntent(walletPayer),
    });
    assert.is(intent.status, 200, intent.text);
    const { paymentIntentId, clientSecret } = intent.json;
    const { payment_method: _method, ...payer } = walletConfirmParams(walletPayer);
    expectOk([
      await post(`/api/sandbox/payment-intents/${paymentIntentId}/confirm`, {
        clientSecret,
        card: cardOf(testCards.succeeds),
        ...payer,
      }),
    ]);
    // The confirmation alone placed a whole order, before the page's orders/save.
    assert.equal(missingCustomerDetails((await orderAndEmails(shop, paymentIntentId)).order!), []);
    const webhook = () => deliverWebhook(shop, signedWebhook('payment_intent.succeeded', paymentIntentId));
    const save = () =>
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
    await reportRepeatedly(first === 'webhook' ? [webhook, save] : [save, webhook]);
    const order = await assertShippable(shop, paymentIntentId, bilal);
    assert.equal(order.shippingAddress, {
      line1: '7 Orchard Row',
      line2: 'Flat 2',
      city: 'York',
      postcode: 'YO1 7HH',
      country: 'GB',
    });
    assert.equal(
      (await orderAndEmails(shop, paymentIntentId)).orderEvents.map((e) => e.type),
      ['OrderPlaced'],
    );
  });

  test(`wallet confirmed without the payer's details (an older page): ${first} first, then orders/save's details are added once`, async () => {
    const intent = await post('/api/create-payment-intent', {
      amount: 1349,
      shippingOptionId: 'uk-shipping',
      country: 'GB',
    });
    const { paymentIntentId, clientSecret } = intent.json;
    expectOk([
      await post(`/api/sandbox/payment-intents/${paymentIntentId}/confirm`, {
        clientSecret,
        card: cardOf(testCards.succeeds),
      }),
    ]);
    const placed = await orderAndEmails(shop, paymentIntentId);
    assert.equal(missingCustomerDetails(placed.order!), ['name', 'email', 'address']);
    assert.equal(
      placed.mails.map((m) => m.kind),
      ['order-to-owner'],
      'no confirmation without an e-mail address',
    );
    const webhook = () => deliverWebhook(shop, signedWebhook('payment_intent.succeeded', paymentIntentId));
    const save = () =>
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
    await reportRepeatedly(first === 'webhook' ? [webhook, save] : [save, webhook], 6);
    await assertShippable(shop, paymentIntentId, bilal);
    const { orderEvents } = await orderAndEmails(shop, paymentIntentId);
    assert.equal(
      orderEvents.map((e) => e.type),
      ['OrderPlaced', 'OrderCustomerDetailsAdded'],
    );
    assert.equal((orderEvents[1]!.data as { source: string }).source, 'shopper');
    // A later save with other details replaces nothing.
    expectOk([
      await post('/api/orders/save', {
        paymentIntentId,
        name: 'Someone Else',
        email: 'else@example.com',
        shipping: {
          name: 'Someone Else',
          address: { line1: '9 Elsewhere', city: 'Hull', postal_code: 'HU1 1AA', country: 'GB' },
        },
      }),
    ]);
    await assertShippable(shop, paymentIntentId, bilal);
    const history = (await getOrderHistory(shop.shop.deps.reads, paymentIntentId)) as OrderHistoryResponse;
    assert.equal(
      history.history.map((h) => h.kind),
      ['placed', 'detailsAdded'],
    );
    assert.equal(history.history[1], {
      ...history.history[1]!,
      source: 'shopper',
      customerName: 'Bilal Rahman',
      customerEmail: 'bilal@example.com',
      shippingAddress: '7 Orchard Row, Flat 2, York, YO1 7HH, GB',
    });
  });
}

test('the sandbox confirm refuses a malformed address or e-mail and charges nothing', async () => {
  const intent = await post('/api/create-payment-intent', {
    amount: 1349,
    shippingOptionId: 'uk-shipping',
    country: 'GB',
  });
  const { paymentIntentId, clientSecret } = intent.json;
  const before = await shop.shop.deps.events.headPosition();
  const badEmail = await post(`/api/sandbox/payment-intents/${paymentIntentId}/confirm`, {
    clientSecret,
    card: cardOf(testCards.succeeds),
    receipt_email: 'not an address',
  });
  assert.is(badEmail.status, 400);
  const badAddress = await post(`/api/sandbox/payment-intents/${paymentIntentId}/confirm`, {
    clientSecret,
    card: cardOf(testCards.succeeds),
    shipping: { name: 'X', address: { line1: '' } },
  });
  assert.is(badAddress.status, 400);
  assert.is(badAddress.json.success, false);
  assert.is(await shop.shop.deps.events.headPosition(), before);
  assert.is((await post('/api/orders/save', { paymentIntentId })).status, 409, 'still unpaid');
});

test('cancelling a paid checkout answers 409 and changes nothing', async () => {
  const started = await post('/api/cart/checkout', { customerCountry: 'GB', items: [{ bookId: 2, quantity: 1 }] });
  const view = await call(`${shop.url}/api/sandbox/checkout-sessions/${started.json.sessionId}`);
  const checkoutId = new URL(view.json.cancelUrl).searchParams.get('checkout');
  expectOk([await post(`/api/sandbox/checkout-sessions/${started.json.sessionId}/pay`, sandboxPayBody())]);
  const before = await shop.shop.deps.events.headPosition();
  const cancel = await post('/api/checkout/cancel', { checkoutId });
  assert.is(cancel.status, 409);
  assert.equal(cancel.json, {
    success: false,
    error: cancel.json.error,
    message: 'This checkout has already been paid',
  });
  assert.is(
    (await deliverWebhook(shop, signedWebhook('checkout.session.expired', started.json.sessionId))).status,
    200,
  );
  assert.is(await shop.shop.deps.events.headPosition(), before);
});

test('after all of it, the read models equal a rebuild from the log', async () => {
  const result = await verify(shop.shop.deps.events, shop.shop.deps.reads, allProjections);
  assert.ok(result.match, 'live read models differ from a rebuild');
});

test.run();
