// The VAT an order records when it is placed (decision 069): none while the shop is not registered; when it is, each
// line's VAT at its product's rate on the sale's UK day, the delivery apportioned between the rates, worked out by hand
// below to the penny.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { CheckoutStarted } from '../../contracts/checkout/events.ts';
import { seedOptionFor } from '../../contracts/checkout/shippingRates.ts';
import type { OrderPlaced } from '../../contracts/orders/events.ts';
import type { VerifiedPayment } from '../../contracts/ports/payments.ts';
import { emptyVatSettings, foldVatSettings } from '../../contracts/vat/settings.ts';
import type { VatSettingsEvent } from '../../contracts/vat/events.ts';
import { withBundle } from '../../contracts/catalog/bundle.ts';
import { orderPlacementDecider, type PlaceOrder } from './order.ts';

const kindness = { bookId: 1, name: 'The Kindness Basket', price: 999 };
const poster = { bookId: 3, name: 'Alif to Ya: My Arabic Alphabet Poster', price: 999 };
const delivery = seedOptionFor('GB');

function checkoutOf(
  items: CheckoutStarted['data']['items'],
  discounts?: CheckoutStarted['data']['discounts'],
): CheckoutStarted['data'] {
  return {
    ...(discounts ? { discounts } : {}),
    checkoutId: 'c-vat',
    channel: 'cart',
    provider: 'sandbox',
    paymentReference: 'cs_vat',
    items,
    subtotal: items.reduce((sum, item) => sum + item.price * item.quantity, 0),
    shippingOptions: [delivery],
    currency: 'gbp',
    startedAt: '2026-05-01T09:00:00.000Z',
  };
}

/** The order placed for a paid checkout of `items` at `at`, with the VAT settings `events` make. */
function placed(
  items: CheckoutStarted['data']['items'],
  events: VatSettingsEvent[],
  at = '2026-05-01T09:05:00.000Z',
  discounts?: CheckoutStarted['data']['discounts'],
) {
  const started = checkoutOf(items, discounts);
  const payment: VerifiedPayment = {
    reference: 'cs_vat',
    kind: 'checkout_session',
    paid: true,
    amount: started.subtotal + delivery.amount,
    currency: 'gbp',
    shippingAmount: delivery.amount,
    customerName: 'Amina Khan',
    customerEmail: 'amina@example.com',
    shippingAddress: { line1: '1 Linden Lane', city: 'Leeds', postcode: 'LS1 4AB', country: 'GB' },
    checkoutId: 'c-vat',
  };
  const command: PlaceOrder = {
    type: 'PlaceOrder',
    reference: 'cs_vat',
    shopper: {},
    verified: { payment, checkout: { status: 'started', started }, vat: foldVatSettings(events) },
    at,
  };
  const decided = orderPlacementDecider.decide(command, orderPlacementDecider.initialState());
  return decided.find((e): e is OrderPlaced => e.type === 'OrderPlaced')!.data;
}

const by = 'admin';
const registered = (registeredFrom = '2026-04-01'): VatSettingsEvent => ({
  type: 'VatRegistered',
  data: { vatNumber: 'GB365684514', registeredFrom, by, at: '2026-04-01T08:00:00.000Z' },
});

test('a shop not registered for VAT records no VAT on its orders', () => {
  const order = placed(
    [
      { ...kindness, quantity: 1 },
      { ...poster, quantity: 1 },
    ],
    [],
  );
  assert.is(order.total, 2348);
  assert.not.ok('vat' in order, 'no vat field at all');
  assert.not.ok('vat' in placed([{ ...poster, quantity: 1 }], [], '2026-05-01T09:05:00.000Z'));
  // The settings a command carries by default are "not registered".
  assert.equal(emptyVatSettings(), { registrations: [], changes: {} });
});

test('registered: a book and the poster to a UK address, delivery apportioned, match the hand calculation', () => {
  // Book £9.99 at 0%, poster £9.99 at 20%, UK delivery £3.50; total £23.48.
  // Lines: the book's VAT is 0; the poster's is 999 × 2000 / 12000 = 166.5p, a half penny up: 167p, net 832p.
  // Delivery by the goods' values: 350 × 999 / 1998 = 175p at each rate, nothing left over.
  //   0%: 175p, VAT 0.  20%: 175p, VAT 175 / 6 = 29.17p → 29p.
  // By rate: 0%: goods 999 + delivery 175 = 1174, VAT 0, net 1174.
  //          20%: goods 999 + delivery 175 = 1174, VAT 167 + 29 = 196, net 978.
  // Totals: gross 2348 (the order's total), VAT 196, net 2152.
  const order = placed(
    [
      { ...kindness, quantity: 1 },
      { ...poster, quantity: 1 },
    ],
    [registered()],
  );
  assert.equal(order.vat, {
    vatNumber: 'GB365684514',
    lines: [
      { rate: 0, gross: 999, vat: 0, net: 999 },
      { rate: 2000, gross: 999, vat: 167, net: 832 },
    ],
    delivery: [
      { rate: 0, gross: 175, vat: 0 },
      { rate: 2000, gross: 175, vat: 29 },
    ],
    rates: [
      { rate: 0, goods: 999, delivery: 175, gross: 1174, vat: 0, net: 1174 },
      { rate: 2000, goods: 999, delivery: 175, gross: 1174, vat: 196, net: 978 },
    ],
    totals: { gross: 2348, vat: 196, net: 2152 },
  });
  assert.is(order.vat!.totals.gross, order.total);
});

test('registered: two books and the poster, the spare penny of the delivery to the larger remainder', () => {
  // Goods: books 2 × 999 = 1998 at 0%, poster 999 at 20%; delivery 350; total 3347.
  // Delivery: 350 × 1998 / 2997 = 233.33 → 233; 350 × 999 / 2997 = 116.67 → 116; one penny left, to the larger
  //   remainder (0.67, the 20% part): 117. 233 + 117 = 350.
  // VAT at 20%: poster 167 (166.5 up) + delivery 117 / 6 = 19.5 → 20 (a half penny up) = 187.
  // By rate: 0%: 1998 + 233 = 2231, VAT 0. 20%: 999 + 117 = 1116, VAT 187, net 929. Totals 3347, 187, 3160.
  const order = placed(
    [
      { ...kindness, quantity: 2 },
      { ...poster, quantity: 1 },
    ],
    [registered()],
  );
  assert.equal(order.vat!.lines, [
    { rate: 0, gross: 1998, vat: 0, net: 1998 },
    { rate: 2000, gross: 999, vat: 167, net: 832 },
  ]);
  assert.equal(order.vat!.delivery, [
    { rate: 0, gross: 233, vat: 0 },
    { rate: 2000, gross: 117, vat: 20 },
  ]);
  assert.equal(order.vat!.rates, [
    { rate: 0, goods: 1998, delivery: 233, gross: 2231, vat: 0, net: 2231 },
    { rate: 2000, goods: 999, delivery: 117, gross: 1116, vat: 187, net: 929 },
  ]);
  assert.equal(order.vat!.totals, { gross: 3347, vat: 187, net: 3160 });
  assert.is(order.total, 3347);
});

test("registered, with the bundle: each line's VAT is on its price after the saving, and the order records the saving", () => {
  // The set at 10% off: 2997 × 10% = 299.7 → 300, 100 off each copy (decision 072): three lines at 899.
  // Lines: the books 899 at 0%, VAT 0; the poster 899 at 20%: 899 / 6 = 149.83 → 150, net 749.
  // Delivery by the goods' values: 350 × 1798 / 2697 = 233.33 → 233; 350 × 899 / 2697 = 116.67 → 116; the penny left
  //   to the larger remainder (0.67, the 20% part): 117. VAT 117 / 6 = 19.5 → 20 (a half penny up).
  // By rate: 0%: 1798 + 233 = 2031, VAT 0. 20%: 899 + 117 = 1016, VAT 170, net 846. Totals 3047, 170, 2877.
  const book2 = { bookId: 2, name: 'Together We Shine', price: 999 };
  const { lines, saving } = withBundle({ percentOff: 10, requires: [1, 2, 3] }, [
    { ...kindness, quantity: 1 },
    { ...book2, quantity: 1 },
    { ...poster, quantity: 1 },
  ]);
  assert.is(saving?.amount, 300);
  const items = lines.map(({ from: _from, ...item }) => item);
  const discounts = [
    {
      kind: 'bundle' as const,
      amount: 300,
      lines: [0, 1, 2].map((line) => ({ line, amount: 100 })),
    },
  ];
  const order = placed(items, [registered()], undefined, discounts);
  assert.equal(
    order.items.map((item) => [item.price, item.listPrice]),
    [
      [899, 999],
      [899, 999],
      [899, 999],
    ],
  );
  assert.equal(order.discounts, discounts);
  assert.is(order.subtotal, 2697);
  assert.is(order.total, 3047);
  assert.equal(order.vat!.lines, [
    { rate: 0, gross: 899, vat: 0, net: 899 },
    { rate: 0, gross: 899, vat: 0, net: 899 },
    { rate: 2000, gross: 899, vat: 150, net: 749 },
  ]);
  assert.equal(order.vat!.delivery, [
    { rate: 0, gross: 233, vat: 0 },
    { rate: 2000, gross: 117, vat: 20 },
  ]);
  assert.equal(order.vat!.rates, [
    { rate: 0, goods: 1798, delivery: 233, gross: 2031, vat: 0, net: 2031 },
    { rate: 2000, goods: 899, delivery: 117, gross: 1016, vat: 170, net: 846 },
  ]);
  assert.equal(order.vat!.totals, { gross: 3047, vat: 170, net: 2877 });
});

test('registration counts from its UK day: a sale the evening before carries none, one after midnight in summer time does', () => {
  const items = [{ ...poster, quantity: 1 }];
  assert.is(placed(items, [registered('2026-06-01')], '2026-05-31T22:00:00.000Z').vat, undefined);
  // 23:30 UTC on 31 May is 00:30 on 1 June in London (BST).
  assert.is(placed(items, [registered('2026-06-01')], '2026-05-31T23:30:00.000Z').vat?.totals.vat, 225);
  // Deregistered from 1 June: a sale on 1 June carries none.
  const ended: VatSettingsEvent = {
    type: 'VatDeregistered',
    data: { from: '2026-06-01', by, at: '2026-05-20T10:00:00Z' },
  };
  assert.is(placed(items, [registered(), ended], '2026-05-31T12:00:00.000Z').vat?.totals.vat, 225);
  assert.is(placed(items, [registered(), ended], '2026-06-01T12:00:00.000Z').vat, undefined);
});

test("a product's rate applies from its day: a sale before a change keeps the old rate", () => {
  const items = [{ ...kindness, quantity: 1 }];
  const change: VatSettingsEvent = {
    type: 'VatRateChanged',
    data: { bookId: 1, from: '2026-07-01', rate: 500, by, at: '2026-05-02T10:00:00.000Z' },
  };
  assert.is(placed(items, [registered(), change], '2026-06-30T12:00:00.000Z').vat!.lines[0]!.rate, 0);
  // From 1 July at 5%: 999 × 500 / 10500 = 47.57 → 48; delivery 350 × 500 / 10500 = 16.67 → 17.
  const after = placed(items, [registered(), change], '2026-07-01T12:00:00.000Z').vat!;
  assert.equal(after.lines, [{ rate: 500, gross: 999, vat: 48, net: 951 }]);
  assert.equal(after.totals, { gross: 1349, vat: 65, net: 1284 });
});

test('a line recorded without a product id is rated by the catalog entry of its name; a name of none is standard-rated', () => {
  const order = placed(
    [
      { name: 'alif to ya: my arabic alphabet poster ', quantity: 1, price: 999 },
      { name: 'Together We Shine', quantity: 1, price: 999 },
      { name: 'A gift card', quantity: 1, price: 600 },
    ],
    [registered()],
  );
  assert.equal(
    order.vat!.lines.map((line) => line.rate),
    [2000, 0, 2000],
  );
});

test.run();
