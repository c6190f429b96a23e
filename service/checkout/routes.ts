// Checkout's HTTP slice: starting payments at the server's price, and wiring the order desk's routes.
import { checkoutApi } from '../../contracts/checkout/api.ts';
import { CardPaymentIntentRequestSchema, WalletPaymentIntentRequestSchema } from '../../contracts/checkout/model.ts';
import { walletShippingUpdate } from '../../contracts/checkout/walletPayment.ts';
import {
  cartShippingOptionFor,
  cartShippingOptions,
  destinationCodes,
  rateRefusal,
} from '../../contracts/checkout/shipping.ts';
import type { ShopDeps } from '../deps.ts';
import { badRequest, parseOr400 } from '../http/errors.ts';
import { limit } from '../http/limits.ts';
import { route, type Routers } from '../http/route.ts';
import { notifyRoutes } from './notifyRoutes.ts';
import { orderRoutes } from './orderRoutes.ts';
import { createOrderDesk } from './placeOrder.ts';
import { bundleSavingIn, priceByTitle, priceCart, priceSingleBook } from './pricing.ts';
import { checkBasket, emailKeyFor, lookUpCode } from './discountCode.ts';
import { discountsApi } from '../../contracts/discounts/api.ts';
import { describeDiscount, discountMessages } from '../../contracts/discounts/model.ts';
import { invalid } from '../../contracts/shared/errors.ts';
import { sandboxRoutes } from './sandboxRoutes.ts';
import { shippingRoutes } from './shippingRoutes.ts';
import { startHostedCheckout, startPaymentIntent } from './startCheckout.ts';
import { orderGiftOf } from '../../contracts/checkout/gift.ts';

const { amountMismatch } = checkoutApi.createPaymentIntent.messages;

export function checkoutRoutes(routers: Routers, deps: ShopDeps) {
  const desk = createOrderDesk(deps);
  shippingRoutes(routers);

  route(routers, checkoutApi.paymentsConfig, (ctx) => {
    const key = deps.payments.publishableKey;
    ctx.body = {
      provider: deps.payments.provider,
      publishableKey: key,
      testMode: deps.payments.provider === 'sandbox' || !!key?.startsWith('pk_test_'),
    };
  });

  // The cart drawer: lines by book id; the shipping option follows customerCountry (reading 1: GB 350, else 500).
  route(routers, checkoutApi.cartCheckout, limit(deps, 'checkouts'), async (ctx, input) => {
    const body = input.body();
    const code = await lookUpCode(deps, ctx, body.discountCode);
    const priced = await priceCart(deps.reads, body.items, deps.bundle, code?.terms);
    ctx.body = await startHostedCheckout(deps, ctx, {
      channel: 'cart',
      priced,
      shippingOptions: [cartShippingOptionFor(body.customerCountry)],
      allowedCountries: [body.customerCountry],
      ...(body.customerEmail ? { customerEmail: body.customerEmail } : {}),
      ...(body.gift ? { gift: orderGiftOf(body.gift) } : {}),
    });
  });

  // The direct purchase: lines by title; without a country the payment page offers both shipping options.
  route(routers, checkoutApi.createCheckoutSession, limit(deps, 'checkouts'), async (ctx, input) => {
    const body = input.body();
    const code = await lookUpCode(deps, ctx, body.discountCode);
    const priced = await priceByTitle(deps.reads, body.items, deps.bundle, code?.terms);
    const country = body.customerCountry;
    ctx.body = await startHostedCheckout(deps, ctx, {
      channel: 'direct',
      priced,
      shippingOptions: country ? [cartShippingOptionFor(country)] : cartShippingOptions(),
      allowedCountries: country ? [country] : [...destinationCodes],
      ...(body.customerName ? { customerName: body.customerName } : {}),
      ...(body.customerEmail ? { customerEmail: body.customerEmail } : {}),
      ...(body.gift ? { gift: orderGiftOf(body.gift) } : {}),
    });
  });

  // The custom card form sends the shopper and their address; the wallet page sends only the amount it showed. Which of
  // the two a body is decides the schema it is checked against, so its errors name that form's fields.
  route(routers, checkoutApi.createPaymentIntent, limit(deps, 'checkouts'), async (ctx) => {
    const raw = ctx.request.body;
    const isCardForm = !!raw && typeof raw === 'object' && !('amount' in raw);
    if (isCardForm) {
      const body = parseOr400(CardPaymentIntentRequestSchema, raw);
      const { line1, line2, city, postal_code, country } = body.shipping.address;
      const code = await lookUpCode(deps, ctx, body.discountCode);
      const gift = body.gift ? orderGiftOf(body.gift) : undefined;
      ctx.body = await startPaymentIntent(deps, ctx, {
        channel: 'card',
        priced: await priceSingleBook(deps.reads, deps.bundle, body.bookTitle, code?.terms),
        // A gift sent to someone else is delivered, and so priced, where they live (decision 085).
        shippingOption: cartShippingOptionFor(gift?.recipientAddress?.country ?? country),
        customerName: body.name,
        customerEmail: body.email,
        shippingAddress: { line1, ...(line2 ? { line2 } : {}), city, postcode: postal_code, country },
        ...(gift ? { gift } : {}),
      });
      return;
    }
    const body = parseOr400(WalletPaymentIntentRequestSchema, raw);
    const code = await lookUpCode(deps, ctx, body.discountCode);
    const priced = await priceSingleBook(deps.reads, deps.bundle, undefined, code?.terms);
    const options = cartShippingOptions().filter((o) => !body.shippingOptionId || o.id === body.shippingOptionId);
    // The amount only picks which of the server's totals the sheet showed; an amount that is none of them is refused.
    const option = options.find((o) => priced.subtotal + o.amount === body.amount);
    if (!option) throw badRequest(amountMismatch, [{ field: 'amount', message: amountMismatch }]);
    // The sheet knows the address by now: a rate that does not fit its country is refused before anything is charged.
    const refusal = body.country ? rateRefusal(option, body.country) : null;
    if (refusal) throw badRequest(refusal, [{ field: 'shippingOptionId', message: refusal }]);
    ctx.body = await startPaymentIntent(deps, ctx, {
      channel: 'wallet',
      priced,
      shippingOption: option,
      ...(body.gift ? { gift: orderGiftOf(body.gift) } : {}),
    });
  });

  // A wallet's sheet asks, each time its address changes, which rate fits it: one, from the shop's rules, and the total.
  route(routers, checkoutApi.walletShippingRates, async (ctx, input) => {
    const { country, discountCode } = input.body();
    const code = await lookUpCode(deps, ctx, discountCode);
    const priced = await priceSingleBook(deps.reads, deps.bundle, undefined, code?.terms);
    if (code) checkBasket(code, deps.clock().toISOString(), priced.code?.before ?? priced.subtotal);
    ctx.body = walletShippingUpdate(country, priced.subtotal);
  });

  // The cart asks what a code takes off its basket, priced as its checkout will be (decision 075).
  route(routers, discountsApi.check, async (ctx, input) => {
    const body = input.body();
    const code = await lookUpCode(deps, ctx, body.code);
    const priced = await priceCart(deps.reads, body.items, deps.bundle, code?.terms);
    if (!code || !priced.code) throw invalid(discountMessages.notValid);
    checkBasket(code, deps.clock().toISOString(), priced.code.before, emailKeyFor(deps, body.email));
    ctx.body = {
      code: code.terms.code,
      description: describeDiscount(code.terms.kind, code.terms.amount),
      discount: priced.code.amount,
      subtotal: priced.code.before,
      total: priced.subtotal,
      bundleSaving: bundleSavingIn(priced),
    };
  });

  orderRoutes(routers, deps, desk);
  notifyRoutes(routers, deps);
  if (deps.payments.sandbox) sandboxRoutes(routers, deps, deps.payments.sandbox, desk);
}
