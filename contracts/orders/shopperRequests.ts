// The shopper's side of an order after it is paid, without an account (decision 086): asking to cancel before it
// ships, asking to return it within the 14 days the Consumer Contracts Regulations 2013 give, the owner's answer, and
// a fresh link to the order page. All of it is events: the requests and answers on the order's stream, a link asked
// for on the order's notification stream. What may be asked, and until when, is decided from those events alone.
import * as v from 'valibot';
import { ownerText } from '../shared/ownerText.ts';
import type { ShopEvent } from '../eventCatalog.ts';
import { ofTypes } from '../shared/events.ts';
import type { AnyOrderStatus } from '../shared/constants.ts';
import type { ShopperRequestEvent } from './events.ts';

export const returnReasons = ['changed-mind', 'damaged', 'wrong-item', 'other'] as const;
export type ReturnReason = (typeof returnReasons)[number];
export const returnReasonLabels: Record<ReturnReason, string> = {
  'changed-mind': 'Changed my mind',
  damaged: 'Arrived damaged',
  'wrong-item': 'Wrong item',
  other: 'Other',
};

export const maxRequestNoteLength = 1000;
export const maxOwnerMessageLength = 1000;
/** A shopper may ask at most this many times about one order (a declined request may be asked again). */
export const maxRequestsPerOrder = 5;

/** Days to cancel once the goods are in the shopper's hands (Consumer Contracts Regulations 2013, reg. 30). */
export const returnWindowDays = 14;
/**
 * Without a recorded delivery, the parcel is taken to arrive this many days after it was shipped: generous for a UK
 * parcel (Royal Mail's 48-hour services and couriers), and the doubt goes the shopper's way.
 */
export const assumedDeliveryDays = 5;

export type ShopperRequestKind = 'cancel' | 'return';

export const shopperRequestEventTypes: readonly ShopperRequestEvent['type'][] = [
  'CancellationRequested',
  'ReturnRequested',
  'ShopperRequestAccepted',
  'ShopperRequestDeclined',
];
const isShopperRequestEvent = ofTypes(shopperRequestEventTypes);

export type ShopperRequest = {
  requestId: string;
  kind: ShopperRequestKind;
  reason?: ReturnReason;
  note?: string;
  at: string;
  outcome: 'open' | 'accepted' | 'declined';
  /** the owner's words to the shopper with the answer */
  message?: string;
  answeredAt?: string;
};

/** The requests of one order, oldest first, folded from its stream. */
export function evolveRequests(requests: readonly ShopperRequest[], event: ShopEvent): ShopperRequest[] {
  const answer = (requestId: string, change: Partial<ShopperRequest>) =>
    requests.map((r) => (r.requestId === requestId ? { ...r, ...change } : r));
  switch (event.type) {
    case 'CancellationRequested': {
      const { requestId, at } = event.data;
      return [...requests, { requestId, kind: 'cancel', at, outcome: 'open' }];
    }
    case 'ReturnRequested': {
      const { requestId, at, reason, note } = event.data;
      return [...requests, { requestId, kind: 'return', reason, ...(note ? { note } : {}), at, outcome: 'open' }];
    }
    case 'ShopperRequestAccepted': {
      const { requestId, message, at } = event.data;
      return answer(requestId, { outcome: 'accepted', message, answeredAt: at });
    }
    case 'ShopperRequestDeclined': {
      const { requestId, message, at } = event.data;
      return answer(requestId, { outcome: 'declined', message, answeredAt: at });
    }
    default:
      return [...requests];
  }
}

/** Where an order stands for the shopper's rights: its status, when it shipped and was delivered, and its requests. */
export type OrderProgress = {
  status: AnyOrderStatus;
  shippedAt: string | null;
  deliveredAt: string | null;
  requests: ShopperRequest[];
};

export const emptyProgress = (status: AnyOrderStatus): OrderProgress => ({
  status,
  shippedAt: null,
  deliveredAt: null,
  requests: [],
});

export function evolveProgress(progress: OrderProgress, event: ShopEvent): OrderProgress {
  if (event.type === 'OrderStatusChanged') {
    const { to, at } = event.data;
    return {
      ...progress,
      status: to,
      shippedAt: to === 'shipped' || to === 'delivered' ? (progress.shippedAt ?? at) : progress.shippedAt,
      deliveredAt: to === 'delivered' ? (progress.deliveredAt ?? at) : progress.deliveredAt,
    };
  }
  if (event.type === 'OrderShipmentRecorded') return { ...progress, shippedAt: progress.shippedAt ?? event.data.at };
  if (isShopperRequestEvent(event)) return { ...progress, requests: evolveRequests(progress.requests, event) };
  return progress;
}

const dayMs = 86_400_000;

/**
 * The last moment a return may be asked for: 14 days after delivery, or, with no delivery recorded, 14 days after
 * the assumed delivery 5 days after shipping. Null while the order has not shipped.
 */
export function returnDeadline(progress: Pick<OrderProgress, 'shippedAt' | 'deliveredAt'>): Date | null {
  if (progress.deliveredAt) return new Date(Date.parse(progress.deliveredAt) + returnWindowDays * dayMs);
  if (progress.shippedAt)
    return new Date(Date.parse(progress.shippedAt) + (assumedDeliveryDays + returnWindowDays) * dayMs);
  return null;
}

/** Which statuses leave an order still to ship (so the shopper may ask to cancel it). */
const notYetShipped = {
  pending: true,
  completed: true,
  processing: true,
  shipped: false,
  delivered: false,
  cancelled: false,
} satisfies Record<AnyOrderStatus, boolean>;

export const openRequestOf = (progress: OrderProgress) => progress.requests.find((r) => r.outcome === 'open') ?? null;

/**
 * Whether the order has not left yet: nothing shipped, and a status the table above says is still to ship (the table
 * is where a new status must be handled, decision 124; this only reads it).
 */
export const stillToShip = (progress: OrderProgress): boolean =>
  !progress.shippedAt && (notYetShipped as Readonly<Record<string, boolean>>)[progress.status] === true;

/** Why a cancellation may not be asked for now, or null when it may. */
export function cancelRefusal(progress: OrderProgress, fullyRefunded: boolean): string | null {
  if (progress.status === 'cancelled' || fullyRefunded) return requestMessages.alreadyCancelled;
  if (progress.shippedAt || !notYetShipped[progress.status]) return requestMessages.shippedAlready;
  if (openRequestOf(progress)) return requestMessages.openAlready;
  if (progress.requests.length >= maxRequestsPerOrder) return requestMessages.tooMany;
  return null;
}

/** Why a return may not be asked for at `now`, or null when it may. */
export function returnRefusal(progress: OrderProgress, fullyRefunded: boolean, now: Date): string | null {
  if (progress.status === 'cancelled' || fullyRefunded) return requestMessages.alreadyCancelled;
  const deadline = returnDeadline(progress);
  if (!deadline) return requestMessages.notShippedYet;
  if (now.getTime() > deadline.getTime()) return requestMessages.windowClosed;
  if (openRequestOf(progress)) return requestMessages.openAlready;
  if (progress.requests.length >= maxRequestsPerOrder) return requestMessages.tooMany;
  return null;
}

export const requestMessages = {
  shippedAlready:
    'Your order is already on its way, so it can no longer be cancelled. Once it arrives you can ask to return it here.',
  notShippedYet: 'Your order has not shipped yet: you can ask us to cancel it instead.',
  windowClosed: `The ${returnWindowDays} days to ask for a return have passed. If something is wrong with your order, please write to us.`,
  openAlready: 'We already have a request from you for this order and will answer it soon.',
  alreadyCancelled: 'This order has already been cancelled and refunded.',
  tooMany: 'We have had several requests for this order. Please write to us instead, and we will gladly help.',
  noSuchRequest: 'There is no such request on this order.',
  answeredAlready: 'This request has already been answered.',
  shippedSinceCancel:
    'This order has shipped since the customer asked to cancel it: decline the request, and the customer can ask to return it once it arrives.',
  cancelAsked:
    'Thank you. We have your request to cancel this order and will e-mail you as soon as we have looked at it.',
  returnAsked: 'Thank you. We have your return request and will e-mail you with what happens next.',
  linkSent: 'If the details match an order, we have sent a link to its e-mail address.',
  linkNotFound: 'This link does not open an order. It may be mistyped or incomplete.',
  linkExpired:
    'This link has expired, to keep your order private. We can send a fresh link to the e-mail address the order was placed with.',
  freshLinkSent: 'If this order can take another link today, we have sent a fresh one to its e-mail address.',
} as const;

// --- what the shopper sends --------------------------------------------------------------------------------------

const expectedRevision = v.optional(
  v.pipe(
    v.number('Expected revision must be a whole number'),
    v.integer('Expected revision must be a whole number'),
    v.minValue(0, 'Expected revision must be a whole number'),
  ),
);

/** POST /api/order-page/:token/cancel */
export const CancelRequestSchema = v.object({ expectedRevision }, 'Send a JSON object');

/** POST /api/order-page/:token/return */
export const ReturnRequestSchema = v.object(
  {
    reason: v.picklist(returnReasons, 'Choose a reason from the list'),
    note: v.pipe(
      v.optional(v.string('A note must be text'), ''),
      v.trim(),
      v.maxLength(maxRequestNoteLength, `A note can be at most ${maxRequestNoteLength} characters`),
    ),
    expectedRevision,
  },
  'Send a JSON object with a reason',
);
export type ReturnRequestBody = v.InferInput<typeof ReturnRequestSchema>;

const lookupText = (name: string, max: number) =>
  v.pipe(
    v.string(`${name} must be text`),
    v.trim(),
    v.minLength(1, `Please enter your ${name.toLowerCase()}`),
    v.maxLength(max, `${name} is too long`),
  );

/** POST /api/order-lookup: the order number (with or without AH-, any case), the e-mail and the postcode. */
export const OrderLookupSchema = v.object(
  {
    orderNumber: lookupText('Order number', 40),
    email: lookupText('E-mail address', 254),
    postcode: lookupText('Postcode', 20),
  },
  'Send a JSON object with orderNumber, email and postcode',
);
export type OrderLookupBody = v.InferInput<typeof OrderLookupSchema>;

/** POST /api/admin/orders/:id/requests/:requestId/accept or …/decline: the owner's words to the shopper. */
export const AnswerRequestSchema = v.object(
  {
    message: v.pipe(
      v.optional(v.string('A message must be text'), ''),
      ownerText('The message', { multiline: true }),
      v.trim(),
      v.maxLength(maxOwnerMessageLength, `A message can be at most ${maxOwnerMessageLength} characters`),
    ),
    expectedRevision,
  },
  'Send a JSON object with a message',
);
export type AnswerRequestBody = v.InferInput<typeof AnswerRequestSchema>;

/** A request id as it appears in a path. */
export const requestIdPattern = /^[A-Za-z0-9_-]{1,120}$/;

/** Postcodes compare without spaces and case: "le2 3ab" is "LE2 3AB". */
export const postcodeKey = (postcode: string) => postcode.toUpperCase().replace(/\s+/g, '');
