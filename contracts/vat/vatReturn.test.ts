import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { vatBreakdown } from './breakdown.ts';
import { periodOrderMessage, vatReturn, type VatDocument } from './vatReturn.ts';
import { refusal } from '../../infra/testing/assert.ts';

const quarter = { start: '2026-10-01', end: '2026-12-31' };

/** A sale recorded from an order's breakdown. */
function sale(day: string, order: Parameters<typeof vatBreakdown>[0]): VatDocument {
  const { rates } = vatBreakdown(order);
  return { kind: 'sale', day, rates: rates.map(({ rate, net, vat }) => ({ rate, net, vat })) };
}

// The £12.99 book + £9.99 poster + £3.50 delivery order: 0% net 1497; 20% net 959, VAT 192.
const mixedOrder = {
  lines: [
    { gross: 1299, rate: 0 },
    { gross: 999, rate: 2000 },
  ],
  delivery: 350,
};

test('given one mixed order in the quarter, when the return is made, then box 1 is its VAT and box 6 its net in whole pounds', () => {
  const boxes = vatReturn(quarter, [sale('2026-11-27', mixedOrder)]);
  // Net 1497 + 959 = 2456p = £24.56 → 24.
  assert.equal(boxes, { box1: 192, box2: 0, box3: 192, box4: 0, box5: 192, box6: 24, box7: 0, box8: 0, box9: 0 });
});

test('given sales and a credit note, when the return is made, then the credit note is taken off boxes 1 and 6', () => {
  const credit: VatDocument = { kind: 'credit', day: '2026-12-02', rates: [{ rate: 2000, net: 832, vat: 167 }] };
  const boxes = vatReturn(quarter, [sale('2026-11-27', mixedOrder), sale('2026-11-28', mixedOrder), credit]);
  // VAT 192 × 2 − 167 = 217; net 2456 × 2 − 832 = 4080p → £40.
  assert.is(boxes.box1, 217);
  assert.is(boxes.box3, 217);
  assert.is(boxes.box5, 217);
  assert.is(boxes.box6, 40);
});

test('given zero-rated sales only, when the return is made, then no VAT is due and box 6 still counts them', () => {
  const books = sale('2026-10-01', { lines: [{ gross: 129_900, rate: 0 }], delivery: 350 });
  assert.equal(vatReturn(quarter, [books]), {
    box1: 0,
    box2: 0,
    box3: 0,
    box4: 0,
    box5: 0,
    box6: 1302,
    box7: 0,
    box8: 0,
    box9: 0,
  });
});

test('given documents dated outside the period, when the return is made, then they are left out and both end days count', () => {
  const docs = [
    sale('2026-09-30', mixedOrder),
    sale('2026-10-01', mixedOrder),
    sale('2026-12-31', mixedOrder),
    sale('2027-01-01', mixedOrder),
  ];
  assert.is(vatReturn(quarter, docs).box1, 384);
});

test('given net sales with 99 pence over whole pounds, when box 6 is filled, then the pence are left out', () => {
  const boxes = vatReturn(quarter, [{ kind: 'sale', day: '2026-11-01', rates: [{ rate: 0, net: 10_099, vat: 0 }] }]);
  assert.is(boxes.box6, 100);
});

test('given credit notes larger than the sales, when the return is made, then boxes 1, 3, 5 and 6 are negative', () => {
  const boxes = vatReturn(quarter, [
    { kind: 'sale', day: '2026-11-01', rates: [{ rate: 2000, net: 500, vat: 100 }] },
    { kind: 'credit', day: '2026-11-02', rates: [{ rate: 2000, net: 1050, vat: 210 }] },
  ]);
  assert.equal([boxes.box1, boxes.box3, boxes.box5, boxes.box6], [-110, -110, -110, -5]);
});

test('given a period with no documents, when the return is made, then every box is 0', () => {
  assert.equal(Object.values(vatReturn(quarter, [])), [0, 0, 0, 0, 0, 0, 0, 0, 0]);
});

test('given a period whose end is before its start, when the return is made, then it is refused', () => {
  assert.is(
    refusal(() => vatReturn({ start: '2026-12-31', end: '2026-10-01' }, [])),
    periodOrderMessage,
  );
});

test('given a one-day period, when the return is made, then it is accepted', () => {
  assert.is(vatReturn({ start: '2026-11-27', end: '2026-11-27' }, [sale('2026-11-27', mixedOrder)]).box1, 192);
});

test('given a document with a negative amount or a bad day, when the return is made, then it is refused', () => {
  const negative: VatDocument = { kind: 'sale', day: '2026-11-01', rates: [{ rate: 2000, net: -5, vat: -1 }] };
  assert.match(
    refusal(() => vatReturn(quarter, [negative])),
    'not negative',
  );
  assert.match(
    refusal(() => vatReturn(quarter, [{ kind: 'sale', day: '1/11/2026', rates: [] }])),
    'YYYY-MM-DD',
  );
});

test('given an export, when the return is made, then it is in box 6 only; its UK VAT falls due in the period its proof ran out, and comes back in the period a late proof came', () => {
  // Two posters to France, £24.98, and £5.00 delivery: a zero-rated sale of 2998p. At home it would carry 499p.
  const exported: VatDocument = { kind: 'sale', day: '2026-11-27', rates: [{ rate: 0, net: 2998, vat: 0 }] };
  const ukVat = [{ rate: 2000, net: 2499, vat: 499 }];
  assert.equal(vatReturn(quarter, [exported]), {
    box1: 0,
    box2: 0,
    box3: 0,
    box4: 0,
    box5: 0,
    box6: 29,
    box7: 0,
    box8: 0,
    box9: 0,
  });
  const due: VatDocument = { kind: 'export-due', day: '2027-02-27', rates: ukVat };
  const next = { start: '2027-01-01', end: '2027-03-31' };
  // The VAT is due in the quarter the limit ran out, out of the price already counted in box 6: 2998 − 499 = 2499.
  assert.equal(vatReturn(next, [exported, due]).box1, 499);
  assert.equal(vatReturn(next, [exported, due]).box6, -4);
  assert.equal(vatReturn(quarter, [exported, due]).box1, 0);
  const relief: VatDocument = { kind: 'export-relief', day: '2027-04-02', rates: ukVat };
  const after = vatReturn({ start: '2027-04-01', end: '2027-06-30' }, [exported, due, relief]);
  assert.is(after.box1, -499);
  assert.is(after.box6, 4);
});

test.run();
