// What checkouts and orders do to their pre-orders (decisions 120 and 132), carried out by the reactor, each once: a
// paid checkout's pre-orders become its order's (PreOrderPaid), and a checkout cancelled or whose payment failed gives
// its unpaid pre-orders' copies back to the limit at once rather than when its hold runs out. An order cancelled, or
// whose pre-ordered lines were all refunded (the shopper's cancel, or the owner's), releases its pre-orders. A new
// publication date e-mails each pre-order waiting then, once, with a one-click cancel.
import type { CheckoutStarted } from '../../contracts/checkout/events.ts';
import { orderOnRecord } from '../../contracts/orders/model.ts';
import type { OrderStatusChanged, RefundRequested } from '../../contracts/orders/events.ts';
import { emptyRefundBook, evolveRefundBook, linesLeft } from '../../contracts/orders/refunds.ts';
import type { PublicationDateChanged } from '../../contracts/preorders/events.ts';
import { comingTitleDecider, waitingPreOrders, type ComingTitleCommand } from '../../contracts/preorders/title.ts';
import type { RecordedEvent } from '../../contracts/shared/events.ts';
import { checkoutStream, orderStream, preOrderStream } from '../../contracts/shared/streams.ts';
import { preOrderCancelKey, preOrderCancelPath } from '../http/preOrderCancelLinks.ts';
import { orderPageLinks, originOnRecord, shopUrlOf } from '../mail/links.ts';
import { defineReactions, type Reactions } from '../../projections/engine/reactor.ts';
import type { ReactionDeps } from '../capability.ts';
import { fold, handleCommand, idFromReference } from '../commands.ts';
import { reactingTo, sendOnce } from '../reactions.ts';
import { dateChangedLetter } from './dateMails.tsx';
import { preOrderRaceRetries } from './routes.ts';

export function preOrderReactions(deps: ReactionDeps): Reactions {
  /** The books of the checkout that hold a pre-order of it. */
  async function preOrderedBooks(checkoutId: string): Promise<number[]> {
    const started = (await deps.events.readStream(checkoutStream(checkoutId))).find(
      (e): e is RecordedEvent<CheckoutStarted> => e.type === 'CheckoutStarted',
    );
    const ids = [...new Set((started?.data.items ?? []).flatMap((i) => (i.bookId === undefined ? [] : [i.bookId])))];
    const books: number[] = [];
    for (const bookId of ids.sort((a, b) => a - b)) {
      const state = fold(comingTitleDecider, await deps.events.readStream(preOrderStream(bookId)));
      if (state.preOrders.some((p) => p.checkoutId === checkoutId)) books.push(bookId);
    }
    return books;
  }

  async function decideFor(
    event: RecordedEvent,
    checkoutId: string,
    commandFor: (bookId: number) => ComingTitleCommand,
  ) {
    const meta = reactingTo(event, deps.clock(), 'system:preorders');
    for (const bookId of await preOrderedBooks(checkoutId))
      await handleCommand(deps.events, preOrderStream(bookId), comingTitleDecider, commandFor(bookId), meta, {
        raceRetries: preOrderRaceRetries,
        eventIds: () => idFromReference(`preorder:${event.type}`, `${checkoutId}:${bookId}:${event.position}`),
      });
  }

  async function cancelUnpaid(event: RecordedEvent) {
    const { checkoutId } = event.data as { checkoutId: string };
    const at = deps.clock().toISOString();
    await decideFor(event, checkoutId, (bookId) => ({
      type: 'CancelPreOrder',
      bookId,
      checkoutId,
      cancelledBy: 'unpaid',
      at,
    }));
  }

  /**
   * Releases the order's pre-orders that no longer stand: all of them when the order is cancelled, else each whose
   * lines have all been refunded. The shopper's cancel releases them as the shopper's, any other as the owner's.
   */
  async function releaseForOrder(event: RecordedEvent, orderId: string, by: string) {
    const events = await deps.events.readStream(orderStream(orderId));
    const order = orderOnRecord(events);
    if (!order) return;
    const status = events.reduce((s, e) => (e.type === 'OrderStatusChanged' ? e.data.to : s), order.status as string);
    const left = linesLeft(order.items, events.reduce(evolveRefundBook, emptyRefundBook()).refunds);
    const meta = reactingTo(event, deps.clock(), 'system:preorders');
    const books = [...new Set(order.items.flatMap((i) => (i.bookId === undefined ? [] : [i.bookId])))];
    for (const bookId of books.sort((a, b) => a - b)) {
      const gone =
        status === 'cancelled' || order.items.every((item, line) => item.bookId !== bookId || left[line] === 0);
      if (!gone) continue;
      const state = fold(comingTitleDecider, await deps.events.readStream(preOrderStream(bookId)));
      const preOrder = state.preOrders.find((p) => p.orderId === orderId && p.status !== 'cancelled');
      if (!preOrder) continue;
      await handleCommand(
        deps.events,
        preOrderStream(bookId),
        comingTitleDecider,
        {
          type: 'CancelPreOrder',
          bookId,
          checkoutId: preOrder.checkoutId,
          cancelledBy: by === 'shopper' ? 'shopper' : 'owner',
          at: meta.now,
        },
        meta,
        {
          raceRetries: preOrderRaceRetries,
          eventIds: () => idFromReference(`preorder:${event.type}`, `${orderId}:${bookId}:${event.position}`),
        },
      );
    }
  }

  const orderPageLink = orderPageLinks(deps);
  const cancelKey = preOrderCancelKey(deps.jwtSecret);

  return defineReactions({
    async PublicationDateChanged(event: RecordedEvent<PublicationDateChanged>) {
      const { bookId, from, to } = event.data;
      // The pre-orders waiting when the date moved: the title's stream as it stood at this event.
      const stream = await deps.events.readStream(preOrderStream(bookId));
      const state = fold(
        comingTitleDecider,
        stream.filter((e) => e.position <= event.position),
      );
      const meta = reactingTo(event, deps.clock());
      for (const preOrder of waitingPreOrders(state)) {
        const orderEvents = await deps.events.readStream(orderStream(preOrder.orderId!));
        const order = orderOnRecord(orderEvents);
        if (!order || !order.customerEmail.includes('@')) continue;
        const origin = originOnRecord(orderEvents);
        await sendOnce(
          deps,
          `preorder-date-${event.id}-${order.orderId}`,
          'preorder-date-changed',
          await dateChangedLetter({
            to: order.customerEmail,
            name: order.customerName,
            orderNumber: order.orderNumber,
            title: state.title,
            from,
            to_: to,
            cancelLink: `${shopUrlOf(deps.config, origin)}${preOrderCancelPath(cancelKey, order.orderId)}`,
            orderPageLink: orderPageLink(order.orderId, origin),
          }),
          meta,
        );
      }
    },
    async OrderStatusChanged(event: RecordedEvent<OrderStatusChanged>) {
      if (event.data.to === 'cancelled') await releaseForOrder(event, event.data.orderId, event.data.by);
    },
    async RefundRequested(event: RecordedEvent<RefundRequested>) {
      if (event.data.lines.length > 0) await releaseForOrder(event, event.data.orderId, event.data.by);
    },
    async CheckoutCompleted(event) {
      const { checkoutId, orderId, completedAt } = event.data;
      await decideFor(event, checkoutId, (bookId) => ({
        type: 'PayPreOrder',
        bookId,
        checkoutId,
        orderId,
        at: completedAt,
      }));
    },
    CheckoutCancelled: cancelUnpaid,
    CheckoutPaymentFailed: cancelUnpaid,
  });
}
