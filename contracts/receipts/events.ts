// The receipts' events, declared once: a receipt's and a credit note's numbers (streams receipts-<year> and
// creditnotes-<year>), and the types derived from their schemas.
import * as v from 'valibot';
import { at, defineEvents, text, whole, type EventsOf } from '../shared/eventDefinitions.ts';

const pence = whole;

export const ReceiptIssuedV1 = v.object({
  /** `AH-2026-000123` */
  receiptNumber: text,
  year: whole,
  /** 1, 2, 3… within the year, with no gaps */
  sequence: whole,
  orderId: text,
  orderNumber: text,
  /** the date of supply: when the order was placed (paid) */
  placedAt: at,
  issuedAt: at,
});
const vatSplit = { gross: pence, vat: pence, net: pence };
export const CreditNoteIssuedV1 = v.object({
  /** `CN-2026-000001` */
  creditNoteNumber: text,
  year: whole,
  sequence: whole,
  orderId: text,
  refundId: text,
  /** the receipt it corrects */
  receiptNumber: text,
  /** pence paid back */
  amount: pence,
  /** the lines it gives back; empty for a refund of an amount */
  lines: v.array(
    v.object({
      line: whole,
      name: text,
      quantity: whole,
      gross: pence,
      rate: v.optional(whole),
      vat: v.optional(pence),
    }),
  ),
  /** the VAT it reverses, per rate; only when the order recorded VAT */
  vat: v.optional(v.object({ rates: v.array(v.object({ rate: whole, ...vatSplit })), totals: v.object(vatSplit) })),
  /** when the money went back */
  refundedAt: at,
  issuedAt: at,
});

export const receiptEvents = defineEvents([
  {
    type: 'ReceiptIssued',
    stream: 'receipts',
    causedBy: 'the receipts reactor (`system:receipts`), following OrderPlaced',
    description:
      "A placed order's receipt number: the next of its UK calendar year's one gap-free sequence, appended at the revision of the year's stream the issuer read.",
    versions: [{ schema: ReceiptIssuedV1 }],
  },
  {
    type: 'CreditNoteIssued',
    stream: 'creditnotes',
    causedBy: 'the receipts reactor (`system:receipts`), following RefundSucceeded',
    description:
      "A refund's credit note: the next number of its year's credit-note sequence, the receipt it corrects, the lines and amount it gives back and the VAT it reverses.",
    versions: [{ schema: CreditNoteIssuedV1 }],
  },
]);

export type ReceiptEvent = EventsOf<typeof receiptEvents>;
export type ReceiptIssued = Extract<ReceiptEvent, { type: 'ReceiptIssued' }>;
export type CreditNoteIssued = Extract<ReceiptEvent, { type: 'CreditNoteIssued' }>;
