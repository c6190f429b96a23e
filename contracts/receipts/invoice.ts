// Which VAT document a receipt is, and what each kind must show (decision 104, HMRC VAT Notice 700 section 16): a
// simplified VAT invoice for a retail sale of £250 or less including VAT, a full VAT invoice naming the customer with
// each line's unit price excluding VAT, its rate and its VAT when the sale is over £250 or the customer asks for one,
// and a plain receipt when the sale recorded no VAT. Pure: the server builds the page and the PDF from these.
import { isErasedValue, removedWithCustomer } from '../personalData.ts';
import type { ShippingAddress } from '../orders/model.ts';
import { formatPence } from '../shared/money.ts';

/** £250 in pence: up to and including it a retailer may give a simplified invoice (VAT Regulations 1995, reg. 16A). */
export const simplifiedInvoiceLimit = 25_000;

export type InvoiceKind = 'receipt' | 'simplified' | 'full';

export const invoiceTitles: Record<InvoiceKind, string> = {
  receipt: 'Receipt',
  simplified: 'Simplified VAT invoice',
  full: 'VAT invoice',
};

/**
 * The document a sale gets: no VAT recorded, a receipt; over £250, a full VAT invoice whether asked or not; up to £250,
 * a simplified VAT invoice unless the customer (or the owner for them) asks for the full one.
 */
export function invoiceKindOf(sale: { total: number; hasVat: boolean }, askedForFull: boolean): InvoiceKind {
  if (!sale.hasVat) return 'receipt';
  return askedForFull || sale.total > simplifiedInvoiceLimit ? 'full' : 'simplified';
}

/** The customer a full VAT invoice names: read from the order's sealed fields, erased with them. */
export type InvoiceCustomer = { name: string; address: string[] };

/** The order's name and address as an invoice prints them; a field the customer's erasure took says so. */
export function invoiceCustomer(name: string, address: ShippingAddress | string): InvoiceCustomer {
  const shown = (text: string) => (isErasedValue(text) ? removedWithCustomer : text);
  const lines =
    typeof address === 'string'
      ? [address]
      : [address.line1, address.line2 ?? '', address.city, address.postcode, address.country];
  const address_ = [...new Set(lines.map((line) => shown(line.trim())).filter(Boolean))];
  return { name: shown(name.trim()), address: address_ };
}

/**
 * A line's figures excluding VAT: its net (gross less the VAT it recorded) and the unit price excluding VAT, to the
 * nearest penny (half up); the line's net is exact, the unit price is the net shared by the quantity.
 */
export function netOfLine(line: { gross: number; quantity: number; vat: number }): { net: number; unitNet: number } {
  const net = line.gross - line.vat;
  const unitNet = line.quantity > 0 ? Math.floor((2 * net + line.quantity) / (2 * line.quantity)) : net;
  return { net, unitNet };
}

/** What a credit note without returned lines says it gives back. */
export const amountRefundedDescription = 'Amount refunded';

/** The receipt's standing after its credit notes: paid in full, refunded in part, or refunded in full. */
export type RefundStanding = { kind: 'paid' | 'part' | 'full'; refunded: number; creditNotes: string[] };

export function refundStanding(
  total: number,
  creditNotes: readonly { creditNoteNumber: string; amount: number }[],
): RefundStanding {
  const refunded = creditNotes.reduce((sum, note) => sum + note.amount, 0);
  const numbers = creditNotes.map((note) => note.creditNoteNumber);
  if (refunded <= 0) return { kind: 'paid', refunded: 0, creditNotes: [] };
  return { kind: refunded >= total ? 'full' : 'part', refunded, creditNotes: numbers };
}

export const invoiceMessages = {
  paidInFull: 'Paid in full. Thank you for your order.',
  refundedInFull: (numbers: readonly string[]) =>
    `Refunded in full by credit note${numbers.length > 1 ? 's' : ''} ${numbers.join(', ')}.`,
  refundedInPart: (amount: string, numbers: readonly string[]) =>
    `Paid in full; ${amount} refunded by credit note${numbers.length > 1 ? 's' : ''} ${numbers.join(', ')}.`,
  fullInvoiceAsk: 'Full VAT invoice (with your name and address)',
  noReason: 'No reason recorded',
} as const;

/** The sentence under the totals: paid in full, or what its credit notes refunded. */
export function standingText(standing: RefundStanding): string {
  if (standing.kind === 'full') return invoiceMessages.refundedInFull(standing.creditNotes);
  if (standing.kind === 'part')
    return invoiceMessages.refundedInPart(formatPence(standing.refunded), standing.creditNotes);
  return invoiceMessages.paidInFull;
}
