// Read model: each numbered order's receipt (what was sold, the VAT it recorded, its number) and its credit notes, for
// the receipt pages and the exports. The numbers are the events' (ReceiptIssued, CreditNoteIssued): a rebuild folds the
// same numbers again, it never counts them.
import type { ReadStoreReader, Write } from '../../contracts/ports/readStore.ts';
import { isNumbered, type CreditNoteView, type OrderVat } from '../../contracts/receipts/model.ts';
import type { OrderDiscount, OrderItem } from '../../contracts/orders/model.ts';
import { defineProjection } from '../engine/projection.ts';

const receipts = 'receipts';
const creditNotes = 'creditNotes';
/** Receipts in number order: the year × 1,000,000 + the sequence. */
export const receiptsByNumber = 'receipts:byNumber';
export const creditNotesByNumber = 'creditNotes:byNumber';

/** What the receipt of one order is made from; no personal data (a receipt names the seller, not the buyer). */
export type ReceiptDoc = {
  orderId: string;
  orderNumber: string;
  placedAt: string;
  items: Pick<OrderItem, 'name' | 'quantity' | 'price' | 'listPrice'>[];
  /** the savings already in the items' prices (decision 072) */
  discounts?: OrderDiscount[];
  shippingCost: number;
  total: number;
  vat?: OrderVat;
  receiptNumber?: string;
  issuedAt?: string;
  creditNotes: CreditNoteView[];
};

const score = (year: number, sequence: number) => year * 1_000_000 + sequence;

export const receiptsProjection = defineProjection({
  name: 'receipts',
  version: 1,
  handlers: {
    OrderPlaced: (event): Write[] => {
      const order = event.data;
      if (!isNumbered(order.placedAt)) return [];
      const doc: ReceiptDoc = {
        orderId: order.orderId,
        orderNumber: order.orderNumber,
        placedAt: order.placedAt,
        items: order.items.map(({ name, quantity, price, listPrice }) => ({
          name,
          quantity,
          price,
          ...(listPrice === undefined ? {} : { listPrice }),
        })),
        ...(order.discounts?.length ? { discounts: order.discounts } : {}),
        shippingCost: order.shippingCost,
        total: order.total,
        ...(order.vat ? { vat: order.vat } : {}),
        creditNotes: [],
      };
      return [{ op: 'put', collection: receipts, id: order.orderId, doc }];
    },
    ReceiptIssued: async (event, view): Promise<Write[]> => {
      const { orderId, receiptNumber, issuedAt, year, sequence } = event.data;
      const doc = await view.get<ReceiptDoc>(receipts, orderId);
      if (!doc) return [];
      return [
        { op: 'put', collection: receipts, id: orderId, doc: { ...doc, receiptNumber, issuedAt } },
        { op: 'index', index: receiptsByNumber, id: orderId, score: score(year, sequence) },
      ];
    },
    CreditNoteIssued: async (event, view): Promise<Write[]> => {
      const { year, sequence, ...note } = event.data;
      const doc = await view.get<ReceiptDoc>(receipts, note.orderId);
      const writes: Write[] = [
        { op: 'put', collection: creditNotes, id: note.creditNoteNumber, doc: note },
        { op: 'index', index: creditNotesByNumber, id: note.creditNoteNumber, score: score(year, sequence) },
      ];
      if (doc && !doc.creditNotes.some((c) => c.creditNoteNumber === note.creditNoteNumber))
        writes.push({
          op: 'put',
          collection: receipts,
          id: note.orderId,
          doc: { ...doc, creditNotes: [...doc.creditNotes, note] },
        });
      return writes;
    },
  },
});

export const getReceipt = (reads: ReadStoreReader, orderId: string) => reads.get<ReceiptDoc>(receipts, orderId);
export const getCreditNote = (reads: ReadStoreReader, number: string) => reads.get<CreditNoteView>(creditNotes, number);
/** Order ids of the receipts, in number order. */
export const receiptOrderIds = (reads: ReadStoreReader, options: { offset?: number; limit?: number } = {}) =>
  reads.range(receiptsByNumber, options);
