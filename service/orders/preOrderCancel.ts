// A shopper cancels their pre-order (decision 132), from the order page or the one-click link of the e-mail that told
// them of a new date: decided on the order's own stream, at its revision, so a dispatch recorded first wins with a 409.
// The pre-ordered lines are refunded in full through the refund decider the owner's refund button uses (copies already
// set aside for them go back on the shelf); when nothing else is left on the order the delivery is refunded too and the
// order is cancelled. The title's pre-order is then released by the pre-orders' reactor, so its copies free the limit.
import type { EventStore } from '../../contracts/ports/eventStore.ts';
import { preOrderCancelTexts, preOrderRefundReason, type ShopperPreOrder } from '../../contracts/preorders/cancel.ts';
import { preOrderMessages } from '../../contracts/preorders/model.ts';
import { comingTitleDecider } from '../../contracts/preorders/title.ts';
import type { OrderPlaced } from '../../contracts/orders/events.ts';
import { linesLeft, refundableAmount, refundDecider, type RefundLedger } from '../../contracts/orders/refunds.ts';
import { stillToShip } from '../../contracts/orders/shopperRequests.ts';
import { conflict, DomainError, notFound } from '../../contracts/shared/errors.ts';
import { preOrderStream } from '../../contracts/shared/streams.ts';
import { fold, type Decider } from '../commands.ts';
import { orderNotFoundMessage, orderStatusDecider } from './orderStatus.ts';
import { shopperRequestDecider, type RequestState } from './shopperRequestDecider.ts';

/** One line of an order that is a pre-order still standing on its title's stream. */
export type PreOrderedLine = {
  line: number;
  bookId: number;
  name: string;
  quantity: number;
  publicationDate: string;
  allocated: boolean;
};

/** The order's lines that are pre-orders not cancelled, read from their titles' streams. */
export async function preOrderedLinesOf(
  events: Pick<EventStore, 'readStream'>,
  order: Pick<OrderPlaced['data'], 'orderId' | 'items'>,
): Promise<PreOrderedLine[]> {
  const ids = [...new Set(order.items.flatMap((i) => (i.bookId === undefined ? [] : [i.bookId])))].sort(
    (a, b) => a - b,
  );
  const lines: PreOrderedLine[] = [];
  for (const bookId of ids) {
    const state = fold(comingTitleDecider, await events.readStream(preOrderStream(bookId)));
    const preOrder = state.preOrders.find((p) => p.orderId === order.orderId && p.status !== 'cancelled');
    if (!preOrder || !state.publicationDate) continue;
    order.items.forEach((item, line) => {
      if (item.bookId === bookId)
        lines.push({
          line,
          bookId,
          name: item.name,
          quantity: item.quantity,
          publicationDate: state.publicationDate!,
          allocated: preOrder.status === 'allocated',
        });
    });
  }
  return lines;
}

export type CancelPreOrders = {
  type: 'CancelPreOrders';
  orderId: string;
  lines: readonly PreOrderedLine[];
  /** ids for the refunds it makes: the waiting lines', the allocated lines', then the delivery's */
  refundIds: [string, string, string];
  at: string;
};

type Decided = ReturnType<typeof refundDecider.decide>[number] | ReturnType<typeof orderStatusDecider.decide>[number];
type PlacedLedger = Extract<RefundLedger, { placed: true }>;

export const preOrderCancelDecider: Decider<RequestState, CancelPreOrders, Decided> = {
  initialState: shopperRequestDecider.initialState,
  evolve: shopperRequestDecider.evolve,
  decide: (command, state) => {
    const { progress } = state;
    if (!progress || !state.refunds.placed) throw notFound(orderNotFoundMessage(command.orderId));
    const { orderId, refundIds, at } = command;
    if (progress.status === 'cancelled' || refundableAmount(state.refunds.total, state.refunds.refunds) <= 0)
      throw conflict(preOrderCancelTexts.cancelledAlready);
    if (!stillToShip(progress)) throw conflict(preOrderMessages.dispatched);
    let refunds: PlacedLedger = state.refunds;
    const left = linesLeft(refunds.items, refunds.refunds);
    const lines = command.lines
      .map((l) => ({ ...l, quantity: Math.min(l.quantity, left[l.line] ?? 0) }))
      .filter((l) => l.quantity > 0);
    if (lines.length === 0) throw conflict(preOrderCancelTexts.nothingLeft);
    const made: Decided[] = [];
    const by = 'shopper';
    const request = (
      refundId: string,
      part: { lines: { line: number; quantity: number }[]; restock?: true } | { amount: number },
    ) => {
      const events = refundDecider.decide(
        { type: 'RequestRefund', orderId, refundId, ...part, reason: preOrderRefundReason, by, at },
        refunds,
      );
      for (const event of events) refunds = refundDecider.evolve(refunds, event) as PlacedLedger;
      made.push(...events);
    };
    // Copies not yet received were never on the shelf; copies set aside for the pre-order go back on it.
    const waiting = lines.filter((l) => !l.allocated).map(({ line, quantity }) => ({ line, quantity }));
    const allocated = lines.filter((l) => l.allocated).map(({ line, quantity }) => ({ line, quantity }));
    if (waiting.length > 0) request(refundIds[0], { lines: waiting });
    if (allocated.length > 0) request(refundIds[1], { lines: allocated, restock: true });
    // Nothing else left on the order: the delivery goes back too, and the order is cancelled.
    if (linesLeft(refunds.items, refunds.refunds).every((q) => q === 0)) {
      const rest = refundableAmount(refunds.total, refunds.refunds);
      if (rest > 0) request(refundIds[2], { amount: rest });
      if (state.status.placed && state.status.status !== 'cancelled')
        made.push(
          ...orderStatusDecider.decide(
            { type: 'ChangeOrderStatus', orderId, to: 'cancelled', notes: preOrderRefundReason, by, at },
            state.status,
          ),
        );
    }
    return made;
  },
};

/** What the shopper's pages show of an order's pre-orders: the lines, what a cancel pays back now, or why it cannot. */
export function shopperPreOrderOf(state: RequestState, lines: readonly PreOrderedLine[], at: string): ShopperPreOrder {
  const shown = lines.map(({ name, quantity, publicationDate, allocated }) => ({
    name,
    quantity,
    publicationDate,
    allocated,
  }));
  try {
    const events = preOrderCancelDecider.decide(
      {
        type: 'CancelPreOrders',
        orderId: state.refunds.placed ? state.refunds.orderId : '',
        lines,
        refundIds: ['a', 'b', 'c'],
        at,
      },
      state,
    );
    const refund = events.reduce((sum, e) => sum + (e.type === 'RefundRequested' ? e.data.amount : 0), 0);
    return { lines: shown, refund, cancel: { allowed: true } };
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return { lines: shown, refund: 0, cancel: { allowed: false, why: error.message } };
  }
}
