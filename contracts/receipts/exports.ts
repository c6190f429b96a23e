// The bookkeeper's files of numbered receipts and credit notes (decisions 074, 108): the receipt lines, one row per line
// and per part of a delivery charge with a credit-note section after them; the receipts in the column layout of Xero's
// sales-invoice import and the credit notes in that of its credit-note import; and a summary of each day by VAT rate.
import * as v from 'valibot';
import { dataReadMessages, ReadReasonSchema } from '../audit/dataReads.ts';
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

/** Who the Xero files name as each document's contact: one generic contact (the default), or the order's buyer. */
export const xeroContactChoices = ['generic', 'buyer'] as const;
export type XeroContactChoice = (typeof xeroContactChoices)[number];

export const xeroExportMessages = {
  contact: `Contact must be one of ${xeroContactChoices.join(', ')}`,
  reason: dataReadMessages.reason,
} as const;

/**
 * GET /api/admin/sales/xero.csv and xero-credit-notes.csv: the range as above, and `contact=buyer` to name each buyer
 * from their order, which makes the file a read of personal data: then `reason` is required and recorded with it
 * (decision 058). Without `contact` (or with `generic`) every document names the generic contact and no reason is asked.
 */
export const XeroExportQuerySchema = v.pipe(
  v.object({
    from: v.optional(isoDay('From')),
    to: v.optional(isoDay('To')),
    contact: v.optional(v.picklist(xeroContactChoices, xeroExportMessages.contact), 'generic'),
    reason: v.optional(v.string(xeroExportMessages.reason)),
  }),
  v.check((q) => !(q.from && q.to && q.from > q.to), 'From must not be after To'),
  v.rawTransform(({ dataset, addIssue, NEVER }) => {
    const { reason, ...query } = dataset.value;
    if (query.contact !== 'buyer') return query;
    const checked = v.safeParse(ReadReasonSchema, reason);
    if (!checked.success) {
      addIssue({ message: checked.issues[0].message });
      return NEVER;
    }
    return { ...query, reason: checked.output };
  }),
);
export type XeroExportQuery = v.InferInput<typeof XeroExportQuerySchema>;

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
 * `*` marks a column Xero requires. The header row is written exactly so. `Total` and `TaxAmount` are Xero's own
 * figures: the file fills them with the document's total and the VAT the sale recorded on the line (decision 108).
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
  'Total',
  'InventoryItemCode',
  '*Description',
  '*Quantity',
  '*UnitAmount',
  'Discount',
  '*AccountCode',
  '*TaxType',
  'TaxAmount',
  'TrackingName1',
  'TrackingOption1',
  'TrackingName2',
  'TrackingOption2',
  'Currency',
  'BrandingTheme',
] as const;
export type XeroColumn = (typeof xeroInvoiceColumns)[number];

/**
 * Xero's credit note import template (Sales › Invoices › Credit notes › Import): the sales invoice template with
 * `*CreditNoteNumber` and `*CreditNoteDate` in place of `*InvoiceNumber` and `*InvoiceDate`, amounts positive.
 */
export const xeroCreditNoteColumns = xeroInvoiceColumns.map((column) =>
  column === '*InvoiceNumber' ? '*CreditNoteNumber' : column === '*InvoiceDate' ? '*CreditNoteDate' : column,
);

/** The summary of a day (decision 108): one row per day, per sales or refunds, per VAT treatment. */
export const dailySummaryColumns = [
  'Date',
  'Type',
  'Tax type',
  'VAT rate',
  'Net',
  'VAT',
  'Gross',
  'Documents',
  'First number',
  'Last number',
] as const;
/** What a daily summary's row is: the day's receipts, or the day's credit notes (amounts negative). */
export const dailySummaryTypes = { sales: 'Sales', refunds: 'Refunds' } as const;

/**
 * The contact every row names unless the owner chooses the buyers' names, and the contact of a document whose buyer's
 * name is no longer on record (erased): the file then carries no buyer's name or address (decision 058 governs those).
 */
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
