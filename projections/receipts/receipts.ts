// Read model: each numbered order's receipt (what was sold, the VAT it recorded, its number) and its credit notes, for
// the receipt pages and the exports. The numbers are the events' (ReceiptIssued, CreditNoteIssued): a rebuild folds the
// same numbers again, it never counts them.
import type { ReadStoreReader, Write } from '../../contracts/ports/readStore.ts';
import { isNumbered, type CreditNoteView, type OrderVat } from '../../contracts/receipts/model.ts';
import type { OrderDiscount, OrderItem } from '../../contracts/orders/model.ts';
import type { VatReturnDocument } from '../../contracts/vat/model.ts';
import { countryName } from '../../contracts/checkout/shipping.ts';
import {
  daysBetween,
  exportEvidenceDeadline,
  exportEvidenceState,
  type ExportEvidence,
  type ExportProofView,
} from '../../contracts/vat/exports.ts';
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
/** Exports (decision 097) by the last day of their proof: every one, and those still without it. */
const exportsByDeadline = 'receipts:exportsByDeadline';
const exportsAwaitingProofIndex = 'receipts:exportsAwaitingProof';
/** Exports proved after their limit, by the UK day the proof came: their VAT is reclaimed in that day's period. */
const exportsProvedLateByDay = 'receipts:exportsProvedLateByDay';

/** What the receipt of one order is made from; no personal data (a receipt names the seller, not the buyer). */
export type ReceiptDoc = {
  orderId: string;
  orderNumber: string;
  placedAt: string;
  /** `dispatchFrom`: a pre-ordered line's publication date as paid for (decision 131); the payment is its tax point */
  items: (Pick<OrderItem, 'name' | 'quantity' | 'price' | 'listPrice'> & { dispatchFrom?: string })[];
  /** the savings already in the items' prices (decision 072) */
  discounts?: OrderDiscount[];
  shippingCost: number;
  total: number;
  vat?: OrderVat;
  /** what proved an export (decision 097): the first tracked shipment or proof-of-posting reference recorded */
  exportEvidence?: ExportEvidence;
  receiptNumber?: string;
  issuedAt?: string;
  creditNotes: CreditNoteView[];
};

const score = (year: number, sequence: number) => year * 1_000_000 + sequence;

/** The writes that record an export's first proof; none for an order that is not an export or is proved already. */
async function proved(view: ReadStoreReader, orderId: string, evidence: ExportEvidence): Promise<Write[]> {
  const doc = await view.get<ReceiptDoc>(receipts, orderId);
  if (!doc?.vat?.export || doc.exportEvidence) return [];
  const day = ukDayOf(evidence.at);
  return [
    { op: 'put', collection: receipts, id: orderId, doc: { ...doc, exportEvidence: evidence } },
    { op: 'unindex', index: exportsAwaitingProofIndex, id: orderId },
    ...(day > exportEvidenceDeadline(doc.placedAt)
      ? [{ op: 'index', index: exportsProvedLateByDay, id: orderId, score: dayScore(day) } satisfies Write]
      : []),
  ];
}

export const receiptsProjection = defineProjection({
  name: 'receipts',
  // 2: exports and their proof (decision 097)
  version: 2,
  handlers: {
    OrderPlaced: (event): Write[] => {
      const order = event.data;
      if (!isNumbered(order.placedAt)) return [];
      const doc: ReceiptDoc = {
        orderId: order.orderId,
        orderNumber: order.orderNumber,
        placedAt: order.placedAt,
        items: order.items.map(({ name, quantity, price, listPrice, bookId }) => {
          const preOrder = order.preOrders?.find((p) => p.bookId === bookId);
          return {
            name,
            quantity,
            price,
            ...(listPrice === undefined ? {} : { listPrice }),
            ...(preOrder ? { dispatchFrom: preOrder.publicationDate } : {}),
          };
        }),
        ...(order.discounts?.length ? { discounts: order.discounts } : {}),
        shippingCost: order.shippingCost,
        total: order.total,
        ...(order.vat ? { vat: order.vat } : {}),
        creditNotes: [],
      };
      const deadline = order.vat?.export ? dayScore(exportEvidenceDeadline(order.placedAt)) : null;
      return [
        { op: 'put', collection: receipts, id: order.orderId, doc },
        ...(deadline === null
          ? []
          : ([
              { op: 'index', index: exportsByDeadline, id: order.orderId, score: deadline },
              { op: 'index', index: exportsAwaitingProofIndex, id: order.orderId, score: deadline },
            ] satisfies Write[])),
      ];
    },
    // A tracked shipment proves an export (Notice 703, section 6); a parcel sent without a number needs its posting proof.
    OrderShipmentRecorded: (event, view) => {
      const { orderId, carrier, trackingNumber, by, at } = event.data;
      if (!trackingNumber.trim()) return [];
      return proved(view, orderId, { kind: 'tracking', reference: trackingNumber, carrier, by, at });
    },
    ProofOfPostingRecorded: (event, view) => {
      const { orderId, reference, by, at } = event.data;
      return proved(view, orderId, { kind: 'posting', reference, by, at });
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

/** An export's receipt, with what its screens show (decision 097), as it stands on `today`. */
export function exportProofOf(doc: ReceiptDoc, today: Day): ExportProofView | null {
  const exported = doc.vat?.export;
  if (!exported) return null;
  const deadline = exportEvidenceDeadline(doc.placedAt);
  const evidence = doc.exportEvidence ?? null;
  return {
    orderId: doc.orderId,
    orderNumber: doc.orderNumber,
    receiptNumber: doc.receiptNumber ?? null,
    country: exported.country,
    countryName: countryName(exported.country),
    placedAt: doc.placedAt,
    deadline,
    state: exportEvidenceState(deadline, today, evidence ? ukDayOf(evidence.at) : null),
    daysLeft: daysBetween(today, deadline),
    gross: doc.total,
    vatDue: exported.ukTotals.vat,
    evidence,
  };
}

/** The exports without proof whose limit is on or before `until`, soonest first, and how many others wait. */
export async function exportsAwaitingProof(
  reader: ReadStoreReader,
  today: Day,
  until: Day,
): Promise<{ exports: ExportProofView[]; waiting: number }> {
  const [ids, waiting] = await Promise.all([
    reader.range(exportsAwaitingProofIndex, { max: dayScore(until) }),
    reader.count(exportsAwaitingProofIndex, { min: dayScore(until) + 1 }),
  ]);
  const docs = await reader.getMany<ReceiptDoc>(receipts, ids);
  return {
    exports: docs.flatMap((doc) => {
      const view = doc ? exportProofOf(doc, today) : null;
      return view ? [view] : [];
    }),
    waiting,
  };
}

/**
 * The exports' adjustments whose day falls from `start` to `end`: the UK VAT of each export whose limit ran out in the
 * period without proof by then (only once `today` is past the limit), and the VAT given back for each proved late in
 * it (decision 097).
 */
export async function exportVatDocumentsIn(
  reader: ReadStoreReader,
  start: Day,
  end: Day,
  today: Day,
): Promise<VatReturnDocument[]> {
  const range = { min: dayScore(start), max: dayScore(end) };
  const [dueIds, reliefIds] = await Promise.all([
    reader.range(exportsByDeadline, range),
    reader.range(exportsProvedLateByDay, range),
  ]);
  const [due, relieved] = await Promise.all([
    reader.getMany<ReceiptDoc>(receipts, dueIds),
    reader.getMany<ReceiptDoc>(receipts, reliefIds),
  ]);
  const documents: VatReturnDocument[] = [];
  const adjustment = (doc: ReceiptDoc, kind: 'export-due' | 'export-relief', day: Day): VatReturnDocument => ({
    kind,
    number: doc.receiptNumber ?? doc.orderNumber,
    orderId: doc.orderId,
    orderNumber: doc.orderNumber,
    day,
    rates: (doc.vat?.export?.ukRates ?? [])
      .filter((r) => r.vat !== 0)
      .map(({ rate, net, vat }) => ({ rate, net, vat })),
  });
  for (const doc of due) {
    if (!doc?.vat?.export) continue;
    const deadline = exportEvidenceDeadline(doc.placedAt);
    const provedOn = doc.exportEvidence ? ukDayOf(doc.exportEvidence.at) : null;
    if (today > deadline && (provedOn === null || provedOn > deadline))
      documents.push(adjustment(doc, 'export-due', deadline));
  }
  for (const doc of relieved)
    if (doc?.vat?.export && doc.exportEvidence)
      documents.push(adjustment(doc, 'export-relief', ukDayOf(doc.exportEvidence.at)));
  return documents;
}

/** The receipt of one export as its screens show it, or null when the order is not one (or not yet read). */
export async function exportProofFor(reader: ReadStoreReader, orderId: string, today: Day) {
  const doc = await getReceipt(reader, orderId);
  return doc ? exportProofOf(doc, today) : null;
}
