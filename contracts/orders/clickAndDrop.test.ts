// The Click & Drop order import file and the carrier's CSV read back, worked by hand.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { erased } from '../personalData.ts';
import {
  clickAndDropColumns,
  clickAndDropCsv,
  clickAndDropDate,
  clickAndDropRows,
  orderForNumber,
  parseCarrierCsv,
  parseCsvRows,
  splitName,
  carrierCsvMessages,
  type ClickAndDropCatalogue,
  type ClickAndDropOrder,
} from './clickAndDrop.ts';

/** The seed's products: two picture books and the poster, with the content file's customs details. */
const catalogue: ClickAndDropCatalogue = [
  { id: 1, title: 'The Kindness Basket', kind: 'story' },
  { id: 2, title: 'Together We Shine', kind: 'story' },
  { id: 3, title: 'Alif to Ya: My Arabic Alphabet Poster', kind: 'poster' },
];
const csvOf = (orders: ClickAndDropOrder[]) => clickAndDropCsv(orders, catalogue);
const rowsOf = (o: ClickAndDropOrder) => clickAndDropRows(o, catalogue);

const order = (over: Partial<ClickAndDropOrder> = {}): ClickAndDropOrder => ({
  orderNumber: 'AH-FBDXjEXU',
  placedAt: '2026-07-01T23:30:00.000Z',
  customerName: 'Maryam Al Hussain',
  customerEmail: 'maryam@example.com',
  phone: '07700 900123',
  shippingAddress: { line1: '4 Orchard Lane', line2: 'Flat 2', city: 'Bradford', postcode: 'BD7 1AA', country: 'GB' },
  items: [
    { name: 'The Kindness Basket', quantity: 2, price: 999, bookId: 1 },
    { name: 'Alif to Ya, "My Arabic Alphabet" Poster', quantity: 1, price: 999, bookId: 3 },
  ],
  subtotal: 2997,
  shippingCost: 499,
  total: 3496,
  ...over,
});

const cellsOf = (csv: string) => parseCsvRows(csv);

test('the header is Click & Drop’s columns in their order', () => {
  const [header] = cellsOf(csvOf([]));
  assert.equal(header, [...clickAndDropColumns]);
  assert.equal(header!.slice(0, 5), ['Order reference', 'Date', 'First Name', 'Last Name', 'Full name']);
});

test('an order is one row a line, its fields where the import reads them', () => {
  const rows = cellsOf(csvOf([order()]));
  assert.is(rows.length, 3);
  const row = Object.fromEntries(clickAndDropColumns.map((c, i) => [c, rows[1]![i]]));
  assert.equal(row, {
    'Order reference': 'AH-FBDXjEXU',
    // 23:30 UTC on 1 July is 2 July in London (BST).
    Date: '02/07/26',
    'First Name': 'Maryam',
    'Last Name': 'Al Hussain',
    'Full name': 'Maryam Al Hussain',
    'Address Line 1': '4 Orchard Lane',
    'Address Line 2': 'Flat 2',
    'Address Line 3': '',
    City: 'Bradford',
    County: '',
    Postcode: 'BD7 1AA',
    Country: 'United Kingdom',
    Email: 'maryam@example.com',
    Phone: '07700 900123',
    'Sub-total': '29.97',
    'Shipping Cost': '4.99',
    Total: '34.96',
    'Currency Code': 'GBP',
    // Two books of 350 g, the poster's 150 g and 80 g of packaging; more than one copy is a parcel.
    Weight: '0.930',
    'Package Size': 'Small parcel',
    'Product SKU': 'BOOK-1',
    'Item name': 'The Kindness Basket',
    Quantity: '2',
    // A parcel within the UK declares nothing.
    'Unit price': '',
    'Customs description': '',
    'Product customs code': '',
    'Country of origin': '',
    'Content type': '',
  });
  // Quotes and commas inside a cell survive the trip.
  assert.is(rows[2]![clickAndDropColumns.indexOf('Item name')], 'Alif to Ya, "My Arabic Alphabet" Poster');
  assert.ok(csvOf([order()]).endsWith('\r\n'));
});

test('a parcel to France has every customs column filled on every row, from the catalogue’s details', () => {
  const french = order({
    shippingAddress: { line1: '8 rue des Lilas', city: 'Lyon', postcode: '69003', country: 'FR' },
    items: [
      { name: 'The Kindness Basket', quantity: 2, price: 899, bookId: 1 },
      { name: 'Alif to Ya: My Arabic Alphabet Poster', quantity: 1, price: 999, bookId: 3 },
    ],
  });
  // The poster's owner set its own details: those are declared.
  const owned: ClickAndDropCatalogue = [
    catalogue[0]!,
    { ...catalogue[2]!, customs: { weightGrams: 120, hsCode: '4911.91', origin: 'TR' } },
  ];
  const rows = cellsOf(clickAndDropCsv([french], owned)).slice(1);
  const customsColumns = clickAndDropColumns.slice(clickAndDropColumns.indexOf('Weight'));
  const cells = rows.map((row) =>
    Object.fromEntries(customsColumns.map((c) => [c, row[clickAndDropColumns.indexOf(c)]])),
  );
  assert.equal(cells, [
    {
      Weight: '0.900',
      'Package Size': 'Small parcel',
      'Product SKU': 'BOOK-1',
      'Item name': 'The Kindness Basket',
      Quantity: '2',
      'Unit price': '8.99',
      'Customs description': "Children's picture book",
      'Product customs code': '49030000',
      'Country of origin': 'United Kingdom',
      'Content type': 'Sale of goods',
    },
    {
      Weight: '0.900',
      'Package Size': 'Small parcel',
      'Product SKU': 'BOOK-3',
      'Item name': 'Alif to Ya: My Arabic Alphabet Poster',
      Quantity: '1',
      'Unit price': '9.99',
      'Customs description': 'Printed poster',
      'Product customs code': '491191',
      'Country of origin': 'Türkiye',
      'Content type': 'Sale of goods',
    },
  ]);
  for (const row of rows)
    for (const column of customsColumns) assert.ok(row[clickAndDropColumns.indexOf(column)], column);
  assert.equal(rows[0]!.slice(0, clickAndDropColumns.indexOf('Country') + 1).at(-1), 'France');
});

test('one picture book alone is a large letter; a heavy order a medium parcel', () => {
  const at = (row: unknown[], c: (typeof clickAndDropColumns)[number]) => row[clickAndDropColumns.indexOf(c)];
  const one = rowsOf(order({ items: [{ name: 'The Kindness Basket', quantity: 1, price: 999, bookId: 1 }] }))[0]!;
  assert.equal([at(one, 'Weight'), at(one, 'Package Size')], [{ numeral: '0.430' }, 'Large letter']);
  const many = rowsOf(order({ items: [{ name: 'Together We Shine', quantity: 6, price: 999, bookId: 2 }] }))[0]!;
  assert.equal([at(many, 'Weight'), at(many, 'Package Size')], [{ numeral: '2.180' }, 'Medium parcel']);
});

test('a cell that a spreadsheet would run as a formula is written as text', () => {
  const csv = csvOf([order({ customerName: '=HYPERLINK("http://x")', phone: '+44 7700 900123' })]);
  const row = cellsOf(csv)[1]!;
  assert.is(row[clickAndDropColumns.indexOf('Full name')], `'=HYPERLINK("http://x")`);
  assert.is(row[clickAndDropColumns.indexOf('Phone')], "'+44 7700 900123");
  // Amounts stay numbers.
  assert.match(csv, ',29.97,4.99,34.96,GBP,');
});

test('names are split into first and last sensibly', () => {
  assert.equal(splitName('  Yusuf   Ali '), { first: 'Yusuf', last: 'Ali' });
  assert.equal(splitName('Amina'), { first: 'Amina', last: '' });
  assert.equal(splitName('Dr. Amina Begum'), { first: 'Amina', last: 'Begum' });
  assert.equal(splitName('Mr Muhammad ibn Abdullah'), { first: 'Muhammad', last: 'ibn Abdullah' });
  // A title alone is kept: it is all there is.
  assert.equal(splitName('Dr'), { first: 'Dr', last: '' });
  assert.equal(splitName(''), { first: '', last: '' });
});

test('an address kept as text is split into lines, city, postcode and country', () => {
  const row = rowsOf(order({ shippingAddress: '12 High Street, Leeds, ls1 4ab, United Kingdom' }))[0]!;
  const at = (c: (typeof clickAndDropColumns)[number]) => row[clickAndDropColumns.indexOf(c)];
  assert.equal(
    [at('Address Line 1'), at('City'), at('Postcode'), at('Country')],
    ['12 High Street', 'Leeds', 'LS1 4AB', 'United Kingdom'],
  );
});

test("an erased customer's order is exported without their details", () => {
  const row = rowsOf(
    order({
      customerName: erased.name,
      customerEmail: erased.email,
      phone: erased.text,
      shippingAddress: { line1: erased.text, city: erased.text, postcode: erased.text, country: 'GB' },
    }),
  )[0]!;
  const at = (c: (typeof clickAndDropColumns)[number]) => row[clickAndDropColumns.indexOf(c)];
  for (const column of [
    'First Name',
    'Last Name',
    'Full name',
    'Address Line 1',
    'City',
    'Postcode',
    'Country',
    'Email',
    'Phone',
  ] as const)
    assert.is(at(column), '', column);
  assert.is(at('Order reference'), 'AH-FBDXjEXU');
  assert.equal(at('Total'), { numeral: '34.96' });
});

test('limits: a reference of at most 40 and a postcode of at most 20 characters', () => {
  const row = rowsOf(
    order({
      orderNumber: `AH-${'x'.repeat(60)}`,
      shippingAddress: { line1: 'a', city: 'b', postcode: 'P'.repeat(30), country: 'FR' },
      items: [],
    }),
  )[0]!;
  assert.is((row[0] as string).length, 40);
  assert.is((row[clickAndDropColumns.indexOf('Postcode')] as string).length, 20);
  assert.is(row[clickAndDropColumns.indexOf('Country')], 'France');
  assert.is(row[clickAndDropColumns.indexOf('Item name')], '');
  assert.is(clickAndDropDate('2026-01-05T10:00:00.000Z'), '05/01/26');
});

test('CSV rows: quotes, doubled quotes, line breaks in a cell, CRLF, LF, a BOM and blank lines', () => {
  assert.equal(parseCsvRows('\uFEFFa,"b, c","say ""hi"""\r\n\r\n1,"two\nlines",3\n4,5,6'), [
    ['a', 'b, c', 'say "hi"'],
    ['1', 'two\nlines', '3'],
    ['4', '5', '6'],
  ]);
  assert.equal(parseCsvRows('x,\n'), [['x', '']]);
  assert.equal(parseCsvRows(''), []);
});

test("Click & Drop's export is read by its order reference and tracking number columns", () => {
  const csv = [
    '"Order reference","Channel","Tracking number","Service"',
    '"AH-FBDXjEXU","Manual","KD752736430GB","Tracked 48, signed"',
    'ah-gh812Eft,Manual,AB575179483GB,Tracked 24',
    '"Order #AH-Q4mT8vL2","Manual","\'UG264584607GB",x',
    'no number here,Manual,KD000000000GB,x',
    'AH-bad1,Manual,"KD;DROP",x',
    'AH-FBDXjEXU,Manual,KD999999999GB,x',
    '',
  ].join('\r\n');
  const parsed = parseCarrierCsv(csv);
  assert.equal(parsed.rows, [
    { orderNumber: 'AH-FBDXjEXU', trackingNumber: 'KD752736430GB', row: 2 },
    { orderNumber: 'AH-gh812Eft', trackingNumber: 'AB575179483GB', row: 3 },
    { orderNumber: 'AH-Q4mT8vL2', trackingNumber: 'UG264584607GB', row: 4 },
  ]);
  assert.equal(parsed.problems, [
    carrierCsvMessages.noNumber(5),
    carrierCsvMessages.badTracking(6),
    carrierCsvMessages.twice(7, 'AH-FBDXjEXU'),
  ]);
});

test('a CSV without the two columns, or without rows, says what it needs', () => {
  assert.equal(parseCarrierCsv('Name,Postcode\nA,B'), { rows: [], problems: [carrierCsvMessages.noColumns] });
  assert.equal(parseCarrierCsv('\r\n'), { rows: [], problems: [carrierCsvMessages.empty] });
  // Other spellings of the headers are read too.
  assert.equal(parseCarrierCsv('Order Number,x,Tracking No.\nAH-abc,y,JT1').rows, [
    { orderNumber: 'AH-abc', trackingNumber: 'JT1', row: 2 },
  ]);
});

test('an order number finds its order exactly, or by case when only one matches', () => {
  const orders = [{ orderNumber: 'AH-gh812Eft' }, { orderNumber: 'AH-aaa' }, { orderNumber: 'AH-AAA' }];
  assert.is(orderForNumber(orders, 'AH-gh812Eft'), orders[0]);
  assert.is(orderForNumber(orders, 'AH-GH812EFT'), orders[0]);
  assert.is(orderForNumber(orders, 'AH-Aaa'), null);
  assert.is(orderForNumber(orders, 'AH-AAA'), orders[2]);
  assert.is(orderForNumber(orders, 'AH-none'), null);
});

test.run();
