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
  type ClickAndDropOrder,
} from './clickAndDrop.ts';

const order = (over: Partial<ClickAndDropOrder> = {}): ClickAndDropOrder => ({
  orderNumber: 'AH-FBDXjEXU',
  placedAt: '2026-07-01T23:30:00.000Z',
  customerName: 'Maryam Al Hussain',
  customerEmail: 'maryam@example.com',
  phone: '07700 900123',
  shippingAddress: { line1: '4 Orchard Lane', line2: 'Flat 2', city: 'Bradford', postcode: 'BD7 1AA', country: 'GB' },
  items: [
    { name: 'The Kindness Basket', quantity: 2, price: 999, bookId: 1 } as never,
    { name: 'Alif to Ya, "My Arabic Alphabet" Poster', quantity: 1, bookId: 3 },
  ],
  subtotal: 2997,
  shippingCost: 499,
  total: 3496,
  ...over,
});

const cellsOf = (csv: string) => parseCsvRows(csv);

test('the header is Click & Drop’s columns in their order', () => {
  const [header] = cellsOf(clickAndDropCsv([]));
  assert.equal(header, [...clickAndDropColumns]);
  assert.equal(header!.slice(0, 5), ['Order reference', 'Date', 'First Name', 'Last Name', 'Full name']);
});

test('an order is one row a line, its fields where the import reads them', () => {
  const rows = cellsOf(clickAndDropCsv([order()]));
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
    Weight: '',
    'Package Size': '',
    'Product SKU': 'BOOK-1',
    'Item name': 'The Kindness Basket',
    Quantity: '2',
  });
  // Quotes and commas inside a cell survive the trip.
  assert.is(rows[2]![clickAndDropColumns.indexOf('Item name')], 'Alif to Ya, "My Arabic Alphabet" Poster');
  assert.ok(clickAndDropCsv([order()]).endsWith('\r\n'));
});

test('a cell that a spreadsheet would run as a formula is written as text', () => {
  const csv = clickAndDropCsv([order({ customerName: '=HYPERLINK("http://x")', phone: '+44 7700 900123' })]);
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
  const row = clickAndDropRows(order({ shippingAddress: '12 High Street, Leeds, ls1 4ab, United Kingdom' }))[0]!;
  const at = (c: (typeof clickAndDropColumns)[number]) => row[clickAndDropColumns.indexOf(c)];
  assert.equal(
    [at('Address Line 1'), at('City'), at('Postcode'), at('Country')],
    ['12 High Street', 'Leeds', 'LS1 4AB', 'United Kingdom'],
  );
});

test("an erased customer's order is exported without their details", () => {
  const row = clickAndDropRows(
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
  const row = clickAndDropRows(
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
