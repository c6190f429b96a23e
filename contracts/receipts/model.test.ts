// Numbers and the VAT a credit note reverses, worked by hand.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { ShopEvent } from '../eventCatalog.ts';
import { orderPlacedData } from '../../infra/testing/exampleOrders.ts';
import {
  creditNoteContent,
  creditNoteNumberOf,
  emptySequence,
  evolveSequence,
  isNumbered,
  receiptNumberOf,
  ukYearOf,
  type OrderVat,
  type PlacedOrder,
} from './model.ts';

test('numbers are the prefix, the year and six digits; the year is the UK one', () => {
  assert.is(receiptNumberOf(2026, 123), 'AH-2026-000123');
  assert.is(creditNoteNumberOf(2027, 1), 'CN-2027-000001');
  // 1 January 00:30 in London (GMT) is the new year; 31 December 23:30 UTC is still the old one.
  assert.is(ukYearOf('2027-01-01T00:30:00.000Z'), 2027);
  assert.is(ukYearOf('2026-12-31T23:30:00.000Z'), 2026);
  assert.not.ok(isNumbered('2026-11-26T23:59:00.000Z'));
  assert.ok(isNumbered('2026-11-27T00:00:00.000Z'));
  // Neither a reaction nor the read model may stop on a time that is no date: such an order is not numbered.
  assert.not.ok(isNumbered('not a date'));
});

test("a year's stream says the last number and what each was taken for", () => {
  const issued = (orderId: string, sequence: number, receiptNumber: string): ShopEvent => ({
    type: 'ReceiptIssued',
    data: { orderId, sequence, receiptNumber, year: 2026, orderNumber: orderId, placedAt: 't', issuedAt: 't' },
  });
  const events = [issued('a', 1, 'AH-2026-000001'), issued('b', 2, 'AH-2026-000002')];
  const state = events.reduce(evolveSequence, emptySequence());
  assert.equal(state, { last: 2, numbers: { a: 'AH-2026-000001', b: 'AH-2026-000002' } });
});

// Three posters (£9.99 each, VAT 167 + 167 + 166 … as one line of 2997: 499.5 → 500) and a book; £3.50 delivery.
const vat: OrderVat = {
  vatNumber: 'GB365684514',
  lines: [
    { rate: 2000, gross: 2997, vat: 500, net: 2497 },
    { rate: 0, gross: 1299, vat: 0, net: 1299 },
  ],
  delivery: [
    { rate: 0, gross: 106, vat: 0 },
    { rate: 2000, gross: 244, vat: 41 },
  ],
  rates: [
    { rate: 0, goods: 1299, delivery: 106, gross: 1405, vat: 0, net: 1405 },
    { rate: 2000, goods: 2997, delivery: 244, gross: 3241, vat: 541, net: 2700 },
  ],
  totals: { gross: 4646, vat: 541, net: 4105 },
};
const order: PlacedOrder = {
  ...orderPlacedData({
    orderId: 'o',
    items: [
      { name: 'Poster', quantity: 3, price: 999, bookId: 2 },
      { name: 'Book', quantity: 1, price: 1299, bookId: 1 },
    ],
  }),
  vat,
};

const succeeded = (refundId: string, lines: { line: number; quantity: number }[], amount: number): ShopEvent[] => [
  { type: 'RefundRequested', data: { orderId: 'o', refundId, amount, lines, reason: 'x', by: 'owner', at: 't' } },
  { type: 'RefundSucceeded', data: { orderId: 'o', refundId, amount, gatewayRefundId: 'g', source: 'shop', at: 't' } },
];

test("a line refunded item by item reverses exactly the line's recorded VAT", () => {
  const log: ShopEvent[] = [];
  const reversed: number[] = [];
  for (const refundId of ['r1', 'r2', 'r3']) {
    log.push(...succeeded(refundId, [{ line: 0, quantity: 1 }], 999));
    const note = creditNoteContent(order, log, { refundId, amount: 999, lines: [{ line: 0, quantity: 1 }] });
    reversed.push(note.lines[0]!.vat!);
    assert.equal(note.vat?.totals, { gross: 999, vat: note.lines[0]!.vat!, net: 999 - note.lines[0]!.vat! });
  }
  // 500 × 1/3 = 166.67 → 167; 500 × 2/3 = 333.33 → 333 (166 more); 500 (167 more).
  assert.equal(reversed, [167, 166, 167]);
  assert.is(
    reversed.reduce((a, b) => a + b, 0),
    500,
  );
});

test('an amount is shared by the recorded rates to the penny; the whole order reverses exactly its VAT', () => {
  const whole = creditNoteContent(order, succeeded('all', [], 4646), { refundId: 'all', amount: 4646, lines: [] });
  assert.equal(whole.vat?.totals, { gross: 4646, vat: 541, net: 4105 });
  // £10.00 by 1405 : 3241 → 302.41 and 697.59 → 302 and 698 (the larger remainder takes the penny);
  // VAT 541 × 698 / 3241 = 116.51 → 117.
  const ten = creditNoteContent(order, succeeded('ten', [], 1000), { refundId: 'ten', amount: 1000, lines: [] });
  assert.equal(ten.vat?.rates, [
    { rate: 0, gross: 302, vat: 0, net: 302 },
    { rate: 2000, gross: 698, vat: 117, net: 581 },
  ]);
  assert.equal(ten.lines, []);
});

test('an order without recorded VAT gives a credit note without any', () => {
  const { vat: _vat, ...plain } = order;
  const note = creditNoteContent(plain, succeeded('p', [{ line: 1, quantity: 1 }], 1299), {
    refundId: 'p',
    amount: 1299,
    lines: [{ line: 1, quantity: 1 }],
  });
  assert.equal(note, { lines: [{ line: 1, name: 'Book', quantity: 1, gross: 1299 }] });
});

test.run();
