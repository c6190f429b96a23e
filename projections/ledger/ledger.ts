// Read model: the ledger, money by the UK day it moved (decision 071). One document per day with its entries, each naming
// its event, and the day's sums; an index of the days by date. Sales and shipping count on the day of the sale, refunds
// on the day the provider paid them back, disputes on the day the bank opened them, fees on the day of the payment they
// were kept from, payouts on the day they reached the bank. Only what the log records is shown: an order placed before
// fees were recorded has no fee row.
import { addToTotals, emptyLedgerTotals, type LedgerDay, type LedgerEntry } from '../../contracts/ledger/model.ts';
import type { ReadStoreReader, Write } from '../../contracts/ports/readStore.ts';
import type { RecordedEvent } from '../../contracts/shared/events.ts';
import { ukDayOf } from '../../contracts/vat/rates.ts';
import { defineProjection } from '../engine/projection.ts';

const days = 'ledgerDays';
const dayIndex = 'ledgerDays:byDay';
/** order id → its number, so a refund, a dispute or a fee names the order as the console does */
const orders = 'ledgerOrders';

type OrderRef = { orderNumber: string };

const dayScore = (day: string) => Date.parse(`${day}T00:00:00Z`);

/** The UK day of an event's own time, or of when it was recorded when that time is not a date. */
function dayOf(at: string, event: RecordedEvent): string {
  return ukDayOf(Number.isNaN(Date.parse(at)) ? event.metadata.at : at);
}

/** Adds an entry to its day, once: a day that already holds the event is left as it is. */
async function enter(view: ReadStoreReader, day: string, entry: LedgerEntry): Promise<Write[]> {
  const current = await view.get<LedgerDay>(days, day);
  if (current?.entries.some((e) => e.eventId === entry.eventId)) return [];
  const base: LedgerDay = current ?? { day, entries: [], totals: emptyLedgerTotals() };
  const next: LedgerDay = { day, entries: [...base.entries, entry], totals: addToTotals(base.totals, entry) };
  return [
    { op: 'put', collection: days, id: day, doc: next },
    ...(current ? [] : [{ op: 'index', index: dayIndex, id: day, score: dayScore(day) } as Write]),
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

export const ledgerProjection = defineProjection({
  name: 'ledger',
  version: 1,
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
      return enter(
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
    },
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
  return (await reader.getMany<LedgerDay>(days, ids)).filter((d): d is LedgerDay => d !== null);
}
