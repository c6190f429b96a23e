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
import { bookEvents, imageEvents, productEvents, type BookListed, type BookUpdimport { discountEvents, type DiscountCodeCreated, type import { messageEvents, messageMailEvents, newsletterEvents, restockEvents, type MessageAnswered, type MessageMailCounted, type MessageEvent, type MessageRead, type MessageReceived, type NewsletterConsented, type NewsletterEvent, type NewsletterWithdrawn, type RestockAlertRequested, type RestockAlertWithdrawn, type RestockEvent } from './messages/events.ts';
eemed, type DiscountUseHeld, type DiscountUseReleased } from './discounts/events.ts';
mport { discountEvents } from './discounts/events.ts';
import { messageEvents, messageMailEvents, newsletterEvents, restockEvents } from './messages/events.ts';
import {
 import type { CheckoutCancelled, CheckoutCompleted, CheckoutPaymentFailed, CheckoutPaymentProcessing, CheckoutStarted, EmailSent, EmailWithheld, LatePaymentRefunded, LatePaymentRefused, PaymentUnmatched, PurchaseNotified, ShippingRatesChanged } from '.import type { OrderDisputed, RefundFailed, RefundRequested, RefundRetried, RefundSucceeded, DisputeClosed, DisputeFundsReinstated, DisputeFundsWithdrawn, DisputeUpdated, OrderCustomerDetailsAdded, OrderFlagCleared, OrderFlagged, OrderNoteAdded, ProofOfPostingRecorded, OrderPlaced, OrderShipmentRecorded, OrderStatusChanged, CancellationRequested, OrderLinkRequested, ReturnRequested, ShopperRequestAccepted, ShopperRequestDeclined } from './orders/events.ts';
essing, CheckoutStarted, EmailSent, EmailWithheld, LatePaymentRefunded, LatePaymentRefused, PaymentUnmatched, PurchaseNotified } from './checkout/events.ts';
import type { OrderDisputed, RefundFailed, RefundRequested, RefundRetried, Statuses } from './shared/constants.ts';
import { carriers } from './orders/fulfilment.ts';
import { OrderDiscountSchema, OrderItemSchema, orderFlags, ShippingAddressSchema } from './orders/model.ts';
import type { OrderCustomerDetailsAdded, OrderFlagCleared, OrderFlagged, OrderNoteAdded, ProofOfPostingRecorded, OrderPlaced, OrderShipmentRecorded, OrderStatusChanged } from './orders/events.ts';
import { discountKinds, discom './orders/shopperRequests.ts';
import type { CancellationRequested, OrderLinkRequested, ReturnRequested, ShopperRequestAccepted, ShopperRequestDeclined } from './orders/events.ts';
import { receiptEvents, type CreditNoteIssued, type ReceiptIssued } from './receipts/events.ts';
import type {
  MessageAnswered,
  MessageMailCounted,
  MessageEvent,
  MessageRead,
  MessaPreOrderEvent,
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
import { zoneIds } from './checkout/shippingRates.ts';
import type { ShippingRatesChanged } from './checkout/events.ts';

import { EventCatalog, type AnySchema, type EventDefinition } from './sharedion,
  type AnySchema,
  type EventDefinition,
  type EventVersion,
} from './shared/eventDefinitions.ts';

// --- the version-1 payloads, exactly as the shop has written them since its first release ---------------------------

const text = v.string();
const pence = v.pipe(v.number(), v.integer());
const at = v.string();







// --- later versions and types ----------------------------------------------------------------------------------------








const whole = v.pipe(v.number(), v.integer());

const count = v.pipe(v.number(), v.integer());
const bookId = v.pipe(v.number(), v.integer());
const role = v.picklist(accountRoles);


const day = v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2}$/));

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
  ...checkoutEvents,
  ...orderEvents,
  ...shopperRequestEvents,
  ...orderLinkEvents,
  ...paymentCheckEvents,
  ...receiptEvents,
  ...refundEvents,
  ...disputeEvents,
  ...notificationEvents,
  ...messageMailEvents,
  ...sessionEvents,
  ...stockEvents,
  ...accountEvents,
  ...auditEvents,
  ...vatSettingsEvents,
  ...shippingRatesEvents,
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
