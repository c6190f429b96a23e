// The sandbox provider's calls, served only in test mode: its hosted page pays a session, its card form confirms an
// intent. Before a card is charged the checkout's copies are made its own (decision 061): a shopper who would find them
// gone is refused with nothing charged. Paying then places the order at once, as Stripe's webhook would.
import type { Context } from 'koa';
import { checkoutApi } from '../../contracts/checkout/api.ts';
import { zoneOf, zoneOptions } from '../../contracts/checkout/shippingRates.ts';
import { tableNow } from './shippingRoutes.ts';
import type { ShopDeps } from '../deps.ts';
import { badRequest, HttpError } from '../http/errors.ts';
import { notFound } from '../../contracts/shared/errors.ts';
import { limit } from '../http/limits.ts';
import { commandMeta } from '../http/request.ts';
import { route, type Routers } from '../http/route.ts';
import { CardDeclined, PaymentExpired, type SandboxDesk } from '../../contracts/ports/payments.ts';
import type { OrderDesk } from './placeOrder.ts';
import { secureStock, type SecuredStock } from './stockHold.ts';

/** Charges with the copies secured; a charge that fails lets them go again, and a decline is a 402, an expiry a 410. */
async function charging<T>(secured: SecuredStock | null, charge: () => T): Promise<T> {
  try {
    return charge();
  } catch (error) {
    await secured?.release();
    if (error instanceof CardDeclined) throw new HttpError(402, error.message, error.code);
    if (error instanceof PaymentExpired) throw new HttpError(410, error.message, 'expired');
    throw error;
  }
}

const { sandboxSession, sandboxPay, sandboxConfirmIntent } = checkoutApi;

export function sandboxRoutes(routers: Routers, deps: ShopDeps, sandbox: SandboxDesk, desk: OrderDesk) {
  const placeAsWebhook = async (ctx: Context, reference: string) => {
    try {
      await desk.placeOrder(reference, commandMeta(ctx, 'webhook:sandbox', deps.clock()));
    } catch (error) {
      // The payment went through; the success page or orders/save will try again.
      deps.logger.error({ err: (error as Error).message, reference }, 'sandbox payment not yet placed as an order');
    }
  };

  /** The copies of the checkout behind a sandbox payment, made its own before its card is charged. */
  const secure = async (ctx: Context, reference: string) => {
    const checkoutId = await desk.checkoutOf(reference);
    return checkoutId
      ? secureStock(deps, checkoutId, { ...commandMeta(ctx, 'shopper', deps.clock()), correlationId: checkoutId })
      : null;
  };

  route(routers, sandboxSession, (ctx) => {
    const session = sandbox.describeSession(ctx.params.id ?? '', deps.clock());
    if (!session) throw notFound(sandboxSession.messages.unknownSession);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = session;
  });

  route(routers, sandboxPay, limit(deps, 'sandbox'), async (ctx, input) => {
    const { messages } = sandboxPay;
    const id = ctx.params.id ?? '';
    const session = sandbox.describeSession(id, deps.clock());
    if (!session) throw notFound(messages.unknownSession);
    const body = input.body();
    if (!session.shippingOptions.some((o) => o.id === body.shippingOptionId)) throw badRequest(messages.chooseShipping);
    if (!session.allowedCountries.some((c) => c.code === body.address.country)) throw badRequest(messages.notShipped);
    // A session offers one rate for its destination's zone (decision 099); one made before that offered several, and
    // the address's zone decides which of them applies.
    if (session.shippingOptions.length > 1) {
      const zone = zoneOf(await tableNow(deps), body.address.country);
      const matching = zone ? zoneOptions[zone.id].id : undefined;
      if (session.shippingOptions.some((o) => o.id === matching) && body.shippingOptionId !== matching)
        throw badRequest(messages.shippingForCountry);
    }
    if (session.status === 'expired') throw new HttpError(410, new PaymentExpired().message, 'expired');
    const secured = session.status === 'open' ? await secure(ctx, id) : null;
    const { redirectUrl } = await charging(secured, () => sandbox.paySession(id, body, deps.clock()));
    await placeAsWebhook(ctx, id);
    ctx.body = { success: true, redirectUrl };
  });

  route(routers, sandboxConfirmIntent, limit(deps, 'sandbox'), async (ctx, input) => {
    const id = ctx.params.id ?? '';
    const body = input.body();
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
    const payer = {
      ...(shipping ? { shipping } : {}),
      ...(body.receipt_email ? { receiptEmail: body.receipt_email } : {}),
    };
    // Only an intent whose secret checks out may secure copies; one already paid needs none.
    const secured = sandbox.awaitsPayment(id, body.clientSecret) ? await secure(ctx, id) : null;
    const known = await charging(secured, () =>
      sandbox.confirmIntent(id, body.clientSecret, body.card, deps.clock(), payer),
    );
    if (!known) throw notFound(sandboxConfirmIntent.messages.unknownIntent);
    // The sandbox's processing card: accepted, to settle later, as Stripe's `payment_intent.processing` reports
    // (decision 105): the checkout keeps its copies and the shopper is told; no order yet.
    if ((await deps.payments.retrievePayment(id))?.processing) {
      await desk.paymentProcessing(id, commandMeta(ctx, 'webhook:sandbox', deps.clock()));
      ctx.body = { status: 'processing', paymentIntentId: id };
      return;
    }
    await placeAsWebhook(ctx, id);
    ctx.body = { status: 'succeeded', paymentIntentId: id };
  });
}
