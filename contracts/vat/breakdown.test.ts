import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { apportionDelivery, splitGross, vatBreakdown, vatOf, type VatLine } from './breakdown.ts';
import { STANDARD_RATE, ZERO_RATE } from './rates.ts';
import { refusal } from '../../infra/testing/assert.ts';

const book = (gross: number): VatLine => ({ gross, rate: ZERO_RATE });
const poster = (gross: number): VatLine => ({ gross, rate: STANDARD_RATE });

test('given a £12.99 book, a £9.99 poster and £3.50 delivery, when broken down, then each rate and the totals are exact to the penny', () => {
  // Delivery by value: 350 × 1299 / 2298 = 197.85 and 350 × 999 / 2298 = 152.15; the spare penny goes to the larger
  // remainder, the books'. The poster's VAT is 999 / 6 = 166.5 → 167, the delivery's 152 / 6 = 25.33 → 25.
  const breakdown = vatBreakdown({ lines: [book(1299), poster(999)], delivery: 350 });
  assert.equal(breakdown.rates, [
    { rate: 0, goods: 1299, delivery: 198, gross: 1497, vat: 0, net: 1497 },
    { rate: 2000, goods: 999, delivery: 152, gross: 1151, vat: 192, net: 959 },
  ]);
  assert.equal(breakdown.totals, { gross: 2648, vat: 192, net: 2456 });
});

test('given two books only and delivery, when broken down, then everything is zero-rated and no VAT is due', () => {
  const breakdown = vatBreakdown({ lines: [book(1299), book(1499)], delivery: 350 });
  assert.equal(breakdown.rates, [{ rate: 0, goods: 2798, delivery: 350, gross: 3148, vat: 0, net: 3148 }]);
  assert.equal(breakdown.totals, { gross: 3148, vat: 0, net: 3148 });
});

test('given a poster only and delivery, when broken down, then the whole delivery is standard-rated', () => {
  // 999 / 6 = 166.5 → 167; 350 / 6 = 58.33 → 58.
  const breakdown = vatBreakdown({ lines: [poster(999)], delivery: 350 });
  assert.equal(breakdown.rates, [{ rate: 2000, goods: 999, delivery: 350, gross: 1349, vat: 225, net: 1124 }]);
});

test('given two poster lines, when broken down, then VAT is rounded per line and summed', () => {
  // Per line 166.5 → 167 twice = 334; on the sum 1998 / 6 = 333 exactly. Per line is the rule.
  assert.is(vatBreakdown({ lines: [poster(999), poster(999)], delivery: 0 }).totals.vat, 334);
  assert.is(vatBreakdown({ lines: [poster(1998)], delivery: 0 }).totals.vat, 333);
});

test('given an order without lines or delivery, when broken down, then it has no rates and zero totals', () => {
  assert.equal(vatBreakdown({ lines: [], delivery: 0 }), { rates: [], totals: { gross: 0, vat: 0, net: 0 } });
});

test('given many mixed orders, when broken down, then the gross totals always equal the order total and net + VAT the gross', () => {
  let seed = 7;
  const next = (below: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % below);
  for (let i = 0; i < 500; i++) {
    const lines = Array.from({ length: 1 + next(5) }, () => ({
      gross: 1 + next(5000),
      rate: [0, 500, 2000][next(3)]!,
    }));
    const delivery = next(1000);
    const { rates, totals } = vatBreakdown({ lines, delivery });
    assert.is(totals.gross, lines.reduce((sum, line) => sum + line.gross, 0) + delivery);
    assert.is(totals.net + totals.vat, totals.gross);
    for (const at of rates) assert.is(at.net + at.vat, at.gross);
    assert.is(
      rates.reduce((sum, at) => sum + at.delivery, 0),
      delivery,
    );
  }
});

test('given VAT-inclusive amounts at 20%, when the VAT is taken out, then it is the sixth rounded to the nearest penny, a half up', () => {
  assert.is(vatOf(1200, 2000), 200); // exact
  assert.is(vatOf(1, 2000), 0); // 0.17p
  assert.is(vatOf(2, 2000), 0); // 0.33p
  assert.is(vatOf(3, 2000), 1); // 0.5p: up
  assert.is(vatOf(4, 2000), 1); // 0.67p
  assert.is(vatOf(999, 2000), 167); // 166.5p: up
  assert.is(vatOf(1299, 2000), 217); // 216.5p: up
  assert.is(vatOf(350, 2000), 58); // 58.33p
  assert.is(vatOf(0, 2000), 0);
});

test('given other rates, when the VAT is taken out, then the fraction is rate / (100% + rate)', () => {
  assert.is(vatOf(1175, 1750), 175); // 17.5%: 7/47
  assert.is(vatOf(1050, 500), 50); // 5%: 1/21
  assert.is(vatOf(1299, 0), 0);
  assert.is(vatOf(100, 10_000), 50); // 100%: a half
});

test('given a negative amount (money back), when the VAT is taken out, then it rounds as its positive does, with the sign', () => {
  assert.is(vatOf(-999, 2000), -167);
  assert.ok(Object.is(vatOf(-1, 2000), 0));
  assert.ok(Object.is(vatOf(-500, 0), 0));
});

test('given a gross, when split, then net is gross less VAT', () => {
  assert.equal(splitGross(999, 2000), { gross: 999, vat: 167, net: 832 });
});

test('given amounts that are not whole pence or a rate out of range, when VAT is asked for, then it is refused with a message', () => {
  assert.match(
    refusal(() => vatOf(9.99, 2000)),
    'whole number of pence',
  );
  assert.match(
    refusal(() => vatOf(999, 20.5)),
    'basis points from 0 (0%) to 10000 (100%)',
  );
  assert.match(
    refusal(() => vatOf(999, -1)),
    'basis points',
  );
  assert.match(
    refusal(() => vatOf(999, 10_001)),
    'basis points',
  );
});

test('given goods at two rates, when the delivery is apportioned, then the parts follow the values and sum to the charge', () => {
  assert.equal(apportionDelivery(350, [book(1299), poster(999)]), [
    { rate: 0, gross: 198, vat: 0 },
    { rate: 2000, gross: 152, vat: 25 },
  ]);
});

test('given goods of equal value at two rates and an odd delivery, when apportioned, then the spare penny goes to the higher rate', () => {
  assert.equal(apportionDelivery(301, [book(1000), poster(1000)]), [
    { rate: 0, gross: 150, vat: 0 },
    { rate: 2000, gross: 151, vat: 25 },
  ]);
});

test('given three rates in thirds, when 100p is apportioned, then the spare penny of three equal remainders goes to the highest rate', () => {
  const lines = [book(1), { gross: 1, rate: 500 }, poster(1)];
  const parts = apportionDelivery(100, lines);
  assert.equal(
    parts.map((part) => part.gross),
    [33, 33, 34],
  );
});

test('given several lines of one rate, when apportioned, then the rate takes the whole delivery', () => {
  assert.equal(apportionDelivery(350, [poster(999), poster(500)]), [{ rate: 2000, gross: 350, vat: 58 }]);
});

test('given no delivery charge, when apportioned, then each rate gets nothing', () => {
  assert.equal(apportionDelivery(0, [book(1299), poster(999)]), [
    { rate: 0, gross: 0, vat: 0 },
    { rate: 2000, gross: 0, vat: 0 },
  ]);
});

test('given goods worth nothing, when a delivery charge is apportioned, then it is refused', () => {
  assert.match(
    refusal(() => apportionDelivery(350, [])),
    'worth nothing',
  );
  assert.match(
    refusal(() => apportionDelivery(350, [book(0)])),
    'worth nothing',
  );
});

test('given a negative delivery or a negative line, when apportioned, then it is refused', () => {
  assert.match(
    refusal(() => apportionDelivery(-1, [book(100)])),
    'cannot be negative',
  );
  assert.match(
    refusal(() => apportionDelivery(100, [book(-100)])),
    'cannot be negative',
  );
});

test.run();
