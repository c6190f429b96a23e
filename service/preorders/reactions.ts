// What checkouts do to their pre-orders (decision 120), carried out by the reactor, each once: a paid checkout's
// pre-orders become its order's (PreOrderPaid), and a checkout cancelled or whose payment failed gives its unpaid
// pre-orders' copies back to the limit at once rather than when its hold runs out.
import type { CheckoutStarted } from '../../contracts/checkout/model.ts';
import { comingTitleDecider, type ComingTitleCommand } from '../../contracts/preorders/title.ts';
import type { RecordedEvent } from '../../contracts/shared/events.ts';
import { checkoutStream, preOrderStream } from '../../contracts/shared/streams.ts';
import { defineReactions, type Reactions } from '../../projections/engine/reactor.ts';
import type { ReactionDeps } from '../capability.ts';
import { fold, handleCommand, idFromReference } from '../commands.ts';
import { reactingTo } from '../reactions.ts';
import { preOrderRaceRetries } from './routes.ts';

export function preOrderReactions(deps: ReactionDeps): Reactions {
  /** The books of the checkout that hold a pre-order of it. */
  async function preOrderedBooks(checkoutId: string): Promise<number[]> {
    const started = (await deps.events.readStream(checkoutStream(checkoutId))).find(
      (e) => e.type === 'CheckoutStarted',
    ) as RecordedEvent<CheckoutStarted> | undefined;
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

  return defineReactions({
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
