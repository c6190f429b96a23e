// The orders' events, declared once: an order's life on stream order-<id> (its placing, status, details, shipment,
// notes and flags; its refunds and disputes; the shopper's requests to cancel or return) and a fresh link to its page
// (stream notification-<id>), with the types derived from their schemas.
import * as v from 'valibot';
import { anyOrderStatuses, orderStatuses } from '../shared/constants.ts';
import { at, causes, defineEvents, text, whole, type EventsOf } from '../shared/eventDefinitions.ts';
import { OrderVatSchema, OrderVatSchemaV1 } from '../vat/orderVat.ts';
import { carriers } from './fulfilment.ts';
import { OrderDiscountSchema, OrderItemSchema, orderFlags, ShippingAddressSchema } from './model.ts';
import { returnReasons } from './shopperRequests.ts';
import { parcelChoices } from '../preorders/parcels.ts';

const { owner, webhook } = causes;
const pence = whole;

/**
 * "This is a gift" (decision 085): optional on a checkout and on an order, absent on every one before it. The
 * recipient's e-mail and the buyer's wish for a gift note to it (decision 110) are optional too, as the gift was added.
 */
export const OrderGiftSchema = v.object({
  message: v.string(),
  recipientName: v.optional(text),
  recipientAddress: v.optional(ShippingAddressSchema),
  /** where the gift note goes, if the buyer gave it (decision 110) */
  recipientEmail: v.optional(text),
  /** the buyer asked for a gift note to the recipient once the parcel is on its way */
  noteToRecipient: v.optional(v.literal(true)),
});
export const OrderPlacedV1 = v.object({
  orderId: text,
  orderNumber: text,
  customerName: text,
  customerEmail: text,
  shippingAddress: v.union([ShippingAddressSchema, text]),
  phone: v.optional(text),
  items: v.array(OrderItemSchema),
  /** the items' charged amounts added up: after any discounts */
  subtotal: pence,
  shippingCost: pence,
  total: pence,
  currency: v.literal('gbp'),
  paymentMethod: text,
  /** the gateway's id for the payment: checkout session id or payment intent id */
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
/**
 * Buyer's details an order was placed without, added later: by the shopper's own page (orders/save or the success
 * page arriving after the payment provider's report) or by the owner from the console, with a reason. Only the details
 * the order lacked are carried; what the payment provider verified is never replaced.
 */
export const OrderCustomerDetailsAddedV1 = v.object({
  orderId: text,
  customerName: v.optional(text),
  customerEmail: v.optional(text),
  shippingAddress: v.optional(ShippingAddressSchema),
  source: v.picklist(['shopper', 'owner']),
  /** why the owner added them; empty for the shopper's own page */
  reason: text,
  /** 'shopper' or the admin's username */
  by: text,
  at,
});
/**
 * The parcel an order left in: recorded beside the OrderStatusChanged to "shipped" that carried it. `trackingUrl` is
 * the carrier's public page as it was when shipped (what the customer's e-mail linked to), null without one.
 */
export const OrderShipmentRecordedV1 = v.object({
  orderId: text,
  carrier: v.picklist(carriers),
  trackingNumber: text,
  trackingUrl: v.nullable(text),
  by: text,
  at,
});
/** An internal note the owner kept on an order: never shown to the customer. */
export const OrderNoteAddedV1 = v.object({ orderId: text, noteId: text, text, by: text, at });
/**
 * The proof-of-posting reference of an export (a certificate of posting, a collection manifest): its proof of export
 * when the shipment's tracking number is not (decision 097). The first one recorded, or the shipment, proves it.
 */
export const ProofOfPostingRecordedV1 = v.object({ orderId: text, reference: text, by: text, at });
/**
 * The owner looked at a flag and accepts the order as it stands (decision 102): a payment that does not match is kept
 * and the order shipped. Refunding it in full is the other answer, through the refunds the console already makes.
 */
export const OrderFlagClearedV1 = v.object({ orderId: text, flag: v.picklist(orderFlags), by: text, at });
export const OrderFlaggedV1 = v.object({
  orderId: text,
  flag: v.picklist(orderFlags),
  message: text,
  at,
});
/**
 * OrderPlaced version 2: the VAT the order carries when the shop is registered for VAT on the day of the sale
 * (contracts/vat/orderVat.ts, decision 069); absent when it is not.
 */
export const OrderPlacedV2 = v.object({
  ...OrderPlacedV1.entries,
  /**
   * The VAT the order carries, recorded when it was placed by a shop registered for VAT that day (decision 069);
   * absent when the shop was not registered, and on every order placed before VAT was recorded.
   */
  vat: v.optional(OrderVatSchemaV1),
  /** optional: absent on every order before decision 072 and on one without a saving */
  discounts: v.optional(v.array(OrderDiscountSchema)),
  /** "This is a gift" at checkout (decision 085): its message, and the recipient when it goes to someone else */
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
/** A line that is a pre-order of a coming book, with the date it is published (decision 131). */
export const PreOrderLineSchema = v.object({
  bookId: v.pipe(v.number(), v.integer(), v.minValue(1)),
  publicationDate: preOrderDay,
});
/** A basket of pre-orders and books on the shelf: one parcel on publication, or two (decision 131). */
export const OrderParcelsSchema = v.object({
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
  /**
   * The lines that are pre-orders, with the publication date each was paid for: the payment is the tax point, and the
   * receipt says each is to be dispatched from that date.
   */
  preOrders: v.optional(v.array(PreOrderLineSchema)),
  /** pre-orders and books on the shelf in one order: sent in one parcel on publication, or two */
  parcels: v.optional(OrderParcelsSchema),
});
/** A version-3 order was placed before pre-orders were recorded on orders: it holds none, and ships as one. */
export const upcastOrderPlacedV3 = (old: v.InferOutput<typeof OrderPlacedV3>): v.InferOutput<typeof OrderPlacedV4> =>
  old;

export const orderEvents = defineEvents([
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
]);

export type OrderEvent = EventsOf<typeof orderEvents>;
export type OrderPlaced = Extract<OrderEvent, { type: 'OrderPlaced' }>;
export type OrderStatusChanged = Extract<OrderEvent, { type: 'OrderStatusChanged' }>;
export type OrderCustomerDetailsAdded = Extract<OrderEvent, { type: 'OrderCustomerDetailsAdded' }>;
export type OrderShipmentRecorded = Extract<OrderEvent, { type: 'OrderShipmentRecorded' }>;
export type OrderNoteAdded = Extract<OrderEvent, { type: 'OrderNoteAdded' }>;
export type ProofOfPostingRecorded = Extract<OrderEvent, { type: 'ProofOfPostingRecorded' }>;
export type OrderFlagged = Extract<OrderEvent, { type: 'OrderFlagged' }>;
export type OrderFlagCleared = Extract<OrderEvent, { type: 'OrderFlagCleared' }>;

const refundLine = v.object({ line: v.pipe(v.number(), v.integer()), quantity: v.pipe(v.number(), v.integer()) });
export const RefundRequestedV1 = v.object({
  orderId: text,
  /** the shop's id for this refund; the gateway's idempotency key is derived from it */
  refundId: text,
  /** integer pence */
  amount: pence,
  /** the lines it returns; empty when the owner gave an amount */
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
  /** the gateway's id for the refund (Stripe's re_…) */
  gatewayRefundId: text,
  /** 'shop': asked for in the console; 'gateway': made in the gateway's own dashboard and reported by a webhook */
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
/** The owner asked again for a refund whose gateway call timed out: the same refund, the same idempotency key. */
export const RefundRetriedV1 = v.object({ orderId: text, refundId: text, by: text, at });
export const OrderDisputedV1 = v.object({ orderId: text, disputeId: text, amount: pence, reason: text, at });
export const OrderDisputedV2 = v.object({
  orderId: text,
  disputeId: text,
  amount: pence,
  reason: text,
  at,
  status: v.nullable(text),
  /** ISO-8601: the provider's `evidence_details.due_by` */
  evidenceDueBy: v.nullable(at),
  paymentIntent: v.nullable(text),
  /** the provider's `livemode`: false for a test-mode dispute */
  livemode: v.nullable(v.boolean()),
  /**
   * true: its withdrawal and reinstatement are recorded from the provider's balance transactions (DisputeFundsWithdrawn,
   * DisputeFundsReinstated), and the ledger books them on the days they happened. false for disputes recorded before
   * (version 1), whose amount the ledger books on the day the dispute was opened, as it always did.
   */
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

export const refundEvents = defineEvents([
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
]);

type RefundStepEvent = EventsOf<typeof refundEvents>;
export type RefundRequested = Extract<RefundStepEvent, { type: 'RefundRequested' }>;
export type RefundSucceeded = Extract<RefundStepEvent, { type: 'RefundSucceeded' }>;
export type RefundRetried = Extract<RefundStepEvent, { type: 'RefundRetried' }>;
export type OrderDisputed = Extract<RefundStepEvent, { type: 'OrderDisputed' }>;
/** A refund's steps, and a dispute's from its opening on. */
export type RefundEvent = RefundStepEvent | DisputeStepEvent;

/** The provider's account of a dispute changed: its status, its deadline or its amount. */
export const DisputeUpdatedV1 = v.object({
  orderId: text,
  disputeId: text,
  status: text,
  evidenceDueBy: v.nullable(at),
  amount: pence,
  at,
});
/** The bank decided: won, lost, or an inquiry closed (`warning_closed`). */
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
/** The provider took the disputed amount and the dispute fee from the shop's balance. */
export const DisputeFundsWithdrawnV1 = DisputeTransactionV1;
/** The provider gave the disputed amount back (a won dispute), with any part of the fee it returns. */
export const DisputeFundsReinstatedV1 = DisputeTransactionV1;

export const disputeEvents = defineEvents([
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
]);

export type DisputeStepEvent = EventsOf<typeof disputeEvents>;
export type DisputeFundsWithdrawn = Extract<DisputeStepEvent, { type: 'DisputeFundsWithdrawn' }>;
export type DisputeFundsReinstated = Extract<DisputeStepEvent, { type: 'DisputeFundsReinstated' }>;

export const CancellationRequestedV1 = v.object({ orderId: text, requestId: text, at });
export const ReturnRequestedV1 = v.object({
  orderId: text,
  requestId: text,
  reason: v.picklist(returnReasons),
  note: text,
  at,
});
/** The owner said yes; a cancellation's refunds and status change are appended with it. */
export const ShopperRequestAcceptedV1 = v.object({
  orderId: text,
  requestId: text,
  message: text,
  refundIds: v.array(text),
  by: text,
  at,
});
export const ShopperRequestDeclinedV1 = v.object({ orderId: text, requestId: text, message: text, by: text, at });

export const shopperRequestEvents = defineEvents([
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
]);

export type ShopperRequestEvent = EventsOf<typeof shopperRequestEvents>;
export type CancellationRequested = Extract<ShopperRequestEvent, { type: 'CancellationRequested' }>;
export type ReturnRequested = Extract<ShopperRequestEvent, { type: 'ReturnRequested' }>;
export type ShopperRequestAccepted = Extract<ShopperRequestEvent, { type: 'ShopperRequestAccepted' }>;
export type ShopperRequestDeclined = Extract<ShopperRequestEvent, { type: 'ShopperRequestDeclined' }>;

/** A fresh order page link was asked for (the lookup form, or an expired link's page): the reactor e-mails it. */
export const OrderLinkRequestedV1 = v.object({ orderId: text, via: v.picklist(['lookup', 'expired-link']), at });

export const orderLinkEvents = defineEvents([
  {
    type: 'OrderLinkRequested',
    stream: 'notification',
    causedBy: 'the shopper (`shopper`), from the lookup form or an expired link',
    description:
      "A fresh link to the order page was asked for and is owed to the order's own e-mail address (at most three a day per order).",
    versions: [{ schema: OrderLinkRequestedV1 }],
  },
]);

export type OrderLinkEvent = EventsOf<typeof orderLinkEvents>;
export type OrderLinkRequested = Extract<OrderLinkEvent, { type: 'OrderLinkRequested' }>;
