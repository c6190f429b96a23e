// The three ways a payment becomes an order — orders/save, the success page, the gateway's webhook — and cancelling.
import type { Context } from 'koa';
import { checkoutApi } from '../../contracts/checkout/api.ts';
import type { ShopDeps } from '../deps.ts';
import { badRequest } from '../http/errors.ts';
import { Conflict, NotFound, notFound } from '../../contracts/shared/errors.ts';
import { commandMeta } from '../http/request.ts';
import { limit } from '../http/limits.ts';
import { route, type Routers } from '../http/route.ts';
import { WebhookRejected } from '../../contracts/ports/payments.ts';
import { PaymentProcessing, type OrderDesk } from './placeOrder.ts';
import { orderNumberFrom } from '../../contracts/shared/constants.ts';
import { refundDecider } from '../../contracts/orders/refunds.ts';
import { orderStream } from '../../contracts/shared/streams.ts';
import { handleCommand, type CommandMeta } from '../commands.ts';
import type { PaymentNotice } from '../../contracts/ports/payments.ts';
import { viaGateway } from './gatewayCalls.ts';
import { recordPayout } from './paymentFees.ts';
import type { OrderSummary } from '../../contracts/checkout/model.ts';
import { orderOnRecord } from '../../contracts/orders/model.ts';
import { freshOrderLinkToken, orderLinkKey, orderPagePath } from '../http/orderLinks.ts';
import { addressLines } from '../mail/orderFacts.ts';
import { deliveryOf } from '../../contracts/checkout/gift.ts';

export function orderRoutes(routers: Routers, deps: ShopDeps, desk: OrderDesk) {
  route(routers, checkoutApi.saveOrder, limit(deps, 'reports'), async (ctx, input) => {
    const body = input.body();
    const address = body.shipping?.address;
    const placing = desk.placeOrder(body.paymentIntentId, commandMeta(ctx, 'shopper', deps.clock()), {
      ...(body.name ? { name: body.name } : {}),
      ...(body.email ? { email: body.email } : {}),
      ...(address
        ? {
            shippingAddress: {
              line1: address.line1,
              ...(address.line2 ? { line2: address.line2 } : {}),
              city: address.city,
              postcode: address.postal_code,
              country: address.country,
            },
          }
        : {}),
    });
    if (await processing(ctx, placing, body.paymentIntentId)) return;
    const { orderNumber } = await placing;
    ctx.body = { success: true, orderNumber, ...(await summaryOf(deps, body.paymentIntentId)) };
  });

  route(routers, checkoutApi.confirmCheckout, limit(deps, 'reports'), async (ctx, input) => {
    const body = input.body();
    const placing = desk.placeOrder(body.sessionId, commandMeta(ctx, 'shopper', deps.clock()));
    if (await processing(ctx, placing, body.sessionId)) return;
    const { orderNumber } = await placing;
    ctx.body = { success: true, orderNumber, ...(await summaryOf(deps, body.sessionId)) };
  });

  route(routers, checkoutApi.cancelCheckout, limit(deps, 'reports'), async (ctx, input) => {
    const body = input.body();
    const items = await desk.cancelCheckout(body.checkoutId, commandMeta(ctx, 'shopper', deps.clock()));
    ctx.body = { success: true, items };
  });

  // The signature is checked on the body exactly as it arrived (the body parser keeps it as rawBody).
  route(routers, checkoutApi.paymentsWebhook, async (ctx) => {
    const raw = ctx.request.rawBody;
    if (typeof raw !== 'string' || raw === '') throw badRequest(checkoutApi.paymentsWebhook.messages.empty);
    let notice;
    try {
      notice = deps.payments.parseWebhook(raw, ctx.get('Stripe-Signature') || undefined, deps.clock());
    } catch (error) {
      if (error instanceof WebhookRejected) throw badRequest(error.message);
      throw error;
    }
    // The delivery's event id is what caused whatever it appends.
    const meta = { ...commandMeta(ctx, `webhook:${deps.payments.provider}`, deps.clock()), requestId: notice.eventId };
    if (notice.versionMismatch) {
      const { expected, received } = notice.versionMismatch;
      const warning = `Event ${notice.eventId} was made for Stripe API version ${received ?? '(none)'}, not the shop's ${expected}; it was acted on all the same`;
      deps.logger.warn({ eventId: notice.eventId, type: notice.type, expected, received }, warning);
      ctx.body = { received: true, warning };
    } else ctx.body = { received: true };
    if (notice.type === 'ignored') return;
    try {
      await act(deps, desk, notice, meta);
    } catch (error) {
      // Not ours, not paid yet, or not matching: redelivering will not change that, so the gateway is not asked to.
      // A gateway outage (502) is rethrown so the delivery is retried.
      if (error instanceof NotFound || error instanceof Conflict) {
        const reference =
          'reference' in notice ? notice.reference : 'payout' in notice ? notice.payout.payoutId : notice.paymentIntent;
        deps.logger.warn(
          { eventId: notice.eventId, type: notice.type, reference, reason: error.message },
          'webhook delivery changed nothing',
        );
        return;
      }
      throw error;
    }
  });
}

/**
 * A payment that settles later places no order yet: the success screens are answered 202 with `processing` and the
 * number the order will have, and say so (decision 105). True when that is the answer given.
 */
async function processing(ctx: Context, placing: Promise<unknown>, reference: string): Promise<boolean> {
  try {
    await placing;
    return false;
  } catch (error) {
    if (!(error instanceof PaymentProcessing)) throw error;
    ctx.status = 202;
    ctx.body = { success: true, processing: true, orderNumber: orderNumberFrom(reference) };
    return true;
  }
}

/**
 * The order a payment placed, as its success screen shows it. Only ever the answer to placing it: whoever sends the
 * payment's id paid with it (the ids are the provider's, unguessable), and an id that placed nothing answers 404 or 409
 * before this is reached.
 */
async function summaryOf(deps: ShopDeps, reference: string): Promise<{ order?: OrderSummary }> {
  const order = orderOnRecord(await deps.events.readStream(orderStream(reference)));
  if (!order) return {};
  const delivery = deliveryOf(order);
  return {
    order: {
      orderNumber: order.orderNumber,
      placedAt: order.placedAt,
      items: order.items.map(({ name, quantity, price }) => ({ name, quantity, price })),
      shippingCost: order.shippingCost,
      total: order.total,
      // A gift sent to someone else is delivered to them, and the screen says so (decision 110).
      shippingAddress: addressLines(delivery.address, delivery.name),
      ...(order.gift
        ? {
            gift: {
              message: order.gift.message,
              ...(order.gift.recipientName && order.gift.recipientAddress
                ? { recipientName: order.gift.recipientName }
                : {}),
            },
          }
        : {}),
      orderPath: orderPagePath(freshOrderLinkToken(orderLinkKey(deps.jwtSecret), order.orderId, deps.clock())),
    },
  };
}

/** What a verified delivery does. Each is safe to deliver again: the deciders know what is already recorded. */
async function act(
  deps: ShopDeps,
  desk: OrderDesk,
  notice: Exclude<PaymentNotice, { type: 'ignored' }>,
  meta: CommandMeta,
): Promise<void> {
  switch (notice.type) {
    case 'payment_succeeded':
      return desk.placeReported(notice.reference, meta);
    case 'checkout_expired': {
      const checkoutId = await desk.checkoutOf(notice.reference);
      if (checkoutId) await desk.cancelCheckout(checkoutId, meta);
      return;
    }
    case 'payment_failed':
      return desk.failPayment(notice.reference, notice.reason, meta);
    case 'attempt_failed':
      return desk.attemptFailed(notice.reference, notice.reason, meta);
    case 'payment_processing':
      return desk.paymentProcessing(notice.reference, meta);
    case 'refunds_changed': {
      const orderId = await desk.orderOf(notice.paymentIntent);
      if (!orderId) throw notFound(`No order was paid with ${notice.paymentIntent}`);
      // A refund's own event carries it; a charge's report is followed by asking the gateway for the payment's refunds.
      const refunds = notice.refund
        ? [notice.refund]
        : await viaGateway(deps, () => deps.payments.listRefunds(notice.paymentIntent));
      for (const refund of refunds) {
        await handleCommand(
          deps.events,
          orderStream(orderId),
          refundDecider,
          {
            type: 'RecordGatewayRefund',
            orderId,
            refund: {
              gatewayRefundId: refund.id,
              amount: refund.amount,
              status: refund.status,
              ...(refund.refundId ? { refundId: refund.refundId } : {}),
            },
            at: meta.now,
          },
          meta,
          { waiter: deps.waiter },
        );
      }
      return;
    }
    case 'payout_paid':
      return recordPayout(deps, notice.payout, meta);
    case 'dispute_reported': {
      const orderId = await desk.orderOf(notice.paymentIntent);
      if (!orderId) throw notFound(`No order was paid with ${notice.paymentIntent}`);
      await handleCommand(
        deps.events,
        orderStream(orderId),
        refundDecider,
        { type: 'RecordDispute', orderId, dispute: notice.dispute, at: meta.now },
        meta,
        { waiter: deps.waiter },
      );
      return;
    }
  }
}
