// Order events, shared by checkout (which places orders) and the owner's console (which runs them).
import * as v from 'valibot';
import { isErasedValue } from '../personalData.ts';
import type { ShopEvent } from '../eventCatalog.ts';
import { bundleSavingLabel } from '../catalog/bundle.ts';
import type { OrderPlaced, OrderCustomerDetailsAdded } from './events.ts';

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

/** Where the buyer's details came from when they reached an order after it was placed. */
export type CustomerDetailsSource = 'shopper' | 'owner';

/**
 * Placing the order found something the owner must look at before shipping: a hosted payment page that offered both
 * shipping rates took the UK rate for an address abroad (or the other way round), a once-per-address discount code
 * was paid for by an address that had already used it (decision 092), or the amount paid is not what the checkout
 * priced (decision 102). The money is taken, so the order is placed and the owner decides (charge the difference,
 * refund, or ship anyway).
 */
export const orderFlags = ['shipping-rate-mismatch', 'discount-code-repeat', 'payment-mismatch'] as const;
export type OrderFlag = (typeof orderFlags)[number];
/** How the console names each flag. */
export const orderFlagLabels: Record<OrderFlag, string> = {
  'shipping-rate-mismatch': 'shipping rate does not fit the address',
  'discount-code-repeat': 'discount code used before',
  'payment-mismatch': 'payment does not match',
};

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
