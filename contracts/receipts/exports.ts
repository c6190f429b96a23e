// The bookkeeper's two files of numbered receipts and credit notes (decision 074): the receipt lines, one row per line
// and per part of a delivery charge with a credit-note section after them, and the same documents in the column layout
// of Xero's sales-invoice import.
import * as v from 'valibot';
import { isoDay } from '../shared/days.ts';
import type { VatRate } from '../vat/rates.ts';

/**
 * GET /api/admin/sales/lines.csv and /api/admin/sales/xero.csv: UK days, both counted (a receipt by its day of supply,
 * a credit note by the day it was issued); without them, every numbered receipt and credit note.
 */
export const DocumentsExportQuerySchema = v.pipe(
  v.object({ from: v.optional(isoDay('From')), to: v.optional(isoDay('To')) }),
  v.check((q) => !(q.from && q.to && q.from > q.to), 'From must not be after To'),
);
export type DocumentsExportQuery = v.InferInput<typeof DocumentsExportQuerySchema>;

/** The receipts' section of lines.csv. */
export const receiptLineColumns = [
  'Receipt number',
  'Date',
  'Order number',
  'Product',
  'Quantity',
  'Net',
  'VAT rate',
  'VAT',
  'Gross',
] as const;

/** The credit notes' section, after a blank line: the same columns in the same places, amounts negative. */
export const creditNoteLineColumns = [
  'Credit note number',
  'Date',
  'Receipt number',
  'Product',
  'Quantity',
  'Net',
  'VAT rate',
  'VAT',
  'Gross',
] as const;

/** The columns left out when no receipt or credit note in the file carries VAT (a shop that is not registered). */
export const vatColumns: readonly string[] = ['VAT rate', 'VAT'];

/** What a delivery charge's row names as its product. */
export const deliveryProduct = 'Delivery';
/** What a refund of an amount (rather than of returned items) names as its product, one row per rate. */
export const amountRefundedProduct = 'Amount refunded';

/**
 * Xero's sales invoice import template (SalesInvoiceTemplate.csv, from Sales › Invoices › Import), in its order; the
 * `*` marks a column Xero requires. The header row is written exactly so.
 */
export const xeroInvoiceColumns = [
  '*ContactName',
  'EmailAddress',
  'POAddressLine1',
  'POAddressLine2',
  'POAddressLine3',
  'POAddressLine4',
  'POCity',
  'PORegion',
  'POPostalCode',
  'POCountry',
  '*InvoiceNumber',
  'Reference',
  '*InvoiceDate',
  '*DueDate',
  'InventoryItemCode',
  '*Description',
  '*Quantity',
  '*UnitAmount',
  'Discount',
  '*AccountCode',
  '*TaxType',
  'TrackingName1',
  'TrackingOption1',
  'TrackingName2',
  'TrackingOption2',
  'Currency',
  'BrandingTheme',
] as const;
export type XeroColumn = (typeof xeroInvoiceColumns)[number];

/** The one contact every row names: the file carries no buyer's name or address (decision 058 governs those). */
export const xeroContact = 'Shop customer';
/** The default UK chart of accounts' Sales account, for goods and delivery alike. */
export const xeroSalesAccount = '200';
export const xeroCurrency = 'GBP';

/** Xero's default UK tax rates for sales, by their display names. */
export const xeroTaxTypes = {
  standard: '20% (VAT on Income)',
  reduced: '5% (VAT on Income)',
  zero: 'Zero Rated Income',
  /** outside VAT: every line of a sale that recorded no VAT (the shop was not registered) */
  none: 'No VAT',
} as const;

/**
 * The Xero tax rate of a line: by its recorded rate, or "No VAT" for a line of a sale that recorded none. A rate Xero
 * has no default for (17.5% for example) is named as Xero names its own, `17.5% (VAT on Income)`, which the bookkeeper
 * adds in Xero before importing.
 */
export function xeroTaxType(rate: VatRate | undefined): string {
  if (rate === undefined) return xeroTaxTypes.none;
  if (rate === 0) return xeroTaxTypes.zero;
  if (rate === 2000) return xeroTaxTypes.standard;
  if (rate === 500) return xeroTaxTypes.reduced;
  return `${rate / 100}% (VAT on Income)`;
}

/** A UK day (`2026-11-27`) as the day, month and year Xero's UK import reads: `27/11/2026`. */
export const xeroDate = (day: string): string => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;
