// The owner's sales view and the bookkeeper's export: queries, answers, and how refunds are read from the log.
import * as v from 'valibot';
import { isoDay } from '../shared/days.ts';
import { ReadReasonSchema } from '../audit/dataReads.ts';
import { anyOrderStatuses } from '../shared/constants.ts';

export const salesPeriods = ['day', 'week', 'month'] as const;
export type SalesPeriod = (typeof salesPeriods)[number];

/** At most this many days, weeks or months in one answer: the newest ones of the range. */
export const maxSalesBuckets = 120;

/** GET /api/admin/sales?period=&from=&to= (days UTC, inclusive) */
export const SalesQuerySchema = v.pipe(
  v.object({
    period: v.optional(v.picklist(salesPeriods, `Period must be one of ${salesPeriods.join(', ')}`), 'day'),
    from: v.optional(isoDay('From')),
    to: v.optional(isoDay('To')),
  }),
  v.check((q) => !(q.from && q.to && q.from > q.to), 'From must not be after To'),
);
export type SalesQuery = v.InferInput<typeof SalesQuerySchema>;

/** GET /api/admin/sales/orders.csv: the order console's filter (status tab, search) and its date range. */
export const OrdersExportQuerySchema = v.pipe(
  v.object({
    status: v.optional(v.picklist(anyOrderStatuses, `Status must be one of ${anyOrderStatuses.join(', ')}`)),
    q: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(200, 'Search must be at most 200 characters'))),
    from: v.optional(isoDay('From')),
    to: v.optional(isoDay('To')),
    /** why the reader downloads the customers' details: recorded with the download (decision 058) */
    reason: ReadReasonSchema,
  }),
  v.check((q) => !(q.from && q.to && q.from > q.to), 'From must not be after To'),
);
export type OrdersExportQuery = v.InferInput<typeof OrdersExportQuerySchema>;

export type SalesSplit = { orders: number; revenue: number };

/** Sales at one VAT rate (basis points): what buyers paid, the VAT in it and the rest, as recorded when placed. */
export type VatAtRate = { rate: number; net: number; vat: number; gross: number };

/** One day, week (from Monday) or month. Money in pence; revenue is what buyers paid, shipping included. */
export type SalesBucket = {
  /** `2026-11-24`, the Monday `2026-11-23` of a week, or `2026-11` */
  key: string;
  orders: number;
  revenue: number;
  shipping: number;
  refunds: number;
  uk: SalesSplit;
  international: SalesSplit;
  /**
   * per rate, ascending: the VAT orders recorded when placed while the shop was VAT-registered (decision 069), less
   * the VAT their credit notes reversed on the day each was issued (decision 070)
   */
  vat: VatAtRate[];
};

export type ProductSales = { name: string; quantity: number; revenue: number };

export type SalesTotals = {
  orders: number;
  revenue: number;
  /** revenue ÷ orders, whole pence; 0 without orders */
  averageOrderValue: number;
  shipping: number;
  refunds: number;
  /** revenue − refunds */
  net: number;
  uk: SalesSplit;
  international: SalesSplit;
  /** per rate over the range; empty when no order in it recorded VAT */
  vat: VatAtRate[];
};

/** GET /api/admin/sales: oldest bucket first. */
export type SalesResponse = {
  period: SalesPeriod;
  buckets: SalesBucket[];
  products: ProductSales[];
  totals: SalesTotals;
};

/** The sums of several lists of sales per rate, one entry per rate, ascending. */
export function addVatAtRates(...lists: readonly (readonly VatAtRate[])[]): VatAtRate[] {
  const byRate = new Map<number, VatAtRate>();
  for (const at of lists.flat()) {
    const was = byRate.get(at.rate) ?? { rate: at.rate, net: 0, vat: 0, gross: 0 };
    byRate.set(at.rate, { rate: at.rate, net: was.net + at.net, vat: was.vat + at.vat, gross: was.gross + at.gross });
  }
  return [...byRate.values()].sort((a, b) => a.rate - b.rate);
}

export const ordersCsvColumns = [
  'Order number',
  'Date',
  'Customer',
  'Country',
  'Items',
  'Subtotal',
  'Shipping',
  'Refunded',
  'Net',
  'Status',
  'Payment reference',
] as const;

/** Refunds count when the payment provider has paid them back (RefundSucceeded), on the day it did. */
export const refundEventTypes = ['RefundSucceeded'] as const;

export function refundOf(data: unknown): { orderId: string; amount: number } | null {
  if (!data || typeof data !== 'object') return null;
  const { orderId, amount } = data as { orderId?: unknown; amount?: unknown };
  return typeof orderId === 'string' && typeof amount === 'number' && Number.isInteger(amount) && amount > 0
    ? { orderId, amount }
    : null;
}

/** A number written as the shop formats it (`-9.99`): a cell a spreadsheet reads as a number, never as text. */
export type CsvNumeral = { readonly numeral: string };
const numeralPattern = /^-?\d+(\.\d+)?$/;

/** Pence as pounds with two decimals, `-` before a negative amount: `-999` → `-9.99`. */
export const csvPounds = (pence: number): CsvNumeral => ({
  numeral: `${pence < 0 ? '-' : ''}${(Math.abs(pence) / 100).toFixed(2)}`,
});

/**
 * A spreadsheet cell that cannot run as a formula, quoted when it must be. Text starting with `=`, `+`, `-`, `@`, a tab
 * or a carriage return gets a leading `'`; a numeral (a minus sign, digits and a decimal point only) is written as it is,
 * and one that is anything else is treated as text.
 */
export function csvCell(value: string | number | CsvNumeral): string {
  if (typeof value === 'object') {
    if (numeralPattern.test(value.numeral)) return value.numeral;
    return csvCell(value.numeral);
  }
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvLine = (cells: readonly (string | number | CsvNumeral)[]) => `${cells.map(csvCell).join(',')}\r\n`;
