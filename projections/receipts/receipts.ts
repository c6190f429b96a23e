// Read model: each numbered order's receipt (what was sold, the VAT it recorded, its number) and its credit notes, for
// the receipt pages and the exports. The numbers are the events' (ReceiptIssued, CreditNoteIssued): a rebuild folds the
// same numbers again, it never counts them.
import type { ReadStoreReader, Write } from '../../contracts/ports/readStore.ts';
import { isNumbered, type CreditNoteView, type OrderVat } from '../../contracts/receipts/model.ts';
import type { OrderDiscount, OrderItem } from '../../contracts/orders/model.ts';
import type { VatReturnDocument } from '../../contracts/vat/model.ts';
import { ukDayOf, type Day } from '../../contracts/vat/rates.ts';
import { defineProjection } from '../engine/projection.ts';

const receipts = 'receipts';
const creditNotes = 'creditNotes';
/** Receipts in number order: the year × 1,000,000 + the sequence. */
export const receiptsByNumber = 'receipts:byNumber';
export const creditNotesByNumber = 'creditNotes:byNumber';
/** The receipts and credit notes that carry VAT, by their tax point's UK day: what a VAT return is made from. */
const receiptsWithVatByDay = 'receipts:vatByDay';
const creditNotesWithVatByDay = 'creditNotes:vatByDay';
const dayScore = (day: Day) => Date.parse(`${day}T00:00:00Z`);

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
        // The tax point of a sale paid when it was placed is the day it was placed.
        ...(doc.vat
          ? [
              {
                op: 'index',
                index: receiptsWithVatByDay,
                id: orderId,
                score: dayScore(ukDayOf(doc.placedAt)),
              } satisfies Write,
            ]
          : []),
      ];
    },
    CreditNoteIssued: async (event, view): Promise<Write[]> => {
      const { year, sequence, ...note } = event.data;
      const doc = await view.get<ReceiptDoc>(receipts, note.orderId);
      const writes: Write[] = [
        { op: 'put', collection: creditNotes, id: note.creditNoteNumber, doc: note },
        { op: 'index', index: creditNotesByNumber, id: note.creditNoteNumber, score: score(year, sequence) },
        // A credit note adjusts the VAT of the period it is issued in (VAT Notice 700, section 17).
        ...(note.vat
          ? [
              {
                op: 'index',
                index: creditNotesWithVatByDay,
                id: note.creditNoteNumber,
                score: dayScore(ukDayOf(note.issuedAt)),
              } satisfies Write,
            ]
          : []),
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

/** The receipts and credit notes with VAT whose tax point falls from `start` to `end` (UK days, both counted). */
export async function vatDocumentsIn(reader: ReadStoreReader, start: Day, end: Day): Promise<VatReturnDocument[]> {
  const range = { min: dayScore(start), max: dayScore(end) };
  const [receiptIds, noteIds] = await Promise.all([
    reader.range(receiptsWithVatByDay, range),
    reader.range(creditNotesWithVatByDay, range),
  ]);
  const [sales, notes] = await Promise.all([
    reader.getMany<ReceiptDoc>(receipts, receiptIds),
    reader.getMany<CreditNoteView>(creditNotes, noteIds),
  ]);
  const documents: VatReturnDocument[] = [];
  for (const doc of sales)
    if (doc?.vat && doc.receiptNumber)
      documents.push({
        kind: 'sale',
        number: doc.receiptNumber,
        orderId: doc.orderId,
        orderNumber: doc.orderNumber,
        day: ukDayOf(doc.placedAt),
        rates: doc.vat.rates.map(({ rate, net, vat }) => ({ rate, net, vat })),
      });
  const orderNumbers = new Map(sales.flatMap((doc) => (doc ? [[doc.orderId, doc.orderNumber] as const] : [])));
  for (const note of notes)
    if (note?.vat)
      documents.push({
        kind: 'credit',
        number: note.creditNoteNumber,
        orderId: note.orderId,
        orderNumber:
          orderNumbers.get(note.orderId) ?? (await reader.get<ReceiptDoc>(receipts, note.orderId))?.orderNumber ?? '',
        day: ukDayOf(note.issuedAt),
        rates: note.vat.rates.map(({ rate, net, vat }) => ({ rate, net, vat })),
      });
  return documents;
}

export type NumberedReceipt = ReceiptDoc & { receiptNumber: string };

const yearOfDay = (day: Day) => Number(day.slice(0, 4));
const exportPage = 500;

/**
 * The numbered receipts whose day of supply (UK) falls from `from` to `to` (both counted; either open when not given),
 * in number order, read a page at a time. A receipt's number carries the UK year of its sale, so only those years'
 * numbers are read.
 */
export async function* receiptsSupplied(
  reader: ReadStoreReader,
  from?: Day,
  to?: Day,
): AsyncGenerator<NumberedReceipt> {
  const bounds = {
    ...(from ? { min: score(yearOfDay(from), 0) } : {}),
    ...(to ? { max: score(yearOfDay(to), 999_999) } : {}),
  };
  for (let offset = 0; ; offset += exportPage) {
    const ids = await reader.range(receiptsByNumber, { ...bounds, offset, limit: exportPage });
    for (const doc of await reader.getMany<ReceiptDoc>(receipts, ids)) {
      if (!doc?.receiptNumber) continue;
      const day = ukDayOf(doc.placedAt);
      if ((!from || day >= from) && (!to || day <= to)) yield { ...doc, receiptNumber: doc.receiptNumber };
    }
    if (ids.length < exportPage) return;
  }
}

/**
 * The credit notes issued (UK day) from `from` to `to`, in number order, a page at a time. A credit note's number carries
 * the UK year its refund was paid, which may be the year before the day it was issued.
 */
export async function* creditNotesIssued(
  reader: ReadStoreReader,
  from?: Day,
  to?: Day,
): AsyncGenerator<CreditNoteView> {
  const bounds = {
    ...(from ? { min: score(yearOfDay(from) - 1, 0) } : {}),
    ...(to ? { max: score(yearOfDay(to), 999_999) } : {}),
  };
  for (let offset = 0; ; offset += exportPage) {
    const ids = await reader.range(creditNotesByNumber, { ...bounds, offset, limit: exportPage });
    for (const note of await reader.getMany<CreditNoteView>(creditNotes, ids)) {
      if (!note) continue;
      const day = ukDayOf(note.issuedAt);
      if ((!from || day >= from) && (!to || day <= to)) yield note;
    }
    if (ids.length < exportPage) return;
  }
}

/** Whether any receipt supplied, or credit note issued, from `from` to `to` carries VAT. */
export async function anyVatIn(reader: ReadStoreReader, from?: Day, to?: Day): Promise<boolean> {
  const bounds = { ...(from ? { min: dayScore(from) } : {}), ...(to ? { max: dayScore(to) } : {}) };
  const [sales, notes] = await Promise.all([
    reader.count(receiptsWithVatByDay, bounds),
    reader.count(creditNotesWithVatByDay, bounds),
  ]);
  return sales + notes > 0;
}
