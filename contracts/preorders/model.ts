// Pre-orders (decision 120): a book announced before it is printed is "coming" until the owner releases it. Its
// announcement, date and limit, every pre-order taken for it, every copy allocated to one and every cancellation are
// events on the title's own stream, `preorder-<bookId>`, so the limit is decided under that stream's revision and an
// auditor replays a title's whole season from one stream.
import * as v from 'valibot';
import { isoDay } from '../shared/days.ts';
import type { DomainEvent } from '../shared/events.ts';
import { ownerText } from '../shared/ownerText.ts';

/** The highest limit the owner may set, in copies: far above any print run of the shop's. */
export const maxPreOrderLimit = 100_000;

/**
 * Why a pre-order was cancelled: the shopper asked (from the order page or the e-mail's link), the owner did, or its
 * checkout ended unpaid (cancelled, its payment failed, or its page never opened).
 */
export const preOrderCancelReasons = ['shopper', 'owner', 'unpaid'] as const;
export type PreOrderCancelReason = (typeof preOrderCancelReasons)[number];

type Said = { by: string; reason: string; at: string };

// Events — stream preorder-<bookId>.
/** A book is coming: published on `publicationDate` (a UK day), pre-orders closed at `limit` copies (null: no limit). */
export type TitleAnnounced = DomainEvent<
  'TitleAnnounced',
  { bookId: number; title: string; publicationDate: string; limit: number | null } & Said
>;
/** The publication date moved; `waiting` pre-orders were still waiting for a copy when it did. */
export type PublicationDateChanged = DomainEvent<
  'PublicationDateChanged',
  { bookId: number; from: string; to: string; waiting: number } & Said
>;
/** The limit moved (null: none). */
export type PreOrderLimitChanged = DomainEvent<
  'PreOrderLimitChanged',
  { bookId: number; from: number | null; to: number | null } & Said
>;
/**
 * A pre-order of `quantity` copies, taken when the checkout `checkoutId` started: it holds its copies of the limit
 * until `expiresAt` (the checkout's hold, decision 061), and for good once paid.
 */
export type PreOrderPlaced = DomainEvent<
  'PreOrderPlaced',
  { bookId: number; checkoutId: string; quantity: number; at: string; expiresAt: string }
>;
/** The pre-order's checkout was paid: it is the order `orderId`, paid now, dispatched from the publication date. */
export type PreOrderPaid = DomainEvent<
  'PreOrderPaid',
  { bookId: number; checkoutId: string; orderId: string; at: string }
>;
/** Copies received were set aside for one pre-order, whole: its order `orderId` is ready to dispatch. */
export type PreOrderAllocated = DomainEvent<
  'PreOrderAllocated',
  { bookId: number; checkoutId: string; orderId: string; quantity: number; at: string }
>;
/** A pre-order was cancelled before dispatch; its copies are free for the next. */
export type PreOrderCancelled = DomainEvent<
  'PreOrderCancelled',
  { bookId: number; checkoutId: string; quantity: number; cancelledBy: PreOrderCancelReason; at: string }
>;
/**
 * Copies of the title were received (decision 131), appended with the PreOrderAllocated events they made: `allocated`
 * went to pre-orders, `forSale` to the shelf, whose StockReceived follows under `receiptId`. From then on the title is
 * on sale from its shelf and takes no new pre-orders.
 */
export type PreOrderStockReceived = DomainEvent<
  'PreOrderStockReceived',
  { bookId: number; received: number; allocated: number; forSale: number; receiptId: string } & Said
>;
/** The book is out: no longer coming, on sale as any other. */
export type TitleReleased = DomainEvent<'TitleReleased', { bookId: number } & Said>;

export type PreOrderEvent =
  | TitleAnnounced
  | PublicationDateChanged
  | PreOrderLimitChanged
  | PreOrderPlaced
  | PreOrderPaid
  | PreOrderAllocated
  | PreOrderCancelled
  | PreOrderStockReceived
  | TitleReleased;

export const preOrderEventTypes = [
  'TitleAnnounced',
  'PublicationDateChanged',
  'PreOrderLimitChanged',
  'PreOrderPlaced',
  'PreOrderPaid',
  'PreOrderAllocated',
  'PreOrderCancelled',
  'PreOrderStockReceived',
  'TitleReleased',
] as const satisfies readonly PreOrderEvent['type'][];

const longDate = new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', day: 'numeric', month: 'long', year: 'numeric' });
/** A UK day as the shop writes it to shoppers: `2027-03-01` → "1 March 2027". */
export const publicationDateText = (day: string): string => longDate.format(new Date(`${day}T00:00:00Z`));

export const preOrderTexts = {
  /** the card's and the page's line for a coming book */
  comingLine: (day: string) => `Pre-order — published ${publicationDateText(day)}`,
  button: 'Pre-order',
  /** the receipt's line under a pre-ordered item */
  receiptLine: (day: string) => `pre-order, to be dispatched from ${publicationDateText(day)}`,
} as const;

export const preOrderMessages = {
  notComing: (title: string) =>
    `${title} is not coming: only a book announced with a publication date can be pre-ordered.`,
  alreadyComing: (title: string, day: string) =>
    `${title} is already coming, published ${publicationDateText(day)}: change its date instead.`,
  pastDate: (today: string) => `The publication date must be after today (${today}).`,
  limitBelowTaken: (taken: number) =>
    `The limit cannot be below the ${taken} ${taken === 1 ? 'copy' : 'copies'} already pre-ordered.`,
  closed: (title: string) => `Pre-orders for ${title} are closed: its limit is reached.`,
  fewLeft: (title: string, left: number) =>
    `Only ${left} ${left === 1 ? 'copy is' : 'copies are'} left to pre-order of ${title}.`,
  unknownPreOrder: 'There is no such pre-order.',
  /** copies have been received: the book is sold from the shelf now, not pre-ordered (decision 131) */
  onSale: (title: string) =>
    `${title} is on sale now: its copies have arrived, so it is bought from the shelf, not pre-ordered.`,
  dispatched: 'This pre-order has been dispatched: it can no longer be cancelled; the 14-day right runs from delivery.',
  /** what the owner is told when copies received went to pre-orders, and what still waits */
  allocated: (copies: number, waiting: number) =>
    [
      `${copies} ${copies === 1 ? 'copy' : 'copies'} allocated to pre-orders`,
      ...(waiting > 0 ? [`${waiting} ${waiting === 1 ? 'pre-order still waits' : 'pre-orders still wait'}`] : []),
    ].join('; '),
  /** the shelf's note on a receipt whose copies went to pre-orders first */
  receivedNote: (received: number, allocated: number) => `${received} received, ${allocated} allocated to pre-orders.`,
  stillWaiting: (waiting: number) =>
    `${waiting} ${waiting === 1 ? 'pre-order still waits' : 'pre-orders still wait'} for copies: record the stock for them, or cancel them, before the release.`,
} as const;

// What the owner sends (contracts/preorders/api.ts). Bad fields are a 400 naming them.
const limit = v.pipe(
  v.number('The limit must be a number of copies'),
  v.integer('The limit is a whole number of copies'),
  v.minValue(1, 'The limit must be at least 1 copy'),
  v.maxValue(maxPreOrderLimit, `The limit can be at most ${maxPreOrderLimit} copies`),
);
const reason = v.optional(
  v.pipe(
    v.string('A reason must be text'),
    ownerText('The reason'),
    v.trim(),
    v.maxLength(200, 'A reason is at most 200 characters'),
  ),
  '',
);

/** POST /api/admin/preorders/:id — the book is coming. */
export const AnnounceTitleSchema = v.object({
  publicationDate: isoDay('The publication date'),
  limit: v.optional(v.nullable(limit), null),
  reason,
});
/** PATCH /api/admin/preorders/:id — a new date, a new limit (null: none), or both. */
export const ChangeComingTitleSchema = v.object({
  publicationDate: v.optional(isoDay('The publication date')),
  limit: v.optional(v.nullable(limit)),
  reason,
});
/** POST /api/admin/preorders/:id/release */
export const ReleaseTitleSchema = v.object({ reason });
