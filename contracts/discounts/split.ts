// A discount code's saving on a basket, split across its lines to the penny (decision 075). Applied after the bundle,
// on the lines as the bundle priced them: each line takes a share in proportion to its total, the floor of its exact
// share, and the pence left go one each to the largest lines (the earlier on a tie) that still have room. A line's
// share is then spread over its copies; when it does not divide evenly the line splits in two, some copies a penny
// cheaper than the others, so every recorded unit price is whole pence and what is charged. No line goes below 0.
import type { OrderDiscount, OrderItem } from '../orders/model.ts';
import type { DiscountKind } from './model.ts';
import { codeDiscountOf } from './code.ts';

export type CodeTerms = { code: string; kind: DiscountKind; amount: number };

/** Pence of `amount` each line carries, in proportion to `totals`, never more than a line's total. */
export function shareByLine(amount: number, totals: readonly number[]): number[] {
  const basket = totals.reduce((sum, t) => sum + t, 0);
  if (basket <= 0 || amount <= 0) return totals.map(() => 0);
  const take = Math.min(amount, basket);
  const shares = totals.map((t) => Math.floor((take * t) / basket));
  let left = take - shares.reduce((sum, s) => sum + s, 0);
  const order = totals.map((t, i) => ({ t, i })).sort((a, b) => b.t - a.t || a.i - b.i);
  while (left > 0) {
    for (const { i } of order) {
      if (left <= 0) break;
      if (shares[i]! < totals[i]!) {
        shares[i]! += 1;
        left -= 1;
      }
    }
  }
  return shares;
}

export type WithCode = {
  items: OrderItem[];
  subtotal: number;
  discounts: OrderDiscount[];
  /** pence the code took off */
  amount: number;
};

/**
 * The lines after a code's saving. `items` and `discounts` are as the bundle left them (`discounts` line indices point
 * into `items`); the answer's indices point into the answer's items, a split line's two parts each carrying their
 * copies' share of every saving.
 */
export function withCode(items: readonly OrderItem[], discounts: readonly OrderDiscount[], terms: CodeTerms): WithCode {
  const totals = items.map((item) => item.price * item.quantity);
  const basket = totals.reduce((sum, t) => sum + t, 0);
  const amount = codeDiscountOf(terms, basket);
  const shares = shareByLine(amount, totals);
  const out: { item: OrderItem; from: number; off: number }[] = [];
  items.forEach((item, from) => {
    const share = shares[from]!;
    const each = Math.floor(share / item.quantity);
    const extra = share - each * item.quantity;
    const listPrice = item.listPrice ?? item.price;
    const at = (quantity: number, off: number) =>
      out.push({
        item: {
          ...item,
          quantity,
          price: item.price - off,
          ...(off > 0 || item.listPrice !== undefined ? { listPrice } : {}),
        },
        from,
        off,
      });
    if (share === 0) return void out.push({ item, from, off: 0 });
    if (extra > 0) at(extra, each + 1);
    if (item.quantity - extra > 0) at(item.quantity - extra, each);
  });
  const perCopyOf = (discount: OrderDiscount) =>
    new Map(discount.lines.map((l) => [l.line, l.amount / items[l.line]!.quantity]));
  const remapped: OrderDiscount[] = discounts.map((discount) => {
    const perCopy = perCopyOf(discount);
    return {
      ...discount,
      lines: out.flatMap(({ item, from }, line) => {
        const each = perCopy.get(from);
        return each === undefined || each === 0 ? [] : [{ line, amount: each * item.quantity }];
      }),
    };
  });
  const codeLines = out.flatMap(({ item, off }, line) => (off > 0 ? [{ line, amount: off * item.quantity }] : []));
  const priced = out.map((o) => o.item);
  return {
    items: priced,
    subtotal: priced.reduce((sum, item) => sum + item.price * item.quantity, 0),
    discounts: amount > 0 ? [...remapped, { kind: 'code', code: terms.code, amount, lines: codeLines }] : remapped,
    amount,
  };
}
