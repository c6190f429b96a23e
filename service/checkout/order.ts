// Placing an order for a verified payment: one decider over the order's stream owns the whole decision. Whichever of
// the webhook, the success page or orders/save reports the payment, it is this command; the decider places the order
// once (when the payment is paid and is exactly what the server priced), and a report that comes after only fills the
// buyer's details the order still lacks. The e-mails follow from its events (see orders/emailReactions.ts).
import type { CheckoutStarted } from '../../contracts/checkout/events.ts';
import {
  detailsFillingGaps,
  placeholderCustomerName,
  placeholderShippingAddress,
  withDetailsAdded,
  type OrderItem,
  type ShippingAddress,
} from '../../contracts/orders/model.ts';
import type { OrderEvent, OrderFlagged, OrderPlaced } from '../../contracts/orders/events.ts';
import { parcelsDelivery, type PreOrderLine } from '../../contracts/preorders/parcels.ts';
import type { VerifiedPayment } from '../../contracts/ports/payments.ts';
import { exportDestinationOf } from '../../contracts/vat/exports.ts';
import { orderVatFor } from '../../contracts/vat/orderVat.ts';
import { emptyVatSettings, type VatSettings } from '../../contracts/vat/settings.ts';
import type { ShippingOption } from '../../contracts/checkout/shipping.ts';
import {
  countryNameOf,
  deliveryOptionFor,
  emptyShippingRates,
  tableAt,
  zoneOptions,
  zoneRate,
  type ShippingRates,
} from '../../contracts/checkout/shippingRates.ts';
import { formatPence } from '../../contracts/shared/money.ts';
import { orderNumberFrom, placedAfterCardPaymentStatus } from '../../contracts/shared/constants.ts';
import { conflict, notFound } from '../../contracts/shared/errors.ts';
import type { Decider } from '../commands.ts';
import type { CheckoutState } from './checkout.ts';

/** What the shopper's own page knows about them, used only where the gateway has nothing. */
export type ShopperDetails = { name?: string; email?: string; shippingAddress?: ShippingAddress };

export type PlacementState = { placed: false } | { placed: true; order: OrderPlaced['data'] };

export type PlaceOrder = {
  type: 'PlaceOrder';
  /** the gateway's id for the payment, which is also the order's id */
  reference: string;
  shopper: ShopperDetails;
  /**
   * The payment as the gateway verified it (null when it knows no such payment) and the checkout the payment names.
   * Looked up only while the order is not placed: once it is, the gateway is not asked again. With them, the shop's
   * VAT settings as the log holds them (contracts/vat/settings.ts), from which the order's VAT is decided.
   */
  verified?: { payment: VerifiedPayment | null; checkout: CheckoutState; vat: VatSettings };
  /** the delivery rates as the log holds them (decision 099): the rate due is the table's when the checkout started */
  shippingRates?: ShippingRates;
  /** ISO-8601 UTC */
  at: string;
};

export const placementMessages = {
  noSuchPayment: 'There is no such payment',
  unpaid: 'This payment has not been completed',
  /** paid in another currency than the checkout's: it cannot be an order, and is recorded as PaymentUnmatched */
  currencyMismatch: 'This payment is not in the currency of its checkout',
} as const;

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

const paymentMethodOf = (started: CheckoutStarted['data']) =>
  `${started.channel === 'wallet' ? 'Wallet (Apple Pay / Google Pay)' : 'Card'} via ${started.provider === 'stripe' ? 'Stripe' : 'the test sandbox'}`;

/**
 * A rate that is not the one for the address's country is flagged for the owner (decision 039): a hosted page made
 * before every checkout named its destination offered several rates, and a wallet's rate is picked in its sheet
 * (decision 073). The rate due is the delivery table's at `at`, the checkout's start (decision 099), so a checkout
 * started before the owner changed a rate is not flagged for paying the rate it was offered.
 */
export function shippingRateMismatch(
  paid: Pick<ShippingOption, 'label' | 'amount'>,
  address: ShippingAddress | string,
  due: {
    rates: ShippingRates;
    at: string;
    items: number;
    subtotal: number;
    /** a basket of pre-orders and books on the shelf sent in two parcels pays both deliveries (decision 131) */
    twoParcels?: { lines: OrderItem[]; preOrders: PreOrderLine[] };
  },
): string | null {
  if (typeof address === 'string' || !address.country) return null;
  const name = countryNameOf(address.country) ?? address.country;
  const table = tableAt(due.rates, due.at);
  const option = due.twoParcels
    ? parcelsDelivery(table, address.country, due.twoParcels.lines, due.twoParcels.preOrders, 'two', due.subtotal)
    : deliveryOptionFor(table, address.country, due);
  if (!option)
    return `${paid.label} (${formatPence(paid.amount)}) was paid for an address in ${name}, where the shop does not deliver.`;
  if (option.amount === paid.amount) return null;
  return `${paid.label} (${formatPence(paid.amount)}) was paid for an address in ${name}, which takes ${option.label} (${formatPence(option.amount)}).`;
}

/** An order's rate by the name of the zone that charged it when it was placed (its checkout's options are not at hand). */
function paidOptionOf(order: OrderPlaced['data'], rates: ShippingRates): Pick<ShippingOption, 'label' | 'amount'> {
  const parcel = { items: itemCount(order.items), subtotal: order.subtotal };
  const table = tableAt(rates, order.placedAt);
  const zone = table.zones.find((z) => zoneRate(z, parcel.items, parcel.subtotal) === order.shippingCost);
  return { label: zone ? zoneOptions[zone.id].label : 'Shipping', amount: order.shippingCost };
}

/** An order sent in two parcels, as the rate check needs it (decision 131). */
const twoParcelsOf = (order: OrderPlaced['data']) =>
  order.parcels?.choice === 'two' && order.preOrders
    ? { twoParcels: { lines: order.items, preOrders: order.preOrders } }
    : {};

const itemCount = (items: readonly { quantity: number }[]) => items.reduce((sum, item) => sum + item.quantity, 0);

const flagOf = (orderId: string, message: string | null, at: string): OrderFlagged[] =>
  message ? [{ type: 'OrderFlagged', data: { orderId, flag: 'shipping-rate-mismatch', message, at } }] : [];

/**
 * A payment in the checkout's currency for another amount than it priced (decision 102): the shipping option it most
 * likely paid (the one the provider names, else the only or the first offered), and the owner's words for the gap.
 */
export function mismatchedPayment(
  started: CheckoutStarted['data'],
  payment: VerifiedPayment,
): { shippingCost: number; message: string } {
  const option = started.shippingOptions.find((o) => o.amount === payment.shippingAmount) ?? started.shippingOptions[0];
  const shippingCost = option?.amount ?? 0;
  const due = started.subtotal + shippingCost;
  const gap = payment.amount - due;
  return {
    shippingCost,
    message: `${formatPence(payment.amount)} was paid where the checkout priced ${formatPence(due)} (${formatPence(Math.abs(gap))} ${gap < 0 ? 'short' : 'over'}). Refund it in full, or accept it and ship.`,
  };
}

function placeOrder(command: PlaceOrder): OrderEvent[] {
  const { reference, shopper } = command;
  const { payment, checkout, vat } = command.verified ?? {
    payment: null,
    checkout: { status: 'none' } as const,
    vat: emptyVatSettings(),
  };
  if (!payment?.checkoutId) throw notFound(placementMessages.noSuchPayment);
  if (!payment.paid) throw conflict(placementMessages.unpaid);
  if (checkout.status === 'none' || checkout.started.paymentReference !== reference)
    throw notFound(placementMessages.noSuchPayment);
  const started = checkout.started;
  if (payment.currency !== started.currency) throw conflict(placementMessages.currencyMismatch);
  // Paid, but not what was priced: the money is taken, so the order is placed and flagged for the owner, who refunds it
  // in full or accepts it; never left at the provider unseen (decision 102).
  const matched = shippingPaid(started, payment);
  const mismatch = matched === null ? mismatchedPayment(started, payment) : null;
  const shippingCost = matched ?? mismatch!.shippingCost;
  // The buyer's details: what the gateway verified first, then what the shopper's page says, then what the checkout
  // was started with, then placeholders the owner can fill in later.
  const order: OrderPlaced['data'] = {
    orderId: reference,
    orderNumber: orderNumberFrom(reference),
    customerName: payment.customerName ?? shopper.name ?? started.customerName ?? placeholderCustomerName,
    customerEmail: payment.customerEmail ?? shopper.email ?? started.customerEmail ?? '',
    shippingAddress:
      payment.shippingAddress ?? shopper.shippingAddress ?? started.shippingAddress ?? placeholderShippingAddress,
    // The lines at the prices charged: a saving is already in them (decision 072), so the VAT below is on what was paid.
    items: started.items,
    subtotal: started.subtotal,
    ...(started.discounts?.length ? { discounts: started.discounts } : {}),
    ...(started.gift ? { gift: started.gift } : {}),
    // Its pre-orders and their dates as paid for (the payment is their tax point), and one parcel or two (decision 131).
    ...(started.preOrders?.length ? { preOrders: started.preOrders } : {}),
    ...(started.parcels ? { parcels: started.parcels } : {}),
    shippingCost,
    total: payment.amount,
    currency: 'gbp',
    paymentMethod: paymentMethodOf(started),
    paymentReference: reference,
    status: placedAfterCardPaymentStatus,
    placedAt: command.at,
  };
  // Registered for VAT on the sale's UK day: the VAT of each line and of the delivery, as it is on that day, is recorded
  // with the order and never worked out again (decision 069). Not registered: no `vat` at all. Goods going out of the UK
  // are a zero-rated export, by the address the order is placed with (decision 097).
  const orderVat = orderVatFor(order, vat, command.at, exportDestinationOf(order));
  if (orderVat) order.vat = orderVat;
  // A gift sent to someone else was priced for where it goes, not for the buyer's address.
  const delivery = order.gift?.recipientAddress ?? order.shippingAddress;
  if (mismatch) {
    return [
      { type: 'OrderPlaced', data: order },
      {
        type: 'OrderFlagged',
        data: { orderId: reference, flag: 'payment-mismatch', message: mismatch.message, at: command.at },
      },
    ];
  }
  const paid = started.shippingOptions.find((o) => o.amount === shippingCost);
  const rateMismatch = paid
    ? shippingRateMismatch(paid, delivery, {
        rates: command.shippingRates ?? emptyShippingRates(),
        at: started.startedAt,
        items: itemCount(started.items),
        subtotal: started.subtotal,
        ...twoParcelsOf(order),
      })
    : null;
  return [{ type: 'OrderPlaced', data: order }, ...flagOf(reference, rateMismatch, command.at)];
}

/** Placed already (the provider's report came first): the shopper's page fills only what the order lacks. */
function fillGaps(command: PlaceOrder, order: OrderPlaced['data']): OrderEvent[] {
  const { name, email, shippingAddress } = command.shopper;
  const fill = detailsFillingGaps(order, { customerName: name, customerEmail: email, shippingAddress });
  if (Object.keys(fill).length === 0) return [];
  // An order placed before its address was known (a wallet confirmed without it) is checked once the address comes.
  // A gift sent to someone else was priced for the recipient's address, not for the buyer's that comes now.
  const mismatch =
    fill.shippingAddress && !order.gift?.recipientAddress
      ? shippingRateMismatch(paidOptionOf(order, command.shippingRates ?? emptyShippingRates()), fill.shippingAddress, {
          rates: command.shippingRates ?? emptyShippingRates(),
          at: order.placedAt,
          items: itemCount(order.items),
          subtotal: order.subtotal,
          ...twoParcelsOf(order),
        })
      : null;
  return [
    {
      type: 'OrderCustomerDetailsAdded',
      data: { orderId: command.reference, ...fill, source: 'shopper', reason: '', by: 'shopper', at: command.at },
    },
    ...flagOf(command.reference, mismatch, command.at),
  ];
}

export const orderPlacementDecider: Decider<PlacementState, PlaceOrder, OrderEvent> = {
  initialState: () => ({ placed: false }),
  evolve: (state, event) => {
    if (event.type === 'OrderPlaced') return { placed: true, order: event.data };
    if (event.type === 'OrderCustomerDetailsAdded' && state.placed)
      return { placed: true, order: withDetailsAdded(state.order, event.data) };
    return state;
  },
  decide: (command, state) => (state.placed ? fillGaps(command, state.order) : placeOrder(command)),
};
