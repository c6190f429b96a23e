// Stock's events, declared once: the payload schemas of stream stock-<bookId>, and the types derived from them.
import * as v from 'valibot';
import { at, causes, defineEvents, text, whole, type EventsOf } from '../shared/eventDefinitions.ts';
import { holdReleaseReasons } from './model.ts';

const { owner, shopper, stockReactor } = causes;
const count = whole;
const bookId = whole;

export const StockReceivedV1 = v.object({ bookId, quantity: count, note: text, by: text, at });
export const StockCorrectedV1 = v.object({ bookId, delta: count, reason: text, by: text, at });
export const StockReservedV1 = v.object({ bookId, checkoutId: text, quantity: count, expiresAt: at, at });
export const StockReleasedV1 = v.object({
  bookId,
  checkoutId: text,
  quantity: count,
  reason: v.picklist(['cancelled', 'not-started']),
  at,
});
/** A checkout holds copies under the caps; `holder` is a keyed hash of the address it came from (never the address). */
export const StockHeldV1 = v.object({ bookId, checkoutId: text, quantity: count, holder: text, expiresAt: at, at });
/** A checkout's payment is being taken: its copies are promised to it and no other payer can take them over. */
export const StockSecuredV1 = v.object({ bookId, checkoutId: text, quantity: count, expiresAt: at, at });
/** A hold ended by the owner, taken over by a shopper who paid first, or let go when the payment secured for it failed. */
export const StockHoldReleasedV1 = v.object({
  bookId,
  checkoutId: text,
  quantity: count,
  reason: v.picklist(holdReleaseReasons),
  by: text,
  heldSince: at,
  at,
});
export const StockSoldV1 = v.object({
  bookId,
  orderId: text,
  checkoutId: v.optional(text),
  quantity: count,
  sourcePosition: count,
  at,
});
export const StockShortfallV1 = v.object({
  bookId,
  orderId: text,
  quantity: count,
  available: count,
  sourcePosition: count,
  at,
});
export const StockReturnedV1 = v.object({
  bookId,
  orderId: text,
  quantity: count,
  reason: text,
  sourcePosition: count,
  at,
});
/**
 * Copies a refund brought back to the shelf (decision 081): the owner refunded lines and said the copies came back.
 * `refundId` names the refund, `by` the owner who asked for it; `sourcePosition` is the refund request's log position.
 */
export const StockRestockedV1 = v.object({
  bookId,
  orderId: text,
  refundId: text,
  quantity: count,
  by: text,
  sourcePosition: count,
  at,
});
export const LowStockAlertedV1 = v.object({
  bookId,
  onHand: count,
  threshold: count,
  crossing: count,
  to: text,
  messageId: text,
  transport: v.picklist(['outbox', 'smtp']),
  sentAt: at,
});
export const StockShortfallAlertedV1 = v.object({
  bookId,
  orderId: text,
  to: text,
  messageId: text,
  transport: v.picklist(['outbox', 'smtp']),
  sentAt: at,
});

export const stockEvents = defineEvents([
  {
    type: 'StockReceived',
    stream: 'stock',
    causedBy: owner,
    description:
      'The owner recorded copies of a product received (a print run, a delivery); the first recording starts counting its stock.',
    versions: [{ schema: StockReceivedV1 }],
  },
  {
    type: 'StockCorrected',
    stream: 'stock',
    causedBy: owner,
    description: 'The owner corrected the copies on hand (found, damaged, given away), with a reason.',
    versions: [{ schema: StockCorrectedV1 }],
  },
  {
    type: 'StockReserved',
    stream: 'stock',
    causedBy: shopper,
    description: 'A checkout started holds copies until it is paid, cancelled or runs out (`expiresAt`).',
    versions: [{ schema: StockReservedV1 }],
  },
  {
    type: 'StockReleased',
    stream: 'stock',
    causedBy: `${shopper} whose payment page could not be opened, or ${stockReactor}`,
    description: 'A checkout let its copies go: cancelled, or never opened at the payment provider.',
    versions: [{ schema: StockReleasedV1 }],
  },
  {
    type: 'StockHeld',
    stream: 'stock',
    causedBy: shopper,
    description:
      "A checkout started holds copies under the caps per address and per product until its payment page expires (`expiresAt`, a short grace after it); `holder` is a keyed hash of the shopper's address. A hold says who is served first, never who may buy.",
    versions: [{ schema: StockHeldV1 }],
  },
  {
    type: 'StockSecured',
    stream: 'stock',
    causedBy: `${shopper} paying on the sandbox's page`,
    description:
      "A checkout's payment is about to be taken: its copies are promised to it (taking over holds of checkouts not paying, newest first, if it held none) and no other payer can take them.",
    versions: [{ schema: StockSecuredV1 }],
  },
  {
    type: 'StockHoldReleased',
    stream: 'stock',
    causedBy: `${owner}, ${shopper} paying first or whose secured payment failed, or ${stockReactor} placing a paid order`,
    description:
      'A hold was ended by someone other than its checkout: released by the owner, taken over by a shopper who paid first, or let go when the payment secured for it failed. The copies are back at once.',
    versions: [{ schema: StockHoldReleasedV1 }],
  },
  {
    type: 'StockSold',
    stream: 'stock',
    causedBy: stockReactor,
    description: "A placed order took its copies (its checkout's reservation, or what nobody held).",
    versions: [{ schema: StockSoldV1 }],
  },
  {
    type: 'StockShortfall',
    stream: 'stock',
    causedBy: stockReactor,
    description: 'A paid order found too few copies on the shelf: flagged to the owner instead of overselling.',
    versions: [{ schema: StockShortfallV1 }],
  },
  {
    type: 'StockReturned',
    stream: 'stock',
    causedBy: stockReactor,
    description: 'An order that was cancelled (or fully refunded) gave its copies back, or lost its shortfall flag.',
    versions: [{ schema: StockReturnedV1 }],
  },
  {
    type: 'StockRestocked',
    stream: 'stock',
    causedBy: `${stockReactor}: a refund the owner asked for with its copies back on the shelf`,
    description:
      "A refund's lines came back to the shelf: the refund, who asked for it and how many copies (at most what the order still held).",
    versions: [{ schema: StockRestockedV1 }],
  },
  {
    type: 'LowStockAlerted',
    stream: 'stock',
    causedBy: stockReactor,
    description: 'The owner was e-mailed that a product fell below the low-stock threshold (once per fall).',
    versions: [{ schema: LowStockAlertedV1 }],
  },
  {
    type: 'StockShortfallAlerted',
    stream: 'stock',
    causedBy: stockReactor,
    description: 'The owner was e-mailed that a paid order found no stock (once per order).',
    versions: [{ schema: StockShortfallAlertedV1 }],
  },
]);

export type StockEvent = EventsOf<typeof stockEvents>;
export type StockReceived = Extract<StockEvent, { type: 'StockReceived' }>;
export type StockCorrected = Extract<StockEvent, { type: 'StockCorrected' }>;
export type StockReserved = Extract<StockEvent, { type: 'StockReserved' }>;
export type StockHoldReleased = Extract<StockEvent, { type: 'StockHoldReleased' }>;
export type StockSold = Extract<StockEvent, { type: 'StockSold' }>;
export type StockShortfall = Extract<StockEvent, { type: 'StockShortfall' }>;
export type LowStockAlerted = Extract<StockEvent, { type: 'LowStockAlerted' }>;
export type StockShortfallAlerted = Extract<StockEvent, { type: 'StockShortfallAlerted' }>;
export const stockEventTypes = stockEvents.map((d) => d.type);
