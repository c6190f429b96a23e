// The pre-orders' events (decision 120), declared once: the payload schemas of stream preorder-<bookId>, and the types
// derived from them.
import * as v from 'valibot';
import { at, causes, defineEvents, text, whole, type EventsOf } from '../shared/eventDefinitions.ts';
import { preOrderCancelReasons } from './model.ts';

const { owner, shopper } = causes;
const count = whole;
const bookId = whole;
const day = v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2}$/));

const preOrderSaid = { by: text, reason: text, at };
const copies = v.pipe(v.number(), v.integer(), v.minValue(1));
/** A book is coming: published on `publicationDate` (a UK day), pre-orders closed at `limit` copies (null: no limit). */
export const TitleAnnouncedV1 = v.object({
  bookId,
  title: text,
  publicationDate: day,
  limit: v.nullable(copies),
  ...preOrderSaid,
});
/** The publication date moved; `waiting` pre-orders were still waiting for a copy when it did. */
export const PublicationDateChangedV1 = v.object({ bookId, from: day, to: day, waiting: count, ...preOrderSaid });
/** The limit moved (null: none). */
export const PreOrderLimitChangedV1 = v.object({
  bookId,
  from: v.nullable(copies),
  to: v.nullable(copies),
  ...preOrderSaid,
});
/**
 * A pre-order of `quantity` copies, taken when the checkout `checkoutId` started: it holds its copies of the limit
 * until `expiresAt` (the checkout's hold, decision 061), and for good once paid.
 */
export const PreOrderPlacedV1 = v.object({ bookId, checkoutId: text, quantity: copies, at, expiresAt: at });
/** The pre-order's checkout was paid: it is the order `orderId`, paid now, dispatched from the publication date. */
export const PreOrderPaidV1 = v.object({ bookId, checkoutId: text, orderId: text, at });
/** Copies received were set aside for one pre-order, whole: its order `orderId` is ready to dispatch. */
export const PreOrderAllocatedV1 = v.object({ bookId, checkoutId: text, orderId: text, quantity: copies, at });
/** A pre-order was cancelled before dispatch; its copies are free for the next. */
export const PreOrderCancelledV1 = v.object({
  bookId,
  checkoutId: text,
  quantity: copies,
  cancelledBy: v.picklist(preOrderCancelReasons),
  at,
});
/** The book is out: no longer coming, on sale as any other. */
export const TitleReleasedV1 = v.object({ bookId, ...preOrderSaid });
/**
 * Copies of the title were received (decision 131), appended with the PreOrderAllocated events they made: `allocated`
 * went to pre-orders, `forSale` to the shelf, whose StockReceived follows under `receiptId`. From then on the title is
 * on sale from its shelf and takes no new pre-orders.
 */
export const PreOrderStockReceivedV1 = v.object({
  bookId,
  received: copies,
  allocated: count,
  forSale: count,
  receiptId: text,
  ...preOrderSaid,
});

export const preOrderEvents = defineEvents([
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
]);

export type PreOrderEvent = EventsOf<typeof preOrderEvents>;
export type PreOrderPlaced = Extract<PreOrderEvent, { type: 'PreOrderPlaced' }>;
export type PreOrderPaid = Extract<PreOrderEvent, { type: 'PreOrderPaid' }>;
export type PreOrderAllocated = Extract<PreOrderEvent, { type: 'PreOrderAllocated' }>;
export type PreOrderStockReceived = Extract<PreOrderEvent, { type: 'PreOrderStockReceived' }>;
export type PublicationDateChanged = Extract<PreOrderEvent, { type: 'PublicationDateChanged' }>;
export type PreOrderCancelled = Extract<PreOrderEvent, { type: 'PreOrderCancelled' }>;
export const preOrderEventTypes = preOrderEvents.map((d) => d.type);
