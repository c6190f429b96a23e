// Turning a verified payment into an order, exactly once, whichever of webhook, success page or orders/save comes first:
// this looks up what the decision needs (the order's stream, the gateway's word on the payment, the checkout it names)
// and sends one PlaceOrder command to the order placement decider, which decides.
import { originOnRecord } from '../mail/links.ts';
import type { OrderEvent, OrderItem } from '../../contracts/orders/model.ts';
import { orderNumberFrom } from '../../contracts/shared/constants.ts';
import { Conflict, conflict, notFound } from '../../contracts/shared/errors.ts';
import { checkoutStream, orderStream, paymentStream, vatSettingsStream } from '../../contracts/shared/streams.ts';
import type { CheckoutStarted, PaymentUnmatched } from '../../contracts/checkout/model.ts';
import type { VerifiedPayment } from '../../contracts/ports/payments.ts';
import { foldVatSettings, withCatalogRates } from '../../contracts/vat/settings.ts';
import { shippingRatesOf } from './shippingRoutes.ts';
import { listAllBooks } from '../../contracts/catalog/books.ts';
import { fold, handleCommand, idFromReference, newEventId, type CommandMeta, type Decider } from '../commands.ts';
import type { ShopDeps } from '../deps.ts';
import { checkoutDecider } from './checkout.ts';
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
};

export const paidCheckoutMessage = 'This checkout has already been paid';

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
