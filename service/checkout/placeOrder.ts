// Turning a verified payment into an order, exactly once, whichever of webhook, success page or orders/save comes first:
// this looks up what the decision needs (the order's stream, the gateway's word on the payment, the checkout it names)
// and sends one PlaceOrder command to the order placement decider, which decides.
import { originOnRecord } from '../mail/links.ts';
import type { OrderItem } from '../../contracts/orders/model.ts';
import type { OrderEvent } from '../../contracts/orders/events.ts';
import { orderNumberFrom } from '../../contracts/shared/constants.ts';
import { Conflict, conflict, notFound } from '../../contracts/shared/errors.ts';
import {
  checkoutStream,
  orderStream,
  paymentStream,
  stockStream,
  vatSettingsStream,
} from '../../contracts/shared/streams.ts';
import type { CheckoutStarted, LatePaymentRefused, PaymentUnmatched } from '../../contracts/checkout/events.ts';
import { processingHoldDays } from '../../contracts/stock/model.ts';
import { availableAt, canServe, shelfDecider } from '../../contracts/stock/shelf.ts';
import type { VerifiedPayment } from '../../contracts/ports/payments.ts';
import { foldVatSettings, withCatalogRates } from '../../contracts/vat/settings.ts';
import { shippingRatesOf } from './shippingRoutes.ts';
import { listAllBooks } from '../../contracts/catalog/books.ts';
import { fold, handleCommand, idFromReference, newEventId, type CommandMeta, type Decider } from '../commands.ts';
import type { ShopDeps } from '../deps.ts';
import { checkoutDecider, type CheckoutState } from './checkout.ts';
import { holdTimes } from './stockHold.ts';
import { orderPlacementDecider, placementMessages, type PlaceOrder, type ShopperDetails } from './order.ts';
import { viaGateway } from './gatewayCalls.ts';
import { learnPaymentFee } from './paymentFees.ts';

export type { ShopperDetails } from './order.ts';

export type OrderDesk = {
  placeOrder(reference: string, meta: CommandMeta, shopper?: ShopperDetails): Promise<{ orderNumber: string }>;
  cancelCheckout(checkoutId: string, meta: CommandMeta): Promise<OrderItem[]>;
  /** the checkout a gateway reference belongs to, as the gateway says */
  checkoutOf(reference: string): Promise<string | null>;
  /**
   * A provider's report that a payment succeeded. A hosted page's PaymentIntent names its checkout (its metadata), whose
   * order is named after the session: the report places that order.
   */
  placeReported(reference: string, meta: CommandMeta): Promise<void>;
  /** The order a payment belongs to: named after it, or after the checkout session whose PaymentIntent it is. */
  orderOf(reference: string): Promise<string | null>;
  /** A provider's report that a checkout's payment failed: recorded, and the checkout released. */
  failPayment(reference: string, reason: string, meta: CommandMeta): Promise<void>;
  /**
   * A provider's report that a payment will settle later (decision 105): recorded once on its checkout, whose copies
   * stay held and whose shopper is told; no order yet.
   */
  paymentProcessing(reference: string, meta: CommandMeta): Promise<void>;
  /**
   * A declined attempt: nothing changes (the shopper may try again), unless the checkout was processing a payment that
   * settles later, whose failure ends it as a failed payment does.
   */
  attemptFailed(reference: string, reason: string, meta: CommandMeta): Promise<void>;
};

export const paidCheckoutMessage = 'This checkout has already been paid';
/** The success pages' answer for a payment that settles later: 202, no order yet (decision 105). */
export const processingMessage = 'This payment is processing';
/** What the shopper is told of a payment that came after its checkout ended, for books no longer in stock (decision 106). */
export const latePaymentMessage =
  'This checkout ended before it was paid and its books are no longer in stock, so no order was placed: your payment is refunded in full.';
/** The checkout's cancel while its payment settles: it may still succeed, so the copies stay held. */
export const processingCancelMessage = 'The payment of this checkout is processing and cannot be cancelled here';

/** The payment is on its way (a method that settles later): no order yet; the success pages say so. */
export class PaymentProcessing extends Conflict {
  constructor() {
    super(processingMessage);
  }
}

export function createOrderDesk(deps: ShopDeps): OrderDesk {
  const queues = new Map<string, Promise<unknown>>();
  // Duplicate deliveries for one payment take turns in this process; across processes the order stream decides.
  function serially<T>(key: string, work: () => Promise<T>): Promise<T> {
    const next = (queues.get(key) ?? Promise.resolve()).then(work);
    const settled = next.catch(() => {});
    queues.set(key, settled);
    void settled.then(() => queues.get(key) === settled && queues.delete(key));
    return next;
  }

  async function place(reference: string, meta: CommandMeta, shopper: ShopperDetails = {}) {
    const stream = orderStream(reference);
    const history = await deps.events.readStream(stream);
    const placedBefore = history.find((e) => e.type === 'OrderPlaced');
    const command: PlaceOrder = {
      type: 'PlaceOrder',
      reference,
      shopper,
      at: meta.now,
      shippingRates: await shippingRatesOf(deps),
    };
    // Every event of a purchase shares the checkout as its correlation id.
    let correlationId = placedBefore?.metadata.correlationId;
    // Without PUBLIC_URL, an order's e-mails link where its checkout was started (decision 112), not where the report
    // of its payment came from (a webhook, a success page).
    let origin: string | null = null;
    if (!placedBefore) {
      const payment = await viaGateway(deps, () => deps.payments.retrievePayment(reference));
      const checkoutEvents = payment?.checkoutId
        ? await deps.events.readStream(checkoutStream(payment.checkoutId))
        : [];
      const checkout = payment?.checkoutId ? fold(checkoutDecider, checkoutEvents) : checkoutDecider.initialState();
      origin = originOnRecord(checkoutEvents);
      // The VAT settings as they stand now: the order records the VAT of its sale's day, and no later change alters it.
      // A product the owner added starts at the rate the catalogue gave it (decision 077), hidden since or not.
      const vat = withCatalogRates(
        foldVatSettings(await deps.events.readStream(vatSettingsStream)),
        await listAllBooks(deps.reads),
      );
      command.verified = { payment, checkout, vat };
      const own =
        !!payment?.checkoutId && checkout.status !== 'none' && checkout.started.paymentReference === reference;
      // Not paid yet but on its way: recorded on the checkout, whose copies stay held; no order until it succeeds.
      if (own && payment && !payment.paid && payment.processing) {
        await markProcessing(reference, checkout, meta);
        throw new PaymentProcessing();
      }
      // Paid after its checkout ended, for books the shelf no longer has: refused and refunded, never oversold.
      if (own && payment?.paid && checkout.status !== 'completed') {
        // Refused once: refunded, so never placed afterwards, even when the shelf has copies again.
        if ((await deps.events.readStream(paymentStream(reference))).some((e) => e.type === 'LatePaymentRefused'))
          throw conflict(latePaymentMessage);
        const short = await lateShortfall(checkout, meta.now);
        if (short.length > 0) {
          await refuseLate(payment, checkout.started, short, meta);
          throw conflict(latePaymentMessage);
        }
      }
      // Decided once ahead, so the checkout is completed before the order is placed: each step is idempotent and
      // OrderPlaced comes last, so a retry after a crash finishes the job.
      let decided: OrderEvent[];
      try {
        decided = orderPlacementDecider.decide(command, fold(orderPlacementDecider, history));
      } catch (error) {
        // Paid, for this checkout, in another currency: it cannot be an order, so it is recorded on its own stream for
        // the owner, and the shopper told (decision 102). The refusal still answers this report.
        if (
          error instanceof Conflict &&
          error.message === placementMessages.currencyMismatch &&
          payment &&
          checkout.status !== 'none'
        ) {
          await recordUnmatched(payment, checkout.started, meta);
        }
        throw error;
      }
      const placed = decided.find((e) => e.type === 'OrderPlaced');
      if (placed && checkout.status !== 'none') {
        const { checkoutId } = checkout.started;
        correlationId = checkoutId;
        const { orderNumber, total, shippingCost } = placed.data;
        await handleCommand(
          deps.events,
          checkoutStream(checkoutId),
          checkoutDecider,
          {
            type: 'CompleteCheckout',
            data: {
              checkoutId,
              paymentReference: reference,
              orderId: reference,
              orderNumber,
              amountPaid: total,
              shippingCost,
              completedAt: meta.now,
            },
          },
          { ...meta, correlationId },
          { eventIds: () => idFromReference('CheckoutCompleted', reference) },
        );
      }
    }
    const orderMeta = { ...meta, ...(correlationId ? { correlationId } : {}), ...(origin ? { origin } : {}) };
    const result = await handleCommand(deps.events, stream, orderPlacementDecider, command, orderMeta, {
      eventIds: (event) => (event.type === 'OrderPlaced' ? idFromReference('OrderPlaced', reference) : newEventId()),
      waiter: deps.waiter,
    });
    // The fee the provider kept from this payment, asked for once by whichever report placed the order (decision 071).
    if (result.events.some((e) => e.type === 'OrderPlaced'))
      await learnPaymentFee(deps, reference, reference, orderMeta);
    // The reactor sends the order's e-mails from the log; the answer waits for them a moment, as when it sent them itself.
    await deps.effects.waitFor(await deps.events.headPosition());
    return { orderNumber: orderNumberFrom(reference) };
  }

  return {
    placeOrder: (reference, meta, shopper) => serially(reference, () => place(reference, meta, shopper)),

    async cancelCheckout(checkoutId, meta) {
      const checkout = fold(checkoutDecider, await deps.events.readStream(checkoutStream(checkoutId)));
      if (checkout.status === 'none') throw notFound('There is no such checkout');
      // A paid checkout stays paid: the cancelled page gets a refusal, not the items back as if nothing was bought.
      if (checkout.status === 'completed') throw conflict(paidCheckoutMessage);
      // The payment page stops taking payment before the copies are let go (decision 102): a shopper who cancelled
      // cannot pay it afterwards for copies no longer held. A page paid in the meantime cannot be ended: that payment
      // is placed as its order, and the cancel refused.
      const { paymentReference } = checkout.started;
      // A payment that settles later may still succeed: its copies stay held for it (decision 105).
      if (checkout.status === 'started' && checkout.processing) throw conflict(processingCancelMessage);
      if (checkout.status === 'started' && deps.payments.expirePayment) {
        await viaGateway(deps, () => deps.payments.expirePayment!(paymentReference));
        const payment = await viaGateway(deps, () => deps.payments.retrievePayment(paymentReference));
        if (payment?.paid) {
          await serially(paymentReference, () => place(paymentReference, meta));
          throw conflict(paidCheckoutMessage);
        }
      }
      const result = await handleCommand(
        deps.events,
        checkoutStream(checkoutId),
        checkoutDecider,
        {
          type: 'CancelCheckout',
          data: { checkoutId, paymentReference: checkout.started.paymentReference, cancelledAt: meta.now },
        },
        { ...meta, correlationId: checkoutId },
      );
      // Paid while this request was on its way: the decider changed nothing, and the answer says why.
      if (
        result.events.length === 0 &&
        fold(checkoutDecider, await deps.events.readStream(checkoutStream(checkoutId))).status === 'completed'
      ) {
        throw conflict(paidCheckoutMessage);
      }
      return checkout.started.items;
    },

    async checkoutOf(reference) {
      const payment = await viaGateway(deps, () => deps.payments.retrievePayment(reference));
      return payment?.checkoutId ?? null;
    },

    async placeReported(reference, meta) {
      const checkout = await checkoutPaidBy(reference);
      const own = checkout && checkout.status !== 'none' ? checkout.started.paymentReference : reference;
      await serially(own, () => place(own, meta));
    },

    orderOf: (reference) => orderOfPayment(deps, reference),

    async paymentProcessing(reference, meta) {
      const checkout = await checkoutPaidBy(reference);
      if (!checkout || checkout.status === 'none') throw notFound('There is no such checkout');
      await markProcessing(reference, checkout, meta);
    },

    async attemptFailed(reference, reason, meta) {
      const checkout = await checkoutPaidBy(reference);
      if (checkout && checkout.status === 'started' && checkout.processing) {
        await this.failPayment(reference, reason, meta);
        return;
      }
      deps.logger.info({ reference, reason }, 'a payment attempt was declined; the checkout keeps its hold');
    },

    async failPayment(reference, reason, meta) {
      const checkout = await checkoutPaidBy(reference);
      if (!checkout || checkout.status === 'none') throw notFound('There is no such checkout');
      const { checkoutId, paymentReference } = checkout.started;
      await handleCommand(
        deps.events,
        checkoutStream(checkoutId),
        checkoutDecider,
        {
          type: 'FailCheckoutPayment',
          data: {
            checkoutId,
            paymentReference,
            failedReference: reference,
            reason: reason.slice(0, 500),
            failedAt: meta.now,
          },
        },
        { ...meta, correlationId: checkoutId },
      );
    },
  };

  async function recordUnmatched(payment: VerifiedPayment, started: CheckoutStarted['data'], meta: CommandMeta) {
    deps.logger.error(
      { reference: payment.reference, paid: payment.amount, currency: payment.currency, subtotal: started.subtotal },
      'payment does not match its checkout',
    );
    const data: PaymentUnmatched['data'] = {
      reference: payment.reference,
      checkoutId: started.checkoutId,
      amount: payment.amount,
      currency: payment.currency,
      expectedAmount: started.subtotal + (started.shippingOptions[0]?.amount ?? 0),
      expectedCurrency: started.currency,
      reason: placementMessages.currencyMismatch,
      at: meta.now,
    };
    await handleCommand(
      deps.events,
      paymentStream(payment.reference),
      unmatchedPaymentDecider,
      { type: 'RecordUnmatchedPayment', data },
      { ...meta, correlationId: started.checkoutId },
      { eventIds: () => idFromReference('PaymentUnmatched', payment.reference) },
    );
  }

  function checkoutPaidBy(reference: string) {
    return checkoutOfPayment(deps, reference);
  }

  async function markProcessing(reference: string, checkout: CheckoutState, meta: CommandMeta) {
    if (checkout.status !== 'started') return;
    const { checkoutId, paymentReference } = checkout.started;
    const heldUntil = new Date(Date.parse(meta.now) + processingHoldDays * 86_400_000).toISOString();
    await handleCommand(
      deps.events,
      checkoutStream(checkoutId),
      checkoutDecider,
      {
        type: 'MarkPaymentProcessing',
        data: { checkoutId, paymentReference, processingReference: reference, heldUntil, at: meta.now },
      },
      { ...meta, correlationId: checkoutId },
    );
  }

  /**
   * The lines the shelf cannot serve for a checkout that has ended: cancelled, its payment failed, or past its hold (the
   * page's time and grace, or the hold of a payment that settles later). None while the checkout's hold runs.
   */
  async function lateShortfall(checkout: CheckoutState, now: string) {
    if (checkout.status === 'none') return [];
    const { started } = checkout;
    const holdEnds = checkout.processing?.heldUntil ?? holdTimes(deps.config, started.startedAt).holdExpiresAt;
    const ended = checkout.status === 'cancelled' || checkout.status === 'failed' || now >= holdEnds;
    if (!ended) return [];
    const lines = new Map<number, { title: string; quantity: number }>();
    for (const item of started.items) {
      if (item.bookId === undefined) continue;
      const line = lines.get(item.bookId);
      lines.set(item.bookId, { title: item.name, quantity: (line?.quantity ?? 0) + item.quantity });
    }
    const short: LatePaymentRefused['data']['short'] = [];
    for (const [bookId, line] of lines) {
      const shelf = fold(shelfDecider, await deps.events.readStream(stockStream(bookId)));
      if (!canServe(shelf, started.checkoutId, line.quantity, now))
        short.push({ bookId, title: line.title, quantity: line.quantity, available: availableAt(shelf, now) });
    }
    return short;
  }

  async function refuseLate(
    payment: VerifiedPayment,
    started: CheckoutStarted['data'],
    short: LatePaymentRefused['data']['short'],
    meta: CommandMeta,
  ) {
    deps.logger.warn(
      { reference: payment.reference, checkoutId: started.checkoutId, short },
      'a payment came after its checkout ended, for books no longer in stock: refused and refunded',
    );
    await handleCommand(
      deps.events,
      paymentStream(payment.reference),
      latePaymentDecider,
      {
        type: 'RefuseLatePayment',
        data: {
          reference: payment.reference,
          checkoutId: started.checkoutId,
          amount: payment.amount,
          currency: payment.currency,
          refundId: `late-${payment.reference}`,
          short,
          at: meta.now,
        },
      },
      { ...meta, correlationId: started.checkoutId },
      { eventIds: () => idFromReference('LatePaymentRefused', payment.reference) },
    );
  }
}

type LookupDeps = Pick<ShopDeps, 'events' | 'payments' | 'logger'>;

async function isPlaced(deps: LookupDeps, reference: string) {
  return (await deps.events.readStream(orderStream(reference))).some((e) => e.type === 'OrderPlaced');
}

/** The checkout a gateway reference names (its metadata), as the log has it; null when the gateway knows no checkout. */
async function checkoutOfPayment(deps: LookupDeps, reference: string) {
  const payment = await viaGateway(deps, () => deps.payments.retrievePayment(reference));
  if (!payment?.checkoutId) return null;
  return fold(checkoutDecider, await deps.events.readStream(checkoutStream(payment.checkoutId)));
}

/**
 * The order a payment belongs to: named after it, or after the checkout session whose PaymentIntent it is (decision
 * 038). The gateway is asked only when no order is named after the reference itself.
 */
export async function orderOfPayment(deps: LookupDeps, reference: string): Promise<string | null> {
  if (await isPlaced(deps, reference)) return reference;
  const checkout = await checkoutOfPayment(deps, reference);
  if (!checkout || checkout.status === 'none') return null;
  const own = checkout.started.paymentReference;
  return own !== reference && (await isPlaced(deps, own)) ? own : null;
}

/** A payment that cannot be an order is recorded once on its own stream, however often it is reported. */
const unmatchedPaymentDecider: Decider<
  boolean,
  { type: 'RecordUnmatchedPayment'; data: PaymentUnmatched['data'] },
  PaymentUnmatched
> = {
  initialState: () => false,
  evolve: (recorded, event) => recorded || event.type === 'PaymentUnmatched',
  decide: (command, recorded) => (recorded ? [] : [{ type: 'PaymentUnmatched', data: command.data }]),
};

/** A late payment is refused once, however often it is reported. */
const latePaymentDecider: Decider<
  boolean,
  { type: 'RefuseLatePayment'; data: LatePaymentRefused['data'] },
  LatePaymentRefused
> = {
  initialState: () => false,
  evolve: (refused, event) => refused || event.type === 'LatePaymentRefused',
  decide: (command, refused) => (refused ? [] : [{ type: 'LatePaymentRefused', data: command.data }]),
};
