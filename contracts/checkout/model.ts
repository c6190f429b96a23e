// Checkout: the request bodies of the payment calls, their answers, and the checkout and notification events.
import * as v from 'valibot';
import { fixedBookPricePence, quantity } from '../shared/constants.ts';
import { shopContent } from '../catalog/content.ts';
import type { OrderItem } from '../orders/model.ts';
import type { EmailKind } from '../orders/emails.ts';
import { OptionalDiscountCodeSchema } from '../discounts/model.ts';
import { GiftSchema } from './gift.ts';
import { normalisePostcode, postcodeMessage, postcodeProblem } from '../shared/postcode.ts';
import { ParcelsSchema } from '../preorders/parcels.ts';

/** The book the custom checkout and wallet pages sell: the first story book, at the fixed 999 pence. */
export const singleCheckoutBook = (() => {
  const book = shopContent.books.find((b) => b.kind === 'story') ?? shopContent.books[0]!;
  return { id: book.id, title: book.title, price: fixedBookPricePence };
})();

const text = (max: number, field: string) =>
  v.pipe(v.string(`${field} must be text`), v.trim(), v.maxLength(max, `${field} is too long`));
const required = (max: number, field: string) => v.pipe(text(max, field), v.minLength(1, `${field} is required`));
const pence = (field: string) =>
  v.pipe(
    v.number(`${field} must be a number`),
    v.integer(`${field} must be whole pence`),
    v.minValue(0, `${field} cannot be negative`),
  );
const lineQuantity = v.pipe(
  v.number('Quantity must be a number'),
  v.integer('Quantity must be a whole number'),
  v.minValue(quantity.min, `Quantity must be at least ${quantity.min}`),
  v.maxValue(quantity.max, `Quantity must be at most ${quantity.max}`),
);
/** Where the parcel goes: a two-letter country code; whether the shop delivers there is the delivery table's (decision 099). */
const destination = v.pipe(
  v.string('Choose where the parcel goes'),
  v.trim(),
  v.toUpperCase(),
  v.regex(/^[A-Z]{2}$/, 'Choose where the parcel goes'),
);

/** Amounts a browser sends alongside a request: read and ignored, since the server prices every payment. */
const ignoredAmount = v.optional(v.union([v.number(), v.string()]));

// POST /api/cart/checkout — prices come from the catalog, never from `title` or `price`.
export const CartCheckoutRequestSchema = v.object({
  items: v.pipe(
    v.array(
      v.object({
        bookId: v.pipe(
          v.number('bookId must be a number'),
          v.integer('bookId must be a whole number'),
          v.minValue(1, 'bookId must be positive'),
        ),
        quantity: lineQuantity,
        title: v.optional(text(200, 'title')),
        price: ignoredAmount,
      }),
      'items must be a list',
    ),
    v.minLength(1, 'Your cart is empty'),
    v.maxLength(20, 'Too many lines in one cart'),
  ),
  /** required by the route (a 400 without it): the spec's cart sends it always */
  customerCountry: v.optional(destination),
  /** a discount code the shopper typed (decision 075); blank is none */
  discountCode: OptionalDiscountCodeSchema,
  /** the shopper's e-mail when the cart knows it, for a code allowed once per address */
  customerEmail: v.optional(text(254, 'customerEmail')),
  /** "This is a gift": a message for the packing slip, and optionally someone else the parcel goes to (decision 110) */
  gift: v.optional(GiftSchema),
  /** a basket of pre-orders and books in stock: one parcel on publication, or two (decision 131) */
  parcels: ParcelsSchema,
});
export type CartCheckoutRequest = v.InferOutput<typeof CartCheckoutRequestSchema>;
export type CheckoutUrlResponse = { success: true; url: string; sessionId: string };

// POST /api/create-checkout-session — the direct purchase; items named by title.
export const CreateCheckoutSessionRequestSchema = v.object({
  items: v.pipe(
    v.array(
      v.object({
        title: required(200, 'Item title'),
        description: v.optional(text(500, 'Item description')),
        price: ignoredAmount,
        quantity: v.optional(lineQuantity, 1),
      }),
      'items must be a list',
    ),
    v.minLength(1, 'Choose something to buy'),
    v.maxLength(10, 'Too many items in one purchase'),
  ),
  // Passed on as given; the gateway gets the e-mail only when it is one.
  customerEmail: v.optional(text(254, 'customerEmail')),
  customerName: v.optional(text(200, 'customerName')),
  /** where the shipping form said it goes: required by the route, as every checkout names its destination (decision 099) */
  customerCountry: v.optional(destination),
  discountCode: OptionalDiscountCodeSchema,
  /** "This is a gift": a message for the packing slip, and optionally someone else the parcel goes to (decision 110) */
  gift: v.optional(GiftSchema),
  /** a basket of pre-orders and books in stock: one parcel on publication, or two (decision 131) */
  parcels: ParcelsSchema,
});
export type CreateCheckoutSessionRequest = v.InferOutput<typeof CreateCheckoutSessionRequestSchema>;

// POST /api/create-payment-intent — two shapes: the custom card form, and the wallet page (amount only).
export const CardShippingSchema = v.object({
  name: required(200, 'Name'),
  address: v.pipe(
    v.object({
      line1: required(200, 'Address line 1'),
      line2: v.optional(text(200, 'Address line 2')),
      city: required(100, 'City'),
      postal_code: required(20, 'Postcode'),
      country: destination,
    }),
    // A UK address needs a UK postcode (decision 089), kept as the Royal Mail writes it.
    v.forward(
      v.check((a) => postcodeProblem(a.country, a.postal_code) === null, postcodeMessage),
      ['postal_code'],
    ),
    v.transform((a) => ({ ...a, postal_code: normalisePostcode(a.country, a.postal_code) })),
  ),
});
export type CardShipping = v.InferOutput<typeof CardShippingSchema>;

export const CardPaymentIntentRequestSchema = v.object({
  name: required(200, 'Name'),
  email: v.pipe(
    v.string('Email is required'),
    v.trim(),
    v.email('Please enter a valid email address'),
    v.maxLength(254, 'Email is too long'),
  ),
  shipping: CardShippingSchema,
  bookTitle: v.optional(text(200, 'bookTitle')),
  totalAmount: ignoredAmount,
  bookPrice: ignoredAmount,
  shippingCost: ignoredAmount,
  discountCode: OptionalDiscountCodeSchema,
  /** "This is a gift": a message for the packing slip, and optionally someone else the parcel goes to */
  gift: v.optional(GiftSchema),
  /** one book is never a mixed basket: "two" is refused (decision 131) */
  parcels: ParcelsSchema,
});
export type CardPaymentIntentRequest = v.InferOutput<typeof CardPaymentIntentRequestSchema>;

export const WalletPaymentIntentRequestSchema = v.object({
  /** pence the wallet sheet showed; it must equal one of the server's totals, else nothing is charged */
  amount: pence('amount'),
  shippingOptionId: v.optional(v.pipe(v.string('Unknown shipping option'), v.maxLength(40, 'Unknown shipping option'))),
  /** the country of the address the wallet sheet gave; a rate that does not fit it is refused, nothing charged */
  country: v.optional(
    v.pipe(
      v.string('country must be a two-letter country code'),
      v.trim(),
      v.toUpperCase(),
      v.regex(/^[A-Z]{2}$/, 'country must be a two-letter country code'),
    ),
  ),
  /** the code the wallet page's total was checked with; the amount must be the total after it */
  discountCode: OptionalDiscountCodeSchema,
  /**
   * "This is a gift": a message for the packing slip, and optionally someone else the parcel goes to; with a recipient
   * the rate is their country's, and the sheet's address is the payer's own (decision 110)
   */
  gift: v.optional(GiftSchema),
  /**
   * the payer's e-mail and name as the wallet sheet gave them: the checkout's start records them, so the order has them
   * whichever report comes first, without Stripe's `receipt_email` (decision 105)
   */
  email: v.optional(
    v.pipe(
      v.string('email must be text'),
      v.trim(),
      v.email('Please enter a valid email address'),
      v.maxLength(254, 'Email is too long'),
    ),
  ),
  name: v.optional(v.pipe(v.string('name must be text'), v.trim(), v.maxLength(200, 'Name is too long'))),
  /** one book is never a mixed basket: "two" is refused (decision 131) */
  parcels: ParcelsSchema,
});
export type WalletPaymentIntentRequest = v.InferOutput<typeof WalletPaymentIntentRequestSchema>;
export type PaymentIntentResponse = { clientSecret: string; paymentIntentId: string; amount: number };

// POST /api/orders/save — after the card payment; the payment is verified with the gateway before anything is saved.
export const SaveOrderRequestSchema = v.object({
  paymentIntentId: v.pipe(
    v.string('paymentIntentId is required'),
    v.regex(/^pi_[A-Za-z0-9_]{4,250}$/, 'paymentIntentId is not a payment intent id'),
  ),
  name: v.optional(text(200, 'name')),
  email: v.optional(text(254, 'email')),
  shipping: v.optional(CardShippingSchema),
  status: v.optional(v.literal('completed', 'An order saved after a card payment is completed')),
  amount: ignoredAmount,
  bookTitle: v.optional(text(200, 'bookTitle')),
  bookPrice: ignoredAmount,
  shippingCost: ignoredAmount,
});
export type SaveOrderRequest = v.InferOutput<typeof SaveOrderRequestSchema>;
/**
 * What the success screens show of the order a payment placed (decision 089): answered only to whoever sends the
 * payment's own id (a checkout session's or a payment intent's, unguessable), as the answer to placing it.
 */
export type OrderSummary = {
  orderNumber: string;
  placedAt: string;
  items: { name: string; quantity: number; price: number }[];
  shippingCost: number;
  total: number;
  /**
   * the delivery address a line each: the name first, the country by its name last; for a gift sent to someone else,
   * the recipient's (decision 110), never the buyer's own
   */
  shippingAddress: string[];
  /** "This is a gift": its message, and whom it is for when it goes to someone else */
  gift?: { message: string; recipientName?: string };
  /** the shopper's own order page, `/order/<signed token>` */
  orderPath: string;
};
/**
 * `processing`: paid with a method that settles later, answered 202: no order yet (so no `order`), the number it will
 * have; the shopper is e-mailed when it completes (decision 105).
 */
export type OrderNumberResponse = { success: true; orderNumber: string; order?: OrderSummary; processing?: true };

// POST /api/checkout/confirm — the success page asks for its order once it is back from the payment page.
export const ConfirmCheckoutRequestSchema = v.object({
  sessionId: v.pipe(
    v.string('sessionId is required'),
    v.regex(/^cs_[A-Za-z0-9_]{4,250}$/, 'sessionId is not a checkout session id'),
  ),
});

// POST /api/checkout/cancel — the cancelled page, back from the payment page without paying.
export const CancelCheckoutRequestSchema = v.object({
  checkoutId: v.pipe(v.string('checkoutId is required'), v.uuid('checkoutId is not a checkout id')),
});
export type CancelCheckoutResponse = { success: true; items: OrderItem[] };

// POST /api/direct-notify — the owner hears of a direct purchase before the shopper pays.
export const directNotifyDefaults = {
  customerName: 'Website Customer',
  customerEmail: 'customer@example.com',
  shippingAddress: 'To be provided during checkout',
  paymentMethod: 'Stripe',
} as const;

export const DirectNotifyRequestSchema = v.object({
  customerName: v.optional(text(200, 'customerName'), directNotifyDefaults.customerName),
  customerEmail: v.optional(text(254, 'customerEmail'), directNotifyDefaults.customerEmail),
  shippingAddress: v.optional(text(500, 'shippingAddress'), directNotifyDefaults.shippingAddress),
  items: v.pipe(
    v.array(
      v.object({ name: required(200, 'Item name'), quantity: lineQuantity, price: pence('Item price') }),
      'items must be a list',
    ),
    v.minLength(1, 'items must name at least one product'),
    v.maxLength(10, 'Too many items'),
  ),
  totalAmount: pence('totalAmount'),
  shippingCost: v.optional(pence('shippingCost'), 0),
  paymentMethod: v.optional(text(50, 'paymentMethod'), directNotifyDefaults.paymentMethod),
});
export type DirectNotifyRequest = v.InferOutput<typeof DirectNotifyRequestSchema>;

// GET /api/payments/config — which payment provider the browser talks to.
export type PaymentProvider = 'stripe' | 'sandbox';
export type PaymentsConfigResponse = { provider: PaymentProvider; publishableKey: string | null; testMode: boolean };
export const providerNames: Record<PaymentProvider, string> = {
  stripe: 'Stripe',
  sandbox: 'the Amanah House test sandbox',
};
export { testModeNotice } from '../shared/testMode.ts';

// Events of `checkout-<id>`: one checkout from the moment the server prices it until it is paid or abandoned.
export type CheckoutChannel = 'cart' | 'direct' | 'card' | 'wallet';

// Events of `notification-<id>`: what the owner was told and which e-mails left the shop.
/** A book of the catalogue a purchase notice names, with the shop's title and price (pence). */
export type CatalogNoticeItem = { bookId: number; name: string; price: number };
/** E-mails about money after an order was placed: a refund to the buyer, a dispute to the owner (EmailSent version 2). */
export type PaymentEmailKind = 'refund-confirmation' | 'dispute-to-owner';
/**
 * E-mails about messages and consents (EmailSent version 3, decisions 090 and 091), and the acknowledgement of a new
 * back-in-stock request with its withdraw link (version 5).
 */
export type ContactEmailKind =
  | 'message-to-owner'
  | 'message-reply'
  | 'newsletter-welcome'
  | 'back-in-stock'
  | 'restock-requested'
  /** the owner's one notice of an hour's messages kept in the inbox past the cap, not e-mailed (version 6) */
  | 'messages-held';
/**
 * The shopper's order page e-mails (EmailSent version 4, decision 086), and the owner's notice of each new request to
 * cancel or return (version 5).
 */
export type OrderPageEmailKind =
  | 'order-link'
  | 'cancellation-requested'
  | 'return-requested'
  | 'request-accepted'
  | 'request-declined'
  | 'request-to-owner';
/**
 * A payment that does not match its checkout (EmailSent version 6, decision 102): the owner is told once, and the shopper
 * that the shop will be in touch, in place of the order's usual notice and confirmation.
 */
export type PaymentCheckEmailKind = 'payment-mismatch-to-owner' | 'payment-mismatch-to-shopper';
/** The gift note to a gift's recipient, without prices, when the buyer asked for one (EmailSent version 7, decision 110). */
export type GiftEmailKind = 'gift-note';
/**
 * A payment that settles later: the shopper told once it is processing (decision 105); one that came after its
 * checkout ended, for books no longer in stock: the shopper told it is refused and refunded (decision 106). EmailSent
 * version 8.
 */
export type LatePaymentEmailKind = 'payment-processing' | 'late-payment-refunded';
/**
 * A coming title's publication date moved: each waiting pre-order is told the new date once, with a one-click cancel
 * for a full refund (EmailSent version 9, decision 132).
 */
export type PreOrderEmailKind = 'preorder-date-changed';
export type SentEmailKind =
  | EmailKind
  | PaymentEmailKind
  | ContactEmailKind
  | OrderPageEmailKind
  | PaymentCheckEmailKind
  | GiftEmailKind
  | LatePaymentEmailKind
  | PreOrderEmailKind;

// The shipping form of the shipping and payment dialog: checked in the browser before the payment step.
export const ShippingFormSchema = v.pipe(
  v.object({
    name: v.pipe(v.string(), v.trim(), v.minLength(2, 'Name must be at least 2 characters')),
    email: v.pipe(v.string(), v.trim(), v.email('Please enter a valid email address')),
    address: v.pipe(v.string(), v.trim(), v.minLength(5, 'Address must be at least 5 characters')),
    city: v.pipe(v.string(), v.trim(), v.minLength(2, 'City must be at least 2 characters')),
    country: v.pipe(v.string(), v.minLength(2, 'Please select your country')),
    postcode: v.pipe(v.string(), v.trim(), v.minLength(5, 'Please enter a valid postcode')),
    phone: v.optional(v.pipe(v.string(), v.trim())),
    // The same limit the checkout applies: a quantity the form accepts is one the payment page can be made for.
    quantity: v.pipe(
      v.number('Quantity must be a number'),
      v.integer('Quantity must be a whole number'),
      v.minValue(quantity.min, `Quantity must be at least ${quantity.min}`),
      v.maxValue(quantity.max, `Quantity must be at most ${quantity.max}`),
    ),
  }),
  // The country is chosen by name here; a UK one needs a UK postcode (decision 089).
  v.forward(
    v.check((f) => postcodeProblem(f.country, f.postcode) === null, postcodeMessage),
    ['postcode'],
  ),
  v.transform((f) => ({ ...f, postcode: normalisePostcode(f.country, f.postcode) })),
);
export type ShippingForm = v.InferOutput<typeof ShippingFormSchema>;
