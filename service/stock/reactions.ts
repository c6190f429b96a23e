// What the log's order and checkout events do to stock, carried out by the reactor (decision 019), each once: a placed
// order takes its copies, a cancelled checkout lets its reservation go, a cancelled order gives its copies back (and
// takes them again if the owner undoes the cancellation), and a fall below the threshold e-mails the owner once.
// Every command names the log position of the event behind it, so an event read again (a lost checkpoint) changes
// nothing. Decision 040.
import { shopContent } from '../../contracts/catalog/content.ts';
import type { CheckoutPaymentProcessing, CheckoutStarted } from '../../contracts/checkout/events.ts';
import type { ShopEventOf } from '../../contracts/eventCatalog.ts';
import { refundDecider, refundedAmount } from '../../contracts/orders/refunds.ts';
import type { RefundRequested, OrderPlaced, OrderStatusChanged } from '../../contracts/orders/events.ts';
import type { RecordedEvent } from '../../contracts/shared/events.ts';
import { Conflict } from '../../contracts/shared/errors.ts';
import { bookStream, checkoutStream, orderStream, stockStream } from '../../contracts/shared/streams.ts';
import { lowStockThreshold } from '../../contracts/stock/model.ts';
import type { StockHoldReleased, StockShortfall } from '../../contracts/stock/events.ts';
import { lowStockAlertOwed, shelfDecider, type ShelfCommand } from '../../contracts/stock/shelf.ts';
import { defineReactions, type Reactions } from '../../projections/engine/reactor.ts';
import type { ReactionDeps } from '../capability.ts';
import { fold, handleCommand, idFromReference, type CommandMeta } from '../commands.ts';
import { reactingTo } from '../reactions.ts';
import { shelveReceipt } from './preOrderReceipt.ts';

/** What an order event does to the order's stock: take its copies, give them back, or nothing. */
export type StockChange = { change: 'take' | 'return'; reason: string } | null;

/**
 * The one table of order events that move stock. A refund that leaves nothing paid gives the copies back: when the
 * order stream gets a change of this kind, it is one more line here. A refund gives copies back only when it completes
 * the order's refunds, which takes the order's stream to decide: see returnIfFullyRefunded below.
 */
export const orderStockChanges: {
  readonly [T in 'OrderPlaced' | 'OrderStatusChanged']: (event: RecordedEvent<ShopEventOf<T>>) => StockChange;
} = {
  OrderPlaced: () => ({ change: 'take', reason: 'placed' }),
  OrderStatusChanged: (event) => {
    const { from, to } = event.data;
    if (to === 'cancelled' && from !== 'cancelled') return { change: 'return', reason: 'cancelled' };
    if (from === 'cancelled' && to !== 'cancelled') return { change: 'take', reason: 'reinstated' };
    return null;
  },
};

const raceRetries = 64;

export function stockReactions(deps: ReactionDeps): Reactions {
  const owner = deps.config.OWNER_EMAIL ?? shopContent.shop.contactEmail;
  // A decision of several events (holds taken over, then the sale) keys each taken-over hold by its checkout, and the
  // last event by the reference, so a decision made again appends nothing new.
  const onShelf = (bookId: number, command: ShelfCommand, meta: CommandMeta, eventId?: string) =>
    handleCommand(deps.events, stockStream(bookId), shelfDecider, command, meta, {
      raceRetries,
      ...(eventId
        ? {
            eventIds: (event: { type: string; data: unknown }) =>
              event.type === 'StockHoldReleased'
                ? idFromReference(
                    'StockHoldReleased',
                    `${eventId}:${(event.data as StockHoldReleased['data']).checkoutId}`,
                  )
                : eventId,
          }
        : {}),
    });

  async function moveOrderStock(event: RecordedEvent, change: NonNullable<StockChange>) {
    const orderId = (event.data as { orderId: string }).orderId;
    const placed = (await deps.events.readStream(orderStream(orderId))).find(
      (e): e is RecordedEvent<OrderPlaced> => e.type === 'OrderPlaced',
    );
    if (!placed) return;
    const meta = reactingTo(event, deps.clock(), 'system:stock');
    const perBook = new Map<number, number>();
    for (const item of placed.data.items)
      if (item.bookId !== undefined) perBook.set(item.bookId, (perBook.get(item.bookId) ?? 0) + item.quantity);
    for (const [bookId, quantity] of [...perBook].sort(([a], [b]) => a - b)) {
      const common = { bookId, orderId, placedPosition: placed.position, sourcePosition: event.position, at: meta.now };
      const command: ShelfCommand =
        change.change === 'take'
          ? {
              type: 'TakeForOrder',
              ...common,
              quantity,
              ...(placed.metadata.correlationId !== placed.metadata.causationId
                ? { checkoutId: placed.metadata.correlationId }
                : {}),
            }
          : { type: 'ReturnForOrder', ...common, reason: change.reason };
      await onShelf(
        bookId,
        command,
        meta,
        idFromReference(`stock:${change.change}`, `${orderId}:${bookId}:${event.position}`),
      );
    }
  }

  /** The refund that brings an order's refunds up to what was paid gives its copies back, as cancelling does. */
  async function returnIfFullyRefunded(event: RecordedEvent) {
    const orderId = (event.data as { orderId: string }).orderId;
    // The order's refunds as the refund decider keeps them, up to this event.
    const ledger = fold(
      refundDecider,
      (await deps.events.readStream(orderStream(orderId))).filter((e) => e.position <= event.position),
    );
    if (ledger.placed && refundedAmount(ledger.refunds) >= ledger.total)
      await moveOrderStock(event, { change: 'return', reason: 'refunded' });
  }

  /**
   * A refund of lines whose copies came back (the owner ticked "Put N copies back on the shelf"): each book's copies
   * go back on its shelf, once per refund, named by the refund and by the owner who asked (decision 081).
   */
  async function restockRefund(event: RecordedEvent<RefundRequested>) {
    const { orderId, refundId, lines, restock, by } = event.data;
    if (!restock || lines.length === 0) return;
    const placed = (await deps.events.readStream(orderStream(orderId))).find(
      (e): e is RecordedEvent<OrderPlaced> => e.type === 'OrderPlaced',
    );
    if (!placed) return;
    const perBook = new Map<number, number>();
    for (const { line, quantity } of lines) {
      const bookId = placed.data.items[line]?.bookId;
      if (bookId !== undefined && quantity > 0) perBook.set(bookId, (perBook.get(bookId) ?? 0) + quantity);
    }
    const meta = reactingTo(event, deps.clock(), 'system:stock');
    for (const [bookId, quantity] of [...perBook].sort(([a], [b]) => a - b))
      await onShelf(
        bookId,
        {
          type: 'RestockForRefund',
          bookId,
          orderId,
          refundId,
          quantity,
          by: by.replace(/^admin:/, ''),
          sourcePosition: event.position,
          at: meta.now,
        },
        meta,
        idFromReference('stock:restock', `${refundId}:${bookId}`),
      );
  }

  async function releaseCancelledCheckout(event: RecordedEvent) {
    const checkoutId = (event.data as { checkoutId: string }).checkoutId;
    const started = (await deps.events.readStream(checkoutStream(checkoutId))).find(
      (e): e is RecordedEvent<CheckoutStarted> => e.type === 'CheckoutStarted',
    );
    if (!started) return;
    const meta = reactingTo(event, deps.clock(), 'system:stock');
    const books = [...new Set(started.data.items.flatMap((i) => (i.bookId === undefined ? [] : [i.bookId])))].sort(
      (a, b) => a - b,
    );
    for (const bookId of books)
      await onShelf(bookId, { type: 'ReleaseStock', bookId, checkoutId, reason: 'cancelled', at: meta.now }, meta);
  }

  /**
   * A payment that settles later (decision 105): its checkout's copies are made its own until `heldUntil`, so they wait
   * for the outcome. Copies already gone to other payers cannot be: the payment then finds the shelf as it is when it
   * succeeds (placed if it can be served, else refunded, decision 106).
   */
  async function holdWhileProcessing(event: RecordedEvent<CheckoutPaymentProcessing>) {
    const { checkoutId, heldUntil } = event.data;
    const started = (await deps.events.readStream(checkoutStream(checkoutId))).find(
      (e): e is RecordedEvent<CheckoutStarted> => e.type === 'CheckoutStarted',
    );
    if (!started) return;
    const meta = reactingTo(event, deps.clock(), 'system:stock');
    const lines = new Map<number, { title: string; quantity: number }>();
    for (const item of started.data.items) {
      if (item.bookId === undefined) continue;
      const line = lines.get(item.bookId);
      lines.set(item.bookId, { title: item.name, quantity: (line?.quantity ?? 0) + item.quantity });
    }
    for (const [bookId, line] of [...lines].sort(([a], [b]) => a - b)) {
      try {
        await onShelf(
          bookId,
          {
            type: 'SecureForPayment',
            bookId,
            title: line.title,
            checkoutId,
            quantity: line.quantity,
            at: meta.now,
            expiresAt: heldUntil,
            lengthen: true,
          },
          meta,
        );
      } catch (error) {
        if (!(error instanceof Conflict)) throw error;
        deps.logger.warn({ checkoutId, bookId }, 'copies of a processing payment were already taken by other payers');
      }
    }
  }

  async function alertIfLow(event: RecordedEvent) {
    const bookId = (event.data as { bookId: number }).bookId;
    const stream = stockStream(bookId);
    const shelf = fold(shelfDecider, await deps.events.readStream(stream));
    const crossing = lowStockAlertOwed(shelf);
    if (crossing === null) return;
    const title = (event.data as { title?: string }).title ?? (await titleOf(bookId));
    const key = `${stream}:low-${crossing}`;
    const receipt = await deps.mailer.send(
      {
        to: owner,
        subject: `Low stock: ${shelf.onHand} left of "${title}"`,
        text: [
          `"${title}" is running low: ${shelf.onHand} ${shelf.onHand === 1 ? 'copy is' : 'copies are'} left on the shelf (the shop warns below ${lowStockThreshold}).`,
          '',
          'Record new copies in the admin under Stock once they arrive. You will not be e-mailed again until the stock has been above the threshold and falls below it once more.',
        ].join('\n'),
      },
      { idempotencyKey: key, kind: 'low-stock' },
    );
    const meta = reactingTo(event, deps.clock(), 'system:stock');
    await onShelf(
      bookId,
      {
        type: 'RecordLowStockAlert',
        data: {
          bookId,
          onHand: shelf.onHand,
          threshold: lowStockThreshold,
          crossing,
          to: owner,
          messageId: receipt.messageId,
          transport: receipt.transport,
          sentAt: meta.now,
        },
      },
      meta,
      idFromReference('LowStockAlerted', key),
    );
  }

  async function alertShortfall(event: RecordedEvent<StockShortfall>) {
    const { bookId, orderId, quantity, available } = event.data;
    const title = await titleOf(bookId);
    const key = `${stockStream(bookId)}:shortfall-${orderId}`;
    const receipt = await deps.mailer.send(
      {
        to: owner,
        subject: `Not enough stock for a paid order: "${title}"`,
        text: [
          `Order ${orderId} was paid for ${quantity} ${quantity === 1 ? 'copy' : 'copies'} of "${title}", but only ${available} ${available === 1 ? 'was' : 'were'} free on the shelf.`,
          '',
          'Nothing was oversold: the order is flagged on the Stock screen in the admin. Record copies received once you have them, or cancel and refund the order.',
        ].join('\n'),
      },
      { idempotencyKey: key, kind: 'stock-shortfall' },
    );
    const meta = reactingTo(event, deps.clock(), 'system:stock');
    await onShelf(
      bookId,
      {
        type: 'RecordShortfallAlert',
        data: {
          bookId,
          orderId,
          to: owner,
          messageId: receipt.messageId,
          transport: receipt.transport,
          sentAt: meta.now,
        },
      },
      meta,
      idFromReference('StockShortfallAlerted', key),
    );
  }

  /**
   * A hold ended by the owner, or (with Stripe, which charges before the shop hears of it) taken over by a payer: the
   * checkout's payment page expires at the provider, so its shopper is told plainly instead of paying for copies that
   * may be gone (decision 061). A page already paid is left as it is: its order takes what the shelf then has, or is
   * flagged.
   */
  async function expireReleasedPayment(event: RecordedEvent<StockHoldReleased>) {
    const { checkoutId, reason } = event.data;
    if (reason === 'payment-failed' || !deps.payments.expirePayment) return;
    // The sandbox's payments are secured before any charge, so a holder whose copies went to a payer is served from
    // what is left or refused plainly when it pays; ending its page as well would only let a payment that must fail
    // hold a copy for a moment. Only the owner's release ends a sandbox page.
    if (reason === 'taken-over' && deps.payments.sandbox) return;
    const started = (await deps.events.readStream(checkoutStream(checkoutId))).find(
      (e): e is RecordedEvent<CheckoutStarted> => e.type === 'CheckoutStarted',
    );
    if (!started) return;
    await deps.payments.expirePayment(started.data.paymentReference);
  }

  async function titleOf(bookId: number): Promise<string> {
    const history = await deps.events.readStream(bookStream(bookId));
    const last = history.at(-1)?.data as { title?: string } | undefined;
    return last?.title ?? `Product ${bookId}`;
  }

  const byOrder =
    <E extends OrderPlaced | OrderStatusChanged>(changeOf: (event: RecordedEvent<E>) => StockChange) =>
    async (event: RecordedEvent<E>) => {
      const change = changeOf(event);
      if (change) await moveOrderStock(event, change);
    };
  return defineReactions({
    // Copies received for a coming title: the rest the title did not allocate goes on the shelf, once per receipt
    // (the owner's route does it at once; this is for a shop that stopped between the two appends, decision 131).
    async PreOrderStockReceived(event) {
      await shelveReceipt(deps.events, event.data, reactingTo(event, deps.clock(), 'system:stock'), { raceRetries });
    },
    OrderPlaced: byOrder(orderStockChanges.OrderPlaced),
    OrderStatusChanged: byOrder(orderStockChanges.OrderStatusChanged),
    RefundRequested: restockRefund,
    RefundSucceeded: returnIfFullyRefunded,
    CheckoutCancelled: releaseCancelledCheckout,
    // A payment that will not complete (an asynchronous method failed, its intent cancelled) lets its copies go.
    CheckoutPaymentFailed: releaseCancelledCheckout,
    CheckoutPaymentProcessing: holdWhileProcessing,
    StockSold: alertIfLow,
    StockCorrected: alertIfLow,
    StockShortfall: alertShortfall,
    StockHoldReleased: expireReleasedPayment,
  });
}
