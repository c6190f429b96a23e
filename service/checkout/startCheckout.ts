// Starting a checkout: the gateway is asked for a payment page or intent at the server's price, then CheckoutStarted
// records exactly what was priced. The gateway goes first so no checkout is recorded that no shopper could pay.
import { randomUUID } from 'node:crypto';
import { shopOrigin } from '../http/origin.ts';
import type { Context } from 'koa';
import type { CheckoutChannel, CheckoutUrlResponse, PaymentIntentResponse } from '../../contracts/checkout/model.ts';
import type { CheckoutStarted } from '../../contracts/checkout/events.ts';
import type { ShippingAddress } from '../../contracts/orders/model.ts';
import type { OrderGift } from '../../contracts/checkout/gift.ts';
import type { OrderParcels, PreOrderLine } from '../../contracts/preorders/parcels.ts';
import { clientRoutes } from '../../contracts/shared/clientRoutes.ts';
import type { ShippingOption } from '../../contracts/checkout/shipping.ts';
import { checkoutStream } from '../../contracts/shared/streams.ts';
import type { OrderItem } from '../../contracts/orders/model.ts';
import { handleCommand, idFromReference, type CommandMeta } from '../commands.ts';
import type { ShopDeps } from '../deps.ts';
import { commandMeta } from '../http/request.ts';
import { checkoutDecider } from './checkout.ts';
import { viaGateway } from './gatewayCalls.ts';
import { holderOf, holdStock, holdTimes, type StockHold } from './stockHold.ts';
import { holdPreOrders, type PreOrderHold } from './preOrderHold.ts';
import type { PricedItems } from './pricing.ts';
import { bundleLineDescription } from '../../contracts/catalog/bundle.ts';
import { codeLineDescription } from '../../contracts/discounts/model.ts';
import { emailKeyFor, holdCodeUse, type CodeUse } from './discountCode.ts';

type Customer = {
  /** the lines that are pre-orders, and one parcel or two for a mixed basket (decision 131) */
  preOrders?: PreOrderLine[];
  parcels?: OrderParcels;
  customerName?: string;
  customerEmail?: string;
  shippingAddress?: ShippingAddress;
  /** "This is a gift" (decision 085) */
  gift?: OrderGift;
};

const looksLikeEmail = (s?: string) => !!s && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(s);

const shopperMeta = (deps: ShopDeps, ctx: Context, checkoutId: string): CommandMeta => ({
  ...commandMeta(ctx, 'shopper', deps.clock()),
  correlationId: checkoutId,
});

/**
 * Holds the checkout's copies, then runs `open` (the gateway, then CheckoutStarted) with the moment its payment page
 * must expire, which is when the hold ends but for a short grace (decision 061); if that fails the copies are let go at
 * once, so no stock waits for a checkout no shopper can pay.
 */
async function withStockHeld<T>(
  deps: ShopDeps,
  ctx: Context,
  checkoutId: string,
  items: OrderItem[],
  code: CodeUse | undefined,
  open: (paymentExpiresAt: string) => Promise<T>,
): Promise<T> {
  const meta = shopperMeta(deps, ctx, checkoutId);
  const { paymentExpiresAt, holdExpiresAt } = holdTimes(deps.config, meta.now);
  // The code's use first: a code refused (used up by a racing checkout, or the address at its cap of holds) leaves the
  // stock untouched. Its hold ends when the stock's does (decision 075), and is counted per address as the stock's is,
  // under the same keyed hash (decision 092).
  const holder = holderOf(deps.jwtSecret, ctx.ip);
  const codeHold = code ? await holdCodeUse(deps, checkoutId, code, meta, { holder, until: holdExpiresAt }) : null;
  const releaseCode = () =>
    codeHold
      ?.release()
      .catch((releaseError: unknown) =>
        deps.logger.error(
          { err: String(releaseError), checkoutId },
          'code use held for a failed checkout not released',
        ),
      );
  let hold: StockHold;
  try {
    hold = await holdStock(deps, checkoutId, items, meta, {
      holder,
      expiresAt: holdExpiresAt,
    });
  } catch (error) {
    await releaseCode();
    throw error;
  }
  // A coming book is pre-ordered as the checkout starts, up to its limit (decision 120).
  let preOrders: PreOrderHold;
  try {
    preOrders = await holdPreOrders(deps, checkoutId, items, meta, holdExpiresAt);
  } catch (error) {
    await hold.release().catch(() => {});
    await releaseCode();
    throw error;
  }
  try {
    return await open(paymentExpiresAt);
  } catch (error) {
    await preOrders
      .release()
      .catch((releaseError: unknown) =>
        deps.logger.error({ err: String(releaseError), checkoutId }, 'pre-order of a failed checkout not cancelled'),
      );
    await hold
      .release()
      .catch((releaseError: unknown) =>
        deps.logger.error({ err: String(releaseError), checkoutId }, 'stock held for a failed checkout not released'),
      );
    await releaseCode();
    throw error;
  }
}

/** What a payment page says under a line: the code's price, the bundle's, or the direct purchase's words. */
function lineDescription(priced: PricedItems, line: number, channel: CheckoutChannel): string | undefined {
  const item = priced.items[line]!;
  const code = priced.discounts?.find((d) => d.kind === 'code' && d.lines.some((l) => l.line === line));
  if (code?.code && item.listPrice !== undefined) return codeLineDescription(code.code, item.listPrice);
  if (item.listPrice !== undefined) return bundleLineDescription(item.listPrice);
  return channel === 'direct' ? `Purchase of ${item.name}` : undefined;
}

/** The code's use a start holds, from the priced basket and the shopper's e-mail when known. */
function codeUseOf(deps: ShopDeps, priced: PricedItems, email?: string): CodeUse | undefined {
  if (!priced.code) return undefined;
  const key = emailKeyFor(deps, email);
  return {
    code: priced.code.code,
    subtotal: priced.code.before,
    amount: priced.code.amount,
    ...(key ? { email: key } : {}),
  };
}

async function recordStart(deps: ShopDeps, ctx: Context, data: CheckoutStarted['data']) {
  const meta = shopperMeta(deps, ctx, data.checkoutId);
  await handleCommand(
    deps.events,
    checkoutStream(data.checkoutId),
    checkoutDecider,
    { type: 'StartCheckout', data },
    meta,
    {
      eventIds: () => idFromReference('CheckoutStarted', data.checkoutId),
    },
  );
}

export async function startHostedCheckout(
  deps: ShopDeps,
  ctx: Context,
  input: {
    channel: Extract<CheckoutChannel, 'cart' | 'direct'>;
    priced: PricedItems;
    shippingOptions: ShippingOption[];
    allowedCountries: string[];
    /** a gift's recipient (decision 110): the payment page then takes the payer's own address, not a delivery one */
    deliverTo?: { name: string; address: ShippingAddress };
  } & Customer,
): Promise<CheckoutUrlResponse> {
  const checkoutId = randomUUID();
  const origin = shopOrigin(deps, ctx);
  const successPath = input.channel === 'cart' ? clientRoutes.checkoutSuccess[0] : clientRoutes.paymentSuccess[0];
  const code = codeUseOf(deps, input.priced, input.customerEmail);
  return withStockHeld(deps, ctx, checkoutId, input.priced.items, code, async (expiresAt) => {
    const session = await viaGateway(deps, () =>
      deps.payments.createHostedCheckout({
        checkoutId,
        expiresAt,
        lineItems: input.priced.items.map((item, line) => {
          const description = lineDescription(input.priced, line, input.channel);
          return {
            name: item.name,
            ...(description ? { description } : {}),
            unitAmount: item.price,
            quantity: item.quantity,
          };
        }),
        shippingOptions: input.shippingOptions,
        allowedCountries: input.allowedCountries,
        ...(input.deliverTo ? { deliverTo: input.deliverTo } : {}),
        successUrl: `${origin}${successPath}?session_id={CHECKOUT_SESSION_ID}`,
        cancelUrl: `${origin}${clientRoutes.paymentCancelled[0]}?checkout=${checkoutId}`,
        ...(looksLikeEmail(input.customerEmail) ? { customerEmail: input.customerEmail } : {}),
        ...(input.customerName ? { customerName: input.customerName } : {}),
      }),
    );
    await recordStart(deps, ctx, {
      checkoutId,
      channel: input.channel,
      provider: deps.payments.provider,
      paymentReference: session.id,
      items: input.priced.items,
      subtotal: input.priced.subtotal,
      ...(input.priced.discounts ? { discounts: input.priced.discounts } : {}),
      shippingOptions: input.shippingOptions,
      currency: 'gbp',
      ...(input.customerName ? { customerName: input.customerName } : {}),
      ...(input.customerEmail ? { customerEmail: input.customerEmail } : {}),
      ...(input.gift ? { gift: input.gift } : {}),
      ...(input.preOrders?.length ? { preOrders: input.preOrders } : {}),
      ...(input.parcels ? { parcels: input.parcels } : {}),
      startedAt: deps.clock().toISOString(),
    });
    return { success: true as const, url: session.url, sessionId: session.id };
  });
}

export async function startPaymentIntent(
  deps: ShopDeps,
  ctx: Context,
  input: {
    channel: Extract<CheckoutChannel, 'card' | 'wallet'>;
    priced: PricedItems;
    shippingOption: ShippingOption;
  } & Customer,
): Promise<PaymentIntentResponse> {
  const checkoutId = randomUUID();
  const amount = input.priced.subtotal + input.shippingOption.amount;
  const code = codeUseOf(deps, input.priced, input.customerEmail);
  return withStockHeld(deps, ctx, checkoutId, input.priced.items, code, async (expiresAt) => {
    const intent = await viaGateway(deps, () =>
      deps.payments.createPaymentIntent({
        checkoutId,
        expiresAt,
        amount,
        description: `${input.priced.items.map((i) => i.name).join(', ')} with ${input.shippingOption.label}`,
        ...(input.shippingAddress && input.customerName
          ? {
              shipping: {
                name: input.customerName,
                address: input.shippingAddress,
              },
            }
          : {}),
      }),
    );
    await recordStart(deps, ctx, {
      checkoutId,
      channel: input.channel,
      provider: deps.payments.provider,
      paymentReference: intent.id,
      items: input.priced.items,
      subtotal: input.priced.subtotal,
      ...(input.priced.discounts ? { discounts: input.priced.discounts } : {}),
      shippingOptions: [input.shippingOption],
      currency: 'gbp',
      ...(input.customerName ? { customerName: input.customerName } : {}),
      ...(input.customerEmail ? { customerEmail: input.customerEmail } : {}),
      ...(input.shippingAddress ? { shippingAddress: input.shippingAddress } : {}),
      ...(input.gift ? { gift: input.gift } : {}),
      ...(input.preOrders?.length ? { preOrders: input.preOrders } : {}),
      ...(input.parcels ? { parcels: input.parcels } : {}),
      startedAt: deps.clock().toISOString(),
    });
    return {
      clientSecret: intent.clientSecret,
      paymentIntentId: intent.id,
      amount,
    };
  });
}
