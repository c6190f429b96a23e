// Read model: how each order got where it is — its placing, every status change and any buyer's details added, oldest first.
import type { OrderHistoryEntry, OrderHistoryResponse, PaymentHistoryEntry } from '../../contracts/orders/console.ts';
import type { RecordedEvent } from '../../contracts/shared/events.ts';
import type {
  OrderCustomerDetailsAdded,
  OrderFlagged,
  OrderPlaced,
  OrderStatusChanged,
  RefundEvent,
} from '../../contracts/orders/events.ts';
import { formatPence } from '../../contracts/shared/money.ts';
import { disputeStatusText, evidenceDeadlineText } from '../../contracts/orders/disputes.ts';
import { shownText } from '../../contracts/personalData.ts';
import { shippingAddressText } from './adminOrders.ts';
import type { ReadStoreReader, Write } from '../../contracts/ports/readStore.ts';
import { defineProjection, each } from '../engine/projection.ts';

const collection = 'orderHistory';

/** What this history shows; notes, shipments and e-mails are on the order page's timeline (orderPages). */
type OrderEvent = OrderPlaced | OrderStatusChanged | OrderCustomerDetailsAdded;

function entryOf(event: RecordedEvent<OrderEvent>): OrderHistoryEntry {
  const { revision, position } = event;
  if (event.type === 'OrderPlaced') {
    return {
      kind: 'placed',
      revision,
      position,
      at: event.data.placedAt,
      status: event.data.status,
      by: event.metadata.causedBy,
    };
  }
  if (event.type === 'OrderCustomerDetailsAdded') {
    const { customerName, customerEmail, shippingAddress, source, reason, by, at } = event.data;
    return {
      kind: 'detailsAdded',
      revision,
      position,
      at,
      source,
      ...(customerName ? { customerName } : {}),
      ...(customerEmail ? { customerEmail } : {}),
      ...(shippingAddress ? { shippingAddress: shippingAddressText(shippingAddress) } : {}),
      reason: shownText(reason),
      by,
    };
  }
  const { from, to, notes, by, at } = event.data;
  return { kind: 'statusChanged', revision, position, at, from, to, notes: shownText(notes), by };
}

/** A refund's step, a dispute or a flag as one line of the history; the refund's amount is looked up in the history. */
export function paymentEntryOf(
  event: RecordedEvent<RefundEvent | OrderFlagged>,
  amounts: Map<string, number>,
): PaymentHistoryEntry {
  const { revision, position } = event;
  const base = {
    kind: 'payment' as const,
    revision,
    position,
    at: event.data.at,
    by: event.metadata.causedBy.replace(/^admin:/, ''),
  };
  const amountOf = (refundId: string) => formatPence(amounts.get(refundId) ?? 0);
  switch (event.type) {
    case 'RefundRequested':
      return {
        ...base,
        title: `Refund of ${formatPence(event.data.amount)} asked for`,
        detail: shownText(event.data.reason),
      };
    case 'RefundSucceeded':
      return {
        ...base,
        title:
          event.data.source === 'gateway'
            ? `Refund of ${formatPence(event.data.amount)} made in the payment provider's dashboard`
            : `Refund of ${formatPence(event.data.amount)} paid back`,
        detail: '',
      };
    case 'RefundFailed':
      return {
        ...base,
        title:
          event.data.failure === 'declined'
            ? `Refund of ${amountOf(event.data.refundId)} declined`
            : `Refund of ${amountOf(event.data.refundId)}: outcome unknown`,
        detail: event.data.message,
      };
    case 'RefundRetried':
      return { ...base, title: `Refund of ${amountOf(event.data.refundId)} retried`, detail: '' };
    case 'OrderDisputed':
      return {
        ...base,
        title: `Dispute of ${formatPence(event.data.amount)} opened by the card's bank`,
        detail: shownText(event.data.reason),
      };
    case 'DisputeUpdated':
      return {
        ...base,
        title: `Dispute ${disputeStatusText(event.data.status).toLowerCase()}`,
        detail: evidenceDeadlineText(event.data.evidenceDueBy)
          ? `Evidence due by ${evidenceDeadlineText(event.data.evidenceDueBy)}`
          : '',
      };
    case 'DisputeClosed':
      return { ...base, title: `Dispute closed: ${disputeStatusText(event.data.status).toLowerCase()}`, detail: '' };
    case 'DisputeFundsWithdrawn':
      return {
        ...base,
        title: `${formatPence(-event.data.amount)} taken for the dispute${event.data.fee > 0 ? `, with a ${formatPence(event.data.fee)} dispute fee` : ''}`,
        detail: event.data.transactionId,
      };
    case 'DisputeFundsReinstated':
      return {
        ...base,
        title: `${formatPence(event.data.amount)} given back after the dispute${event.data.fee < 0 ? `, with ${formatPence(-event.data.fee)} of its fee` : ''}`,
        detail: event.data.transactionId,
      };
    case 'OrderFlagged':
      return { ...base, title: 'Flagged for the owner', detail: shownText(event.data.message) };
  }
}

export const paymentTypes = [
  'RefundRequested',
  'RefundSucceeded',
  'RefundFailed',
  'RefundRetried',
  'OrderDisputed',
  'DisputeUpdated',
  'DisputeClosed',
  'DisputeFundsWithdrawn',
  'DisputeFundsReinstated',
  'OrderFlagged',
] as const satisfies readonly (RefundEvent | OrderFlagged)['type'][];
/** refund id → amount, kept beside the history so a refund's later steps can name its amount */
const amountsCollection = 'orderHistory:refundAmounts';

/**
 * The order's history so far (null before it was placed), unless it already folded this event: guarded on the stream
 * revision, so an event delivered again changes nothing.
 */
async function historyBefore(
  view: ReadStoreReader,
  event: RecordedEvent<OrderEvent | RefundEvent | OrderFlagged>,
): Promise<{ current: OrderHistoryResponse | null } | null> {
  const current = await view.get<OrderHistoryResponse>(collection, event.data.orderId);
  return current && (current.history.at(-1)?.revision ?? -1) >= event.revision ? null : { current };
}

async function entry(event: RecordedEvent<OrderEvent>, view: ReadStoreReader): Promise<Write[]> {
  const before = await historyBefore(view, event);
  if (!before) return [];
  const orderId = event.data.orderId;
  const doc: OrderHistoryResponse = { orderId, history: [...(before.current?.history ?? []), entryOf(event)] };
  return [{ op: 'put', collection, id: orderId, doc }];
}

export const orderHistoryProjection = defineProjection({
  name: 'orderHistory',
  // 3: a text that went with the customer's data reads as removedWithCustomer.
  version: 3,
  handlers: {
    ...each(['OrderPlaced', 'OrderStatusChanged', 'OrderCustomerDetailsAdded'], entry),
    ...each(paymentTypes, async (payment, view) => {
      const current = (await historyBefore(view, payment))?.current;
      if (!current) return [];
      const orderId = payment.data.orderId;
      const known = new Map(Object.entries((await view.get<Record<string, number>>(amountsCollection, orderId)) ?? {}));
      if (payment.type === 'RefundRequested' || payment.type === 'RefundSucceeded')
        known.set(payment.data.refundId, known.get(payment.data.refundId) ?? payment.data.amount);
      const doc: OrderHistoryResponse = { orderId, history: [...current.history, paymentEntryOf(payment, known)] };
      return [
        { op: 'put', collection, id: orderId, doc },
        { op: 'put', collection: amountsCollection, id: orderId, doc: Object.fromEntries(known) },
      ];
    }),
  },
});

export async function getOrderHistory(reader: ReadStoreReader, orderId: string): Promise<OrderHistoryResponse | null> {
  return reader.get<OrderHistoryResponse>(collection, orderId);
}
