// The sandbox provider's calls, served only in test mode: its hosted page pays a session, its card form confirms an
// intent. Paying then places the order at once, as Stripe's webhook would.
import type { Router } from '@koa/router';
import type { Context } from 'koa';
import { SandboxConfirmIntentRequestSchema, SandboxPayRequestSchema, type SandboxConfirmIntentResponse, type SandboxPayResponse } from '../../contracts/sandboxPayments.ts';
import { cartShippingOptionFor } from '../../contracts/shipping.ts';
import type { ShopDeps } from '../deps.ts';
import { badRequest, HttpError, notFound, parseOr400 } from '../http/errors.ts';
import { limit } from '../http/limits.ts';
import { commandMeta } from '../http/request.ts';
import { CardDeclined, type SandboxDesk } from '../ports/payments.ts';
import type { OrderDesk } from './placeOrder.ts';

function charging<T>(charge: () => T): T {
  try {
    return charge();
  } catch (error) {
    if (error instanceof CardDeclined) throw new HttpError(402, error.message, error.code);
    throw error;
  }
}

export function sandboxRoutes(router: Router, deps: ShopDeps, sandbox: SandboxDesk, desk: OrderDesk) {
  const placeAsWebhook = async (ctx: Context, reference: string) => {
    try {
      await desk.placeOrder(reference, commandMeta(ctx, 'webhook:sandbox', deps.clock()));
    } catch (error) {
      // The payment went through; the success page or orders/save will try again.
      deps.logger.error({ err: (error as Error).message, reference }, 'sandbox payment not yet placed as an order');
    }
  };

  router.get('/api/sandbox/checkout-sessions/:id', (ctx) => {
    const session = sandbox.describeSession(ctx.params.id ?? '');
    if (!session) throw notFound('There is no such checkout session');
    ctx.set('Cache-Control', 'no-store');
    ctx.body = session;
  });

  router.post('/api/sandbox/checkout-sessions/:id/pay', limit(deps, 'sandbox'), async (ctx) => {
    const id = ctx.params.id ?? '';
    const session = sandbox.describeSession(id);
    if (!session) throw notFound('There is no such checkout session');
    const body = parseOr400(SandboxPayRequestSchema, ctx.request.body);
    if (!session.shippingOptions.some((o) => o.id === body.shippingOptionId)) throw badRequest('Choose a shipping option');
    if (!session.allowedCountries.some((c) => c.code === body.address.country)) throw badRequest('We do not ship to that country from this checkout');
    // Where the page offers both rates, the address decides which one applies (GB 350, elsewhere 500).
    const matching = cartShippingOptionFor(body.address.country).id;
    if (session.shippingOptions.some((o) => o.id === matching) && body.shippingOptionId !== matching) throw badRequest('Choose the shipping option for your country');
    const { redirectUrl } = charging(() => sandbox.paySession(id, body, deps.clock()));
    await placeAsWebhook(ctx, id);
    const answer: SandboxPayResponse = { success: true, redirectUrl };
    ctx.body = answer;
  });

  router.post('/api/sandbox/payment-intents/:id/confirm', limit(deps, 'sandbox'), async (ctx) => {
    const id = ctx.params.id ?? '';
    const body = parseOr400(SandboxConfirmIntentRequestSchema, ctx.request.body);
    const shipping = body.shipping && {
      name: body.shipping.name,
      address: {
        line1: body.shipping.address.line1,
        ...(body.shipping.address.line2 ? { line2: body.shipping.address.line2 } : {}),
        city: body.shipping.address.city,
        postcode: body.shipping.address.postal_code,
        country: body.shipping.address.country,
      },
    };
    const payer = { ...(shipping ? { shipping } : {}), ...(body.receipt_email ? { receiptEmail: body.receipt_email } : {}) };
    const known = charging(() => sandbox.confirmIntent(id, body.clientSecret, body.card, deps.clock(), payer));
    if (!known) throw notFound('There is no such payment intent');
    await placeAsWebhook(ctx, id);
    const answer: SandboxConfirmIntentResponse = { status: 'succeeded', paymentIntentId: id };
    ctx.body = answer;
  });
}
