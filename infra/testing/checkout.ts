// What checkout tests do again and again: pay in the sandbox, sign a webhook, count the events a payment left.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Stripe from 'stripe';
import type { Test } from 'uvu';
import * as assert from 'uvu/assert';
import type { AdminOrder } from '../../contracts/orders/console.ts';
import type { RecordedEvent } from '../../contracts/shared/events.ts';
import type { ShopEvent, ShopEventOf, ShopEventType } from '../../contracts/eventCatalog.ts';
import { missingCustomerDetails, orderOnRecord } from '../../contracts/orders/model.ts';
import { getAdminOrder } from '../../projections/orders/adminOrders.ts';
import { stripeApiVersion } from '../payments/stripe/apiVersion.ts';
import { startFakeStripeApi, type FakeStripeApi } from './fakeStripeApi.ts';
import { call, startTestShop, type TestShop } from './shop.ts';

export const testWebhookSecret = 'whsec_shop_tests';

/** The settings of a shop that takes signed webhooks and tells the owner of each order. */
export const sandboxShopEnv = { STRIPE_WEBHOOK_SECRET: testWebhookSecret, OWNER_EMAIL: 'owner@amanahhouse.co.uk' };

/** A shop on the payment sandbox with `sandboxShopEnv`, closed after the file's last test. */
export async function sandboxShopFor(test: Test): Promise<TestShop> {
  const shop = await startTestShop(sandboxShopEnv);
  test.after(() => shop.close());
  return shop;
}

/** The settings of a shop on the Stripe adapter whose API is the local server answering like Stripe's. */
export const stripeShopEnv = (fake: FakeStripeApi, secretKey = 'sk_test_shop', publishableKey = 'pk_test_shop') => ({
  STRIPE_SECRET_KEY: secretKey,
  STRIPE_PUBLISHABLE_KEY: publishableKey,
  STRIPE_WEBHOOK_SECRET: testWebhookSecret,
  STRIPE_API_BASE: fake.base,
});

/** A shop on the Stripe adapter, talking to a local server that answers like Stripe's API; both close after the last test. */
export async function stripeShopFor(
  test: Test,
  env: Record<string, string> = {},
): Promise<{ fake: FakeStripeApi; shop: TestShop }> {
  const fake = await startFakeStripeApi();
  const shop = await startTestShop({ ...stripeShopEnv(fake), PUBLIC_URL: 'https://shop.example', ...env });
  test.after(async () => {
    await shop.close();
    await fake.close();
  });
  return { fake, shop };
}

/** What Stripe tells of a paid checkout session: the buyer, and the address they gave on Stripe's page. */
export const stripePaidDetails = {
  customer_details: { name: 'Amina Khan', email: 'amina@example.com', address: null },
  collected_information: {
    shipping_details: {
      name: 'Amina Khan',
      address: { line1: '1 Linden Lane', line2: null, city: 'Leeds', postal_code: 'LS1 4AB', country: 'GB' },
    },
  },
};

export const testCards = { succeeds: '4242 4242 4242 4242', declines: '4000 0000 0000 0002' } as const;

export function sandboxPayBody(overrides: { card?: string; shippingOptionId?: string; country?: string } = {}) {
  return {
    shippingOptionId: overrides.shippingOptionId ?? 'uk-shipping',
    email: 'amina@example.com',
    name: 'Amina Khan',
    address: { line1: '1 Linden Lane', city: 'Leeds', postcode: 'LS1 4AB', country: overrides.country ?? 'GB' },
    card: { number: overrides.card ?? testCards.succeeds, expiry: '12 / 34', cvc: '123' },
  };
}

export const cardFormBody = (country = 'GB') => ({
  name: 'Amina Khan',
  email: 'amina@example.com',
  shipping: { name: 'Amina Khan', address: { line1: '1 Linden Lane', city: 'Leeds', postal_code: 'LS1 4AB', country } },
  totalAmount: 1349,
  bookTitle: 'The Kindness Basket',
  bookPrice: 999,
  shippingCost: 350,
});

export const cardOf = (number: string) => ({ number, expiry: '12 / 34', cvc: '123' });

/**
 * A Stripe-format delivery, signed as Stripe signs it; `age` seconds in the past; made for the shop's pinned API
 * version unless `apiVersion` names another (null: none).
 */
export function signedWebhook(
  type: string,
  reference: string,
  options: { eventId?: string; age?: number; secret?: string; apiVersion?: string | null } = {},
) {
  const body = JSON.stringify({
    id: options.eventId ?? `evt_${reference}`,
    object: 'event',
    api_version: options.apiVersion === undefined ? stripeApiVersion : options.apiVersion,
    type,
    data: { object: { id: reference } },
  });
  const signature = Stripe.webhooks.generateTestHeaderString({
    payload: body,
    secret: options.secret ?? testWebhookSecret,
    timestamp: Math.floor(Date.now() / 1000) - (options.age ?? 0),
  });
  return { body, signature };
}

/** A Stripe-format delivery of an event carrying a whole object (a refund, a charge, a dispute), signed as Stripe signs it. */
export function signedEvent(
  type: string,
  object: Record<string, unknown> & { id: string },
  eventId = `evt_${type}_${object.id}`,
) {
  const body = JSON.stringify({ id: eventId, object: 'event', api_version: stripeApiVersion, type, data: { object } });
  return { body, signature: Stripe.webhooks.generateTestHeaderString({ payload: body, secret: testWebhookSecret }) };
}

export function deliverWebhook(shop: TestShop, delivery: { body: string; signature: string }) {
  return call(`${shop.url}/api/payments/webhook`, {
    method: 'POST',
    raw: delivery.body,
    headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': delivery.signature },
  });
}

export async function allEvents(shop: TestShop): Promise<RecordedEvent<ShopEvent>[]> {
  const events: RecordedEvent<ShopEvent>[] = [];
  for await (const event of shop.shop.deps.events.readAll(0)) events.push(event);
  return events;
}

/** The events of one type, typed as the catalogue has it. */
export const ofType = <T extends ShopEventType>(events: readonly RecordedEvent<ShopEvent>[], type: T) =>
  events.filter((e): e is RecordedEvent<ShopEventOf<T>> => e.type === type);

export function outboxFiles(shop: TestShop): string[] {
  try {
    return readdirSync(join(shop.dataDir, 'outbox'));
  } catch {
    return [];
  }
}

/** Each outbox e-mail as a reader sees it: quoted-printable soft breaks joined and escapes decoded (links stay whole). */
export function outboxTexts(shop: TestShop): string[] {
  return outboxFiles(shop).map((file) => {
    const raw = readFileSync(join(shop.dataDir, 'outbox', file), 'latin1').replace(/=\r?\n/g, '');
    return Buffer.from(
      raw.replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
      'latin1',
    ).toString('utf8');
  });
}

/** Starts a cart checkout in the sandbox and pays it; answers the session id. */
export async function paidCartCheckout(shop: TestShop, items = [{ bookId: 1, quantity: 1 }]): Promise<string> {
  const started = await call(`${shop.url}/api/cart/checkout`, { body: { items, customerCountry: 'GB' } });
  if (started.status !== 200) throw new Error(`cart checkout answered ${started.status}: ${started.text}`);
  const sessionId: string = started.json.sessionId;
  const paid = await call(`${shop.url}/api/sandbox/checkout-sessions/${sessionId}/pay`, { body: sandboxPayBody() });
  if (paid.status !== 200) throw new Error(`sandbox pay answered ${paid.status}: ${paid.text}`);
  return sessionId;
}

/** The payer as the wallet sheet hands them to the page (the fields the wallet page reads of a paid sheet). */
export const walletPayer = {
  paymentMethodId: 'pm_card_visa',
  payerName: 'Bilal Rahman',
  payerEmail: 'bilal@example.com',
  shippingAddress: {
    recipient: 'Bilal Rahman',
    addressLine: ['7 Orchard Row', 'Flat 2'],
    city: 'York',
    postalCode: 'YO1 7HH',
    country: 'GB',
  },
};

/** The order as its stream now says, and the e-mails recorded for it. */
export async function orderAndEmails(shop: TestShop, reference: string) {
  const events = shop.shop.deps.events;
  const [orderEvents, notificationEvents] = await Promise.all([
    events.readStream(`order-${reference}`),
    events.readStream(`notification-${reference}`),
  ]);
  const mails = notificationEvents
    .filter((e) => e.type === 'EmailSent')
    .map((e) => e.data as { kind: string; to: string });
  return { order: orderOnRecord(orderEvents), orderEvents, mails };
}

export const expectOk = (answers: { status: number; text: string }[]) =>
  answers.forEach((a) => assert.is(a.status, 200, a.text));

/** Sends each report `times` times at once, one kind after the other in the order given. */
export async function reportRepeatedly(kinds: (() => Promise<{ status: number; text: string }>)[], times = 4) {
  for (const send of kinds) expectOk(await Promise.all(Array.from({ length: times }, send)));
}

/** The order can be shipped: who, where, one confirmation to the buyer and one notice to the owner, in the log, the outbox and the console. */
export async function assertShippable(
  shop: TestShop,
  reference: string,
  buyer: { name: string; email: string; line1: string },
  owner = 'owner@amanahhouse.co.uk',
) {
  const { order, mails } = await orderAndEmails(shop, reference);
  assert.ok(order, `order ${reference} placed`);
  assert.equal(missingCustomerDetails(order), [], `order ${reference} lacks nothing`);
  assert.is(order.customerName, buyer.name);
  assert.is(order.customerEmail, buyer.email);
  assert.is(typeof order.shippingAddress === 'object' && order.shippingAddress.line1, buyer.line1);
  assert.equal(mails.map((m) => `${m.kind} ${m.to}`).sort(), [
    `order-confirmation ${buyer.email}`,
    `order-to-owner ${owner}`,
  ]);
  const confirmations = outboxFiles(shop).filter((file) => {
    const text = readFileSync(join(shop.dataDir, 'outbox', file), 'utf8');
    return text.includes(order.orderNumber) && text.includes('Thank you for your order');
  });
  assert.is(confirmations.length, 1, 'one confirmation e-mail left the shop');
  const listed = (await getAdminOrder(shop.shop.deps.reads, reference)) as AdminOrder;
  assert.is(listed.customerName, buyer.name);
  assert.is(listed.customerEmail, buyer.email);
  assert.match(listed.shippingAddress, buyer.line1);
  return order;
}
