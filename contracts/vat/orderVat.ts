// The VAT an order carries, worked out once when it is placed and recorded on its OrderPlaced (decision 069). A later
// change of a rate or of the registration never alters it: receipts, credit notes, the ledger and the VAT return read
// what was recorded. An order placed while the shop was not registered (and every order placed before VAT settings
// existed) has no `vat` at all. An order whose goods leave the UK is a zero-rated export (decision 097): every line and
// the delivery at 0%, with the VAT it would carry as a UK sale kept beside them, due if its proof of export does not come
// in time.
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
import { STANDARD_RATE, ZERO_RATE, ukDayOf, type VatRate } from './rates.ts';
import { chargedRateOf, registrationOn, type VatSettings } from './settings.ts';

/** One line of an order with its VAT: parallel to the order's items, `gross` is price × quantity. */
export type OrderVatLine = { rate: VatRate; gross: number; vat: number; net: number };

/** An export's destination, and the UK VAT its goods would carry sold at home: due if the proof of export is late. */
export type ExportVat = {
  /** the destination's country code, as the address gave it */
  country: string;
  /** per rate, ascending, as a UK sale on the same day would have recorded it */
  ukRates: RateBreakdown[];
  ukTotals: { gross: number; vat: number; net: number };
};

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
  /**
   * Present when the goods were sent out of the UK (OrderPlaced version 3): the order is then a zero-rated export, its
   * lines, delivery and rates all at 0%. Absent on a UK sale, and on every order placed before exports were told apart.
   */
  export?: ExportVat;
};

const pence = v.pipe(v.number(), v.integer());
const rate = v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(10_000));

const rateBreakdown = v.object({ rate, goods: pence, delivery: pence, gross: pence, vat: pence, net: pence });
const totalsSchema = v.object({ gross: pence, vat: pence, net: pence });

/** OrderPlaced version 2's `vat`: a UK sale's. */
export const OrderVatSchemaV1 = v.object({
  vatNumber: v.string(),
  lines: v.array(v.object({ rate, gross: pence, vat: pence, net: pence })),
  delivery: v.array(v.object({ rate, gross: pence, vat: pence })),
  rates: v.array(rateBreakdown),
  totals: totalsSchema,
});

/** OrderPlaced version 3's `vat`: a UK sale's, or an export's with its destination and the UK VAT held back. */
export const OrderVatSchema = v.object({
  ...OrderVatSchemaV1.entries,
  export: v.optional(
    v.object({ country: v.pipe(v.string(), v.minLength(1)), ukRates: v.array(rateBreakdown), ukTotals: totalsSchema }),
  ),
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

/** The VAT of the order's lines and delivery at the rates given, as a UK sale records it. */
function vatAtRates(
  order: { items: readonly { price: number; quantity: number }[]; shippingCost: number },
  rates: readonly VatRate[],
  noLinesRate: VatRate,
): Omit<OrderVat, 'vatNumber' | 'export'> {
  const vatLines: VatLine[] = order.items.map((item, i) => ({
    rate: rates[i] ?? STANDARD_RATE,
    gross: item.price * item.quantity,
  }));
  const lines = vatLines.map(({ rate, gross }) => {
    const vat = vatOf(gross, rate);
    return { rate, gross, vat, net: gross - vat };
  });
  const goods = vatLines.reduce((sum, line) => sum + line.gross, 0);
  if (goods === 0 && order.shippingCost > 0) {
    const highest = vatLines.reduce((top, line) => Math.max(top, line.rate), vatLines.length ? 0 : noLinesRate);
    const part = { rate: highest, gross: order.shippingCost, vat: vatOf(order.shippingCost, highest) };
    const base = vatBreakdown({ lines: [...vatLines, { rate: highest, gross: 0 }], delivery: 0 });
    const breakdown: VatBreakdown = {
      rates: base.rates.map((r) =>
        r.rate === highest
          ? {
              ...r,
              delivery: part.gross,
              gross: r.gross + part.gross,
              vat: r.vat + part.vat,
              net: r.net + part.gross - part.vat,
            }
          : r,
      ),
      totals: {
        gross: base.totals.gross + part.gross,
        vat: base.totals.vat + part.vat,
        net: base.totals.net + part.gross - part.vat,
      },
    };
    return { lines, delivery: [part], rates: breakdown.rates, totals: breakdown.totals };
  }
  const delivery: DeliveryPart[] = apportionDelivery(order.shippingCost, vatLines);
  const breakdown = vatBreakdown({ lines: vatLines, delivery: order.shippingCost });
  return { lines, delivery, rates: breakdown.rates, totals: breakdown.totals };
}

/**
 * The order's VAT as it is recorded at placement, or null when the shop is not registered on the UK day of `at`. Each
 * line's VAT is rounded on its own (decision 068); the delivery is apportioned by the goods' values, or, for goods
 * worth nothing, carried whole at the highest rate of the order's lines. With `exportTo` (a country outside the UK's
 * VAT area, `exportDestinationOf`) every line and the delivery are zero-rated, and the VAT the same order would carry
 * in the UK is kept beside them (decision 097).
 */
export function orderVatFor(
  order: {
    items: readonly { bookId?: number | undefined; name: string; price: number; quantity: number }[];
    shippingCost: number;
  },
  settings: VatSettings,
  at: string,
  exportTo: string | null = null,
): OrderVat | null {
  const day = ukDayOf(at);
  const registration = registrationOn(settings, day);
  if (!registration) return null;
  const ukRates = order.items.map((item) => lineRate(settings, item, day));
  const home = vatAtRates(order, ukRates, STANDARD_RATE);
  if (exportTo === null) return { vatNumber: registration.vatNumber, ...home };
  const zero = vatAtRates(
    order,
    ukRates.map(() => ZERO_RATE),
    ZERO_RATE,
  );
  return {
    vatNumber: registration.vatNumber,
    ...zero,
    export: { country: exportTo, ukRates: home.rates, ukTotals: home.totals },
  };
}
