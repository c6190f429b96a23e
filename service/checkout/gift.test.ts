// "This is a gift" at checkout (decision 085): the gift's message, and on the card form a recipient, are recorded on the
// checkout and on the order it places; a gift sent abroad is priced for where it goes; bad gifts get a clear 400; the
// packing slip is addressed to the recipient; erasing the buyer erases the recipient and the message with them.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { giftMessageMaxLength, giftTexts } from '../../contracts/checkout/gift.ts';
import type { OrderPageResponse, PackingSlipsResponse } from '../../contracts/orders/console.ts';
import { erased, removedWithCustomer } from '../../contracts/personalData.ts';
import { eventually } from '../../infra/testing/assert.ts';
import {
  allEvents,
  cardFormBody,
  cardOf,
  deliverWebhook,
  ofType,
  sandboxPayBody,
  sandboxShopFor,
  signedWebhook,
  testCards,
} from '../../infra/testing/checkout.ts';
import { adminHeaders, call } from '../../infra/testing/shop.ts';

const shop = await sandboxShopFor(test);
const post = (path: string, body: unknown) => call(`${shop.url}${path}`, { body });
/** The data of every event of a type in the log, as read. */
const dataOf = async (type: string) =>
  ofType(await allEvents(shop), type).map((e) => e.data as Record<string, unknown>);

const recipient = {
  name: 'Yusuf Ahmed',
  address: { line1: '12 Rue des Lilas', city: 'Lyon', postal_code: '69003', country: 'FR' },
};
const message = 'Happy birthday, Yusuf! With love from Auntie Amina.';

async function paidCardGift(gift: unknown): Promise<string> {
  const intent = await post('/api/create-payment-intent', { ...cardFormBody('GB'), gift });
  assert.is(intent.status, 200, intent.text);
  const { paymentIntentId, clientSecret } = intent.json;
  const confirmed = await post(`/api/sandbox/payment-intents/${paymentIntentId}/confirm`, {
    clientSecret,
    card: cardOf(testCards.succeeds),
  });
  assert.is(confirmed.status, 200, confirmed.text);
  const webhook = await deliverWebhook(shop, signedWebhook('payment_intent.succeeded', paymentIntentId));
  assert.ok(webhook.status < 300, webhook.text);
  return paymentIntentId;
}

/** The order's page once the read model has it (`until` holds, when given). */
async function orderPage(orderId: string, until = (_: OrderPageResponse) => true): Promise<OrderPageResponse> {
  const owner = await adminHeaders(shop);
  let found: OrderPageResponse | null = null;
  await eventually(async () => {
    const answer = await call(`${shop.url}/api/admin/orders/${orderId}`, { headers: owner });
    if (answer.status !== 200 || !until(answer.json as OrderPageResponse)) return false;
    found = answer.json as OrderPageResponse;
    return true;
  });
  return found!;
}

test('the card form: a gift to someone abroad is priced for where it goes and recorded on the order', async () => {
  const intent = await post('/api/create-payment-intent', { ...cardFormBody('GB'), gift: { message, recipient } });
  assert.is(intent.status, 200, intent.text);
  assert.is(intent.json.amount, 999 + 500, 'international shipping, for the recipient in France');

  const orderId = await paidCardGift({ message, recipient });
  const placed = (await dataOf('OrderPlaced')).find((d) => d.orderId === orderId)!;
  assert.equal(placed.gift, {
    message,
    recipientName: 'Yusuf Ahmed',
    recipientAddress: { line1: '12 Rue des Lilas', city: 'Lyon', postcode: '69003', country: 'FR' },
  });
  // The buyer stays the buyer; no shipping-rate flag for a buyer in the UK paying the international rate.
  assert.is(placed.customerName, 'Amina Khan');
  assert.equal(
    (await dataOf('OrderFlagged')).filter((d) => d.orderId === orderId),
    [],
  );

  const { page } = await orderPage(orderId);
  assert.equal(page.gift, {
    message,
    recipientName: 'Yusuf Ahmed',
    recipientLines: ['12 Rue des Lilas', 'Lyon', '69003', 'FR'],
  });
  const owner = await adminHeaders(shop);
  const slips = await call(`${shop.url}/api/admin/packing-slips?ids=${orderId}`, { headers: owner });
  assert.is(slips.status, 200, slips.text);
  const [slip] = (slips.json as PackingSlipsResponse).slips;
  assert.is(slip!.customerName, 'Yusuf Ahmed', 'the slip is addressed to the recipient');
  assert.equal(slip!.addressLines, ['12 Rue des Lilas', 'Lyon', '69003', 'FR']);
  assert.equal(slip!.gift, { message });
});

test('the hosted checkout and the wallet take a gift message; the recipient is entered on their payment page', async () => {
  const started = await post('/api/cart/checkout', {
    items: [{ bookId: 1, quantity: 1 }],
    customerCountry: 'GB',
    gift: { message: '  For Hana  ' },
  });
  assert.is(started.status, 200, started.text);
  const sessionId: string = started.json.sessionId;
  const checkout = (await dataOf('CheckoutStarted')).find((d) => d.paymentReference === sessionId)!;
  assert.equal(checkout.gift, { message: 'For Hana' });
  const paid = await post(`/api/sandbox/checkout-sessions/${sessionId}/pay`, sandboxPayBody());
  assert.is(paid.status, 200, paid.text);
  await deliverWebhook(shop, signedWebhook('checkout.session.completed', sessionId));
  assert.equal((await orderPage(sessionId)).page.gift, { message: 'For Hana' });

  const wallet = await post('/api/create-payment-intent', {
    amount: 1349,
    shippingOptionId: 'uk-shipping',
    country: 'GB',
    gift: { message: 'Eid Mubarak' },
  });
  assert.is(wallet.status, 200, wallet.text);
  const walletStart = (await dataOf('CheckoutStarted')).find(
    (d) => d.paymentReference === wallet.json.paymentIntentId,
  )!;
  assert.equal(walletStart.gift, { message: 'Eid Mubarak' });
});

test('a bad gift is a clear 400 and starts nothing', async () => {
  const before = ofType(await allEvents(shop), 'CheckoutStarted').length;
  const tooLong = await post('/api/create-payment-intent', {
    ...cardFormBody('GB'),
    gift: { message: 'x'.repeat(giftMessageMaxLength + 1) },
  });
  assert.is(tooLong.status, 400, tooLong.text);
  assert.match(tooLong.text, giftTexts.tooLong);

  const noName = await post('/api/create-payment-intent', {
    ...cardFormBody('GB'),
    gift: { message, recipient: { ...recipient, name: ' ' } },
  });
  assert.is(noName.status, 400, noName.text);
  assert.match(noName.text, 'Recipient name is required');

  const nowhere = await post('/api/create-payment-intent', {
    ...cardFormBody('GB'),
    gift: { message, recipient: { ...recipient, address: { ...recipient.address, country: 'ZZ' } } },
  });
  assert.is(nowhere.status, 400, nowhere.text);

  const hostedRecipient = await post('/api/cart/checkout', {
    items: [{ bookId: 1, quantity: 1 }],
    customerCountry: 'GB',
    gift: { message, recipient },
  });
  assert.is(hostedRecipient.status, 400, hostedRecipient.text);
  assert.match(hostedRecipient.text, 'enter the recipient');

  const notText = await post('/api/cart/checkout', {
    items: [{ bookId: 1, quantity: 1 }],
    customerCountry: 'GB',
    gift: { message: 42 },
  });
  assert.is(notText.status, 400, notText.text);
  assert.is(ofType(await allEvents(shop), 'CheckoutStarted').length, before);
});

test("erasing the buyer erases the gift's recipient and message with them", async () => {
  const buyer = { ...cardFormBody('GB'), email: 'gift.giver@example.com' };
  const intent = await post('/api/create-payment-intent', { ...buyer, gift: { message, recipient } });
  assert.is(intent.status, 200, intent.text);
  const { paymentIntentId, clientSecret } = intent.json;
  await post(`/api/sandbox/payment-intents/${paymentIntentId}/confirm`, {
    clientSecret,
    card: cardOf(testCards.succeeds),
  });
  await deliverWebhook(shop, signedWebhook('payment_intent.succeeded', paymentIntentId));
  assert.is((await orderPage(paymentIntentId)).page.gift?.recipientName, 'Yusuf Ahmed');

  const owner = await adminHeaders(shop);
  const erasedNow = await call(`${shop.url}/api/admin/privacy/erase`, {
    body: { email: 'gift.giver@example.com', reason: 'Asked by e-mail to be forgotten' },
    headers: owner,
  });
  assert.is(erasedNow.status, 200, erasedNow.text);

  const { page } = await orderPage(paymentIntentId, (after) => after.page.gift?.recipientName !== 'Yusuf Ahmed');
  assert.equal(page.gift, {
    message: removedWithCustomer,
    recipientName: removedWithCustomer,
    recipientLines: [removedWithCustomer, removedWithCustomer, removedWithCustomer, 'FR'],
  });
  const log = JSON.stringify(
    (await allEvents(shop)).filter((e) => JSON.stringify(e.data).includes(paymentIntentId)).map((e) => e.data),
  );
  for (const gone of ['Yusuf Ahmed', '12 Rue des Lilas', 'Lyon', '69003', 'Auntie Amina'])
    assert.not.ok(log.includes(gone), `${gone} is gone from the log as read`);
  assert.ok(log.includes(erased.name), 'the buyer reads as erased too');
});

test.run();
