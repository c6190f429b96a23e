// An order's recorded VAT at its edges (decision 069): goods worth nothing with a delivery charge, and an order placed
// by a shop not registered that day.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { orderVatFor } from './orderVat.ts';
import { foldVatSettings } from './settings.ts';

const registered = foldVatSettings([
  { type: 'VatRegistered', data: { vatNumber: 'GB365684514', registeredFrom: '2026-04-01', by: 'admin', at: '' } },
]);
const at = '2026-05-01T12:00:00.000Z';

test('goods worth nothing: the delivery is carried whole at the highest rate of the lines, totals still the order total', () => {
  const vat = orderVatFor(
    {
      items: [
        { bookId: 1, name: 'The Kindness Basket', price: 0, quantity: 1 },
        { bookId: 3, name: 'Alif to Ya: My Arabic Alphabet Poster', price: 0, quantity: 1 },
      ],
      shippingCost: 350,
    },
    registered,
    at,
  )!;
  // 350 at 20%: 350 / 6 = 58.33 → 58.
  assert.equal(vat.delivery, [{ rate: 2000, gross: 350, vat: 58 }]);
  assert.equal(vat.rates, [
    { rate: 0, goods: 0, delivery: 0, gross: 0, vat: 0, net: 0 },
    { rate: 2000, goods: 0, delivery: 350, gross: 350, vat: 58, net: 292 },
  ]);
  assert.equal(vat.totals, { gross: 350, vat: 58, net: 292 });
});

test('no lines at all with a delivery charge: the delivery is standard-rated', () => {
  const vat = orderVatFor({ items: [], shippingCost: 350 }, registered, at)!;
  assert.equal(vat.totals, { gross: 350, vat: 58, net: 292 });
});

test('before the registration day: null, whatever the goods', () => {
  const items = [{ bookId: 3, name: 'Alif to Ya: My Arabic Alphabet Poster', price: 999, quantity: 1 }];
  assert.is(orderVatFor({ items, shippingCost: 350 }, registered, '2026-03-31T12:00:00.000Z'), null);
  assert.is(orderVatFor({ items, shippingCost: 350 }, foldVatSettings([]), at), null);
});

const posters = [{ bookId: 3, name: 'Alif to Ya: My Arabic Alphabet Poster', price: 1249, quantity: 2 }];

test('an export is zero-rated throughout and keeps the VAT a UK sale would carry; the same order to Leeds carries it', () => {
  const exported = orderVatFor({ items: posters, shippingCost: 500 }, registered, at, 'FR')!;
  assert.equal(exported.lines, [{ rate: 0, gross: 2498, vat: 0, net: 2498 }]);
  assert.equal(exported.delivery, [{ rate: 0, gross: 500, vat: 0 }]);
  assert.equal(exported.rates, [{ rate: 0, goods: 2498, delivery: 500, gross: 2998, vat: 0, net: 2998 }]);
  assert.equal(exported.totals, { gross: 2998, vat: 0, net: 2998 });
  // At home: 2498 / 6 = 416.33 → 416 and 500 / 6 = 83.33 → 83, each rounded on its own (decision 068).
  assert.equal(exported.export, {
    country: 'FR',
    ukRates: [{ rate: 2000, goods: 2498, delivery: 500, gross: 2998, vat: 499, net: 2499 }],
    ukTotals: { gross: 2998, vat: 499, net: 2499 },
  });
  const leeds = orderVatFor({ items: posters, shippingCost: 350 }, registered, at)!;
  assert.is(leeds.export, undefined);
  assert.equal(leeds.totals, { gross: 2848, vat: 416 + 58, net: 2848 - 474 });
});

test('an export of picture books owes nothing at home either: their UK rate is zero', () => {
  const books = [{ bookId: 1, name: 'The Kindness Basket', price: 999, quantity: 3 }];
  const exported = orderVatFor({ items: books, shippingCost: 500 }, registered, at, 'US')!;
  assert.equal(exported.export?.ukTotals, { gross: 3497, vat: 0, net: 3497 });
});

test.run();
