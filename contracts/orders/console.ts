// The owner's order console: request bodies and the answers the API gives.
import type { OrderParcels } from '../preorders/parcels.ts';
import * as v from 'valibot';
import { normalisePostcode, postcodeMessage, postcodeProblem } from '../shared/postcode.ts';
import { isoDay } from '../shared/days.ts';
import { ownerText } from '../shared/ownerText.ts';
import { anyOrderStatuses, orderStatuses, type AnyOrderStatus } from '../shared/constants.ts';
import { discountLabelOf, type CustomerDetailsSource, type OrderDiscount, type OrderFlag } from './model.ts';
import type { Dispute, RefundEntry } from './refunds.ts';
import type { CustomsDeclaration } from './customs.ts';
import { awaitsResponse, disputeDashboardUrl, disputeStatusText, evidenceDeadlineText } from './disputes.ts';
import type { ShopperRequestKind } from './shopperRequests.ts';
import { isoCountryName } from '../shared/countries.ts';
import { maxNoteLength, noteEmptyMessage, noteTooLongMessage, ShipmentSchema, type Carrier } from './fulfilment.ts';
import { statusMoveMessages } from './statusMoves.ts';
import { AdminPageQueryEntries } from '../shared/paging.ts';
import { toFulfilQueue } from './queue.ts';
import { maxSearchLength, orderIdPattern } from './consoleLimits.ts';

export { maxSearchLength, orderIdPattern } from './consoleLimits.ts';

export const maxNotesLength = 1000;

const statusMessage = `Status must be one of ${orderStatuses.join(', ')}`;

/** What a missing expectedRevision reads as: no JSON body can hold it. */
const missing = Symbol('missing');

/** POST /api/admin/orders/{id}/status */
export const ChangeOrderStatusSchema = v.object(
  {
    // Optional only so that a missing status gets the same message as a wrong one, not the object's.
    status: v.pipe(v.optional(v.string(statusMessage), ''), v.picklist(orderStatuses, statusMessage)),
    notes: v.optional(
      v.pipe(
        v.string('Notes must be text'),
        ownerText('Notes', { multiline: true }),
        v.trim(),
        v.maxLength(maxNotesLength, `Notes must be at most ${maxNotesLength} characters`),
      ),
      '',
    ),
    /**
     * the order's revision the owner's screen showed: required, so no change lands on one its sender never saw (a
     * change against an older one is refused). Optional in the object only so that a missing one gets its own message.
     */
    expectedRevision: v.pipe(
      v.optional(v.unknown(), () => missing),
      v.check((value) => value !== missing, statusMoveMessages.missingRevision),
      v.number('Expected revision must be a whole number'),
      v.integer('Expected revision must be a whole number'),
      v.minValue(0, 'Expected revision must be a whole number'),
    ),
    /** the owner confirmed a move back (shipped → pending, out of cancelled, ...); without it such a move is refused */
    confirmBackward: v.optional(v.boolean('confirmBackward must be true or false'), false),
    /** with a change to "shipped" only: the carrier and its tracking number; the customer is e-mailed the link */
    shipment: v.optional(ShipmentSchema),
  },
  'Send a JSON object with a status',
);

/** POST /api/admin/orders/{id}/notes: an internal note, never shown to the customer. */
export const AddOrderNoteSchema = v.object(
  {
    text: v.pipe(
      v.optional(v.string('Note must be text'), ''),
      ownerText('The note', { multiline: true }),
      v.trim(),
      v.minLength(1, noteEmptyMessage),
      v.maxLength(maxNoteLength, noteTooLongMessage),
    ),
  },
  'Send a JSON object with the text of the note',
);
export type AddOrderNoteBody = v.InferInput<typeof AddOrderNoteSchema>;
export type ChangeOrderStatusBody = v.InferInput<typeof ChangeOrderStatusSchema>;

export const maxReasonLength = 500;
const detailText = (max: number, label: string) =>
  v.pipe(
    v.string(`${label} must be text`),
    ownerText(label),
    v.trim(),
    v.minLength(1, `${label} is required`),
    v.maxLength(max, `${label} is too long`),
  );

/** POST /api/admin/orders/{id}/customer: the buyer's details an order was placed without, and why the owner adds them. */
export const AddOrderCustomerDetailsSchema = v.pipe(
  v.object(
    {
      name: v.optional(detailText(200, 'Name')),
      email: v.optional(
        v.pipe(
          v.string('Email must be text'),
          v.trim(),
          v.email('Please enter a valid email address'),
          v.maxLength(254, 'Email is too long'),
        ),
      ),
      address: v.optional(
        v.pipe(
          v.object(
            {
              line1: detailText(200, 'Address line 1'),
              line2: v.optional(
                v.pipe(
                  v.string('Address line 2 must be text'),
                  ownerText('Address line 2'),
                  v.trim(),
                  v.maxLength(200, 'Address line 2 is too long'),
                ),
              ),
              city: detailText(100, 'City'),
              postcode: detailText(20, 'Postcode'),
              // Any ISO 3166-1 country: which the shop serves is the delivery table's, which changes (decision 099).
              country: v.pipe(
                v.string('Choose a country'),
                v.trim(),
                v.toUpperCase(),
                v.check((code) => isoCountryName(code) !== undefined, 'Choose a country'),
              ),
            },
            'Address must be an object with line1, city, postcode and country',
          ),
          // The same postcode rule as every checkout (decision 089).
          v.forward(
            v.check((a) => postcodeProblem(a.country, a.postcode) === null, postcodeMessage),
            ['postcode'],
          ),
          v.transform((a) => ({ ...a, postcode: normalisePostcode(a.country, a.postcode) })),
        ),
      ),
      reason: v.pipe(
        v.optional(v.string('Reason must be text'), ''),
        ownerText('The reason', { multiline: true }),
        v.trim(),
        v.minLength(1, 'Say why you are adding these details'),
        v.maxLength(maxReasonLength, `Reason must be at most ${maxReasonLength} characters`),
      ),
      /** the order's revision the owner's screen showed; details added against an older one are refused */
      expectedRevision: v.optional(
        v.pipe(
          v.number('Expected revision must be a whole number'),
          v.integer('Expected revision must be a whole number'),
          v.minValue(0, 'Expected revision must be a whole number'),
        ),
      ),
    },
    'Send a JSON object with the details and a reason',
  ),
  v.check((body) => !!(body.name || body.email || body.address), 'Give a name, an email or an address to add'),
);
export type AddOrderCustomerDetailsBody = v.InferInput<typeof AddOrderCustomerDetailsSchema>;

/**
 * GET /api/admin/orders?status=&limit=&cursor=&q=&from=&to=. Without limit, cursor, q, from and to it answers every
 * order of the tab in one list, as it always has; with any of them, one page (newest first) and its `nextCursor`.
 * `q` finds an order number, an e-mail address, a postcode or a customer's name; from and to are days (UTC), inclusive.
 */
export const AdminOrdersQuerySchema = v.pipe(
  v.object({
    status: v.optional(v.picklist(anyOrderStatuses, `Status must be one of ${anyOrderStatuses.join(', ')}`)),
    /** `to-fulfil`: the orders still to be sent (paid and processing), oldest first, instead of one status */
    queue: v.optional(v.picklist([toFulfilQueue], `Queue must be ${toFulfilQueue}`)),
    ...AdminPageQueryEntries,
    q: v.optional(
      v.pipe(
        v.string(),
        v.trim(),
        v.maxLength(maxSearchLength, `Search must be at most ${maxSearchLength} characters`),
      ),
    ),
    from: v.optional(isoDay('From')),
    to: v.optional(isoDay('To')),
  }),
  v.check((query) => !(query.from && query.to && query.from > query.to), 'From must not be after To'),
  v.check((query) => !(query.status && query.queue), 'Ask for a status or a queue, not both'),
);
export type AdminOrdersQuery = v.InferOutput<typeof AdminOrdersQuerySchema>;

/** One line of an order as the console shows it; price is the unit price in pence. */
export type AdminOrderItem = {
  name: string;
  quantity: number;
  price: number;
  /** a pre-ordered line: "pre-order, to be dispatched from 1 March 2027" (decision 131) */
  note?: string;
};

/** A saving already in the order's line prices (decision 072), named as the order's pages show it; pence. */
export type OrderDiscountView = { label: string; amount: number };

/** An order's savings as its pages show them; none on an order without any. */
export const discountViewsOf = (discounts: readonly OrderDiscount[] | undefined): OrderDiscountView[] =>
  (discounts ?? []).map((discount) => ({ label: discountLabelOf(discount), amount: discount.amount }));

/** An order as the shop describes it, plus the number and revision the console needs. */
export type AdminOrder = {
  orderId: string;
  orderNumber: string;
  status: AnyOrderStatus;
  /** ISO-8601 UTC */
  orderDate: string;
  customerName: string;
  customerEmail: string;
  /** display text */
  shippingAddress: string;
  /** display text, e.g. "£13.49" */
  total: string;
  paymentMethod: string;
  /** pence */
  totalAmount: number;
  /** pence */
  shippingCost: number;
  /** this API sends AdminOrderItem[]; an order may hold text or any other shape, and the console shows all three */
  items: unknown;
  /** savings already in the items' prices (decision 072); absent without any */
  discounts?: OrderDiscountView[];
  /** revision of the order's stream this view was folded up to; send it back as expectedRevision */
  revision: number;
  /** paid back so far, integer pence (refunds the provider confirmed) */
  refunded: number;
  /** every refund asked for or reported, oldest first */
  refunds: AdminRefund[];
  /** disputes the card's bank opened on the payment, with where each stands (decision 101) */
  disputes: AdminDispute[];
  /** what placing the order found for the owner to look at; `cleared` once the owner accepted the order as it stands */
  flags: { flag: OrderFlag; message: string; at: string; cleared?: { by: string; at: string } }[];
  /** a gift ("This is a gift" at checkout, decision 085); absent otherwise, and on lists folded before it was kept */
  gift?: true;
  /** the delivery address's country code, when the address was given in parts (a text address has none) */
  country?: string;
  /** the shopper's requests (to cancel, to return) not answered yet: the order is on hold while one is open */
  openRequests?: { requestId: string; kind: ShopperRequestKind }[];
  /**
   * A pre-order's copies per coming book (decision 120), by book id: still waiting for copies to arrive, or allocated
   * copies received and ready to send. Absent on every other order.
   */
  preOrders?: Record<string, 'waiting' | 'allocated'>;
  /**
   * Pre-orders and books on the shelf in one order (decision 131): one parcel on publication, or two, the books in
   * stock sent first. Absent on every other order.
   */
  parcels?: OrderParcels;
};

/**
 * A dispute as the console shows it: its events' facts, and what the owner reads of them — its state in words, the
 * evidence deadline in UK time while an answer is awaited, and where to answer it in the provider's dashboard.
 */
export type AdminDispute = Dispute & {
  statusText: string;
  /** true while the provider takes the owner's evidence */
  awaitsResponse: boolean;
  /** "Friday 24 April 2026 at 23:59 (UK time)"; null when the provider gave none */
  deadline: string | null;
  /** the dispute's page in the provider's dashboard; null when there is none to link to */
  respondUrl: string | null;
};

/** The view of a dispute on the order named after `paymentReference` (an order is named after its payment). */
export function adminDisputeOf(dispute: Dispute, paymentReference: string): AdminDispute {
  const { statusText: _s, awaitsResponse: _a, deadline: _d, respondUrl: _r, ...facts } = dispute as AdminDispute;
  return {
    ...facts,
    movements: facts.movements ?? [],
    statusText: disputeStatusText(facts.status ?? null),
    awaitsResponse: awaitsResponse(facts.status ?? null),
    deadline: evidenceDeadlineText(facts.evidenceDueBy ?? null),
    respondUrl: disputeDashboardUrl({ disputeId: facts.disputeId, livemode: facts.livemode ?? null }, paymentReference),
  };
}

/** A refund as the console shows it: the refund ledger's entry (contracts/orders/refunds.ts), with its progress. */
export type AdminRefund = RefundEntry;

/**
 * POST /api/admin/orders/{id}/refunds and …/refunds/{refundId}/retry: 202 as soon as the request is in the log, with
 * the refund still pending; the order's read model shows its progress from then on.
 */
export type RefundResponse = { success: true; message: string; refund: AdminRefund };

export type OrderStatusCounts = Record<AnyOrderStatus, number>;

/**
 * GET /api/admin/orders. A page (asked for with limit, cursor, q, from or to) also says where the next one starts:
 * `nextCursor`, null on the last page. `totalOrders` and `counts` then count what the search and dates match.
 */
export type AdminOrdersResponse = {
  orders: AdminOrder[];
  totalOrders: number;
  counts: OrderStatusCounts;
  nextCursor?: string | null;
};

/** POST /api/admin/orders/{id}/status */
export type ChangeOrderStatusResponse = { success: true; message: string; order: AdminOrder };

/** POST /api/admin/orders/{id}/customer */
export type AddOrderCustomerDetailsResponse = { success: true; message: string; order: AdminOrder };

/** One step of an order's life, oldest first. */
export type OrderHistoryEntry =
  | { kind: 'placed'; revision: number; position: number; at: string; status: AnyOrderStatus; by: string }
  | {
      kind: 'statusChanged';
      revision: number;
      position: number;
      at: string;
      from: string;
      to: AnyOrderStatus;
      notes: string;
      by: string;
    }
  | {
      kind: 'detailsAdded';
      revision: number;
      position: number;
      at: string;
      source: CustomerDetailsSource;
      /** what was added; the address as display text */
      customerName?: string;
      customerEmail?: string;
      shippingAddress?: string;
      reason: string;
      by: string;
    }
  | PaymentHistoryEntry;

/** Money after placing and flags, as one line of the history: a refund's steps, a dispute, a flag. */
export type PaymentHistoryEntry = {
  kind: 'payment';
  revision: number;
  position: number;
  at: string;
  /** e.g. "Refund of £9.99 paid back" */
  title: string;
  /** the reason, or the provider's words */
  detail: string;
  /** the owner's username, or who reported it (`webhook:stripe`, `system:reactor`) */
  by: string;
};

/** GET /api/admin/orders/{id}/history */
export type OrderHistoryResponse = { orderId: string; history: OrderHistoryEntry[] };

/** The parcel an order went out in. */
export type OrderShipmentView = {
  carrier: Carrier;
  trackingNumber: string;
  trackingUrl: string | null;
  by: string;
  at: string;
  /**
   * Present when the order was shipped before shipments were recorded: the note of the status change it is read from
   * ('' when that change had none). Absent for a shipment recorded as one.
   */
  fromNote?: string;
};

/** One step on an order page's timeline, oldest first; `position` is the step's place in the shop's log. */
export type OrderTimelineEntry = { position: number; at: string } & (
  | { kind: 'placed'; status: AnyOrderStatus; by: string }
  | { kind: 'statusChanged'; from: string; to: AnyOrderStatus; notes: string; by: string }
  | { kind: 'detailsAdded'; source: CustomerDetailsSource; added: string[]; reason: string; by: string }
  | ({ kind: 'shipment' } & OrderShipmentView)
  | { kind: 'note'; noteId: string; text: string; by: string }
  | { kind: 'emailSent'; emailKind: string; to: string; subject: string }
  | Pick<PaymentHistoryEntry, 'kind' | 'title' | 'detail' | 'by'>
);

/** A gift order's message and, when it goes to someone else, who and where (decision 085). */
export type OrderGiftView = {
  message: string;
  recipientName?: string;
  recipientLines?: string[];
  /** where the gift note goes once the parcel is on its way, when the buyer asked for one (decision 110) */
  noteTo?: string;
};

/** What the order page and its packing slip show beyond the console's list: the address as lines, the payment, the parcel. */
export type OrderPageView = {
  orderId: string;
  orderNumber: string;
  orderDate: string;
  customerName: string;
  customerEmail: string;
  /** the address, one line each (a text address is one line) */
  addressLines: string[];
  phone?: string;
  items: AdminOrderItem[];
  /** savings already in the items' prices (decision 072); absent without any */
  discounts?: OrderDiscountView[];
  /** pence */
  subtotal: number;
  /** pence */
  shippingCost: number;
  /** pence: what was paid */
  total: number;
  paymentMethod: string;
  paymentReference: string;
  shipment: OrderShipmentView | null;
  timeline: OrderTimelineEntry[];
  /** "This is a gift" at checkout; absent on every other order */
  gift?: OrderGiftView;
};

/** The order's money in pence: paid, of which shipping, refunded so far and what the shop keeps. */
export type OrderMoney = { paid: number; shipping: number; refunded: number; net: number };

/** GET /api/admin/orders/{id}; `customs` for a parcel leaving the UK (decision 098), as its packing slip prints it. */
export type OrderPageResponse = {
  order: AdminOrder;
  page: OrderPageView;
  money: OrderMoney;
  customs?: CustomsDeclaration;
};

/** POST /api/admin/orders/{id}/notes */
export type AddOrderNoteResponse = { success: true; message: string; order: AdminOrder };

/** The owner accepts an order as it stands despite a flag (decision 102): today, a payment that does not match. */
export const ClearOrderFlagSchema = v.object({
  flag: v.picklist(['payment-mismatch'] as const, 'Only a payment that does not match can be accepted'),
});
export type ClearOrderFlagResponse = { success: true; message: string; order: AdminOrder };
export const flagMessages = {
  notFlagged: 'This order has no such flag to accept',
  cleared: 'The payment is accepted: the order ships as it stands, and the customer gets its confirmation',
} as const;

/** What goes in the box: who it is for, where it goes, what is in it. */
export type PackingSlip = Pick<
  OrderPageView,
  | 'orderId'
  | 'orderNumber'
  | 'orderDate'
  | 'customerName'
  | 'addressLines'
  | 'items'
  | 'subtotal'
  | 'shippingCost'
  | 'total'
> & {
  status: AnyOrderStatus;
  /** a gift's message: the slip starts in gift mode (no prices) and prints it; name and address are the recipient's */
  gift?: { message: string };
  /** a parcel leaving the UK: its CN22 (CN23 above £270) summary (decision 098) */
  customs?: CustomsDeclaration;
};

/** At most this many slips print at once. */
export const maxPackingSlips = 200;

/** GET /api/admin/packing-slips: every order now processing, oldest first, for the day's batch. */
export type PackingSlipsResponse = { slips: PackingSlip[]; more: boolean };

// --- several orders at once (decision 081) ----------------------------------------------------------------------------

/** At most this many orders are shipped, or exported, in one request. */
export const maxBulkOrders = 100;

const orderIdText = v.pipe(v.string('Each order id must be text'), v.regex(orderIdPattern, 'That is not an order id'));

/** `gift=yes` prints a slip in gift mode (no prices), `gift=no` with its prices; left out, as the screen first shows it. */
export const giftModeMessage = 'Gift must be "yes" or "no", or left out';
const giftMode = v.optional(v.picklist(['yes', 'no'], giftModeMessage));

/** GET /api/admin/orders/:id/packing-slip/pdf?gift=: a gift order starts in gift mode, any other with its prices. */
export const PackingSlipPdfQuerySchema = v.object({ gift: giftMode });

/** GET /api/admin/packing-slips?ids=a,b,c: the slips of these orders, in this order; without ids, every processing one. */
export const PackingSlipsQuerySchema = v.object({
  /** the PDF's only (the page's own toggle): every slip in gift mode; a gift order's slip is in gift mode either way */
  gift: giftMode,
  ids: v.optional(
    v.pipe(
      v.string(),
      v.transform((text) => [
        ...new Set(
          text
            .split(',')
            .map((id) => id.trim())
            .filter(Boolean),
        ),
      ]),
      v.maxLength(maxPackingSlips, `At most ${maxPackingSlips} packing slips print at once`),
      v.check((ids) => ids.every((id) => orderIdPattern.test(id)), 'Ids must be order ids, separated by commas'),
    ),
  ),
});

/** One order of a bulk shipment: the revision the screen showed, the carrier and its tracking number. */
export const BulkShipmentSchema = v.object(
  {
    orderId: orderIdText,
    expectedRevision: v.pipe(
      v.number('Expected revision must be a whole number'),
      v.integer('Expected revision must be a whole number'),
      v.minValue(0, 'Expected revision must be a whole number'),
    ),
    shipment: ShipmentSchema,
  },
  'Each order needs its orderId, expectedRevision and shipment',
);

/** POST /api/admin/orders/ship: several orders marked shipped, each its own change with its own e-mail. */
export const ShipOrdersSchema = v.object(
  {
    orders: v.pipe(
      v.array(BulkShipmentSchema, 'Orders must be a list'),
      v.minLength(1, 'Choose at least one order to ship'),
      v.maxLength(maxBulkOrders, `At most ${maxBulkOrders} orders can be shipped at once`),
      v.check(
        (orders) => new Set(orders.map((o) => o.orderId)).size === orders.length,
        'Each order may be listed only once',
      ),
    ),
    notes: v.optional(
      v.pipe(
        v.string('Notes must be text'),
        ownerText('Notes', { multiline: true }),
        v.trim(),
        v.maxLength(maxNotesLength, `Notes must be at most ${maxNotesLength} characters`),
      ),
      '',
    ),
  },
  'Send a JSON object with the orders to ship',
);
export type ShipOrdersBody = v.InferInput<typeof ShipOrdersSchema>;

/** How one order of a bulk shipment went: shipped (its order as it is now), or refused and why (nothing written). */
export type BulkShipResult =
  | { orderId: string; ok: true; message: string; order: AdminOrder }
  | { orderId: string; ok: false; status: 400 | 404 | 409; message: string };

/** POST /api/admin/orders/ship: each order's outcome, in the order asked. */
export type ShipOrdersResponse = { shipped: number; failed: number; results: BulkShipResult[] };

/** One order of a bulk move to processing: the revision the screen showed. */
export const BulkMoveSchema = v.object(
  {
    orderId: orderIdText,
    expectedRevision: v.pipe(
      v.number('Expected revision must be a whole number'),
      v.integer('Expected revision must be a whole number'),
      v.minValue(0, 'Expected revision must be a whole number'),
    ),
  },
  'Each order needs its orderId and expectedRevision',
);

/** POST /api/admin/orders/process: several paid orders marked processing (being packed), each its own change. */
export const ProcessOrdersSchema = v.object(
  {
    orders: v.pipe(
      v.array(BulkMoveSchema, 'Orders must be a list'),
      v.minLength(1, 'Choose at least one order to mark processing'),
      v.maxLength(maxBulkOrders, `At most ${maxBulkOrders} orders can be marked processing at once`),
      v.check(
        (orders) => new Set(orders.map((o) => o.orderId)).size === orders.length,
        'Each order may be listed only once',
      ),
    ),
    notes: v.optional(
      v.pipe(
        v.string('Notes must be text'),
        ownerText('Notes', { multiline: true }),
        v.trim(),
        v.maxLength(maxNotesLength, `Notes must be at most ${maxNotesLength} characters`),
      ),
      '',
    ),
  },
  'Send a JSON object with the orders to mark processing',
);
export type ProcessOrdersBody = v.InferInput<typeof ProcessOrdersSchema>;

/** POST /api/admin/orders/process: each order's outcome, in the order asked. */
export type ProcessOrdersResponse = { moved: number; failed: number; results: BulkShipResult[] };

/** POST /api/admin/orders/click-and-drop.csv: the orders' rows for Royal Mail Click & Drop, and why they leave the shop. */
export const ClickAndDropExportSchema = v.object(
  {
    orderIds: v.pipe(
      v.array(orderIdText, 'Order ids must be a list'),
      v.minLength(1, 'Choose at least one order to export'),
      v.maxLength(maxBulkOrders, `At most ${maxBulkOrders} orders can be exported at once`),
    ),
    reason: v.pipe(
      v.optional(v.string('Reason must be text'), ''),
      ownerText('The reason'),
      v.trim(),
      v.minLength(3, 'Give a short reason for the export (3 to 200 characters)'),
      v.maxLength(200, 'Give a short reason for the export (3 to 200 characters)'),
    ),
  },
  'Send a JSON object with the order ids and a reason',
);
export type ClickAndDropExportBody = v.InferInput<typeof ClickAndDropExportSchema>;

/**
 * What goes in the box of an order, from its page: a gift sent to someone else is addressed to them; a parcel leaving
 * the UK carries its customs declaration.
 */
export function packingSlipOf(
  page: OrderPageView,
  status: AnyOrderStatus,
  customs?: CustomsDeclaration | null,
): PackingSlip {
  const { orderId, orderNumber, orderDate, items, subtotal, shippingCost, total, gift } = page;
  const toRecipient = gift?.recipientName && gift.recipientLines?.length;
  return {
    orderId,
    orderNumber,
    orderDate,
    customerName: toRecipient ? gift.recipientName! : page.customerName,
    addressLines: toRecipient ? gift.recipientLines! : page.addressLines,
    items,
    subtotal,
    shippingCost,
    total,
    status,
    ...(gift ? { gift: { message: gift.message } } : {}),
    ...(customs ? { customs } : {}),
  };
}
