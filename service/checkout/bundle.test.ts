// The bundle saving on every checkout path (decision 072): what the payment page charges is the cart's total after the
// saving, to the penny, and the order records the saving line by line. A shop with the bundle off charges list prices.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { bundleSaving } from '../../contracts/catalog/bundle.ts';
import type { OrderPlaced } from '../../contracts/orders/events.ts';
import { adminHeaders, call, floodLimits, startTestShop, type TestShop } from '../../infra/testing/shop.ts';
import { orderConfirmation, orderToOwner } from '../orders/orderEmails.ts';
import { cardFormBody, cardOf, sandboxPayBody, testCards } from '../../infra/testing/checkout.ts';

let shop: TestShop;
let plain: TestShop;
test.before(async () => {
  [shop, plain] = await Promise.all([
    startTestShop({ RATE_LIMITS: floodLimits }),
    startTestShop({ RATE_LIMITS: floodLimits }, { bundle: { enabled: false, percentOff: 10, requires: [1, 2, 3] } }),
  ]);
});
test.after(async () => {
  await Promise.all([shop.close(), plain.close()]);
});

const post = (on: TestShop, path: string, body: unknown) => call(`${on.url}${path}`, { body });
const eventOf = async <T>(on: TestShop, stream: string, type: string) =>
  (await on.shop.deps.events.readStream(stream)).find((e) => e.type === type)?.data as T | undefined;
const startedFor = async (on: TestShop, reference: string) => {
  for await (const e of on.shop.deps.events.readAll(0))
    if (e.type === 'CheckoutStarted' && e.data.paymentReference === reference) return e.data;
  return undefined;
};

type SessionLine = { name: string; unitAmount: number; quantity: number; description?: string };
const cartOfAll = [
  { bookId: 1, quantity: 1, title: 'The Kindness Basket', price: 999 },
  { bookId: 2, quantity: 1, title: 'Together We Shine', price: 999 },
  { bookId: 3, quantity: 1, title: 'Alif to Ya: My Arabic Alphabet Poster', price: 999 },
];
/** What the cart drawer shows: the lines at list price less the saving, worked out by the same rule. */
const cartShows = async (on: TestShop, cart: typeof cartOfAll) => {
  const { bundle } = (await call(`${on.url}/api/offers`)).json;
  const list = cart.reduce((sum, l) => sum + l.price * l.quantity, 0);
  return list - (bundleSaving(bundle, cart)?.amount ?? 0);
};

test("the shop says which bundle it prices with: the content file's, or none when it is off", async () => {
  assert.equal((await call(`${shop.url}/api/offers`)).json, { bundle: { percentOff: 10, requires: [1, 2, 3] } });
  assert.equal((await call(`${plain.url}/api/offers`)).json, { bundle: null });
});

test("cart through the sandbox hosted page: it charges the cart's total after the saving, and the order records it", async () => {
  const shown = await cartShows(shop, cartOfAll);
  assert.is(shown, 2697);
  const res = await post(shop, '/api/cart/checkout', { items: cartOfAll, customerCountry: 'GB' });
  assert.is(res.status, 200, res.text);
  const sessionId: string = res.json.sessionId;
  const session = (await call(`${shop.url}/api/sandbox/checkout-sessions/${sessionId}`)).json;
  assert.equal(
    session.lineItems.map((l: SessionLine) => [l.name, l.unitAmount, l.quantity, l.description]),
    cartOfAll.map((l) => [l.title, 899, 1, 'Bundle price (was £9.99)']),
  );
  assert.is(session.subtotal, shown);
  const paid = await post(shop, `/api/sandbox/checkout-sessions/${sessionId}/pay`, sandboxPayBody());
  assert.is(paid.status, 200, paid.text);
  assert.is((await post(shop, '/api/checkout/confirm', { sessionId })).status, 200);
  const order = (await eventOf<OrderPlaced['data']>(shop, `order-${sessionId}`, 'OrderPlaced'))!;
  assert.is(order.subtotal, shown);
  assert.is(order.total, shown + 350);
  assert.equal(order.discounts, [
    {
      kind: 'bundle',
      amount: 300,
      lines: [
        { line: 0, amount: 100 },
        { line: 1, amount: 100 },
        { line: 2, amount: 100 },
      ],
    },
  ]);
  assert.equal(
    order.items.map((i) => [i.bookId, i.quantity, i.price, i.listPrice]),
    [
      [1, 1, 899, 999],
      [2, 1, 899, 999],
      [3, 1, 899, 999],
    ],
  );

  // Shown wherever the order's amounts are: the e-mails, the console's order and its page, the sales CSV.
  const saving = 'Bundle saving (in the prices above) — −£3.00';
  for (const mail of await Promise.all([orderConfirmation(order), orderToOwner(order, 'owner@amanahhouse.co.uk')])) {
    assert.match(mail.text, saving);
    assert.match(mail.text, '1 × Together We Shine (bundle price, was £9.99 each) — £8.99');
  }
  const admin = await adminHeaders(shop);
  const answer = await call(`${shop.url}/api/admin/orders/${sessionId}`, { headers: admin });
  assert.is(answer.status, 200, answer.text);
  assert.equal(answer.json.order.discounts, [{ label: 'Bundle saving', amount: 300 }]);
  assert.equal(answer.json.page.discounts, [{ label: 'Bundle saving', amount: 300 }]);
  const csv = await call(`${shop.url}/api/admin/sales/orders.csv?reason=Bookkeeping&q=AH-${sessionId.slice(-8)}`, {
    headers: admin,
  });
  assert.is(csv.status, 200, csv.text);
  assert.match(csv.text, 'Bundle saving −£3.00');
  assert.match(csv.text, '26.97');
});

test('extra copies beyond the set are charged at the list price on a line of their own', async () => {
  const cart = [{ ...cartOfAll[0]!, quantity: 3 }, cartOfAll[1]!, cartOfAll[2]!];
  const shown = await cartShows(shop, cart);
  assert.is(shown, 5 * 999 - 300);
  const res = await post(shop, '/api/cart/checkout', { items: cart, customerCountry: 'GB' });
  const session = (await call(`${shop.url}/api/sandbox/checkout-sessions/${res.json.sessionId}`)).json;
  assert.equal(
    session.lineItems.map((l: SessionLine) => [l.unitAmount, l.quantity]),
    [
      [899, 1],
      [999, 2],
      [899, 1],
      [899, 1],
    ],
  );
  assert.is(session.subtotal, shown);
  const started = (await startedFor(shop, res.json.sessionId))!;
  assert.is(started.subtotal, shown);
  assert.is(started.discounts?.[0]?.amount, 300);
});

test('direct purchase of the three by title is priced with the same saving', async () => {
  const res = await post(shop, '/api/create-checkout-session', {
    items: cartOfAll.map((l) => ({
      title: l.title,
      description: `Purchase of ${l.title}`,
      price: '9.99',
      quantity: 1,
    })),
    customerCountry: 'GB',
  });
  assert.is(res.status, 200, res.text);
  const session = (await call(`${shop.url}/api/sandbox/checkout-sessions/${res.json.sessionId}`)).json;
  assert.is(session.subtotal, 2697);
  const started = (await startedFor(shop, res.json.sessionId))!;
  assert.is(started.channel, 'direct');
  assert.is(started.discounts?.[0]?.amount, 300);
  // One book alone earns nothing: "Purchase of" stays its description.
  const one = await post(shop, '/api/create-checkout-session', {
    items: [{ title: 'Together We Shine', price: '9.99', quantity: 1 }],
    customerCountry: 'GB',
  });
  const single = (await call(`${shop.url}/api/sandbox/checkout-sessions/${one.json.sessionId}`)).json;
  assert.equal(
    single.lineItems.map((l: SessionLine) => [l.unitAmount, l.description]),
    [[999, 'Purchase of Together We Shine']],
  );
  assert.is((await startedFor(shop, one.json.sessionId))!.discounts, undefined);
});

test("payment intent (the card page's one book) charges what it shows, with no saving; the order records none", async () => {
  const intent = await post(shop, '/api/create-payment-intent', cardFormBody('GB'));
  assert.is(intent.status, 200, intent.text);
  const { paymentIntentId, clientSecret, amount } = intent.json;
  assert.is(amount, 999 + 350);
  const confirmed = await post(shop, `/api/sandbox/payment-intents/${paymentIntentId}/confirm`, {
    clientSecret,
    card: cardOf(testCards.succeeds),
  });
  assert.is(confirmed.status, 200, confirmed.text);
  const saved = await post(shop, '/api/orders/save', { ...cardFormBody('GB'), paymentIntentId, status: 'completed' });
  assert.is(saved.status, 200, saved.text);
  const order = (await eventOf<OrderPlaced['data']>(shop, `order-${paymentIntentId}`, 'OrderPlaced'))!;
  assert.is(order.total, amount);
  assert.is(order.discounts, undefined);
  // The wallet page's amount is the same server total.
  const wallet = await post(shop, '/api/create-payment-intent', {
    amount: 999 + 350,
    shippingOptionId: 'uk-shipping',
    country: 'GB',
  });
  assert.is(wallet.status, 200, wallet.text);
  assert.is((await startedFor(shop, wallet.json.paymentIntentId))!.discounts, undefined);
});

test('with the bundle off the same cart is charged at list prices and records no discount', async () => {
  const shown = await cartShows(plain, cartOfAll);
  assert.is(shown, 2997);
  const res = await post(plain, '/api/cart/checkout', { items: cartOfAll, customerCountry: 'GB' });
  const session = (await call(`${plain.url}/api/sandbox/checkout-sessions/${res.json.sessionId}`)).json;
  assert.is(session.subtotal, shown);
  assert.ok(session.lineItems.every((l: SessionLine) => l.unitAmount === 999 && l.description === undefined));
  assert.is((await startedFor(plain, res.json.sessionId))!.discounts, undefined);
});

test.run();
