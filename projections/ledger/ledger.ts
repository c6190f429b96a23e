// Read model: the ledger, money by the UK day it moved (decision 071). Each entry is a document naming its event, under
// an index of its day's entries; each day has a document with its sums; an index lists the days by date (decision 136).
// Sales and shipping count on the day of the sale, refunds on the day the provider paid them back, fees on the day of
// the payment they were kept from, payouts on the day they reached the bank, and a dispute's withdrawal, fee and
// reinstatement on the days its balance transactions were made (decision 101; a dispute recorded before then on the
// day the bank opened it). Only what the log records is shown: an order placed before fees were recorded has no fee row.
import {
  addToTotals,
  emptyLedgerTotals,
  type LedgerDay,
  type LedgerEntry,
  type LedgerTotals,
} from '../../contracts/ledger/model.ts';
import type { ReadStoreReader, Write } from '../../contracts/ports/readStore.ts';
import type { RecordedEvent } from '../../contracts/shared/events.ts';
import type { DisputeFundsReinstated, DisputeFundsWithdrawn } from '../../contracts/orders/events.ts';
import { ukDayOf } from '../../contracts/vat/rates.ts';
import { defineProjection } from '../engine/projection.ts';

/** a day's sums and how many entries it holds (`LedgerDayTotals`) */
const days = 'ledgerDays';
const dayIndex = 'ledgerDays:byDay';
/** each entry on its own, under `<eventId>:<n>` (an event can book several) */
const entries = 'ledgerEntries';
/** a day's entries in the order they were booked */
const dayEntries = (day: string) => `ledgerEntries:${day}`;
/** order id → its number, so a refund, a dispute or a fee names the order as the console does */
const orders = 'ledgerOrders';
/** disputes whose amount was booked on the day they were opened (recorded before their money was followed) */
const openedDisputes = 'ledgerDisputesOpened';

type OrderRef = { orderNumber: string };
type LedgerDayTotals = { day: string; totals: LedgerTotals; count: number };

const dayScore = (day: string) => Date.parse(`${day}T00:00:00Z`);
const entryId = (eventId: string, n: number) => `${eventId}:${n}`;

/** The UK day of an event's own time, or of when it was recorded when that time is not a date. */
function dayOf(at: string, event: RecordedEvent): string {
  return ukDayOf(Number.isNaN(Date.parse(at)) ? event.metadata.at : at);
}

/**
 * Adds an event's entries to their day, once: an event already booked is left as it is. Each entry is a document of
 * its own and the day keeps only its sums, so booking one costs the same on a day of thousands as on a quiet one.
 */
async function enter(view: ReadStoreReader, day: string, ...added: LedgerEntry[]): Promise<Write[]> {
  if (added.length === 0 || (await view.get(entries, entryId(added[0]!.eventId, 0)))) return [];
  const current = await view.get<LedgerDayTotals>(days, day);
  const base = current ?? { day, totals: emptyLedgerTotals(), count: 0 };
  const next: LedgerDayTotals = {
    day,
    totals: added.reduce(addToTotals, base.totals),
    count: base.count + added.length,
  };
  return [
    { op: 'put', collection: days, id: day, doc: next },
    ...(current ? [] : [{ op: 'index', index: dayIndex, id: day, score: dayScore(day) } as Write]),
    ...added.flatMap((booked, n): Write[] => {
      const id = entryId(booked.eventId, n);
      return [
        { op: 'put', collection: entries, id, doc: booked },
        { op: 'index', index: dayEntries(day), id, score: base.count + n },
      ];
    }),
  ];
}

async function orderNumberOf(view: ReadStoreReader, orderId: string): Promise<string | null> {
  return (await view.get<OrderRef>(orders, orderId))?.orderNumber ?? null;
}

const entry = (
  event: RecordedEvent,
  fields: Pick<LedgerEntry, 'kind' | 'at' | 'orderId' | 'orderNumber' | 'reference' | 'amount'> &
    Partial<Pick<LedgerEntry, 'goods' | 'shipping' | 'simulated'>>,
): LedgerEntry => ({ eventId: event.id, goods: 0, shipping: 0, simulated: false, ...fields });

/**
 * A dispute's balance transaction on the day it was made (decision 101): the amount taken (`dispute`) or given back
 * (`reinstatement`), and the fee kept (`disputeFee`) or returned (`disputeFeeReturned`); together they move the day's
 * net by the transaction's own net, which is what the payout that covers it carries.
 */
async function disputeMoney(
  event: RecordedEvent<DisputeFundsWithdrawn | DisputeFundsReinstated>,
  view: ReadStoreReader,
): Promise<Write[]> {
  const t = event.data;
  const orderNumber = await orderNumberOf(view, t.orderId);
  const common = { at: t.createdAt, orderId: t.orderId, orderNumber, reference: t.transactionId };
  const entries: LedgerEntry[] = [];
  const bookedOnOpening = event.type === 'DisputeFundsWithdrawn' && (await view.get(openedDisputes, t.disputeId));
  if (t.amount < 0 && !bookedOnOpening) entries.push(entry(event, { ...common, kind: 'dispute', amount: -t.amount }));
  if (t.amount > 0) entries.push(entry(event, { ...common, kind: 'reinstatement', amount: t.amount }));
  if (t.fee > 0) entries.push(entry(event, { ...common, kind: 'disputeFee', amount: t.fee }));
  if (t.fee < 0) entries.push(entry(event, { ...common, kind: 'disputeFeeReturned', amount: -t.fee }));
  return enter(view, dayOf(t.createdAt, event), ...entries);
}

export const ledgerProjection = defineProjection({
  name: 'ledger',
  // 2: disputes booked from their balance transactions, with their fees and reinstatements (decision 101).
  // 3: each entry a document of its own under its day's index, the day only its sums (decision 136).
  version: 3,
  handlers: {
    async OrderPlaced(event, view) {
      const o = event.data;
      return [
        { op: 'put', collection: orders, id: o.orderId, doc: { orderNumber: o.orderNumber } satisfies OrderRef },
        ...(await enter(
          view,
          dayOf(o.placedAt, event),
          entry(event, {
            kind: 'sale',
            at: o.placedAt,
            orderId: o.orderId,
            orderNumber: o.orderNumber,
            reference: o.paymentReference,
            goods: o.subtotal,
            shipping: o.shippingCost,
            amount: o.subtotal + o.shippingCost,
          }),
        )),
      ];
    },
    async RefundSucceeded(event, view) {
      const r = event.data;
      return enter(
        view,
        dayOf(r.at, event),
        entry(event, {
          kind: 'refund',
          at: r.at,
          orderId: r.orderId,
          orderNumber: await orderNumberOf(view, r.orderId),
          reference: r.gatewayRefundId,
          amount: r.amount,
        }),
      );
    },
    async OrderDisputed(event, view) {
      const d = event.data;
      // Followed by its balance transactions: booked on the days its money moved, by the handlers below.
      if (d.moneyFollowed) return [];
      // Recorded before that: its amount on the day it was opened, as the ledger always showed it; a later withdrawal
      // of it books only its fee.
      const booked: Write = { op: 'put', collection: openedDisputes, id: d.disputeId, doc: { amount: d.amount } };
      const writes = await enter(
        view,
        dayOf(d.at, event),
        entry(event, {
          kind: 'dispute',
          at: d.at,
          orderId: d.orderId,
          orderNumber: await orderNumberOf(view, d.orderId),
          reference: d.disputeId,
          amount: d.amount,
        }),
      );
      return [...writes, booked];
    },
    DisputeFundsWithdrawn: disputeMoney,
    DisputeFundsReinstated: disputeMoney,
    async PaymentFeeRecorded(event, view) {
      const f = event.data;
      return enter(
        view,
        dayOf(f.chargedAt, event),
        entry(event, {
          kind: 'fee',
          at: f.chargedAt,
          orderId: f.orderId,
          orderNumber: await orderNumberOf(view, f.orderId),
          reference: f.transactionId,
          amount: f.fee,
          simulated: f.simulated,
        }),
      );
    },
    async PayoutPaid(event, view) {
      const p = event.data;
      return enter(
        view,
        dayOf(p.arrivalDate, event),
        entry(event, {
          kind: 'payout',
          at: p.arrivalDate,
          orderId: null,
          orderNumber: null,
          reference: p.payoutId,
          amount: p.amount,
        }),
      );
    },
  },
});

/** The days with any movement from `from` to `to` (UK days, both counted), oldest first. */
export async function ledgerDays(reader: ReadStoreReader, from: string, to: string): Promise<LedgerDay[]> {
  const ids = await reader.range(dayIndex, { min: dayScore(from), max: dayScore(to) });
  const found = (await reader.getMany<LedgerDayTotals>(days, ids)).filter((d): d is LedgerDayTotals => d !== null);
  return Promise.all(
    found.map(async ({ day, totals }) => {
      const booked = await reader.getMany<LedgerEntry>(entries, await reader.range(dayEntries(day)));
      return { day, entries: booked.filter((e): e is LedgerEntry => e !== null), totals };
    }),
  );
}
