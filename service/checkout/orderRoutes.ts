// The three ways a payment becomes an order — orders/save, the success page, the gateway's webhook — and cancelling.
import type { Router } from '@koa/router';
import {
  CancelCheckoutRequestSchema,
  ConfirmCheckoutRequestSchema,
  SaveOrderRequestSchema,
  type CancelCheckoutResponse,
  type OrderNumberResponse,
} from '../../contracts/checkout.ts';
import type { ShopDeps } from '../deps.ts';
import { badRequest, HttpError, parseOr400 } from '../http/errors.ts';
import { commandMeta } from '../http/request.ts';
import { WebhookRejected } from '../ports/payments.ts';
import type { OrderDesk } from './placeOrder.ts';

export function orderRoutes(router: Router, deps: ShopDeps, desk: OrderDesk) {
  router.post('/api/orders/save', async (ctx) => {
    const body = parseOr400(SaveOrderRequestSchema, ctx.request.body);
    const address = body.shipping?.address;
    const { orderNumber } = await desk.placeOrder(body.paymentIntentId, commandMeta(ctx, 'shopper', deps.clock()), {
      ...(body.name ? { name: body.name } : {}),
      ...(body.email ? { email: body.email } : {}),
      ...(address
        ? { shippingAddress: { line1: address.line1, ...(address.line2 ? { line2: address.line2 } : {}), city: address.city, postcode: address.postal_code, country: address.country } }
        : {}),
    });
    const answer: OrderNumberResponse = { success: true, orderNumber };
    ctx.body = answer;
  });

  router.post('/api/checkout/confirm', async (ctx) => {
    const body = parseOr400(ConfirmCheckoutRequestSchema, ctx.request.body);
    const { orderNumber } = await desk.placeOrder(body.sessionId, commandMeta(ctx, 'shopper', deps.clock()));
    const answer: OrderNumberResponse = { success: true, orderNumber };
    ctx.body = answer;
  });

  router.post('/api/checkout/cancel', async (ctx) => {
    const body = parseOr400(CancelCheckoutRequestSchema, ctx.request.body);
    const items = await desk.cancelCheckout(body.checkoutId, commandMeta(ctx, 'shopper', deps.clock()));
    const answer: CancelCheckoutResponse = { success: true, items };
    ctx.body = answer;
  });

  // The signature is checked on the body exactly as it arrived (the body parser keeps it as rawBody).
  router.post('/api/payments/webhook', async (ctx) => {
    const raw = ctx.request.rawBody;
    if (typeof raw !== 'string' || raw === '') throw badRequest('Webhook body is empty');
    let notice;
    try {
      notice = deps.payments.parseWebhook(raw, ctx.get('Stripe-Signature') || undefined, deps.clock());
    } catch (error) {
      if (error instanceof WebhookRejected) throw badRequest(error.message);
      throw error;
    }
    // The delivery's event id is what caused whatever it appends.
    const meta = { ...commandMeta(ctx, `webhook:${deps.payments.provider}`, deps.clock()), requestId: notice.eventId };
    ctx.body = { received: true };
    if (notice.type === 'ignored') return;
    try {
      if (notice.type === 'payment_succeeded') {
        await desk.placeOrder(notice.reference, meta);
      } else {
        const checkoutId = await desk.checkoutOf(notice.reference);
        if (checkoutId) await desk.cancelCheckout(checkoutId, meta);
      }
    } catch (error) {
      // Not ours, not paid yet, or not matching: redelivering will not change that, so the gateway is not asked to.
      // A gateway outage (502) is rethrown so the delivery is retried.
      if (error instanceof HttpError && (error.status === 404 || error.status === 409)) {
        deps.logger.warn({ eventId: notice.eventId, reference: notice.reference, reason: error.message }, 'webhook delivery changed nothing');
        return;
      }
      throw error;
    }
  });
}
