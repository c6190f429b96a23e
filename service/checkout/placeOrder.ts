// Turning a verified payment into an order, exactly once, whichever of webhook, success page or orders/save comes first.
import type { CheckoutStarted } from '../../contracts/checkout.ts';
import { orderNumberFrom, placedAfterCardPaymentStatus } from '../../contracts/constants.ts';
import type { OrderItem, OrderPlaced, ShippingAddress } from '../../contracts/orders.ts';
import { checkoutStream, orderStream } from '../../contracts/streams.ts';
import { fold, handleCommand, idFromReference, type CommandMeta } from '../commands.ts';
import type { ShopDeps } from '../deps.ts';
import { conflict, notFound } from '../http/errors.ts';
import type { VerifiedPayment } from '../ports/payments.ts';
import { customerDetailsDecider } from '../orders/customerDetails.ts';
import { checkoutDecider } from './checkout.ts';
import { orderPlacementDecider } from './order.ts';
import { viaGateway } from './gatewayCalls.ts';

/** What the shopper's own page knows about them, used only where the gateway has nothing. */
export type ShopperDetails = { name?: string; email?: string; shippingAddress?: ShippingAddress };

export type OrderDesk = {
  placeOrder(reference: string, meta: CommandMeta, shopper?: ShopperDetails): Promise<{ orderNumber: string }>;
  cancelCheckout(checkoutId: string, meta: CommandMeta): Promise<OrderItem[]>;
  /** the checkout a gateway reference belongs to, as the gateway says */
  checkoutOf(reference: string): Promise<string | null>;
};

export const paidCheckoutMessage = 'This checkout has already been paid';

const paymentMethodOf = (started: CheckoutStarted['data']) =>
  `${started.channel === 'wallet' ? 'Wallet (Apple Pay / Google Pay)' : 'Card'} via ${started.provider === 'stripe' ? 'Stripe' : 'the test sandbox'}`;

/** The shipping part of what was paid, if the payment matches the checkout the server priced; else null. */
export function shippingPaid(started: CheckoutStarted['data'], payment: VerifiedPayment): number | null {
  if (payment.currency !== started.currency) return null;
  const option =
    payment.kind === 'payment_intent'
      ? started.shippingOptions.length === 1
        ? started.shippingOptions[0]
        : undefined
      : started.shippingOptions.find((o) => o.amount === payment.shippingAmount);
  if (!option || payment.amount !== started.subtotal + option.amount) return null;
  return option.amount;
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
    const orderNumber = orderNumberFrom(reference);
    const placedBefore = (await deps.events.readStream(orderStream(reference))).find((e) => e.type === 'OrderPlaced');
    if (placedBefore) {
      // The provider's report placed it first; what the shopper's page brings now fills only what the order lacks.
      const offered = {
        ...(shopper.name ? { customerName: shopper.name } : {}),
        ...(shopper.email ? { customerEmail: shopper.email } : {}),
        ...(shopper.shippingAddress ? { shippingAddress: shopper.shippingAddress } : {}),
      };
      if (Object.keys(offered).length > 0) {
        await handleCommand(
          deps.events,
          orderStream(reference),
          customerDetailsDecider,
          { type: 'AddCustomerDetails', orderId: reference, offered, source: 'shopper', reason: '', by: 'shopper', at: meta.now },
          { ...meta, correlationId: placedBefore.metadata.correlationId },
          { waiter: deps.waiter },
        );
      }
    } else {
      const payment = await viaGateway(deps, () => deps.payments.retrievePayment(reference));
      if (!payment?.checkoutId) throw notFound('There is no such payment');
      if (!payment.paid) throw conflict('This payment has not been completed');
      const checkout = fold(checkoutDecider, await deps.events.readStream(checkoutStream(payment.checkoutId)));
      if (checkout.status === 'none' || checkout.started.paymentReference !== reference) throw notFound('There is no such payment');
      const started = checkout.started;
      const shippingCost = shippingPaid(started, payment);
      if (shippingCost === null) {
        deps.logger.error({ reference, paid: payment.amount, currency: payment.currency, subtotal: started.subtotal }, 'payment does not match its checkout');
        throw conflict('The amount paid does not match this order');
      }
      const causedBy = { ...meta, correlationId: started.checkoutId };
      // Each step is idempotent and OrderPlaced comes last, so a retry after a crash finishes the job.
      await handleCommand(
        deps.events,
        checkoutStream(started.checkoutId),
        checkoutDecider,
        {
          type: 'CompleteCheckout',
          data: { checkoutId: started.checkoutId, paymentReference: reference, orderId: reference, orderNumber, amountPaid: payment.amount, shippingCost, completedAt: meta.now },
        },
        causedBy,
        { eventIds: () => idFromReference('CheckoutCompleted', reference) },
      );
      const order: OrderPlaced['data'] = {
        orderId: reference,
        orderNumber,
        customerName: payment.customerName ?? shopper.name ?? started.customerName ?? 'Website Customer',
        customerEmail: payment.customerEmail ?? shopper.email ?? started.customerEmail ?? '',
        shippingAddress: payment.shippingAddress ?? shopper.shippingAddress ?? started.shippingAddress ?? 'To be provided during checkout',
        items: started.items,
        subtotal: started.subtotal,
        shippingCost,
        total: payment.amount,
        currency: 'gbp',
        paymentMethod: paymentMethodOf(started),
        paymentReference: reference,
        status: placedAfterCardPaymentStatus,
        placedAt: meta.now,
      };
      await handleCommand(deps.events, orderStream(reference), orderPlacementDecider, { type: 'PlaceOrder', order }, causedBy, {
        eventIds: () => idFromReference('OrderPlaced', reference),
        waiter: deps.waiter,
      });
    }
    // The reactor sends the order's e-mails from the log; the answer waits for them a moment, as when it sent them itself.
    await deps.effects.waitFor(await deps.events.headPosition());
    return { orderNumber };
  }

  return {
    placeOrder: (reference, meta, shopper) => serially(reference, () => place(reference, meta, shopper)),

    async cancelCheckout(checkoutId, meta) {
      const checkout = fold(checkoutDecider, await deps.events.readStream(checkoutStream(checkoutId)));
      if (checkout.status === 'none') throw notFound('There is no such checkout');
      // A paid checkout stays paid: the cancelled page gets a refusal, not the items back as if nothing was bought.
      if (checkout.status === 'completed') throw conflict(paidCheckoutMessage);
      const result = await handleCommand(
        deps.events,
        checkoutStream(checkoutId),
        checkoutDecider,
        { type: 'CancelCheckout', data: { checkoutId, paymentReference: checkout.started.paymentReference, cancelledAt: meta.now } },
        { ...meta, correlationId: checkoutId },
      );
      // Paid while this request was on its way: the decider changed nothing, and the answer says why.
      if (result.events.length === 0 && fold(checkoutDecider, await deps.events.readStream(checkoutStream(checkoutId))).status === 'completed') {
        throw conflict(paidCheckoutMessage);
      }
      return checkout.started.items;
    },

    async checkoutOf(reference) {
      const payment = await viaGateway(deps, () => deps.payments.retrievePayment(reference));
      return payment?.checkoutId ?? null;
    },
  };
}
