// Which status changes go back on a step already taken: the owner's console asks them to confirm those, and the server
// refuses them unless the request says the owner did (`confirmBackward`).
import type { AnyOrderStatus, OrderStatus } from '../shared/constants.ts';

/** How far along an order is; a paid order the card flow saved as "completed" has not been worked on yet. */
const stage: Record<Exclude<AnyOrderStatus, 'cancelled'>, number> = {
  pending: 0,
  completed: 0,
  processing: 1,
  shipped: 2,
  delivered: 3,
};

/**
 * A move that undoes work already done: to an earlier stage (shipped → pending, delivered → shipped), or out of
 * "cancelled" to anything (the stock it gave back, the customer told). Cancelling is not one: it is its own decision.
 */
export function isBackwardMove(from: AnyOrderStatus, to: OrderStatus): boolean {
  if (from === 'cancelled') return true;
  if (to === 'cancelled') return false;
  return stage[to] < stage[from];
}

const label = (status: AnyOrderStatus) => status;

export const statusMoveMessages = {
  /** the server's refusal of a backward move the request did not confirm */
  unconfirmed: (from: AnyOrderStatus, to: OrderStatus) =>
    from === 'cancelled'
      ? `This order was cancelled. Moving it to ${label(to)} reopens it: confirm the change (confirmBackward) to go ahead.`
      : `This order is ${label(from)}. Moving it back to ${label(to)} undoes a step already taken: confirm the change (confirmBackward) to go ahead.`,
  /** the console's confirm dialog */
  confirmTitle: 'Move this order back?',
  confirmText: (orderId: string, from: AnyOrderStatus, to: OrderStatus) =>
    from === 'cancelled'
      ? `Order #${orderId} was cancelled. Moving it to ${label(to)} reopens it. Do you want to go ahead?`
      : `Order #${orderId} is ${label(from)}. Moving it back to ${label(to)} undoes a step already taken. Do you want to go ahead?`,
  confirmButton: 'Yes, change the status',
  cancel: 'Keep it as it is',
  /** the server's refusal of a change sent without the revision the owner saw */
  missingRevision:
    'Send expectedRevision, the revision of the order your screen showed, so a change made since is not overwritten.',
} as const;
