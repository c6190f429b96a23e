// The decider of a shopper's requests on their order (decision 086): asking to cancel or return, checked against the
// order's own stream, and the owner's answer. Accepting a cancellation refunds through the refund decider the owner's
// refund button uses (every line still the shopper's, its copies back on the shelf, then what is left: the delivery)
// and cancels the order through the status decider, all in one append at the revision the owner saw.
import { unhandledStatus, type AnyOrderStatus } from '../../contracts/shared/constants.ts';
import { conflict, notFound } from '../../contracts/shared/errors.ts';
import {
  linesLeft,
  refundDecider,
  refundableAmount,
  type RefundLedger,
  type RefundLine,
} from '../../contracts/orders/refunds.ts';
import type {
  RefundEvent,
  OrderLinkRequested,
  ShopperRequestEvent,
  OrderEvent,
} from '../../contracts/orders/events.ts';
import {
  cancelRefusal,
  emptyProgress,
  evolveProgress,
  requestMessages,
  returnRefusal,
  type OrderProgress,
  type ReturnReason,
} from '../../contracts/orders/shopperRequests.ts';
import type { Decider } from '../commands.ts';
import { orderNotFoundMessage, orderStatusDecider, type OrderState } from './orderStatus.ts';

export type RequestState = {
  refunds: RefundLedger;
  status: OrderState;
  progress: OrderProgress | null;
};

export type ShopperRequestCommand =
  | { type: 'RequestCancellation'; orderId: string; requestId: string; at: string }
  | { type: 'RequestReturn'; orderId: string; requestId: string; reason: ReturnReason; note: string; at: string }
  | {
      type: 'AcceptShopperRequest';
      orderId: string;
      requestId: string;
      message: string;
      by: string;
      at: string;
      /** ids for the refunds a cancellation makes: the lines', then the delivery's */
      refundIds: [string, string];
    }
  | { type: 'DeclineShopperRequest'; orderId: string; requestId: string; message: string; by: string; at: string };

/** What the decider appends: a request or answer, a cancellation's refunds and its status change. */
type Decided = ShopperRequestEvent | RefundEvent | OrderEvent;
type PlacedLedger = Extract<RefundLedger, { placed: true }>;

/** Why a cancelled order's refund was made, as the owner's console and the credit note show it. */
export const cancellationRefundReason = 'Cancelled at the customer’s request';
export const cancellationDeliveryReason = 'Delivery, cancelled at the customer’s request';

/**
 * Whether an order in this status has gone to the shopper, so a cancellation asked for before can no longer be
 * accepted. A cancelled one has not: the owner cancelled it meanwhile, and accepting still refunds what is left.
 */
function hasLeft(status: AnyOrderStatus): boolean {
  switch (status) {
    case 'shipped':
    case 'delivered':
      return true;
    case 'pending':
    case 'completed':
    case 'processing':
    case 'cancelled':
      return false;
    default:
      return unhandledStatus(status);
  }
}

const fullyRefunded = (refunds: RefundLedger) =>
  refunds.placed && refundableAmount(refunds.total, refunds.refunds) <= 0;

export const shopperRequestDecider: Decider<RequestState, ShopperRequestCommand, Decided> = {
  initialState: () => ({
    refunds: refundDecider.initialState(),
    status: orderStatusDecider.initialState(),
    progress: null,
  }),
  evolve: (state, event) => {
    const status = orderStatusDecider.evolve(state.status, event);
    const refunds = refundDecider.evolve(state.refunds, event);
    const progress =
      event.type === 'OrderPlaced'
        ? emptyProgress(event.data.status)
        : state.progress && evolveProgress(state.progress, event);
    return { refunds, status, progress };
  },
  decide: (command, state): Decided[] => {
    const { progress } = state;
    if (!progress || !state.refunds.placed) throw notFound(orderNotFoundMessage(command.orderId));
    const { orderId, requestId, at } = command;
    switch (command.type) {
      case 'RequestCancellation': {
        const why = cancelRefusal(progress, fullyRefunded(state.refunds));
        if (why) throw conflict(why);
        return [{ type: 'CancellationRequested', data: { orderId, requestId, at } }];
      }
      case 'RequestReturn': {
        const why = returnRefusal(progress, fullyRefunded(state.refunds), new Date(at));
        if (why) throw conflict(why);
        const { reason, note } = command;
        return [{ type: 'ReturnRequested', data: { orderId, requestId, reason, note, at } }];
      }
      case 'DeclineShopperRequest': {
        const request = progress.requests.find((r) => r.requestId === requestId);
        if (!request) throw notFound(requestMessages.noSuchRequest);
        if (request.outcome !== 'open') throw conflict(requestMessages.answeredAlready);
        const { message, by } = command;
        return [{ type: 'ShopperRequestDeclined', data: { orderId, requestId, message, by, at } }];
      }
      case 'AcceptShopperRequest': {
        const request = progress.requests.find((r) => r.requestId === requestId);
        if (!request) throw notFound(requestMessages.noSuchRequest);
        if (request.outcome !== 'open') throw conflict(requestMessages.answeredAlready);
        const { message, by, refundIds } = command;
        if (request.kind === 'return')
          return [{ type: 'ShopperRequestAccepted', data: { orderId, requestId, message, refundIds: [], by, at } }];
        if (progress.shippedAt || hasLeft(progress.status)) throw conflict(requestMessages.shippedSinceCancel);
        // Every line still the shopper's goes back, its copies onto the shelf; then whatever is left of what was paid
        // (the delivery). Each through the refund decider, on the state the one before it left.
        let refunds: PlacedLedger = state.refunds;
        const made: Decided[] = [];
        const lines: RefundLine[] = linesLeft(refunds.items, refunds.refunds)
          .map((quantity, line) => ({ line, quantity }))
          .filter((l) => l.quantity > 0);
        // Refunds of an amount made earlier do not say which lines they covered: when the lines left cost more than is
        // left to refund, what is left goes back as an amount, and the copies stay for the owner to put back.
        const linesCost = lines.reduce((sum, l) => sum + refunds.items[l.line]!.price * l.quantity, 0);
        const byLines = lines.length > 0 && linesCost <= refundableAmount(refunds.total, refunds.refunds);
        const tried = [
          ...(byLines ? [{ refundId: refundIds[0], lines, restock: true, reason: cancellationRefundReason }] : []),
          { refundId: refundIds[1], reason: cancellationDeliveryReason },
        ];
        for (const refund of tried) {
          if (refundableAmount(refunds.total, refunds.refunds) <= 0) break;
          const left = refundableAmount(refunds.total, refunds.refunds);
          const events = refundDecider.decide(
            {
              type: 'RequestRefund',
              orderId,
              refundId: refund.refundId,
              ...('lines' in refund ? { lines: refund.lines, restock: true } : { amount: left }),
              reason: refund.reason,
              by,
              at,
            },
            refunds,
          );
          for (const event of events) refunds = refundDecider.evolve(refunds, event) as PlacedLedger;
          made.push(...events);
        }
        const refundIdsMade = made.flatMap((e) => (e.type === 'RefundRequested' ? [e.data.refundId] : []));
        const cancelled =
          state.status.placed && state.status.status !== 'cancelled'
            ? orderStatusDecider.decide(
                { type: 'ChangeOrderStatus', orderId, to: 'cancelled', notes: cancellationRefundReason, by, at },
                state.status,
              )
            : [];
        return [
          { type: 'ShopperRequestAccepted', data: { orderId, requestId, message, refundIds: refundIdsMade, by, at } },
          ...made,
          ...cancelled,
        ];
      }
    }
  },
};

/** The fresh links one order may be sent in a day (decision 086): its own inbox is not to be flooded. */
export const maxLinksPerOrderPerDay = 3;

export type OrderLinkCommand = {
  type: 'RequestOrderLink';
  orderId: string;
  via: 'lookup' | 'expired-link';
  at: string;
};

/**
 * The order's fresh links, from its notification stream: at most three in any 24 hours; past that the request is
 * quietly dropped (the shopper is told the same either way).
 */
export const orderLinkDecider: Decider<string[], OrderLinkCommand, OrderLinkRequested> = {
  initialState: () => [],
  evolve: (times, event) => (event.type === 'OrderLinkRequested' ? [...times, event.data.at] : times),
  decide: (command, times) => {
    const since = Date.parse(command.at) - 86_400_000;
    if (times.filter((t) => Date.parse(t) > since).length >= maxLinksPerOrderPerDay) return [];
    const { orderId, via, at } = command;
    return [{ type: 'OrderLinkRequested', data: { orderId, via, at } }];
  },
};
