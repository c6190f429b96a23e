// Order events, shared by checkout (which places orders) and the owner's console (which runs them).
import * as v from 'valibot';
import { isErasedValue } from '../personalData.ts';
import { anyOrderStatuses, orderStatuses } from '../shared/constants.ts';
import type { DomainEvent } from '../shared/events.ts';
import type { ShopEvent } from '../eventCatalog.ts';
import type { OrderVat } from '../vat/orderVat.ts';
import type { OrderGift } from '../checkout/gift.ts';
import type { OrderParcels, PreOrderLine } from '../preorders/parcels.ts';
import { bundleSavingLabel } from '../catalog/bundle.ts';
import type { Carrier } from './fulfilment.ts';

export const OrderItemSchema = v.object({
  name: v.string(),
  quantity: v.pipe(v.number(), v.integer(), v.minValue(1)),
  /** unit price, integer pence */
  price: v.pipe(v.number(), v.integer(), v.minValue(0)),
  bookId: v.optional(v.number()),
  /** the unit price before a discount, when one made `price` lower (decision 072) */
  listPrice: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0))),
});
export type OrderItem = v.InferOutput<typeof OrderItemSchema>;

/**
 * A saving on an order (decision 072): its kind, the pence it took off in all, and how much of it each line carries
 * (`line` is the index in the order's items). Line prices and the subtotal are already after it.
 */
export const OrderDiscountSchema = v.object({
  kind: v.picklist(['bundle', 'code']),
  /** the discount code, trimmed and upper-case, on a `code` saving (decision 075) */
  code: v.optional(v.string()),
  amount: v.pipe(v.number(), v.integer(), v.minValue(0)),
  lines: v.array(
    v.object({
      line: v.pipe(v.number(), v.integer(), v.minValue(0)),
      amount: v.pipe(v.number(), v.integer(), v.minValue(0)),
    }),
  ),
});
export type OrderDiscount = v.InferOutput<typeof OrderDiscountSchema>;

/** How each kind of saving is named wherever an order's amounts are shown. */
export const discountLabels: Record<OrderDiscount['kind'], string> = {
  bundle: bundleSavingLabel,
  code: 'Discount code',
};

/** A saving's name on the order's pages, e-mails, receipt and CSV: "Bundle saving", "Discount code SUMMER-10". */
export const discountLabelOf = (discount: Pick<OrderDiscount, 'kind' | 'code'>): string =>
  discount.kind === 'code' && discount.code ? `${discountLabels.code} ${discount.code}` : discountLabels[discount.kind];

export const ShippingAddressSchema = v.object({
  line1: v.string(),
  line2: v.optional(v.string()),
  city: v.string(),
  postcode: v.string(),
  country: v.string(),
});
export type ShippingAddress = v.InferOutput<typeof ShippingAddressSchema>;

export type OrderPlaced = DomainEvent<
  'OrderPlaced',
  {
    orderId: string;
    orderNumber: string;
    customerName: string;
    customerEmail: string;
    shippingAddress: ShippingAddress | string;
    phone?: string;
    items: OrderItem[];
    /** the items' charged amounts added up: after any discounts */
    subtotal: number;
    /** the savings the items' prices carry; absent on an order without any, and on every order before decision 072 */
    discounts?: OrderDiscount[];
    shippingCost: number;
    total: number;
    currency: 'gbp';
    paymentMethod: string;
    /** the gateway's id for the payment: checkout session id or payment intent id */
    paymentReference: string;
    status: (typeof anyOrderStatuses)[number];
    placedAt: string;
    /**
     * The VAT the order carries, recorded when it was placed by a shop registered for VAT that day (decision 069);
     * absent when the shop was not registered, and on every order placed before VAT was recorded.
     */
    vat?: OrderVat;
    /** "This is a gift" at checkout (decision 085): its message, and the recipient when it goes to someone else */
    gift?: OrderGift;
    /**
     * The lines that are pre-orders, with the publication date each was paid for (version 4, decision 131): the payment
     * is the tax point, and the receipt says each is to be dispatched from that date.
     */
    preOrders?: PreOrderLine[];
    /** pre-orders and books on the shelf in one order: sent in one parcel on publication, or two (version 4) */
    parcels?: OrderParcels;
  }
>;

export type OrderStatusChanged = DomainEvent<
  'OrderStatusChanged',
  { orderId: string; from: string; to: (typeof orderStatuses)[number]; notes: string; by: string; at: string }
>;

/** Where the buyer's details came from when they reached an order after it was placed. */
export type CustomerDetailsSource = 'shopper' | 'owner';

/**
 * Buyer's details an order was placed without, added later: by the shopper's own page (orders/save or the success
 * page arriving after the payment provider's report) or by the owner from the console, with a reason. Only the details
 * the order lacked are carried; what the payment provider verified is never replaced.
 */
export type OrderCustomerDetailsAdded = DomainEvent<
  'OrderCustomerDetailsAdded',
  {
    orderId: string;
    customerName?: string;
    customerEmail?: string;
    shippingAddress?: ShippingAddress;
    source: CustomerDetailsSource;
    /** why the owner added them; empty for the shopper's own page */
    reason: string;
    /** 'shopper' or the admin's username */
    by: string;
    at: string;
  }
>;

/**
 * The parcel an order left in: recorded beside the OrderStatusChanged to "shipped" that carried it. `trackingUrl` is
 * the carrier's public page as it was when shipped (what the customer's e-mail linked to), null without one.
 */
export type OrderShipmentRecorded = DomainEvent<
  'OrderShipmentRecorded',
  { orderId: string; carrier: Carrier; trackingNumber: string; trackingUrl: string | null; by: string; at: string }
>;

/** An internal note the owner kept on an order: never shown to the customer. */
export type OrderNoteAdded = DomainEvent<
  'OrderNoteAdded',
  { orderId: string; noteId: string; text: string; by: string; at: string }
>;

/**
 * Placing the order found something the owner must look at before shipping: a hosted payment page that offered both
 * shipping rates took the UK rate for an address abroad (or the other way round), a once-per-address discount code
 * was paid for by an address that had already used it (decision 092), or the amount paid is not what the checkout
 * priced (decision 102). The money is taken, so the order is placed and the owner decides (charge the difference,
 * refund, or ship anyway).
 */
export const orderFlags = ['shipping-rate-mismatch', 'discount-code-repeat', 'payment-mismatch'] as const;
export type OrderFlag = (typeof orderFlags)[number];
export type OrderFlagged = DomainEvent<
  'OrderFlagged',
  { orderId: string; flag: OrderFlag; message: string; at: string }
>;
/** How the console names each flag. */
export const orderFlagLabels: Record<OrderFlag, string> = {
  'shipping-rate-mismatch': 'shipping rate does not fit the address',
  'discount-code-repeat': 'discount code used before',
  'payment-mismatch': 'payment does not match',
};
/**
 * The owner looked at a flag and accepts the order as it stands (decision 102): a payment that does not match is kept
 * and the order shipped. Refunding it in full is the other answer, through the refunds the console already makes.
 */
export type OrderFlagCleared = DomainEvent<
  'OrderFlagCleared',
  { orderId: string; flag: OrderFlag; by: string; at: string }
>;

/**
 * The proof-of-posting reference of an export (a certificate of posting, a collection manifest): its proof of export
 * when the shipment's tracking number is not (decision 097). The first one recorded, or the shipment, proves it.
 */
export type ProofOfPostingRecorded = DomainEvent<
  'ProofOfPostingRecorded',
  { orderId: string; reference: string; by: string; at: string }
>;

export type OrderEvent =
  | OrderPlaced
  | OrderStatusChanged
  | OrderCustomerDetailsAdded
  | OrderShipmentRecorded
  | OrderNoteAdded
  | OrderFlagged
  | ProofOfPostingRecorded
  | OrderFlagCleared;

/** What checkout writes when it knows nothing about the buyer; such a value is a missing detail, not a detail. */
export const placeholderCustomerName = 'Website Customer';
export const placeholderShippingAddress = 'To be provided during checkout';

export type CustomerDetail = 'name' | 'email' | 'address';
export const customerDetails: readonly CustomerDetail[] = ['name', 'email', 'address'];

/** The buyer as an order carries them; the address as the event holds it or as display text. */
export type CustomerOnRecord = {
  customerName: string;
  customerEmail: string;
  shippingAddress: ShippingAddress | string;
};

/** The details an order still lacks: a placeholder name, no e-mail address, or no postal address. */
export function missingCustomerDetails(customer: CustomerOnRecord): CustomerDetail[] {
  // A forgotten person's details are erased, not missing: nothing is asked for again.
  if (isErasedValue(customer.customerName) || isErasedValue(customer.customerEmail)) return [];
  const missing: CustomerDetail[] = [];
  if (!customer.customerName.trim() || customer.customerName === placeholderCustomerName) missing.push('name');
  if (!customer.customerEmail.includes('@')) missing.push('email');
  if (
    typeof customer.shippingAddress === 'string' &&
    (!customer.shippingAddress.trim() || customer.shippingAddress === placeholderShippingAddress)
  )
    missing.push('address');
  return missing;
}

/** The details of `offered` that fill a gap in `customer`, as an OrderCustomerDetailsAdded payload carries them. */
export function detailsFillingGaps(
  customer: CustomerOnRecord,
  offered: {
    customerName?: string | undefined;
    customerEmail?: string | undefined;
    shippingAddress?: ShippingAddress | undefined;
  },
): Pick<OrderCustomerDetailsAdded['data'], 'customerName' | 'customerEmail' | 'shippingAddress'> {
  const missing = missingCustomerDetails(customer);
  const name = offered.customerName?.trim();
  const email = offered.customerEmail?.trim();
  return {
    ...(missing.includes('name') && name && name !== placeholderCustomerName ? { customerName: name } : {}),
    ...(missing.includes('email') && email && email.includes('@') ? { customerEmail: email } : {}),
    ...(missing.includes('address') && offered.shippingAddress?.line1.trim()
      ? { shippingAddress: offered.shippingAddress }
      : {}),
  };
}

/** The order as its stream now says: as placed, with every buyer's detail added since. Null before it is placed. */
export function orderOnRecord(events: readonly ShopEvent[]): OrderPlaced['data'] | null {
  let order: OrderPlaced['data'] | null = null;
  for (const event of events) {
    if (event.type === 'OrderPlaced') order = event.data;
    else if (event.type === 'OrderCustomerDetailsAdded' && order) order = withDetailsAdded(order, event.data);
  }
  return order;
}

export function withDetailsAdded<C extends CustomerOnRecord>(customer: C, added: OrderCustomerDetailsAdded['data']): C {
  return {
    ...customer,
    ...(added.customerName ? { customerName: added.customerName } : {}),
    ...(added.customerEmail ? { customerEmail: added.customerEmail } : {}),
    ...(added.shippingAddress ? { shippingAddress: added.shippingAddress } : {}),
  };
}
