// The VAT an order carries, worked out once when it is placed and recorded on its OrderPlaced (decision 069). A later
// change of a rate or of the registration never alters it: receipts, credit notes, the ledger and the VAT return read
// what was recorded. An order placed while the shop was not registered (and every order placed before VAT settings
// existed) has no `vat` at all.
import * as v from 'valibot';
import { shopContent } from '../catalog/content.ts';
import {
  apportionDelivery,
  vatBreakdown,
  vatOf,
  type DeliveryPart,
  type RateBreakdown,
  type VatBreakdown,
  type VatLine,
} from './breakdown.ts';
import { STANDARD_RATE, ukDayOf, type VatRate } from './rates.ts';
import { chargedRateOf, registrationOn, type VatSettings } from './settings.ts';

/** One line of an order with its VAT: parallel to the order's items, `gross` is price × quantity. */
export type OrderVatLine = { rate: VatRate; gross: number; vat: number; net: number };

/** What OrderPlaced records when the shop is registered on the day of the sale. */
export type OrderVat = {
  /** the seller's VAT number on that day */
  vatNumber: string;
  lines: OrderVatLine[];
  /** the delivery charge apportioned between the rates by the goods' values */
  delivery: DeliveryPart[];
  /** per rate, ascending */
  rates: RateBreakdown[];
  /** totals.gross is the order's total */
  totals: { gross: number; vat: number; net: number };
};

const pence = v.pipe(v.number(), v.integer());
const rate = v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(10_000));

export const OrderVatSchema = v.object({
  vatNumber: v.string(),
  lines: v.array(v.object({ rate, gross: pence, vat: pence, net: pence })),
  delivery: v.array(v.object({ rate, gross: pence, vat: pence })),
  rates: v.array(v.object({ rate, goods: pence, delivery: pence, gross: pence, vat: pence, net: pence })),
  totals: v.object({ gross: pence, vat: pence, net: pence }),
});

const sameTitle = (a: string, b: string) => a.trim().toLocaleLowerCase('en-GB') === b.trim().toLocaleLowerCase('en-GB');

/**
 * The product an order's line is for: its `bookId`, or, for a line recorded without one, the catalog entry whose title
 * is the line's name; null when neither names a product (such a line is charged the standard rate).
 */
export function productOfLine(item: { bookId?: number | undefined; name: string }): number | null {
  if (item.bookId !== undefined) return item.bookId;
  return shopContent.books.find((book) => sameTitle(book.title, item.name))?.id ?? null;
}

/** The rate a line is charged on `day`. */
function lineRate(settings: VatSettings, item: { bookId?: number | undefined; name: string }, day: string): VatRate {
  const bookId = productOfLine(item);
  return bookId === null ? STANDARD_RATE : chargedRateOf(settings, bookId, day);
}

/**
 * The order's VAT as it is recorded at placement, or null when the shop is not registered on the UK day of `at`. Each
 * line's VAT is rounded on its own (decision 068); the delivery is apportioned by the goods' values, or, for goods
 * worth nothing, carried whole at the highest rate of the order's lines.
 */
export function orderVatFor(
  order: {
    items: readonly { bookId?: number | undefined; name: string; price: number; quantity: number }[];
    shippingCost: number;
  },
  settings: VatSettings,
  at: string,
): OrderVat | null {
  const day = ukDayOf(at);
  const registration = registrationOn(settings, day);
  if (!registration) return null;
  const vatLines: VatLine[] = order.items.map((item) => ({
    rate: lineRate(settings, item, day),
    gross: item.price * item.quantity,
  }));
  const lines = vatLines.map(({ rate, gross }) => {
    const vat = vatOf(gross, rate);
    return { rate, gross, vat, net: gross - vat };
  });
  const goods = vatLines.reduce((sum, line) => sum + line.gross, 0);
  let breakdown: VatBreakdown;
  let delivery: DeliveryPart[];
  if (goods === 0 && order.shippingCost > 0) {
    const highest = vatLines.reduce((top, line) => Math.max(top, line.rate), vatLines.length ? 0 : STANDARD_RATE);
    const part = { rate: highest, gross: order.shippingCost, vat: vatOf(order.shippingCost, highest) };
    delivery = [part];
    const base = vatBreakdown({ lines: [...vatLines, { rate: highest, gross: 0 }], delivery: 0 });
    const rates = base.rates.map((r) =>
      r.rate === highest
        ? {
            ...r,
            delivery: part.gross,
            gross: r.gross + part.gross,
            vat: r.vat + part.vat,
            net: r.net + part.gross - part.vat,
          }
        : r,
    );
    breakdown = {
      rates,
      totals: {
        gross: base.totals.gross + part.gross,
        vat: base.totals.vat + part.vat,
        net: base.totals.net + part.gross - part.vat,
      },
    };
  } else {
    delivery = apportionDelivery(order.shippingCost, vatLines);
    breakdown = vatBreakdown({ lines: vatLines, delivery: order.shippingCost });
  }
  return { vatNumber: registration.vatNumber, lines, delivery, rates: breakdown.rates, totals: breakdown.totals };
}
