// One parcel or two (decision 131): one parcel is the table's rate for the whole basket; two are the rate for the books
// on the shelf plus the rate for the pre-orders, each by its own items and amount, free delivery over an amount too.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { ShippingTable } from '../checkout/shippingRates.ts';
import { dispatchFromOf, isMixedBasket, parcelsDelivery } from './parcels.ts';

const table: ShippingTable = {
  zones: [
    {
      id: 'uk',
      countries: ['GB'],
      bands: [
        { fromItems: 1, toItems: 2, pence: 399 },
        { fromItems: 3, toItems: null, pence: 499 },
      ],
      freeOverPence: 3000,
    },
  ],
};
const preOrders = [{ bookId: 2, publicationDate: '2099-03-01' }];
const basket = [
  { bookId: 1, quantity: 2, price: 999 },
  { bookId: 2, quantity: 1, price: 999 },
];

test('one parcel pays the whole basket rate; two pay each part by its own band, the second its delivery', () => {
  assert.equal(
    [
      parcelsDelivery(table, 'GB', basket, preOrders, 'one')?.amount,
      parcelsDelivery(table, 'GB', basket, preOrders, 'one')?.secondDelivery,
    ],
    [499, 0],
  );
  const two = parcelsDelivery(table, 'GB', basket, preOrders, 'two')!;
  assert.equal([two.amount, two.secondDelivery, two.detail], [798, 399, 'Standard delivery, in two parcels']);
  assert.is(parcelsDelivery(table, 'FR', basket, preOrders, 'two'), null, 'no delivery where the table serves none');
});

test('free delivery is judged per parcel: a part over the amount travels free, the other pays', () => {
  const big = [
    { bookId: 1, quantity: 4, price: 999 },
    { bookId: 2, quantity: 1, price: 999 },
  ];
  assert.is(parcelsDelivery(table, 'GB', big, preOrders, 'one')!.amount, 0);
  const two = parcelsDelivery(table, 'GB', big, preOrders, 'two')!;
  assert.equal([two.amount, two.secondDelivery], [399, 399]);
});

test('a basket is mixed only with both a pre-order and a book on the shelf; one parcel goes from the latest date', () => {
  assert.ok(isMixedBasket(basket, preOrders));
  assert.not.ok(isMixedBasket([basket[0]!], preOrders));
  assert.not.ok(isMixedBasket([basket[1]!], preOrders));
  assert.is(
    dispatchFromOf([
      ...preOrders,
      { bookId: 3, publicationDate: '2099-05-01' },
      { bookId: 4, publicationDate: '2099-04-01' },
    ]),
    '2099-05-01',
  );
});

test.run();
