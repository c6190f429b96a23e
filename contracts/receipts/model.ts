// Receipts and credit notes: every paid order gets the next number of one gap-free sequence per UK calendar year
// (`AH-2026-000123`), every refund paid back the next number of a sequence of its own (`CN-2026-000001`) naming the
// receipt it corrects. Each number is an event on its year's stream, appended at the revision the issuer read, so two
// issuers never take the same number and a number is taken only for an order already placed (decision 070).
import { evolveRefundBook, emptyRefundBook, type RefundLine } from '../orders/refunds.ts';
import type { OrderItem } from '../orders/model.ts';
import type { OrderPlaced } from '../orders/events.ts';
import type { ShopEvent } from '../eventCatalog.ts';
import type { OrderVat } from '../vat/orderVat.ts';
import type { InvoiceCustomer, InvoiceKind, RefundStanding } from './invoice.ts';
import { ukDayOf, type Day } from '../vat/rates.ts';
import type { CreditNoteIssued } from './events.ts';
import { longDay } from '../shared/days.ts';

/** The VAT an order recorded when it was placed (decision 069); the receipts show it and credit notes reverse it. */
export type { OrderVat };

/** An OrderPlaced as the receipts read it: with the VAT it recorded, when it recorded any. */
export type PlacedOrder = OrderPlaced['data'];

/** One line a credit note gives back: the order's line, how many, their price and, on a VAT invoice, their VAT. */
export type CreditNoteLine = {
  line: number;
  name: string;
  quantity: number;
  gross: number;
  /** basis points; only when the order recorded VAT */
  rate?: number;
  vat?: number;
};

export type VatByRate = { rate: number; gross: number; vat: number; net: number };
export type VatTotals = { gross: number; vat: number; net: number };

export const receiptPrefix = 'AH';
export const creditNotePrefix = 'CN';

/** `AH-2026-000123`: the prefix, the year and the sequence in six digits. */
export const documentNumber = (prefix: string, year: number, sequence: number): string =>
  `${prefix}-${year}-${String(sequence).padStart(6, '0')}`;
export const receiptNumberOf = (year: number, sequence: number) => documentNumber(receiptPrefix, year, sequence);
export const creditNoteNumberOf = (year: number, sequence: number) => documentNumber(creditNotePrefix, year, sequence);

/** The calendar year, in the UK, of an instant: a sale at 00:30 on 1 January in London is the new year's. */
export const ukYearOf = (instant: string): number => Number(ukDayOf(instant).slice(0, 4));

/**
 * The first UK day whose orders are numbered. Orders placed before it were sold before the shop numbered receipts:
 * they keep what was recorded then and are not numbered after the event (a log written earlier opens unchanged).
 */
export const receiptsNumberedFrom: Day = '2026-11-27';

/** Whether an order placed at `placedAt` is numbered; a time that is no date (never written by the shop) is not. */
export const isNumbered = (placedAt: string): boolean =>
  !Number.isNaN(Date.parse(placedAt)) && ukDayOf(placedAt) >= receiptsNumberedFrom;

/** One year's sequence as its stream says: the last number taken, and what each was taken for. */
export type SequenceState = { last: number; numbers: Record<string, string> };
export const emptySequence = (): SequenceState => ({ last: 0, numbers: {} });

export function evolveSequence(state: SequenceState, event: ShopEvent): SequenceState {
  if (event.type === 'ReceiptIssued') {
    const { data } = event;
    return { last: data.sequence, numbers: { ...state.numbers, [data.orderId]: data.receiptNumber } };
  }
  if (event.type === 'CreditNoteIssued') {
    const { data } = event;
    return { last: data.sequence, numbers: { ...state.numbers, [data.refundId]: data.creditNoteNumber } };
  }
  return state;
}

/** Half a penny and more goes up: `numerator / denominator` to the nearest whole number, for non-negative parts. */
const roundedShare = (numerator: number, denominator: number) =>
  denominator === 0 ? 0 : Math.floor((2 * numerator + denominator) / (2 * denominator));

/**
 * What a refund gives back and the VAT it reverses, from the order's own events (its items and recorded VAT, its refunds
 * before this one).
 *
 * - A refund of lines gives back each line's recorded VAT in proportion to the quantity: of a line of `q` items whose
 *   VAT was `V`, the refunds together giving back `k` of them reverse round(V × k / q) (half a penny up), each refund
 *   the difference from the ones before it, so refunding a line item by item reverses exactly its VAT.
 * - A refund of an amount is shared between the order's recorded rates by their gross (floored to the penny, the pence
 *   left over to the largest remainders, ties to the higher rate, as the delivery charge is apportioned); each part
 *   reverses round(rate's VAT × part / rate's gross), so refunding the whole order reverses exactly its VAT.
 */
export function creditNoteContent(
  order: PlacedOrder,
  orderEvents: readonly ShopEvent[],
  refund: { refundId: string; amount: number; lines: readonly RefundLine[] },
): { lines: CreditNoteLine[]; vat?: { rates: VatByRate[]; totals: VatTotals } } {
  // What earlier refunds paid back of each line.
  let book = emptyRefundBook();
  for (const event of orderEvents) {
    if ('refundId' in event.data && event.data.refundId === refund.refundId) continue;
    book = evolveRefundBook(book, event);
  }
  const before = order.items.map(() => 0);
  for (const entry of book.refunds)
    if (entry.status === 'succeeded')
      for (const { line, quantity } of entry.lines) if (before[line] !== undefined) before[line] += quantity;

  const vat = order.vat;
  const lines: CreditNoteLine[] = refund.lines
    .filter(({ line, quantity }) => quantity > 0 && order.items[line])
    .map(({ line, quantity }) => {
      const item = order.items[line] as OrderItem;
      const recorded = vat?.lines[line];
      const base = { line, name: item.name, quantity, gross: item.price * quantity };
      if (!recorded) return base;
      const upTo = (count: number) => roundedShare(recorded.vat * count, item.quantity);
      const done = before[line]!;
      return { ...base, rate: recorded.rate, vat: upTo(done + quantity) - upTo(done) };
    });
  if (!vat) return { lines };

  const perRate = new Map<number, { gross: number; vat: number }>();
  const add = (rate: number, gross: number, tax: number) => {
    const was = perRate.get(rate) ?? { gross: 0, vat: 0 };
    perRate.set(rate, { gross: was.gross + gross, vat: was.vat + tax });
  };
  for (const line of lines) add(line.rate!, line.gross, line.vat!);
  const rest = refund.amount - lines.reduce((sum, line) => sum + line.gross, 0);
  if (rest > 0) {
    const rates = vat.rates.filter((r) => r.gross > 0);
    const whole = rates.reduce((sum, r) => sum + r.gross, 0);
    const parts = rates.map((r) => ({
      r,
      part: Math.floor((rest * r.gross) / whole),
      remainder: (rest * r.gross) % whole,
    }));
    let spare = rest - parts.reduce((sum, p) => sum + p.part, 0);
    for (const p of [...parts].sort((a, b) => b.remainder - a.remainder || b.r.rate - a.r.rate)) {
      if (spare <= 0) break;
      p.part += 1;
      spare -= 1;
    }
    for (const { r, part } of parts) if (part > 0) add(r.rate, part, roundedShare(r.vat * part, r.gross));
  }
  const rates = [...perRate.entries()]
    .sort(([a], [b]) => a - b)
    .map(([rate, { gross, vat: tax }]) => ({ rate, gross, vat: tax, net: gross - tax }));
  const totals = rates.reduce(
    (sum, r) => ({ gross: sum.gross + r.gross, vat: sum.vat + r.vat, net: sum.net + r.net }),
    { gross: 0, vat: 0, net: 0 },
  );
  return { lines, vat: { rates, totals } };
}

// What the receipt page shows: the receipt as the shop issued it, the seller, and its credit notes.

export type ReceiptLineView = {
  name: string;
  /** a pre-ordered line: "pre-order, to be dispatched from 1 March 2027" (decision 131) */
  note?: string;
  quantity: number;
  unitPrice: number;
  gross: number;
  rate?: number;
  vat?: number;
  /** on a full VAT invoice: the line's amount and its unit price excluding VAT */
  net?: number;
  unitNet?: number;
};

export type CreditNoteView = Omit<CreditNoteIssued['data'], 'year' | 'sequence'>;

/** A credit note as the receipt page shows it: with the reason the owner gave for the refund (from the order's log). */
export type CreditNoteOnReceipt = CreditNoteView & { reason?: string };

export type ReceiptView = {
  /** a receipt (no VAT recorded), a simplified VAT invoice (£250 or less) or a full VAT invoice (decision 104) */
  kind: InvoiceKind;
  /** the document's title: "Receipt", "Simplified VAT invoice" or "VAT invoice" */
  title: string;
  /** only on a full VAT invoice: the customer's name and address, read from the order's sealed fields */
  customer?: InvoiceCustomer;
  receiptNumber: string;
  orderId: string;
  orderNumber: string;
  /** the date of supply (ISO) */
  placedAt: string;
  issuedAt: string;
  seller: { name: string; address: string[]; email: string };
  lines: ReceiptLineView[];
  delivery: { gross: number; parts?: OrderVat['delivery'] };
  total: number;
  /** the savings already in the lines' prices (decision 072), each with its label */
  savings?: { label: string; amount: number }[];
  /** only on an order the shop recorded VAT for: the receipt is then a VAT invoice */
  vat?: { vatNumber: string; rates: OrderVat['rates']; totals: OrderVat['totals'] };
  creditNotes: CreditNoteOnReceipt[];
  /** paid in full, or refunded in part or in full by its credit notes */
  standing: RefundStanding;
  /** where the buyer's copy of this receipt is, signed: the same link the confirmation e-mail gives */
  buyerLink: string;
};

export const receiptMessages = {
  notFound: 'No receipt here: the link may be mistyped or incomplete.',
  notYet: 'This order has no receipt number yet.',
  noCreditNote: 'This order has no credit note of that number.',
  /** an order sold before the shop numbered receipts: it never will have one */
  beforeNumbering: `This order was placed before receipts were numbered on ${longDay(receiptsNumberedFrom)}, so it has no receipt number.`,
  noReceipt: 'No Receipt',
  vatInvoice: 'VAT invoice',
  receipt: 'Receipt',
  creditNote: 'Credit note',
} as const;
