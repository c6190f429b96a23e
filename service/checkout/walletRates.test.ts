// The wallet's delivery rate is tied to its address (decision 073): a page that sends the sheet's country is refused a
// rate that does not fit it, with nothing charged or recorded; a payment made at such a rate all the same (an older
// page, a client of its own) is placed and flagged for the owner, never silently accepted.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  walletConfirmParams,
  walletPayer as payerForIntent,
  walletSaveBody,
  type WalletPayment,
} from '../../contracts/checkout/walletPayment.ts';
import { call } from '../../infra/testing/shop.ts';
import {
  cardOf,
  expectOk,
  ofType,
  orderAndEmails,
  sandboxShopFor,
  testCards,
  walletPayer,
} from '../../infra/testing/checkout.ts';

const shop = await sandboxShopFor(test);

const post = (path: string, body: unknown) => call(`${shop.url}${path}`, { body });

const abroad: WalletPayment = {
  ...walletPayer,
  shippingAddress: {
    recipient: 'Bilal Rahman',
    addressLine: ['5 Elm St'],
    city: 'Boston',
    postalCode: '02110',
    country: 'US',
  },
};
const ukRateForUs =
  'UK Shipping (£3.50) was paid for an address in United States, which takes International Shipping (£5.00).';

/** A wallet payment at the given total, confirmed in the sandbox with (or without) the payer's details. */
async function walletPaid(amount: number, payer: WalletPayment | null, country?: string) {
  const intent = await post('/api/create-payment-intent', {
    amount,
    ...(country ? { country } : {}),
    ...(payer ? payerForIntent(payer) : {}),
  });
  assert.is(intent.status, 200, intent.text);
  const { paymentIntentId, clientSecret } = intent.json;
  const details = payer ? (({ payment_method: _m, ...rest }) => rest)(walletConfirmParams(payer)) : {};
  expectOk([
    await post(`/api/sandbox/payment-intents/${paymentIntentId}/confirm`, {
      clientSecret,
      card: cardOf(testCards.succeeds),
      ...details,
    }),
  ]);
  return paymentIntentId as string;
}

const saveBody = (payer: WalletPayment, paymentIntentId: string, shippingCost: number) =>
  walletSaveBody(payer, {
    paymentIntentId,
    amount: 999 + shippingCost,
    bookTitle: 'The Kindness Basket',
    bookPrice: 999,
    shippingCost,
  });

test("a wallet rate that does not fit the sheet's country is refused, naming the rate that does, and nothing is recorded", async () => {
  const before = await shop.shop.deps.events.headPosition();
  const refused = await post('/api/create-payment-intent', {
    amount: 1349,
    shippingOptionId: 'uk-shipping',
    country: 'US',
  });
  assert.is(refused.status, 400);
  assert.is(refused.json.message, 'UK Shipping does not deliver to United States; International Shipping (£5.00) does');
  const international = await post('/api/create-payment-intent', {
    amount: 1499,
    shippingOptionId: 'international-shipping',
    country: 'GB',
  });
  assert.is(international.status, 400);
  assert.is(
    international.json.message,
    'International Shipping does not deliver to United Kingdom; UK Shipping (£3.50) does',
  );
  const nowhere = await post('/api/create-payment-intent', { amount: 1499, country: 'ZZ' });
  assert.is(nowhere.status, 400);
  assert.is(nowhere.json.message, 'We do not deliver to ZZ yet. Choose another destination, or write to us.');
  const malformed = await post('/api/create-payment-intent', { amount: 1499, country: 'United States' });
  assert.is(malformed.status, 400);
  assert.is(malformed.json.message, 'country must be a two-letter country code');
  assert.is(await shop.shop.deps.events.headPosition(), before);
});

test('a wallet rate that fits the country is taken, and the order records the address and the rate, unflagged', async () => {
  const paymentIntentId = await walletPaid(1499, abroad, 'us');
  expectOk([await post('/api/orders/save', saveBody(abroad, paymentIntentId, 500))]);
  const { order, orderEvents } = await orderAndEmails(shop, paymentIntentId);
  assert.is(order!.shippingCost, 500);
  assert.is(order!.total, 1499);
  assert.equal(order!.shippingAddress, { line1: '5 Elm St', city: 'Boston', postcode: '02110', country: 'US' });
  assert.is(ofType(orderEvents, 'OrderFlagged').length, 0);
});

test('a wallet payment without a destination starts nothing (decision 099)', async () => {
  const intent = await post('/api/create-payment-intent', { amount: 1349, shippingOptionId: 'uk-shipping' });
  assert.is(intent.status, 400);
  assert.equal(intent.json.issues, [{ field: 'country', message: 'Choose where the parcel goes' }]);
});

test('a wallet payment at the UK rate paid for a US address is placed flagged', async () => {
  const paymentIntentId = await walletPaid(1349, abroad, 'GB');
  const { order, orderEvents } = await orderAndEmails(shop, paymentIntentId);
  assert.is(order!.shippingCost, 350);
  assert.is((order!.shippingAddress as { country: string }).country, 'US');
  assert.equal(
    ofType(orderEvents, 'OrderFlagged').map((e) => e.data),
    [{ orderId: paymentIntentId, flag: 'shipping-rate-mismatch', message: ukRateForUs, at: order!.placedAt }],
  );
  // A later report of the same payment adds no second flag.
  expectOk([await post('/api/orders/save', saveBody(abroad, paymentIntentId, 350))]);
  assert.is(ofType((await orderAndEmails(shop, paymentIntentId)).orderEvents, 'OrderFlagged').length, 1);
});

test('a wallet payment placed before its address was known is flagged when orders/save brings a US address', async () => {
  const paymentIntentId = await walletPaid(1349, null, 'GB');
  assert.is(ofType((await orderAndEmails(shop, paymentIntentId)).orderEvents, 'OrderFlagged').length, 0);
  expectOk(await Promise.all([1, 2, 3].map(() => post('/api/orders/save', saveBody(abroad, paymentIntentId, 350)))));
  const { order, orderEvents } = await orderAndEmails(shop, paymentIntentId);
  assert.is((order!.shippingAddress as { country: string }).country, 'US');
  assert.equal(
    orderEvents.map((e) => e.type),
    ['OrderPlaced', 'OrderCustomerDetailsAdded', 'OrderFlagged'],
  );
  assert.is((ofType(orderEvents, 'OrderFlagged')[0]!.data as { message: string }).message, ukRateForUs);
});

test("the sheet's rates come from the server: one rate for the address's country, the total with it, none abroad", async () => {
  const uk = await post('/api/wallet/shipping-rates', { country: 'gb' });
  assert.is(uk.status, 200, uk.text);
  assert.equal(uk.json, {
    status: 'success',
    shippingOptions: [{ id: 'uk-shipping', label: 'UK Shipping', detail: 'Standard delivery', amount: 350 }],
    total: { label: 'The Kindness Basket', amount: 1349 },
  });
  const us = await post('/api/wallet/shipping-rates', { country: 'US' });
  assert.equal(
    us.json.shippingOptions.map((o: { id: string }) => o.id),
    ['international-shipping'],
  );
  assert.is(us.json.total.amount, 1499);
  assert.equal((await post('/api/wallet/shipping-rates', { country: 'JP' })).json, {
    status: 'invalid_shipping_address',
  });
  const bad = await post('/api/wallet/shipping-rates', { country: 'Japan' });
  assert.is(bad.status, 400);
  assert.is(bad.json.message, 'country must be a two-letter country code');
});

test.run();
