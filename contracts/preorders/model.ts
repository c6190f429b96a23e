// Pre-orders (decision 120): a book announced before it is printed is "coming" until the owner releases it. Its
// announcement, date and limit, every pre-order taken for it, every copy allocated to one and every cancellation are
// events on the title's own stream, `preorder-<bookId>`, so the limit is decided under that stream's revision and an
// auditor replays a title's whole season from one stream.
import * as v from 'valibot';
import { isoDay, longDay } from '../shared/days.ts';
import { ownerText } from '../shared/ownerText.ts';

/** The highest limit the owner may set, in copies: far above any print run of the shop's. */
export const maxPreOrderLimit = 100_000;

/**
 * Why a pre-order was cancelled: the shopper asked (from the order page or the e-mail's link), the owner did, or its
 * checkout ended unpaid (cancelled, its payment failed, or its page never opened).
 */
export const preOrderCancelReasons = ['shopper', 'owner', 'unpaid'] as const;
export type PreOrderCancelReason = (typeof preOrderCancelReasons)[number];

export const preOrderTexts = {
  /** the card's and the page's line for a coming book */
  comingLine: (day: string) => `Pre-order — published ${longDay(day)}`,
  button: 'Pre-order',
  /** the receipt's line under a pre-ordered item */
  receiptLine: (day: string) => `pre-order, to be dispatched from ${longDay(day)}`,
} as const;

export const preOrderMessages = {
  notComing: (title: string) =>
    `${title} is not coming: only a book announced with a publication date can be pre-ordered.`,
  alreadyComing: (title: string, day: string) =>
    `${title} is already coming, published ${longDay(day)}: change its date instead.`,
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
