// The checkout's events, declared once: a checkout from the moment the server prices it until it is paid or abandoned
// (stream checkout-<id>), what the owner was told and which e-mails left the shop (stream notification-<id>), a payment
// that could not simply become an order (stream payment-<reference>) and the delivery rates (stream shipping-rates),
// with the types derived from their schemas.
import * as v from 'valibot';
import { at, causes, defineEvents, text, whole, type EventsOf } from '../shared/eventDefinitions.ts';
import { OrderGiftSchema, OrderParcelsSchema, PreOrderLineSchema } from '../orders/events.ts';
import { OrderDiscountSchema, OrderItemSchema, ShippingAddressSchema } from '../orders/model.ts';
import { zoneIds } from './shippingRates.ts';

const { owner, shopper, webhook } = causes;
const pence = whole;

const ShippingOptionSchema = v.object({ id: text, label: text, detail: text, amount: pence });
export const CheckoutStartedV1 = v.object({
  checkoutId: text,
  channel: v.picklist(['cart', 'direct', 'card', 'wallet']),
  provider: v.picklist(['stripe', 'sandbox']),
  /** the gateway's checkout session or payment intent id */
  paymentReference: text,
  items: v.array(OrderItemSchema),
  /** the items' charged amounts added up: after any discounts */
  subtotal: pence,
  /** optional: absent on every checkout before decision 072 and on one without a saving */
  discounts: v.optional(v.array(OrderDiscountSchema)),
  /** the options the payment page may charge; a payment intent has exactly one */
  shippingOptions: v.array(ShippingOptionSchema),
  currency: v.literal('gbp'),
  customerName: v.optional(text),
  customerEmail: v.optional(text),
  shippingAddress: v.optional(ShippingAddressSchema),
  /** "This is a gift" (decision 085); absent on every other checkout */
  gift: v.optional(OrderGiftSchema),
  startedAt: at,
});
/** CheckoutStarted version 2 (decision 131): its pre-ordered lines and, for a mixed basket, one parcel or two. */
export const CheckoutStartedV2 = v.object({
  ...CheckoutStartedV1.entries,
  /** the lines that are pre-orders of coming books, with the date each is published */
  preOrders: v.optional(v.array(PreOrderLineSchema)),
  /** a basket of pre-orders and books on the shelf: one parcel or two, as the shopper chose */
  parcels: v.optional(OrderParcelsSchema),
});
/** A version-1 checkout was started before pre-orders were recorded on it: it holds none. */
export const upcastCheckoutStartedV1 = (
  old: v.InferOutput<typeof CheckoutStartedV1>,
): v.InferOutput<typeof CheckoutStartedV2> => old;
export const CheckoutCompletedV1 = v.object({
  checkoutId: text,
  paymentReference: text,
  orderId: text,
  orderNumber: text,
  amountPaid: pence,
  shippingCost: pence,
  completedAt: at,
});
export const CheckoutCancelledV1 = v.object({ checkoutId: text, paymentReference: text, cancelledAt: at });
/**
 * The payment of a checkout failed at the provider after the shopper left its page (a bank transfer or a wallet that
 * settles later, or a card the bank turned down on the intent): the checkout is released, as a cancelled one is. A
 * later payment of the same checkout still completes it.
 */
export const CheckoutPaymentFailedV1 = v.object({
  checkoutId: text,
  /** the checkout's own payment reference */
  paymentReference: text,
  /** the reference the provider reported the failure on: the session, or the payment intent behind it */
  failedReference: text,
  /** the provider's words, or the event's type when it gave none */
  reason: text,
  failedAt: at,
});
/**
 * The checkout was paid with a method that settles later (a bank debit, pay by bank; Stripe's
 * `payment_intent.processing`, or a Checkout completed unpaid): no order until it succeeds, its copies held until
 * `heldUntil` meanwhile, and the shopper told once that the payment is processing (decision 105).
 */
export const CheckoutPaymentProcessingV1 = v.object({
  checkoutId: text,
  /** the checkout's own payment reference */
  paymentReference: text,
  /** the reference the provider reported it on: the session, or the payment intent behind it */
  processingReference: text,
  /** ISO-8601: until when its copies are held while it settles */
  heldUntil: at,
  at,
});

export const checkoutEvents = defineEvents([
  {
    type: 'CheckoutStarted',
    stream: 'checkout',
    causedBy: shopper,
    description:
      'The server priced a checkout and opened a payment for it; from version 2, with the lines that are pre-orders (and their publication dates) and, for a basket of pre-orders and books on the shelf, one parcel or two as the shopper chose.',
    versions: [{ schema: CheckoutStartedV1 }, { schema: CheckoutStartedV2, upcast: upcastCheckoutStartedV1 }],
  },
  {
    type: 'CheckoutCompleted',
    stream: 'checkout',
    causedBy: webhook,
    description: 'A checkout was paid and became an order.',
    versions: [{ schema: CheckoutCompletedV1 }],
  },
  {
    type: 'CheckoutCancelled',
    stream: 'checkout',
    causedBy: shopper,
    description: 'The shopper came back from the payment page without paying.',
    versions: [{ schema: CheckoutCancelledV1 }],
  },
  {
    type: 'CheckoutPaymentFailed',
    stream: 'checkout',
    causedBy: 'the payment provider (`webhook:stripe`, `webhook:sandbox`)',
    description:
      "A checkout's payment failed at the provider after the shopper left its page; the checkout is released (a later payment still completes it).",
    versions: [{ schema: CheckoutPaymentFailedV1 }],
  },
  {
    type: 'CheckoutPaymentProcessing',
    stream: 'checkout',
    causedBy:
      'the payment provider (`webhook:stripe`, `webhook:sandbox`), or the success page that found it processing (`shopper`)',
    description:
      'A checkout was paid with a method that settles later: no order until it succeeds, its copies held until `heldUntil`, the shopper told once that the payment is processing.',
    versions: [{ schema: CheckoutPaymentProcessingV1 }],
  },
]);

export type CheckoutEvent = EventsOf<typeof checkoutEvents>;
export type CheckoutStarted = Extract<CheckoutEvent, { type: 'CheckoutStarted' }>;
export type CheckoutCompleted = Extract<CheckoutEvent, { type: 'CheckoutCompleted' }>;
export type CheckoutCancelled = Extract<CheckoutEvent, { type: 'CheckoutCancelled' }>;
export type CheckoutPaymentFailed = Extract<CheckoutEvent, { type: 'CheckoutPaymentFailed' }>;
export type CheckoutPaymentProcessing = Extract<CheckoutEvent, { type: 'CheckoutPaymentProcessing' }>;

export const PurchaseNotifiedV1 = v.object({
  notificationId: text,
  customerName: text,
  customerEmail: text,
  shippingAddress: text,
  items: v.array(v.object({ name: text, quantity: v.number(), price: v.number() })),
  totalAmount: pence,
  shippingCost: pence,
  paymentMethod: text,
  notifiedAt: at,
});
const emailKind = v.picklist(['purchase-notice', 'order-to-owner', 'order-confirmation']);
export const EmailSentV1 = v.object({
  notificationId: text,
  kind: emailKind,
  to: text,
  subject: text,
  messageId: text,
  transport: v.picklist(['outbox', 'smtp']),
  sentAt: at,
});
/** An e-mail the shop decided not to send (the owner's hourly cap on purchase notices), so it is never owed again. */
export const EmailWithheldV1 = v.object({ notificationId: text, kind: emailKind, reason: text, at });
/** EmailSent version 2: the customer's "on its way" e-mail and the e-mails about money after placing (a refund to the buyer, a dispute to the owner) join the kinds. */
export const EmailSentV2 = v.object({
  ...EmailSentV1.entries,
  kind: v.picklist([
    'purchase-notice',
    'order-to-owner',
    'order-confirmation',
    'order-shipped',
    'refund-confirmation',
    'dispute-to-owner',
  ]),
});
/** Every version-1 e-mail is a version-2 e-mail as it stands: the kinds only grew. */
export const upcastEmailSentV1 = (old: v.InferOutput<typeof EmailSentV1>): v.InferOutput<typeof EmailSentV2> => old;
/**
 * EmailSent version 3: a contact message to the owner, the owner's reply to its sender, the newsletter's welcome with
 * its unsubscribe link, and the one e-mail that a waited-for book is back (decisions 090, 091) join the kinds.
 */
export const EmailSentV3 = v.object({
  ...EmailSentV2.entries,
  kind: v.picklist([
    ...EmailSentV2.entries.kind.options,
    'message-to-owner',
    'message-reply',
    'newsletter-welcome',
    'back-in-stock',
  ]),
});
/** Every version-2 e-mail is a version-3 e-mail as it stands: the kinds only grew. */
export const upcastEmailSentV2 = (old: v.InferOutput<typeof EmailSentV2>): v.InferOutput<typeof EmailSentV3> => old;
/**
 * EmailSent version 4: the shopper's order page e-mails (decision 086): a fresh link to the page, and each step of a
 * request to cancel or return (asked, accepted, declined).
 */
export const EmailSentV4 = v.object({
  ...EmailSentV3.entries,
  kind: v.picklist([
    ...EmailSentV3.entries.kind.options,
    'order-link',
    'cancellation-requested',
    'return-requested',
    'request-accepted',
    'request-declined',
  ]),
});
/** Every version-3 e-mail is a version-4 e-mail as it stands: the kinds only grew. */
export const upcastEmailSentV3 = (old: v.InferOutput<typeof EmailSentV3>): v.InferOutput<typeof EmailSentV4> => old;
/**
 * EmailSent version 5: the owner's notice of a shopper's new request to cancel or return, asked on the order page
 * (decision 086), and the acknowledgement of a new back-in-stock request, with the link that withdraws it (decision
 * 091), join the kinds.
 */
export const EmailSentV5 = v.object({
  ...EmailSentV4.entries,
  kind: v.picklist([...EmailSentV4.entries.kind.options, 'request-to-owner', 'restock-requested']),
});
/** Every version-4 e-mail is a version-5 e-mail as it stands: the kinds only grew. */
export const upcastEmailSentV4 = (old: v.InferOutput<typeof EmailSentV4>): v.InferOutput<typeof EmailSentV5> => old;
/**
 * EmailSent version 6: the owner's one notice of the contact messages of an hour that were kept in the inbox and not
 * e-mailed, past the shop-wide cap (decision 095), joins the kinds; and a payment that does not match its checkout tells
 * the owner, and the shopper that the shop will be in touch (decision 102).
 */
export const EmailSentV6 = v.object({
  ...EmailSentV5.entries,
  kind: v.picklist([
    ...EmailSentV5.entries.kind.options,
    'messages-held',
    'payment-mismatch-to-owner',
    'payment-mismatch-to-shopper',
  ]),
});
/** Every version-5 e-mail is a version-6 e-mail as it stands: the kinds only grew. */
export const upcastEmailSentV5 = (old: v.InferOutput<typeof EmailSentV5>): v.InferOutput<typeof EmailSentV6> => old;
/** EmailSent version 7: the gift note to a gift's recipient, when the buyer asked for it (decision 110). */
export const EmailSentV7 = v.object({
  ...EmailSentV6.entries,
  kind: v.picklist([...EmailSentV6.entries.kind.options, 'gift-note']),
});
/** Every version-6 e-mail is a version-7 e-mail as it stands: the kinds only grew. */
export const upcastEmailSentV6 = (old: v.InferOutput<typeof EmailSentV6>): v.InferOutput<typeof EmailSentV7> => old;
/**
 * EmailSent version 8: the shopper told once that a payment which settles later is processing (decision 105), and that
 * a payment which came after its checkout ended, for books no longer in stock, was refused and refunded (decision 106).
 */
export const EmailSentV8 = v.object({
  ...EmailSentV7.entries,
  kind: v.picklist([...EmailSentV7.entries.kind.options, 'payment-processing', 'late-payment-refunded']),
});
/** Every version-7 e-mail is a version-8 e-mail as it stands: the kinds only grew. */
export const upcastEmailSentV7 = (old: v.InferOutput<typeof EmailSentV7>): v.InferOutput<typeof EmailSentV8> => old;
/**
 * EmailSent version 9: a waiting pre-order told once that its title's publication date moved, with the new date and a
 * one-click cancel for a full refund (decision 132).
 */
export const EmailSentV9 = v.object({
  ...EmailSentV8.entries,
  kind: v.picklist([...EmailSentV8.entries.kind.options, 'preorder-date-changed']),
});
/** Every version-8 e-mail is a version-9 e-mail as it stands: the kinds only grew. */
export const upcastEmailSentV8 = (old: v.InferOutput<typeof EmailSentV8>): v.InferOutput<typeof EmailSentV9> => old;
/**
 * PurchaseNotified version 2: the books of the shop's own catalogue the notice names, at the shop's price, as the server
 * found them when it recorded the notice. The owner's e-mail is built from these, never from the shopper's words.
 */
export const PurchaseNotifiedV2 = v.object({
  ...PurchaseNotifiedV1.entries,
  /**
   * The catalogue's books the notice names, at the shop's price, as the server found them (version 2); null in a
   * notice recorded before the shop checked them. Everything else above is the shopper's page's own words, unchecked.
   */
  catalogItems: v.nullable(v.array(v.object({ bookId: v.pipe(v.number(), v.integer()), name: text, price: pence }))),
});
/** A version-1 notice was never checked against the catalogue: null says so (its e-mail went out when it was recorded). */
export const upcastPurchaseNotifiedV1 = (
  old: v.InferOutput<typeof PurchaseNotifiedV1>,
): v.InferOutput<typeof PurchaseNotifiedV2> => ({ ...old, catalogItems: null });

export const notificationEvents = defineEvents([
  {
    type: 'PurchaseNotified',
    stream: 'notification',
    causedBy: shopper,
    description: 'The owner was told of a direct purchase before it was paid.',
    versions: [{ schema: PurchaseNotifiedV1 }, { schema: PurchaseNotifiedV2, upcast: upcastPurchaseNotifiedV1 }],
  },
  {
    type: 'EmailSent',
    stream: 'notification',
    causedBy:
      'the e-mail reactor (`system:reactor`); in logs written before it, the request that led to it (`shopper`, `webhook:stripe`, `webhook:sandbox`)',
    description: 'An e-mail left the shop (outbox file or SMTP).',
    versions: [
      { schema: EmailSentV1 },
      { schema: EmailSentV2, upcast: upcastEmailSentV1 },
      { schema: EmailSentV3, upcast: upcastEmailSentV2 },
      { schema: EmailSentV4, upcast: upcastEmailSentV3 },
      { schema: EmailSentV5, upcast: upcastEmailSentV4 },
      { schema: EmailSentV6, upcast: upcastEmailSentV5 },
      { schema: EmailSentV7, upcast: upcastEmailSentV6 },
      { schema: EmailSentV8, upcast: upcastEmailSentV7 },
      { schema: EmailSentV9, upcast: upcastEmailSentV8 },
    ],
  },
  {
    type: 'EmailWithheld',
    stream: 'notification',
    causedBy: shopper,
    description:
      "An e-mail the shop decided not to send (the owner's hourly cap on purchase notices), so it is never owed again.",
    versions: [{ schema: EmailWithheldV1 }],
  },
]);

export type NotificationEvent = EventsOf<typeof notificationEvents>;
export type PurchaseNotified = Extract<NotificationEvent, { type: 'PurchaseNotified' }>;
export type EmailSent = Extract<NotificationEvent, { type: 'EmailSent' }>;
export type EmailWithheld = Extract<NotificationEvent, { type: 'EmailWithheld' }>;

/**
 * A payment that arrived for a checkout that had ended (cancelled, its payment failed, or past its hold) when the shelf
 * could no longer serve it (decision 106): no order is placed; the reactor pays it back in full under `refundId` and
 * tells the shopper. Recorded once on the payment's own stream, `payment-<reference>`; nothing personal.
 */
export const LatePaymentRefusedV1 = v.object({
  reference: text,
  checkoutId: text,
  /** what was paid, pence */
  amount: pence,
  currency: text,
  /** the shop's id for the refund it owes: the provider's idempotency key and the refund's metadata derive from it */
  refundId: text,
  /** the lines the shelf could not serve when the payment arrived */
  short: v.array(
    v.object({
      bookId: v.pipe(v.number(), v.integer()),
      title: text,
      quantity: v.pipe(v.number(), v.integer()),
      available: v.pipe(v.number(), v.integer()),
    }),
  ),
  at,
});
/** The provider paid a refused late payment back (decision 106): recorded once, after the refund call answered. */
export const LatePaymentRefundedV1 = v.object({
  reference: text,
  refundId: text,
  gatewayRefundId: text,
  amount: pence,
  status: text,
  at,
});
/**
 * A payment the gateway confirms, for a checkout of this shop, that cannot be an order as it stands (paid in another
 * currency than the checkout's): recorded on the payment's own stream, `payment-<reference>`, so the owner sees it and
 * is e-mailed once, and the shopper is told the shop will be in touch (decision 102). Nothing personal: the gateway
 * keeps the payer's details.
 */
export const PaymentUnmatchedV1 = v.object({
  /** the gateway's id for the payment: a checkout session or a payment intent */
  reference: text,
  checkoutId: text,
  /** what was paid, in the minor unit of `currency` */
  amount: pence,
  currency: text,
  /** what the checkout priced */
  expectedAmount: pence,
  expectedCurrency: text,
  reason: text,
  at,
});

export const paymentCheckEvents = defineEvents([
  {
    type: 'PaymentUnmatched',
    stream: 'payment',
    causedBy: webhook,
    description:
      "A payment the provider confirms for one of the shop's checkouts that cannot be an order as it stands (paid in another currency): recorded once on the payment's own stream, the owner e-mailed, the shopper told the shop will be in touch (decision 102).",
    versions: [{ schema: PaymentUnmatchedV1 }],
  },
  {
    type: 'LatePaymentRefused',
    stream: 'payment',
    causedBy: webhook,
    description:
      'A payment that arrived after its checkout ended (cancelled, failed, or past its hold) when the shelf could no longer serve it: no order; the reactor refunds it in full and tells the shopper (decision 106).',
    versions: [{ schema: LatePaymentRefusedV1 }],
  },
  {
    type: 'LatePaymentRefunded',
    stream: 'payment',
    causedBy: 'the payment reactor (`system:reactor`)',
    description: 'The provider paid a refused late payment back in full (decision 106).',
    versions: [{ schema: LatePaymentRefundedV1 }],
  },
]);

export type PaymentCheckEvent = EventsOf<typeof paymentCheckEvents>;
export type PaymentUnmatched = Extract<PaymentCheckEvent, { type: 'PaymentUnmatched' }>;
export type LatePaymentRefused = Extract<PaymentCheckEvent, { type: 'LatePaymentRefused' }>;
export type LatePaymentRefunded = Extract<PaymentCheckEvent, { type: 'LatePaymentRefunded' }>;

const ratePence = v.pipe(v.number(), v.integer(), v.minValue(0));
export const ShippingRatesChangedV1 = v.object({
  zones: v.array(
    v.object({
      id: v.picklist(zoneIds),
      countries: v.array(v.string()),
      bands: v.array(
        v.object({
          fromItems: v.pipe(v.number(), v.integer()),
          toItems: v.nullable(v.pipe(v.number(), v.integer())),
          pence: ratePence,
        }),
      ),
      freeOverPence: v.nullable(ratePence),
    }),
  ),
  from: at,
  reason: v.string(),
  by: text,
  at,
});

export const shippingRatesEvents = defineEvents([
  {
    type: 'ShippingRatesChanged',
    stream: 'shipping',
    causedBy: owner,
    description:
      'The owner set the delivery zones (the countries of the United Kingdom, Europe and the rest of the world zones) and their rates by number of items, with free delivery over an amount if any, from an instant on, and why; checkouts started before it keep the rate they were offered.',
    versions: [{ schema: ShippingRatesChangedV1 }],
  },
]);

export type ShippingRatesEvent = EventsOf<typeof shippingRatesEvents>;
export type ShippingRatesChanged = Extract<ShippingRatesEvent, { type: 'ShippingRatesChanged' }>;
