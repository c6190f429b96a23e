// Customs on the parcels (decision 098), through the API: a French order's Click & Drop rows have every customs column
// filled from the catalogue as it is (the owner's own details for a product included), a UK order's have its weight
// and package format only; the packing slips and the order page carry a French parcel's CN22 summary, a gift's
// declared for where its recipient lives, and a UK parcel none.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { clickAndDropColumns, parseCsvRows } from '../../contracts/orders/clickAndDrop.ts';
import type { OrderPageResponse, PackingSlipsResponse } from '../../contracts/orders/console.ts';
import { orderStream } from '../../contracts/shared/streams.ts';
import { orderPlacedData, placeOrders } from '../../infra/testing/exampleOrders.ts';
import { adminHeaders, call, startTestShop } from '../../infra/testing/shop.ts';

const shop = await startTestShop({ ADMIN_USERNAME: 'owner' });
test.after(() => shop.close());
const owner = await adminHeaders(shop, 'owner');

const [french, leeds, gift] = ['pi_customs_frFRfrFR0001', 'pi_customs_ukUKukUK0002', 'pi_customs_gfGFgfGF0003'];
const items = [
  { name: 'The Kindness Basket', quantity: 2, price: 899, bookId: 1 },
  { name: 'Alif to Ya: My Arabic Alphabet Poster', quantity: 1, price: 999, bookId: 3 },
];
await placeOrders(shop, [
  orderPlacedData({
    orderId: french,
    status: 'processing',
    customerName: 'Camille Martin',
    customerEmail: 'camille@example.fr',
    shippingAddress: { line1: '8 rue des Lilas', city: 'Lyon', postcode: '69003', country: 'FR' },
    items,
    shippingCost: 500,
  }),
  orderPlacedData({ orderId: leeds, status: 'processing', items }),
  orderPlacedData({
    orderId: gift,
    status: 'processing',
    items: [items[0]!],
    gift: {
      message: 'Happy Eid!',
      recipientName: 'Nadia Haddad',
      recipientAddress: { line1: 'Keizersgracht 1', city: 'Amsterdam', postcode: '1015 CJ', country: 'NL' },
    },
  }),
]);
// The owner gives the poster its own details: what follows declares them.
const poster = await call(`${shop.url}/api/admin/catalogue/3`, {
  method: 'PATCH',
  body: { weightGrams: 120, hsCode: '4911.91', origin: 'TR', reason: 'Printed in Istanbul' },
  headers: owner,
});
assert.is(poster.status, 200, poster.text);
const numberOf = async (id: string) =>
  ((await shop.shop.deps.events.readStream(orderStream(id)))[0]!.data as { orderNumber: string }).orderNumber;

test('the Click & Drop file: every customs column filled for the French order, weight and format for the UK one', async () => {
  const res = await call(`${shop.url}/api/admin/orders/click-and-drop.csv`, {
    body: { orderIds: [french, leeds], reason: 'labels for today' },
    headers: owner,
  });
  assert.is(res.status, 200, res.text);
  const [header, ...rows] = parseCsvRows(res.text);
  assert.equal(header, [...clickAndDropColumns]);
  const col = (row: string[], name: (typeof clickAndDropColumns)[number]) => row[clickAndDropColumns.indexOf(name)]!;
  const customsColumns = [
    'Weight',
    'Package Size',
    'Unit price',
    'Customs description',
    'Product customs code',
    'Country of origin',
    'Content type',
  ] as const;
  const frenchNumber = await numberOf(french);
  const frenchRows = rows.filter((r) => col(r, 'Order reference') === frenchNumber);
  assert.is(frenchRows.length, 2);
  assert.equal(
    frenchRows.map((r) => [col(r, 'Country'), ...customsColumns.map((c) => col(r, c))]),
    [
      [
        'France',
        '0.900',
        'Small parcel',
        '8.99',
        "Children's picture book",
        '49030000',
        'United Kingdom',
        'Sale of goods',
      ],
      ['France', '0.900', 'Small parcel', '9.99', 'Printed poster', '491191', 'Türkiye', 'Sale of goods'],
    ],
  );
  for (const row of frenchRows) for (const c of customsColumns) assert.ok(col(row, c), `${c} is filled`);
  const leedsNumber = await numberOf(leeds);
  const ukRows = rows.filter((r) => col(r, 'Order reference') === leedsNumber);
  assert.is(ukRows.length, 2);
  for (const row of ukRows) {
    assert.equal(
      customsColumns.map((c) => col(row, c)),
      ['0.900', 'Small parcel', '', '', '', '', ''],
    );
  }
});

test('the packing slips print the French parcel’s CN22 summary and the gift’s for the Netherlands; the UK one none', async () => {
  const res = await call(`${shop.url}/api/admin/packing-slips?ids=${french},${leeds},${gift}`, { headers: owner });
  assert.is(res.status, 200, res.text);
  const [fr, uk, nl] = (res.json as PackingSlipsResponse).slips;
  assert.equal(fr!.customs, {
    form: 'CN22',
    destination: 'FR',
    contentType: 'Sale of goods',
    lines: [
      {
        description: "Children's picture book",
        name: 'The Kindness Basket',
        quantity: 2,
        unitPrice: 899,
        value: 1798,
        weightGrams: 700,
        hsCode: '4903.00.00',
        origin: 'GB',
      },
      {
        description: 'Printed poster',
        name: 'Alif to Ya: My Arabic Alphabet Poster',
        quantity: 1,
        unitPrice: 999,
        value: 999,
        weightGrams: 120,
        hsCode: '4911.91',
        origin: 'TR',
      },
    ],
    totalQuantity: 3,
    totalWeightGrams: 820,
    totalValue: 2797,
    currency: 'GBP',
  });
  assert.is(uk!.customs, undefined);
  assert.equal([nl!.customerName, nl!.customs?.destination, nl!.customs?.totalValue], ['Nadia Haddad', 'NL', 1798]);
  // Without ids, every processing order: the same declarations.
  const all = (await call(`${shop.url}/api/admin/packing-slips`, { headers: owner })).json as PackingSlipsResponse;
  assert.equal(
    all.slips.filter((s) => s.customs).map((s) => [s.orderId, s.customs!.destination]),
    [
      [french, 'FR'],
      [gift, 'NL'],
    ],
  );
});

test('the order page answers the French parcel’s declaration for its slip, and none for the UK parcel', async () => {
  const fr = (await call(`${shop.url}/api/admin/orders/${french}`, { headers: owner })).json as OrderPageResponse;
  assert.equal([fr.customs?.form, fr.customs?.totalValue, fr.customs?.totalWeightGrams], ['CN22', 2797, 820]);
  const uk = (await call(`${shop.url}/api/admin/orders/${leeds}`, { headers: owner })).json as OrderPageResponse;
  assert.is(uk.customs, undefined);
});

test.run();
