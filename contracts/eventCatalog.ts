// Every event type the log may hold: its stream, who causes it, and a valibot schema for each version of its payload,
// with the upcasters that carry an older payload to the newest shape. Readers only ever see the newest shape.
//
// A new event type is one entry in `shopEvents`. A changed event keeps its old schemas and gets one more version:
//   versions: [{ schema: V1 }, { schema: V2, upcast: (old: V1) => V2 }]
// and a golden log of its own (docs/events.md says how).
import * as v from 'valibot';
import { accountRoles } from './admin/model.ts';
import {
  sessionEvents,
  accountEvents,
  downloadGrantEvents,
  type AccountCreated,
  type AccountDisabled,
  type AccountEnabled,
  type AccountPasswordReset,
  type AccountRoleChanged,
  type AccountSignInRefused,
  type AccountRecoveryCodeUsed,
  type AccountTwoStepCodeUsed,
  type AccountTwoStepDisabled,
  type AccountTwoStepEnabled,
  type AccountTwoStepFailed,
  type AdminLoggedIn,
  type AdminLoggedOut,
  type AdminLoginFailed,
  type AdminSessionsRevoked,
  type PersonalDataDownloadGranted,
  type PersonalDataDownloadRevoked,
} from './admin/events.ts';
import { auditEvents, type LogMigrated, type PersonalDataRead, type ReadModelsVerified } from './audit/events.ts';
import {
  paymentsEvents,
  type PaymentFeeRecorded,
  type PayoutPaid,
  type PayoutTransactionsListed,
} from './ledger/events.ts';
import { BookFieldsSchema } from './catalog/model.ts';
import { bookEvents, imageEvents, productEvents } from './catalog/events.ts';
import { discountEvents } from './discounts/events.ts';
import { messageEvents, messageMailEvents, newsletterEvents, restockEvents } from './messages/events.ts';
import type { BookListed, BookUpdated } from './catalog/events.ts';
import type { ImageUploaded } from './catalog/events.ts';
import {
  ProductAddedV1,
  ProductCustomsChangedV1,
  ProductEditedV1,
  ProductHiddenV1,
  ProductPriceChangedV1,
  ProductPublishedV1,
  ProductReorderedV1,
  type ProductAdded,
  type ProductCustomsChanged,
  type ProductEdited,
  type ProductEvent,
  type ProductHidden,
  type ProductPriceChanged,
  type ProductPublished,
  type ProductReordered,
} from './catalog/product.ts';
import type {
  CheckoutCancelled,
  CheckoutCompleted,
  CheckoutPaymentFailed,
  CheckoutPaymentProcessing,
  CheckoutStarted,
  EmailSent,
  EmailWithheld,
  LatePaymentRefunded,
  LatePaymentRefused,
  PaymentUnmatched,
  PurchaseNotified,
} from './checkout/model.ts';
import type { OrderDisputed, RefundFailed, RefundRequested, RefundRetried, RefundSucceeded } from './orders/refunds.ts';
import type {
  DisputeClosed,
  DisputeFundsReinstated,
  DisputeFundsWithdrawn,
  DisputeUpdated,
} from './orders/disputes.ts';
import { anyOrderStatuses, orderStatuses } from './shared/constants.ts';
import { carriers } from './orders/fulfilment.ts';
import {
  OrderDiscountSchema,
  OrderItemSchema,
  orderFlags,
  ShippingAddressSchema,
  type OrderCustomerDetailsAdded,
  type OrderFlagCleared,
  type OrderFlagged,
  type OrderNoteAdded,
  type ProofOfPostingRecorded,
  type OrderPlaced,
  type OrderShipmentRecorded,
  type OrderStatusChanged,
} from './orders/model.ts';
import { discountKinds, discountReleaseReasons } from './discounts/model.ts';
import type {
  DiscountCodeCreated,
  DiscountCodeEnded,
  DiscountCodePaused,
  DiscountCodeResumed,
  DiscountEvent,
  DiscountRedeemed,
  DiscountUseHeld,
  DiscountUseReleased,
} from './discounts/events.ts';
import { privacyEvents, type SubjectErased } from './privacy/events.ts';
import {
  returnReasons,
  type CancellationRequested,
  type OrderLinkRequested,
  type ReturnRequested,
  type ShopperRequestAccepted,
  type ShopperRequestDeclined,
} from './orders/shopperRequests.ts';
import { receiptEvents, type CreditNoteIssued, type ReceiptIssued } from './receipts/events.ts';
import type {
  MessageAnswered,
  MessageMailCounted,
  MessageEvent,
  MessageRead,
  MessageReceived,
  NewsletterConsented,
  NewsletterEvent,
  NewsletterWithdrawn,
} from './messages/events.ts';
import type { RestockAlertRequested, RestockAlertWithdrawn, RestockEvent } from './messages/events.ts';
import {
  preOrderCancelReasons,
  type PreOrderAllocated,
  type PreOrderCancelled,
  type PreOrderEvent,
  type PreOrderLimitChanged,
  type PreOrderPaid,
  type PreOrderPlaced,
  type PublicationDateChanged,
  type TitleAnnounced,
  type PreOrderStockReceived,
  type TitleReleased,
} from './preorders/model.ts';
import { reviewEvents, type ReviewApproved, type ReviewRejected, type ReviewSubmitted } from './reviews/events.ts';
import { holdReleaseReasons } from './stock/model.ts';
import {
  stockEvents,
  type LowStockAlerted,
  type StockCorrected,
  type StockEvent,
  type StockHeld,
  type StockHoldReleased,
  type StockReceived,
  type StockReleased,
  type StockReserved,
  type StockReturned,
  type StockRestocked,
  type StockSecured,
  type StockShortfall,
  type StockShortfallAlerted,
  type StockSold,
} from './stock/events.ts';
import type { StreamCategory } from './shared/streams.ts';
import { OrderVatSchema, OrderVatSchemaV1 } from './vat/orderVat.ts';
import {
  vatSettingsEvents,
  type VatDeregistered,
  type VatRateChanged,
  type VatRegistered,
  type VatSettingsEvent,
} from './vat/events.ts';
import { zoneIds, type ShippingRatesChanged } from './checkout/shippingRates.ts';

import { EventCatalog, type AnySchema, type EventDefinition } from './shared/eventDefinitions.ts';
export {
  EventCatalog,
  UnknownEventVersion,
  type AnySchema,
  type EventDefinition,
  type EventVersion,
} from './shared/eventDefinitions.ts';

// --- the version-1 payloads, exactly as the shop has written them since its first release ---------------------------

const text = v.string();
const pence = v.pipe(v.number(), v.integer());
const at = v.string();

const ShippingOptionSchema = v.object({ id: text, label: text, detail: text, amount: pence });

/**
 * "This is a gift" (decision 085): optional on a checkout and on an order, absent on every one before it. The
 * recipient's e-mail and the buyer's wish for a gift note to it (decision 110) are optional too, as the gift was added.
 */
const OrderGiftSchema = v.object({
  message: v.string(),
  recipientName: v.optional(text),
  recipientAddress: v.optional(ShippingAddressSchema),
  recipientEmail: v.optional(text),
  noteToRecipient: v.optional(v.literal(true)),
});

export const CheckoutStartedV1 = v.object({
  checkoutId: text,
  channel: v.picklist(['cart', 'direct', 'card', 'wallet']),
  provider: v.picklist(['stripe', 'sandbox']),
  paymentReference: text,
  items: v.array(OrderItemSchema),
  subtotal: pence,
  /** optional: absent on every checkout before decision 072 and on one without a saving */
  discounts: v.optional(v.array(OrderDiscountSchema)),
  shippingOptions: v.array(ShippingOptionSchema),
  currency: v.literal('gbp'),
  customerName: v.optional(text),
  customerEmail: v.optional(text),
  shippingAddress: v.optional(ShippingAddressSchema),
  gift: v.optional(OrderGiftSchema),
  startedAt: at,
});
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

export const OrderPlacedV1 = v.object({
  orderId: text,
  orderNumber: text,
  customerName: text,
  customerEmail: text,
  shippingAddress: v.union([ShippingAddressSchema, text]),
  phone: v.optional(text),
  items: v.array(OrderItemSchema),
  subtotal: pence,
  shippingCost: pence,
  total: pence,
  currency: v.literal('gbp'),
  paymentMethod: text,
  paymentReference: text,
  status: v.picklist(anyOrderStatuses),
  placedAt: at,
});
export const OrderStatusChangedV1 = v.object({
  orderId: text,
  from: text,
  to: v.picklist(orderStatuses),
  notes: text,
  by: text,
  at,
});
export const OrderCustomerDetailsAddedV1 = v.object({
  orderId: text,
  customerName: v.optional(text),
  customerEmail: v.optional(text),
  shippingAddress: v.optional(ShippingAddressSchema),
  source: v.picklist(['shopper', 'owner']),
  reason: text,
  by: text,
  at,
});
export const OrderShipmentRecordedV1 = v.object({
  orderId: text,
  carrier: v.picklist(carriers),
  trackingNumber: text,
  trackingUrl: v.nullable(text),
  by: text,
  at,
});
export const OrderNoteAddedV1 = v.object({ orderId: text, noteId: text, text, by: text, at });
export const ProofOfPostingRecordedV1 = v.object({ orderId: text, reference: text, by: text, at });

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

export const EmailWithheldV1 = v.object({ notificationId: text, kind: emailKind, reason: text, at });

// --- later versions and types ----------------------------------------------------------------------------------------

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

export const CancellationRequestedV1 = v.object({ orderId: text, requestId: text, at });
export const ReturnRequestedV1 = v.object({
  orderId: text,
  requestId: text,
  reason: v.picklist(returnReasons),
  note: text,
  at,
});
export const ShopperRequestAcceptedV1 = v.object({
  orderId: text,
  requestId: text,
  message: text,
  refundIds: v.array(text),
  by: text,
  at,
});
export const ShopperRequestDeclinedV1 = v.object({ orderId: text, requestId: text, message: text, by: text, at });
export const OrderLinkRequestedV1 = v.object({ orderId: text, via: v.picklist(['lookup', 'expired-link']), at });

/**
 * PurchaseNotified version 2: the books of the shop's own catalogue the notice names, at the shop's price, as the server
 * found them when it recorded the notice. The owner's e-mail is built from these, never from the shopper's words.
 */
export const PurchaseNotifiedV2 = v.object({
  ...PurchaseNotifiedV1.entries,
  catalogItems: v.nullable(v.array(v.object({ bookId: v.pipe(v.number(), v.integer()), name: text, price: pence }))),
});
/** A version-1 notice was never checked against the catalogue: null says so (its e-mail went out when it was recorded). */
export const upcastPurchaseNotifiedV1 = (
  old: v.InferOutput<typeof PurchaseNotifiedV1>,
): v.InferOutput<typeof PurchaseNotifiedV2> => ({ ...old, catalogItems: null });

export const CheckoutPaymentFailedV1 = v.object({
  checkoutId: text,
  paymentReference: text,
  failedReference: text,
  reason: text,
  failedAt: at,
});

export const CheckoutPaymentProcessingV1 = v.object({
  checkoutId: text,
  paymentReference: text,
  processingReference: text,
  heldUntil: at,
  at,
});

const refundLine = v.object({ line: v.pipe(v.number(), v.integer()), quantity: v.pipe(v.number(), v.integer()) });
export const RefundRequestedV1 = v.object({
  orderId: text,
  refundId: text,
  amount: pence,
  lines: v.array(refundLine),
  reason: text,
  by: text,
  at,
  /** the lines' copies came back to the shelf (decision 081); absent on every refund asked for before */
  restock: v.optional(v.boolean()),
});
export const RefundSucceededV1 = v.object({
  orderId: text,
  refundId: text,
  amount: pence,
  gatewayRefundId: text,
  source: v.picklist(['shop', 'gateway']),
  at,
});
export const RefundFailedV1 = v.object({
  orderId: text,
  refundId: text,
  failure: v.picklist(['declined', 'unavailable']),
  message: text,
  at,
});
export const RefundRetriedV1 = v.object({ orderId: text, refundId: text, by: text, at });
export const OrderDisputedV1 = v.object({ orderId: text, disputeId: text, amount: pence, reason: text, at });
export const OrderDisputedV2 = v.object({
  orderId: text,
  disputeId: text,
  amount: pence,
  reason: text,
  at,
  status: v.nullable(text),
  evidenceDueBy: v.nullable(at),
  paymentIntent: v.nullable(text),
  livemode: v.nullable(v.boolean()),
  moneyFollowed: v.boolean(),
});
/** A dispute recorded before its later steps were: nothing known of them, and its amount booked on the day it opened. */
export const upcastOrderDisputedV1 = (
  old: v.InferOutput<typeof OrderDisputedV1>,
): v.InferOutput<typeof OrderDisputedV2> => ({
  ...old,
  status: null,
  evidenceDueBy: null,
  paymentIntent: null,
  livemode: null,
  moneyFollowed: false,
});
export const DisputeUpdatedV1 = v.object({
  orderId: text,
  disputeId: text,
  status: text,
  evidenceDueBy: v.nullable(at),
  amount: pence,
  at,
});
export const DisputeClosedV1 = v.object({ orderId: text, disputeId: text, status: text, at });
const DisputeTransactionV1 = v.object({
  orderId: text,
  disputeId: text,
  transactionId: text,
  amount: pence,
  fee: pence,
  net: pence,
  feeDetails: v.array(v.object({ type: text, amount: pence, description: text })),
  createdAt: at,
  reportingCategory: text,
  at,
});
export const DisputeFundsWithdrawnV1 = DisputeTransactionV1;
export const DisputeFundsReinstatedV1 = DisputeTransactionV1;
export const OrderFlagClearedV1 = v.object({ orderId: text, flag: v.picklist(orderFlags), by: text, at });
export const LatePaymentRefusedV1 = v.object({
  reference: text,
  checkoutId: text,
  amount: pence,
  currency: text,
  refundId: text,
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
export const LatePaymentRefundedV1 = v.object({
  reference: text,
  refundId: text,
  gatewayRefundId: text,
  amount: pence,
  status: text,
  at,
});
export const PaymentUnmatchedV1 = v.object({
  reference: text,
  checkoutId: text,
  amount: pence,
  currency: text,
  expectedAmount: pence,
  expectedCurrency: text,
  reason: text,
  at,
});
export const OrderFlaggedV1 = v.object({
  orderId: text,
  flag: v.picklist(orderFlags),
  message: text,
  at,
});

const whole = v.pipe(v.number(), v.integer());

const count = v.pipe(v.number(), v.integer());
const bookId = v.pipe(v.number(), v.integer());
const role = v.picklist(accountRoles);

/**
 * OrderPlaced version 2: the VAT the order carries when the shop is registered for VAT on the day of the sale
 * (contracts/vat/orderVat.ts, decision 069); absent when it is not.
 */
export const OrderPlacedV2 = v.object({
  ...OrderPlacedV1.entries,
  vat: v.optional(OrderVatSchemaV1),
  /** optional: absent on every order before decision 072 and on one without a saving */
  discounts: v.optional(v.array(OrderDiscountSchema)),
  gift: v.optional(OrderGiftSchema),
});
/** A version-1 order was placed before VAT was recorded: it carries none, as it was placed. */
export const upcastOrderPlacedV1 = (old: v.InferOutput<typeof OrderPlacedV1>): v.InferOutput<typeof OrderPlacedV2> =>
  old;
/**
 * OrderPlaced version 3: an order whose goods left the UK records its VAT as a zero-rated export, with its destination
 * and the UK VAT held back until its proof of export comes (`vat.export`, decision 097).
 */
export const OrderPlacedV3 = v.object({ ...OrderPlacedV2.entries, vat: v.optional(OrderVatSchema) });
/** A version-2 order was recorded before exports were told apart: it reads as it was recorded, a UK sale. */
export const upcastOrderPlacedV2 = (old: v.InferOutput<typeof OrderPlacedV2>): v.InferOutput<typeof OrderPlacedV3> =>
  old;
const preOrderDay = v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2}$/));
const PreOrderLineSchema = v.object({
  bookId: v.pipe(v.number(), v.integer(), v.minValue(1)),
  publicationDate: preOrderDay,
});
const OrderParcelsSchema = v.object({
  choice: v.picklist(parcelChoices),
  dispatchFrom: preOrderDay,
  secondDelivery: v.pipe(v.number(), v.integer(), v.minValue(0)),
});
/**
 * OrderPlaced version 4 (decision 131): the lines that are pre-orders with the publication date each was paid for, and
 * for a basket of pre-orders and books on the shelf whether it ships in one parcel or two.
 */
export const OrderPlacedV4 = v.object({
  ...OrderPlacedV3.entries,
  preOrders: v.optional(v.array(PreOrderLineSchema)),
  parcels: v.optional(OrderParcelsSchema),
});
/** A version-3 order was placed before pre-orders were recorded on orders: it holds none, and ships as one. */
export const upcastOrderPlacedV3 = (old: v.InferOutput<typeof OrderPlacedV3>): v.InferOutput<typeof OrderPlacedV4> =>
  old;
/** CheckoutStarted version 2 (decision 131): its pre-ordered lines and, for a mixed basket, one parcel or two. */
export const CheckoutStartedV2 = v.object({
  ...CheckoutStartedV1.entries,
  preOrders: v.optional(v.array(PreOrderLineSchema)),
  parcels: v.optional(OrderParcelsSchema),
});
/** A version-1 checkout was started before pre-orders were recorded on it: it holds none. */
export const upcastCheckoutStartedV1 = (
  old: v.InferOutput<typeof CheckoutStartedV1>,
): v.InferOutput<typeof CheckoutStartedV2> => old;

const day = v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2}$/));
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

const preOrderSaid = { by: text, reason: text, at };
const copies = v.pipe(v.number(), v.integer(), v.minValue(1));
export const TitleAnnouncedV1 = v.object({
  bookId,
  title: text,
  publicationDate: day,
  limit: v.nullable(copies),
  ...preOrderSaid,
});
export const PublicationDateChangedV1 = v.object({ bookId, from: day, to: day, waiting: count, ...preOrderSaid });
export const PreOrderLimitChangedV1 = v.object({
  bookId,
  from: v.nullable(copies),
  to: v.nullable(copies),
  ...preOrderSaid,
});
export const PreOrderPlacedV1 = v.object({ bookId, checkoutId: text, quantity: copies, at, expiresAt: at });
export const PreOrderPaidV1 = v.object({ bookId, checkoutId: text, orderId: text, at });
export const PreOrderAllocatedV1 = v.object({ bookId, checkoutId: text, orderId: text, quantity: copies, at });
export const PreOrderCancelledV1 = v.object({
  bookId,
  checkoutId: text,
  quantity: copies,
  cancelledBy: v.picklist(preOrderCancelReasons),
  at,
});
export const TitleReleasedV1 = v.object({ bookId, ...preOrderSaid });
export const PreOrderStockReceivedV1 = v.object({
  bookId,
  received: copies,
  allocated: count,
  forSale: count,
  receiptId: text,
  ...preOrderSaid,
});

// The event types the deciders use are declared beside their capabilities; these lines fail to compile when a schema
// and its type drift apart.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Newest<S extends AnySchema, E extends { data: unknown }> = Same<v.InferOutput<S>, E['data']>;
type Proven<T extends true[]> = T;
export type EventTypesMatchSchemas = Proven<
  [
    Newest<typeof CheckoutStartedV1, CheckoutStarted>,
    Newest<typeof CheckoutCompletedV1, CheckoutCompleted>,
    Newest<typeof CheckoutCancelledV1, CheckoutCancelled>,
    Newest<typeof OrderPlacedV4, OrderPlaced>,
    Newest<typeof OrderStatusChangedV1, OrderStatusChanged>,
    Newest<typeof PurchaseNotifiedV2, PurchaseNotified>,
    Newest<typeof EmailSentV9, EmailSent>,
    Newest<typeof CancellationRequestedV1, CancellationRequested>,
    Newest<typeof ReturnRequestedV1, ReturnRequested>,
    Newest<typeof ShopperRequestAcceptedV1, ShopperRequestAccepted>,
    Newest<typeof ShopperRequestDeclinedV1, ShopperRequestDeclined>,
    Newest<typeof OrderLinkRequestedV1, OrderLinkRequested>,
    Newest<typeof OrderCustomerDetailsAddedV1, OrderCustomerDetailsAdded>,
    Newest<typeof EmailWithheldV1, EmailWithheld>,
    Newest<typeof OrderShipmentRecordedV1, OrderShipmentRecorded>,
    Newest<typeof OrderNoteAddedV1, OrderNoteAdded>,
    Newest<typeof ProofOfPostingRecordedV1, ProofOfPostingRecorded>,
    Newest<typeof CheckoutPaymentFailedV1, CheckoutPaymentFailed>,
    Newest<typeof CheckoutPaymentProcessingV1, CheckoutPaymentProcessing>,
    Newest<typeof RefundRequestedV1, RefundRequested>,
    Newest<typeof RefundSucceededV1, RefundSucceeded>,
    Newest<typeof RefundFailedV1, RefundFailed>,
    Newest<typeof RefundRetriedV1, RefundRetried>,
    Newest<typeof OrderDisputedV2, OrderDisputed>,
    Newest<typeof DisputeUpdatedV1, DisputeUpdated>,
    Newest<typeof DisputeClosedV1, DisputeClosed>,
    Newest<typeof DisputeFundsWithdrawnV1, DisputeFundsWithdrawn>,
    Newest<typeof DisputeFundsReinstatedV1, DisputeFundsReinstated>,
    Newest<typeof OrderFlaggedV1, OrderFlagged>,
    Newest<typeof OrderFlagClearedV1, OrderFlagCleared>,
    Newest<typeof PaymentUnmatchedV1, PaymentUnmatched>,
    Newest<typeof LatePaymentRefusedV1, LatePaymentRefused>,
    Newest<typeof LatePaymentRefundedV1, LatePaymentRefunded>,
    Newest<typeof ShippingRatesChangedV1, ShippingRatesChanged>,
    Newest<typeof TitleAnnouncedV1, TitleAnnounced>,
    Newest<typeof PublicationDateChangedV1, PublicationDateChanged>,
    Newest<typeof PreOrderLimitChangedV1, PreOrderLimitChanged>,
    Newest<typeof PreOrderPlacedV1, PreOrderPlaced>,
    Newest<typeof PreOrderPaidV1, PreOrderPaid>,
    Newest<typeof PreOrderAllocatedV1, PreOrderAllocated>,
    Newest<typeof PreOrderCancelledV1, PreOrderCancelled>,
    Newest<typeof TitleReleasedV1, TitleReleased>,
    Newest<typeof PreOrderStockReceivedV1, PreOrderStockReceived>,
  ]
>;

/** Every event the log holds, in its newest shape: what projections and reactions are typed by. */
export type ShopEvent =
  | BookListed
  | BookUpdated
  | ProductEvent
  | ReviewSubmitted
  | ReviewApproved
  | ReviewRejected
  | CheckoutStarted
  | CheckoutCompleted
  | CheckoutCancelled
  | OrderPlaced
  | OrderStatusChanged
  | PurchaseNotified
  | EmailSent
  | AdminLoggedIn
  | AdminLoginFailed
  | OrderCustomerDetailsAdded
  | EmailWithheld
  | AdminLoggedOut
  | AdminSessionsRevoked
  | OrderShipmentRecorded
  | OrderNoteAdded
  | ProofOfPostingRecorded
  | StockEvent
  | CheckoutPaymentFailed
  | CheckoutPaymentProcessing
  | RefundRequested
  | RefundSucceeded
  | RefundFailed
  | RefundRetried
  | OrderDisputed
  | DisputeUpdated
  | DisputeClosed
  | DisputeFundsWithdrawn
  | DisputeFundsReinstated
  | OrderFlagged
  | OrderFlagCleared
  | PaymentUnmatched
  | LatePaymentRefused
  | LatePaymentRefunded
  | CancellationRequested
  | ReturnRequested
  | ShopperRequestAccepted
  | ShopperRequestDeclined
  | OrderLinkRequested
  | ReceiptIssued
  | CreditNoteIssued
  | AccountCreated
  | AccountRoleChanged
  | AccountPasswordReset
  | AccountDisabled
  | AccountEnabled
  | AccountSignInRefused
  | ReadModelsVerified
  | AccountTwoStepEnabled
  | AccountTwoStepDisabled
  | AccountRecoveryCodeUsed
  | AccountTwoStepFailed
  | AccountTwoStepCodeUsed
  | SubjectErased
  | PersonalDataRead
  | PersonalDataDownloadGranted
  | PersonalDataDownloadRevoked
  | LogMigrated
  | PaymentFeeRecorded
  | PayoutPaid
  | PayoutTransactionsListed
  | VatSettingsEvent
  | ShippingRatesChanged
  | DiscountEvent
  | ImageUploaded
  | MessageEvent
  | MessageMailCounted
  | NewsletterEvent
  | RestockEvent
  | PreOrderEvent;
/** The name of every event type in the catalogue. */
export type ShopEventType = ShopEvent['type'];
/** The event of one type (or of a union of types). */
export type ShopEventOf<T extends ShopEventType> = Extract<ShopEvent, { type: T }>;

const shopper = 'the shopper (`shopper`)';
const owner = 'the owner (`admin:<username>`)';
const seed = 'the catalog seed at start (`system:catalog-seed`)';
const stockReactor = 'the stock reactor (`system:stock`), following the order and checkout events';
const webhook =
  'the payment provider (`webhook:stripe`, `webhook:sandbox`), or the shopper back from the payment page first (`shopper`)';

/**
 * Every event type the shop writes. Registering a new type is one entry here, and one member of ShopEvent (a definition
 * whose type ShopEvent does not name fails to compile).
 */
export const shopEvents: readonly (EventDefinition & { type: ShopEventType })[] = [
  ...bookEvents,
  ...productEvents,
  ...reviewEvents,
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
  {
    type: 'OrderPlaced',
    stream: 'order',
    causedBy: webhook,
    description:
      'A verified payment placed an order (once per payment); from version 2, with the VAT it carries when the shop is registered for VAT that day; from version 3, an order sent out of the UK records it as a zero-rated export, with its destination and the UK VAT due if its proof of export does not come within 3 months; from version 4, its pre-ordered lines with their publication dates, and one parcel or two for a basket of pre-orders and books on the shelf.',
    versions: [
      { schema: OrderPlacedV1 },
      { schema: OrderPlacedV2, upcast: upcastOrderPlacedV1 },
      { schema: OrderPlacedV3, upcast: upcastOrderPlacedV2 },
      { schema: OrderPlacedV4, upcast: upcastOrderPlacedV3 },
    ],
  },
  {
    type: 'OrderStatusChanged',
    stream: 'order',
    causedBy: owner,
    description: 'The owner moved an order to another status, with notes.',
    versions: [{ schema: OrderStatusChangedV1 }],
  },
  {
    type: 'OrderCustomerDetailsAdded',
    stream: 'order',
    causedBy:
      "the shopper's own page after the order was placed (`shopper`), or the owner with a reason (`admin:<username>`)",
    description:
      'Buyer details an order was placed without (name, e-mail, address) were added; nothing on record is replaced.',
    versions: [{ schema: OrderCustomerDetailsAddedV1 }],
  },
  {
    type: 'OrderShipmentRecorded',
    stream: 'order',
    causedBy: owner,
    description:
      'The carrier and tracking number an order was shipped with, recorded with its change to shipped; the customer\'s "on its way" e-mail follows.',
    versions: [{ schema: OrderShipmentRecordedV1 }],
  },
  {
    type: 'OrderNoteAdded',
    stream: 'order',
    causedBy: owner,
    description: 'The owner kept an internal note on an order (never shown to the customer).',
    versions: [{ schema: OrderNoteAddedV1 }],
  },
  {
    type: 'ProofOfPostingRecorded',
    stream: 'order',
    causedBy: owner,
    description:
      "The owner recorded the proof-of-posting reference of an export (a certificate of posting or a collection manifest): its proof of export, when its shipment's tracking number is not.",
    versions: [{ schema: ProofOfPostingRecordedV1 }],
  },
  {
    type: 'CancellationRequested',
    stream: 'order',
    causedBy: 'the shopper on their order page (`shopper`)',
    description: 'The shopper asked, by their signed order page link, to cancel an order that had not shipped.',
    versions: [{ schema: CancellationRequestedV1 }],
  },
  {
    type: 'ReturnRequested',
    stream: 'order',
    causedBy: 'the shopper on their order page (`shopper`)',
    description:
      'The shopper asked, by their signed order page link, to return an order within 14 days of its delivery: a reason from a short list and an optional note.',
    versions: [{ schema: ReturnRequestedV1 }],
  },
  {
    type: 'ShopperRequestAccepted',
    stream: 'order',
    causedBy: owner,
    description:
      "The owner said yes to a shopper's request, with a message to them; a cancellation's refunds (`refundIds`, copies back on the shelf) and its status change are appended with it.",
    versions: [{ schema: ShopperRequestAcceptedV1 }],
  },
  {
    type: 'ShopperRequestDeclined',
    stream: 'order',
    causedBy: owner,
    description: "The owner said no to a shopper's request, with a message to them.",
    versions: [{ schema: ShopperRequestDeclinedV1 }],
  },
  {
    type: 'OrderLinkRequested',
    stream: 'notification',
    causedBy: 'the shopper (`shopper`), from the lookup form or an expired link',
    description:
      "A fresh link to the order page was asked for and is owed to the order's own e-mail address (at most three a day per order).",
    versions: [{ schema: OrderLinkRequestedV1 }],
  },
  {
    type: 'OrderFlagged',
    stream: 'order',
    causedBy: webhook,
    description:
      'Placing the order found something the owner must look at: a shipping rate paid for another destination than the address, or (written by the discounts reactor, decision 092) a once-per-address code paid for by an address that had used it, with the saving not due.',
    versions: [{ schema: OrderFlaggedV1 }],
  },
  {
    type: 'OrderFlagCleared',
    stream: 'order',
    causedBy: owner,
    description:
      'The owner accepted an order as it stands despite its flag (decision 102): a payment that does not match its checkout is kept.',
    versions: [{ schema: OrderFlagClearedV1 }],
  },
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
  ...receiptEvents,
  {
    type: 'RefundRequested',
    stream: 'order',
    causedBy: owner,
    description:
      'The owner asked for money back (lines with quantities, or an amount) with a reason; the payment provider is asked by the reactor.',
    versions: [{ schema: RefundRequestedV1 }],
  },
  {
    type: 'RefundSucceeded',
    stream: 'order',
    causedBy:
      "the refund reactor with the provider's answer (`system:reactor`), or the provider's webhook (`webhook:stripe`), also for refunds made in Stripe's dashboard (source `gateway`)",
    description: 'The payment provider paid a refund back.',
    versions: [{ schema: RefundSucceededV1 }],
  },
  {
    type: 'RefundFailed',
    stream: 'order',
    causedBy:
      "the refund reactor with the provider's answer (`system:reactor`), or the provider's webhook (`webhook:stripe`)",
    description:
      'A refund was declined (the amount may be refunded again), or the provider could not be reached (outcome unknown until retried).',
    versions: [{ schema: RefundFailedV1 }],
  },
  {
    type: 'RefundRetried',
    stream: 'order',
    causedBy: owner,
    description:
      'The owner asked again for a refund whose outcome was unknown; the provider is asked with the same idempotency key.',
    versions: [{ schema: RefundRetriedV1 }],
  },
  {
    type: 'OrderDisputed',
    stream: 'order',
    causedBy: 'the payment provider (`webhook:stripe`)',
    description:
      "The card's bank opened a dispute on the order's payment; from version 2 with the provider's status, evidence deadline and mode.",
    versions: [{ schema: OrderDisputedV1 }, { schema: OrderDisputedV2, upcast: upcastOrderDisputedV1 }],
  },
  {
    type: 'DisputeUpdated',
    stream: 'order',
    causedBy: 'the payment provider (`webhook:stripe`)',
    description: "A dispute's status, evidence deadline or amount changed at the payment provider.",
    versions: [{ schema: DisputeUpdatedV1 }],
  },
  {
    type: 'DisputeClosed',
    stream: 'order',
    causedBy: 'the payment provider (`webhook:stripe`)',
    description: "The card's bank decided a dispute: won, lost, or an inquiry closed.",
    versions: [{ schema: DisputeClosedV1 }],
  },
  {
    type: 'DisputeFundsWithdrawn',
    stream: 'order',
    causedBy: 'the payment provider (`webhook:stripe`)',
    description:
      "The payment provider took a dispute's amount and its dispute fee from the shop's balance (its balance transaction).",
    versions: [{ schema: DisputeFundsWithdrawnV1 }],
  },
  {
    type: 'DisputeFundsReinstated',
    stream: 'order',
    causedBy: 'the payment provider (`webhook:stripe`)',
    description: "The payment provider gave a dispute's amount back to the shop's balance (its balance transaction).",
    versions: [{ schema: DisputeFundsReinstatedV1 }],
  },
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
  ...messageMailEvents,
  {
    type: 'EmailWithheld',
    stream: 'notification',
    causedBy: shopper,
    description:
      "An e-mail the shop decided not to send (the owner's hourly cap on purchase notices), so it is never owed again.",
    versions: [{ schema: EmailWithheldV1 }],
  },
  ...sessionEvents,
  ...stockEvents,
  ...accountEvents,
  ...auditEvents,
  ...vatSettingsEvents,
  {
    type: 'ShippingRatesChanged',
    stream: 'shipping',
    causedBy: owner,
    description:
      'The owner set the delivery zones (the countries of the United Kingdom, Europe and the rest of the world zones) and their rates by number of items, with free delivery over an amount if any, from an instant on, and why; checkouts started before it keep the rate they were offered.',
    versions: [{ schema: ShippingRatesChangedV1 }],
  },
  ...discountEvents,
  ...privacyEvents,
  ...downloadGrantEvents,
  ...paymentsEvents,
  ...imageEvents,
  ...messageEvents,
  ...newsletterEvents,
  ...restockEvents,
  {
    type: 'TitleAnnounced',
    stream: 'preorder',
    causedBy: owner,
    description:
      'The owner announced a book before it is printed: it is coming, published on a UK day after the announcement, and may be pre-ordered up to a limit of copies (null: none). One stream per title, `preorder-<bookId>`.',
    versions: [{ schema: TitleAnnouncedV1 }],
  },
  {
    type: 'PublicationDateChanged',
    stream: 'preorder',
    causedBy: owner,
    description:
      "The owner moved a coming title's publication date (from and to), with how many pre-orders were waiting for copies then: each of them is e-mailed once with the new date and a link that cancels for a full refund.",
    versions: [{ schema: PublicationDateChangedV1 }],
  },
  {
    type: 'PreOrderLimitChanged',
    stream: 'preorder',
    causedBy: owner,
    description:
      "The owner changed a coming title's pre-order limit in copies (from and to; null: none), never below the copies already pre-ordered.",
    versions: [{ schema: PreOrderLimitChangedV1 }],
  },
  {
    type: 'PreOrderPlaced',
    stream: 'preorder',
    causedBy: shopper,
    description:
      "A shopper's checkout took copies of a coming title when it started, holding them of the limit until its hold ends (`expiresAt`) or for good once paid: decided under the title's stream revision, so no more copies are taken than its limit.",
    versions: [{ schema: PreOrderPlacedV1 }],
  },
  {
    type: 'PreOrderPaid',
    stream: 'preorder',
    causedBy: 'the checkout reactor (`system:preorders`), following CheckoutCompleted',
    description:
      "A pre-order's checkout was paid: it is the order named, paid now (the tax point), to be dispatched from the publication date; from now on it counts as demand and waits for copies.",
    versions: [{ schema: PreOrderPaidV1 }],
  },
  {
    type: 'PreOrderAllocated',
    stream: 'preorder',
    causedBy: owner,
    description:
      'Copies the owner received for a coming title were set aside for one pre-order, whole, in the order the pre-orders were placed: the order is ready to dispatch.',
    versions: [{ schema: PreOrderAllocatedV1 }],
  },
  {
    type: 'PreOrderCancelled',
    stream: 'preorder',
    causedBy: 'the shopper from their order page or e-mail (`shopper`), or the owner (`admin:<username>`)',
    description: 'A pre-order was cancelled before dispatch: its copies no longer count against the limit.',
    versions: [{ schema: PreOrderCancelledV1 }],
  },
  {
    type: 'TitleReleased',
    stream: 'preorder',
    causedBy: owner,
    description: 'A coming title was released once no pre-order waited for copies: it is on sale as any other book.',
    versions: [{ schema: TitleReleasedV1 }],
  },
  {
    type: 'PreOrderStockReceived',
    stream: 'preorder',
    causedBy: owner,
    description:
      "Copies of a coming title were received, appended with the allocations they made: how many arrived, went to pre-orders and are for sale. From then on the title is on sale from its shelf and takes no new pre-orders; the shelf's StockReceived of the rest follows, named by `receiptId`.",
    versions: [{ schema: PreOrderStockReceivedV1 }],
  },
];

export const eventCatalog = new EventCatalog(shopEvents);
