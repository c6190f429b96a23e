// "This is a gift" at checkout (decisions 085 and 110): the gift's message, and on every checkout a recipient, are
// recorded on the checkout and on the order it places; a gift sent abroad is priced for where it goes; bad gifts get a
// clear 400; the packing slip, the buyer's e-mails and the success answer are addressed to the recipient; a gift note
// goes to the recipient when asked for, without prices; erasing the buyer erases the recipient and the message.
import type { ShopEventType } from '../../contracts/eventCatalog.ts';
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
  outboxTexts,
  sandboxShopFor,
  signedWebhook,
  testCards,
} from '../../infra/testing/checkout.ts';
import { adminHeaders, call } from '../../infra/testing/shop.ts';

const shop = await sandboxShopFor(test);
const post = (path: string, body: unknown) => call(`${shop.url}${path}`, { body });
/** The data of every event of a type in the log, as read. */
const dataOf = async (type: ShopEventType) =>
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

/** The outbox e-mails that mention a text, as a reader sees them. */
const mailsMentioning = (text: string) => outboxTexts(shop).filter((mail) => mail.includes(text));

test('the cart sends a gift to someone abroad: priced for them, the payer gives a billing address, every e-mail names them', async () => {
  const buyer = 'cart.giver@example.com';
  const started = await post('/api/cart/checkout', {
    items: [{ bookId: 1, quantity: 1 }],
    customerCountry: 'GB',
    customerEmail: buyer,
    gift: { message, recipient: { ...recipient, email: 'yusuf@example.com', notify: true } },
  });
  assert.is(started.status, 200, started.text);
  const sessionId: string = started.json.sessionId;
  const view = await call(`${shop.url}/api/sandbox/checkout-sessions/${sessionId}`);
  assert.equal(
    view.json.shippingOptions.map((o: { id: string }) => o.id),
    ['europe-shipping'],
    "the recipient's zone's one rate",
  );
  assert.is(view.json.deliverTo.name, 'Yusuf Ahmed');
  assert.ok(view.json.allowedCountries.length > 200, 'the billing address may be in any country');
  const paid = await post(`/api/sandbox/checkout-sessions/${sessionId}/pay`, {
    ...sandboxPayBody({ shippingOptionId: 'europe-shipping' }),
    email: buyer,
  });
  assert.is(paid.status, 200, paid.text);
  const confirmed = await post('/api/checkout/confirm', { sessionId });
  assert.is(confirmed.status, 200, confirmed.text);
  assert.equal(confirmed.json.order.shippingAddress, ['Yusuf Ahmed', '12 Rue des Lilas', 'Lyon', '69003', 'France']);
  assert.equal(confirmed.json.order.gift, { message, recipientName: 'Yusuf Ahmed' });
  assert.is(confirmed.json.order.total, 999 + 500);
  const placed = (await dataOf('OrderPlaced')).find((d) => d.orderId === sessionId)!;
  assert.equal(placed.gift, {
    message,
    recipientName: 'Yusuf Ahmed',
    recipientAddress: { line1: '12 Rue des Lilas', city: 'Lyon', postcode: '69003', country: 'FR' },
    recipientEmail: 'yusuf@example.com',
    noteToRecipient: true,
  });
  assert.equal(
    (await dataOf('OrderFlagged')).filter((d) => d.orderId === sessionId),
    [],
    'no rate flag for a UK payer paying the rate of the recipient’s country',
  );

  await eventually(async () => mailsMentioning(`To: ${buyer}`).length >= 1);
  const [confirmation] = mailsMentioning(`To: ${buyer}`);
  assert.match(confirmation!, 'A gift for Yusuf Ahmed, delivering to');
  assert.match(confirmation!, '12 Rue des Lilas');
  assert.match(confirmation!, message);
  assert.not.match(confirmation!, '1 Linden Lane', "the buyer's own address is not the delivery");

  // Shipped: the buyer is told where it went; the recipient gets the gift note, without a price.
  const owner = await adminHeaders(shop);
  const { order } = await orderPage(sessionId);
  const shipped = await call(`${shop.url}/api/admin/orders/${sessionId}/status`, {
    method: 'POST',
    headers: owner,
    body: {
      status: 'shipped',
      expectedRevision: order.revision,
      shipment: { carrier: 'royal-mail', trackingNumber: 'AB123456789GB' },
    },
  });
  assert.is(shipped.status, 200, shipped.text);
  await eventually(async () => mailsMentioning('To: yusuf@example.com').length === 1);
  await eventually(async () => mailsMentioning(`To: ${buyer}`).length === 2);
  const onItsWay = mailsMentioning(`To: ${buyer}`).find((mail) => mail.includes('is on its way'))!;
  assert.match(onItsWay, 'A gift for Yusuf Ahmed, delivering to');
  assert.not.match(onItsWay, '1 Linden Lane');
  const [note] = mailsMentioning('To: yusuf@example.com');
  assert.match(note!, 'Amina Khan has sent you a gift');
  assert.match(note!, message);
  assert.match(note!, 'AB123456789GB');
  assert.not.match(note!, /£/, 'the gift note shows no price');
  assert.not.match(note!, '/order/', "nor the buyer's order page");
  assert.is(
    (await allEvents(shop)).filter((e) => e.type === 'EmailSent' && (e.data as { kind: string }).kind === 'gift-note')
      .length,
    1,
  );
});

test('the hosted checkout and the wallet take a gift message; the wallet prices a recipient for where they live', async () => {
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

  // To someone in France from a sheet whose address is the payer's: the recipient's rate, whatever the page sent.
  const ukRate = await post('/api/create-payment-intent', {
    amount: 1349,
    shippingOptionId: 'uk-shipping',
    country: 'GB',
    gift: { message, recipient },
  });
  assert.is(ukRate.status, 400, 'the UK rate does not deliver to France');
  const toFrance = await post('/api/create-payment-intent', {
    amount: 999 + 500,
    shippingOptionId: 'europe-shipping',
    country: 'GB',
    gift: { message, recipient },
  });
  assert.is(toFrance.status, 200, toFrance.text);
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

  const notServed = await post('/api/cart/checkout', {
    items: [{ bookId: 1, quantity: 1 }],
    customerCountry: 'GB',
    gift: { message, recipient: { ...recipient, address: { ...recipient.address, country: 'JP' } } },
  });
  assert.is(notServed.status, 400, notServed.text);
  assert.match(notServed.text, 'We do not deliver to Japan');
  assert.match(notServed.text, 'gift.recipient.address.country');

  const noteNowhere = await post('/api/create-checkout-session', {
    items: [{ title: 'The Kindness Basket', quantity: 1 }],
    customerCountry: 'GB',
    gift: { message, recipient: { ...recipient, notify: true } },
  });
  assert.is(noteNowhere.status, 400, noteNowhere.text);
  assert.match(noteNowhere.text, giftTexts.noteNeedsEmail);

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
  const intent = await post('/api/create-payment-intent', {
    ...buyer,
    gift: { message, recipient: { ...recipient, email: 'yusuf.note@example.com', notify: true } },
  });
  assert.is(intent.status, 200, intent.text);
  const { paymentIntentId, clientSecret } = intent.json;
  await post(`/api/sandbox/payment-intents/${paymentIntentId}/confirm`, {
    clientSecret,
    card: cardOf(testCards.succeeds),
  });
  await deliverWebhook(shop, signedWebhook('payment_intent.succeeded', paymentIntentId));
  const before = await orderPage(paymentIntentId);
  assert.is(before.page.gift?.recipientName, 'Yusuf Ahmed');
  assert.is(before.page.gift?.noteTo, 'yusuf.note@example.com', 'the owner sees where the gift note goes');

  // Shipped first, so the gift note to the recipient is on record too: it goes with the buyer.
  const owner = await adminHeaders(shop);
  const shipped = await call(`${shop.url}/api/admin/orders/${paymentIntentId}/status`, {
    method: 'POST',
    headers: owner,
    body: {
      status: 'shipped',
      expectedRevision: before.order.revision,
      shipment: { carrier: 'royal-mail', trackingNumber: 'AB123456789GB' },
    },
  });
  assert.is(shipped.status, 200, shipped.text);
  await eventually(async () =>
    (await allEvents(shop)).some(
      (e) =>
        e.type === 'EmailSent' &&
        (e.data as { kind: string; notificationId: string }).kind === 'gift-note' &&
        (e.data as { notificationId: string }).notificationId === paymentIntentId,
    ),
  );

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
    noteTo: removedWithCustomer,
  });
  const log = JSON.stringify(
    (await allEvents(shop)).filter((e) => JSON.stringify(e.data).includes(paymentIntentId)).map((e) => e.data),
  );
  for (const gone of ['Yusuf Ahmed', '12 Rue des Lilas', 'Lyon', '69003', 'Auntie Amina', 'yusuf.note@example.com'])
    assert.not.ok(log.includes(gone), `${gone} is gone from the log as read`);
  assert.ok(log.includes(erased.name), 'the buyer reads as erased too');
});

test.run();
