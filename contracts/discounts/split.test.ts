// A code's saving split across the lines to the penny (decision 075): in proportion to the lines' totals, the pence
// left to the largest line first, a line split where its share does not divide over its copies, never below 0, and
// the bundle's saving carried over to the split lines.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { withBundle } from '../catalog/bundle.ts';
import type { OrderDiscount, OrderItem } from '../orders/model.ts';
import { codeDiscountOf } from './code.ts';
import { shareByLine, withCode } from './split.ts';

const item = (bookId: number, quantity: number, price = 999): OrderItem => ({
  bookId,
  name: `Book ${bookId}`,
  quantity,
  price,
});
const total = (items: readonly OrderItem[]) => items.reduce((sum, i) => sum + i.price * i.quantity, 0);

test('a percentage is rounded to the nearest penny, half up; a fixed amount is capped at the basket', () => {
  assert.is(codeDiscountOf({ kind: 'percent', amount: 10 }, 2997), 300);
  assert.is(codeDiscountOf({ kind: 'percent', amount: 15 }, 999), 150);
  assert.is(codeDiscountOf({ kind: 'percent', amount: 100 }, 999), 999);
  assert.is(codeDiscountOf({ kind: 'fixed', amount: 500 }, 999), 500);
  assert.is(codeDiscountOf({ kind: 'fixed', amount: 5000 }, 999), 999);
});

test('shares follow the lines’ totals and the pence left go to the largest line first', () => {
  assert.equal(shareByLine(100, [999, 1998]), [33, 67]);
  assert.equal(shareByLine(1, [100, 300, 300]), [0, 1, 0]);
  assert.equal(shareByLine(2, [100, 100, 100]), [1, 1, 0]);
  assert.equal(shareByLine(5000, [100, 200]), [100, 200]);
});

test('10% off one line of three copies: the line splits so every copy is whole pence and the total is exact', () => {
  const out = withCode([item(1, 3)], [], { code: 'TEN', kind: 'percent', amount: 10 });
  // 2997 × 10% = 299.7 → 300: 100p off each copy.
  assert.is(out.amount, 300);
  assert.equal(
    out.items.map((i) => [i.quantity, i.price, i.listPrice]),
    [[3, 899, 999]],
  );
  const odd = withCode([item(1, 3)], [], { code: 'ODD', kind: 'fixed', amount: 301 });
  assert.equal(
    odd.items.map((i) => [i.quantity, i.price, i.listPrice]),
    [
      [1, 898, 999],
      [2, 899, 999],
    ],
  );
  assert.is(odd.subtotal, 2997 - 301);
  assert.equal(odd.discounts, [
    {
      kind: 'code',
      code: 'ODD',
      amount: 301,
      lines: [
        { line: 0, amount: 101 },
        { line: 1, amount: 200 },
      ],
    },
  ]);
});

test('a fixed amount above the basket takes the whole basket and no line goes below 0', () => {
  const out = withCode([item(1, 1), item(3, 2, 500)], [], { code: 'BIG', kind: 'fixed', amount: 10_000 });
  assert.is(out.amount, 1999);
  assert.is(out.subtotal, 0);
  assert.ok(out.items.every((i) => i.price === 0));
});

test('after the bundle: the code is on the bundle prices, and the bundle’s saving follows the split lines', () => {
  const { lines, saving } = withBundle({ percentOff: 10, requires: [1, 2, 3] }, [item(1, 2), item(2, 1), item(3, 1)]);
  const bundled = lines.map(({ from: _from, ...i }) => i);
  const bundleDiscount: OrderDiscount = {
    kind: 'bundle',
    amount: saving!.amount,
    lines: bundled.flatMap((i, line) =>
      i.listPrice === undefined ? [] : [{ line, amount: (i.listPrice - i.price) * i.quantity }],
    ),
  };
  assert.is(total(bundled), 899 * 3 + 999);
  const out = withCode(bundled, [bundleDiscount], { code: 'SAVE-5', kind: 'fixed', amount: 500 });
  assert.is(out.subtotal, total(bundled) - 500);
  assert.is(out.subtotal, total(out.items));
  const [bundle, code] = out.discounts;
  assert.is(bundle!.amount, 300);
  assert.is(
    bundle!.lines.reduce((sum, l) => sum + l.amount, 0),
    300,
  );
  assert.is(
    code!.lines.reduce((sum, l) => sum + l.amount, 0),
    500,
  );
  // Every line's list price less both savings is what it is charged.
  for (const [line, i] of out.items.entries()) {
    const off = out.discounts.reduce((sum, d) => sum + (d.lines.find((l) => l.line === line)?.amount ?? 0), 0);
    assert.is((i.listPrice ?? i.price) * i.quantity - off, i.price * i.quantity, `line ${line}`);
  }
});

test.run();
