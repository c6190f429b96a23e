// Checkout's HTTP slice: starting payments at the server's price, and wiring the order desk's routes.
import { checkoutApi } from '../../contracts/checkout/api.ts';
import { CardPaymentIntentRequestSchema, WalletPaymentIntentRequestSchema } from '../../contracts/checkout/model.ts';
import { walletShippingUpdate } from '../../contracts/checkout/walletPayment.ts';
import type { ShopDeps } from '../deps.ts';
import { badRequest, parseOr400 } from '../http/errors.ts';
import { limit } from '../http/limits.ts';
import { route, type Routers } from '../http/route.ts';
import { notifyRoutes } from './notifyRoutes.ts';
import { orderRoutes } from './orderRoutes.ts';
import { createOrderDesk } from './placeOrder.ts';
import { bundleSavingIn, priceByTitle, priceCart, priceSingleBook, type PricedItems } from './pricing.ts';
import { checkBasket, emailKeyFor, lookUpCode } from './discountCode.ts';
import { discountsApi } from '../../contracts/discounts/api.ts';
import { describeDiscount, discountMessages } from '../../contracts/discounts/model.ts';
import { invalid } from '../../contracts/shared/errors.ts';
import { sandboxRoutes } from './sandboxRoutes.ts';
import { deliveryFor, shippingRoutes, tableNow } from './shippingRoutes.ts';
import { comingTitlesOf } from './preOrderHold.ts';
import {
  dispatchFromOf,
  isMixedBasket,
  parcelMessages,
  parcelsDelivery,
  type OrderParcels,
  type ParcelChoice,
  type PreOrderLine,
} from '../../contracts/preorders/parcels.ts';
import { countryNameOf, zoneOptions } from '../../contracts/checkout/shippingRates.ts';
import { formatPence } from '../../contracts/shared/money.ts';
import type { ShippingOption } from '../../contracts/checkout/shipping.ts';
import { startHostedCheckout, startPaymentIntent } from './startCheckout.ts';
import { giftRecipientOf, orderGiftOf, type GiftRequest, type OrderGift } from '../../contracts/checkout/gift.ts';

const { amountMismatch } = checkoutApi.createPaymentIntent.messages;

/** What a parcel's rate depends on: how many items, and the basket after its savings (for free delivery over it). */
const parcelOf = (priced: { items: { quantity: number }[]; subtotal: number }) => ({
  items: priced.items.reduce((sum, item) => sum + item.quantity, 0),
  subtotal: priced.subtotal,
});

const recipientCountryField = 'gift.recipient.address.country';

/**
 * The delivery a basket pays (decision 131): the destination's rate as any basket's; for a basket holding pre-orders
 * and books on the shelf, the shopper's choice of one parcel on publication or two (a 400 without one), two paying the
 * second delivery as the table says. A basket that is not mixed cannot ask for two parcels (400). Priced here, never
 * from the browser; the checkout records the pre-ordered lines, their dates and the choice.
 */
async function basketDelivery(
  deps: ShopDeps,
  country: string | undefined,
  priced: PricedItems,
  field: string,
  choice: ParcelChoice | undefined,
): Promise<{ option: ShippingOption; allowedCountries: string[]; preOrders: PreOrderLine[]; parcels?: OrderParcels }> {
  const delivery = await deliveryFor(deps, country, parcelOf(priced), field);
  const coming = await comingTitlesOf(deps, priced.items);
  const preOrders = [...coming].map(([bookId, state]) => ({ bookId, publicationDate: state.publicationDate! }));
  const mixed = isMixedBasket(priced.items, preOrders);
  const dispatchFrom = dispatchFromOf(preOrders);
  if (mixed && !choice) {
    const message = parcelMessages.choose(dispatchFrom);
    throw badRequest(message, [{ field: 'parcels', message }]);
  }
  if (!mixed && choice === 'two')
    throw badRequest(parcelMessages.notMixed, [{ field: 'parcels', message: parcelMessages.notMixed }]);
  if (!mixed || !choice) return { ...delivery, preOrders };
  const priceOf = parcelsDelivery(await tableNow(deps), country!, priced.items, preOrders, choice, priced.subtotal);
  if (!priceOf) return { ...delivery, preOrders };
  const { zone: _zone, secondDelivery, ...option } = priceOf;
  return {
    option,
    allowedCountries: delivery.allowedCountries,
    preOrders,
    parcels: { choice, dispatchFrom, secondDelivery },
  };
}

/** What a checkout's start records of its pre-orders and parcels (nothing for a basket without pre-orders). */
const preOrderPartOf = (delivery: { preOrders: PreOrderLine[]; parcels?: OrderParcels }) => ({
  ...(delivery.preOrders.length ? { preOrders: delivery.preOrders } : {}),
  ...(delivery.parcels ? { parcels: delivery.parcels } : {}),
});

/**
 * A checkout's gift as recorded, and where its parcel goes (decision 110): to the gift's recipient when it has one, whose
 * country then decides the rate, whatever destination the page named; else the page's own destination.
 */
function giftAndDestination(
  request: GiftRequest | undefined,
  destination: string | undefined,
  field: string,
): { gift?: OrderGift; country: string | undefined; field: string } {
  const gift = request ? orderGiftOf(request) : undefined;
  const recipientCountry = gift?.recipientAddress?.country;
  return {
    ...(gift ? { gift } : {}),
    country: recipientCountry ?? destination,
    field: recipientCountry ? recipientCountryField : field,
  };
}

/** A wallet sheet's rate that is not the one for its country (decision 073). */
const rateRefusal = (picked: string, due: ShippingOption, country: string) =>
  `${picked} does not deliver to ${countryNameOf(country) ?? country}; ${due.label} (${formatPence(due.amount)}) does`;

export function checkoutRoutes(routers: Routers, deps: ShopDeps) {
  const desk = createOrderDesk(deps);
  shippingRoutes(routers, deps);

  route(routers, checkoutApi.paymentsConfig, (ctx) => {
    const key = deps.payments.publishableKey;
    ctx.body = {
      provider: deps.payments.provider,
      publishableKey: key,
      testMode: deps.payments.provider === 'sandbox' || !!key?.startsWith('pk_test_'),
    };
  });

  // The cart drawer: lines by book id; one delivery option, the table's for customerCountry, and a payment page that
  // accepts only addresses in that destination's zone (decision 099).
  route(routers, checkoutApi.cartCheckout, limit(deps, 'checkouts'), async (ctx, input) => {
    const body = input.body();
    const code = await lookUpCode(deps, ctx, body.discountCode);
    const priced = await priceCart(deps.reads, body.items, deps.bundle, code?.terms);
    const { gift, country, field } = giftAndDestination(body.gift, body.customerCountry, 'customerCountry');
    const delivery = await basketDelivery(deps, country, priced, field, body.parcels);
    const recipient = giftRecipientOf(gift);
    ctx.body = await startHostedCheckout(deps, ctx, {
      channel: 'cart',
      priced,
      shippingOptions: [delivery.option],
      allowedCountries: delivery.allowedCountries,
      ...preOrderPartOf(delivery),
      ...(recipient ? { deliverTo: recipient } : {}),
      ...(body.customerEmail ? { customerEmail: body.customerEmail } : {}),
      ...(gift ? { gift } : {}),
    });
  });

  // The direct purchase: lines by title. Its destination is required as the cart's is (decision 099): a session that
  // offered every rate let a shopper pick the UK's for an address abroad (decision 039).
  route(routers, checkoutApi.createCheckoutSession, limit(deps, 'checkouts'), async (ctx, input) => {
    const body = input.body();
    const code = await lookUpCode(deps, ctx, body.discountCode);
    const priced = await priceByTitle(deps.reads, body.items, deps.bundle, code?.terms);
    const { gift, country, field } = giftAndDestination(body.gift, body.customerCountry, 'customerCountry');
    const delivery = await basketDelivery(deps, country, priced, field, body.parcels);
    const recipient = giftRecipientOf(gift);
    ctx.body = await startHostedCheckout(deps, ctx, {
      channel: 'direct',
      priced,
      shippingOptions: [delivery.option],
      allowedCountries: delivery.allowedCountries,
      ...preOrderPartOf(delivery),
      ...(recipient ? { deliverTo: recipient } : {}),
      ...(body.customerName ? { customerName: body.customerName } : {}),
      ...(body.customerEmail ? { customerEmail: body.customerEmail } : {}),
      ...(gift ? { gift } : {}),
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
      const priced = await priceSingleBook(deps.reads, deps.bundle, body.bookTitle, code?.terms);
      // A gift sent to someone else is delivered, and so priced, where they live (decisions 085 and 110).
      const destination = giftAndDestination(body.gift, country, 'shipping.address.country');
      const { gift } = destination;
      const delivery = await basketDelivery(deps, destination.country, priced, destination.field, body.parcels);
      ctx.body = await startPaymentIntent(deps, ctx, {
        channel: 'card',
        priced,
        shippingOption: delivery.option,
        ...preOrderPartOf(delivery),
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
    // The page's destination (or the sheet's address) names the one rate; the amount must be the total with it, and a
    // rate the sheet picked that is not that destination's is refused before anything is charged (decision 073). A
    // gift's recipient names it instead: the sheet's address is then the payer's own (decision 110).
    const destination = giftAndDestination(body.gift, body.country, 'country');
    const { gift } = destination;
    const delivery = await basketDelivery(deps, destination.country, priced, destination.field, body.parcels);
    const { option } = delivery;
    if (body.shippingOptionId && body.shippingOptionId !== option.id) {
      const picked = Object.values(zoneOptions).find((o) => o.id === body.shippingOptionId)?.label ?? 'That rate';
      const refusal = rateRefusal(picked, option, destination.country ?? '');
      throw badRequest(refusal, [{ field: 'shippingOptionId', message: refusal }]);
    }
    if (priced.subtotal + option.amount !== body.amount)
      throw badRequest(amountMismatch, [{ field: 'amount', message: amountMismatch }]);
    ctx.body = await startPaymentIntent(deps, ctx, {
      channel: 'wallet',
      priced,
      shippingOption: option,
      ...preOrderPartOf(delivery),
      // The sheet's payer, recorded at the start: the e-mail reaches the order without Stripe's receipt_email.
      ...(body.email ? { customerEmail: body.email } : {}),
      ...(body.name ? { customerName: body.name } : {}),
      ...(gift ? { gift } : {}),
    });
  });

  // A wallet's sheet asks, each time its address changes, which rate fits it: one, from the shop's rules, and the total.
  route(routers, checkoutApi.walletShippingRates, async (ctx, input) => {
    const { country, discountCode } = input.body();
    const code = await lookUpCode(deps, ctx, discountCode);
    const priced = await priceSingleBook(deps.reads, deps.bundle, undefined, code?.terms);
    if (code) checkBasket(code, deps.clock().toISOString(), priced.code?.before ?? priced.subtotal);
    ctx.body = walletShippingUpdate(await tableNow(deps), country, priced.subtotal);
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
