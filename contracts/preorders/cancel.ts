// A shopper cancelling a pre-order (decision 132): from the order page, or by the one-click link in the e-mail that
// tells of a new publication date. Any time before dispatch, for a full refund; the 14-day right to cancel a delivered
// order still runs from its delivery.
import * as v from 'valibot';
import { formatPence } from '../shared/money.ts';
import { longDay } from '../shared/days.ts';

/** One pre-ordered line of an order, as the shopper sees it. */
export type ShopperPreOrderLine = {
  name: string;
  quantity: number;
  /** the title's publication date now (a UK day): dispatched from then */
  publicationDate: string;
  /** copies received were set aside for it: ready to dispatch */
  allocated: boolean;
};

/** What the order page and the one-click page show of an order's pre-orders, and whether they may be cancelled now. */
export type ShopperPreOrder = {
  lines: ShopperPreOrderLine[];
  /** pence the cancel pays back: the pre-ordered lines, and the delivery when nothing else is left on the order */
  refund: number;
  cancel: { allowed: boolean; why?: string };
};

/** GET /api/preorder-cancel/:token — the one-click page's order. */
export type PreOrderCancelView = { orderNumber: string; customerName: string; preOrder: ShopperPreOrder };
/** POST /api/preorder-cancel/:token and /api/order-page/:token/cancel-preorder */
export type PreOrderCancelResponse = { success: true; message: string; preOrder: ShopperPreOrder };

/** POST /api/order-page/:token/cancel-preorder and /api/preorder-cancel/:token: nothing to send. */
export const CancelPreOrderSchema = v.object(
  { expectedRevision: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0))) },
  'Send a JSON object',
);

export const preOrderCancelTexts = {
  heading: 'Cancel your pre-order',
  button: 'Cancel my pre-order',
  /** what every page offering the cancel says of the shopper's rights */
  right:
    'You can cancel a pre-order at any time before it is dispatched, for a full refund. Once it is delivered, you still have 14 days from delivery to return it.',
  line: (line: ShopperPreOrderLine) =>
    `${line.quantity} × ${line.name}, published ${longDay(line.publicationDate)}${line.allocated ? ' (ready to dispatch)' : ''}`,
  done: (refund: number) =>
    `Your pre-order is cancelled. We are refunding ${formatPence(refund)} in full to the way you paid; it usually shows within 5 to 10 days.`,
  nothingLeft: 'This order has no pre-order left to cancel.',
  cancelledAlready: 'This pre-order has already been cancelled and refunded.',
  /** a link the shop did not sign */
  linkNotFound: 'This link does not cancel a pre-order. It may be mistyped or incomplete.',
} as const;

/** Why a refund for a cancelled pre-order was made, as the owner's console and the credit note show it. */
export const preOrderRefundReason = 'Pre-order cancelled by the customer';
