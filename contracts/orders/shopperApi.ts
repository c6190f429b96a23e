// The shopper's order page (decision 086): open endpoints by the signed link (no account; a token the shop did not
// sign finds nothing), the lookup form that e-mails a fresh link, and the owner's guarded Requests tab.
import { endpoint } from '../shared/endpoint.ts';
import type {
  AnswerRequestResponse,
  OrderLinkAnswer,
  OrderPageActionResponse,
  ShopperOrderView,
  ShopperRequestsResponse,
} from './shopperOrder.ts';
import {
  AnswerRequestSchema,
  CancelRequestSchema,
  OrderLookupSchema,
  requestMessages,
  ReturnRequestSchema,
} from './shopperRequests.ts';
import * as v from 'valibot';
import {
  CancelPreOrderSchema,
  preOrderCancelTexts,
  type PreOrderCancelResponse,
  type PreOrderCancelView,
} from '../preorders/cancel.ts';

export const orderPageApi = {
  /** The order as its page shows it; 404 (one body for every invalid token), 410 when the link has expired. */
  page: endpoint<ShopperOrderView>()({
    method: 'GET',
    path: '/api/order-page/:token',
    guarded: false,
    messages: { notFound: requestMessages.linkNotFound, expired: requestMessages.linkExpired },
  }),
  /** A fresh link to the order's own e-mail address, for a valid or expired link; the same answer either way. */
  freshLink: endpoint<OrderLinkAnswer>()({
    method: 'POST',
    path: '/api/order-page/:token/fresh-link',
    guarded: false,
    body: v.object({}, 'Send a JSON object'),
    messages: { sent: requestMessages.freshLinkSent },
  }),
  /** Asks the shop to cancel an order that has not shipped. */
  cancel: endpoint<OrderPageActionResponse>()({
    method: 'POST',
    path: '/api/order-page/:token/cancel',
    guarded: false,
    body: CancelRequestSchema,
  }),
  /** Cancels the order's pre-orders at once, any time before dispatch, for a full refund (decision 132). */
  cancelPreOrder: endpoint<PreOrderCancelResponse & { page: ShopperOrderView }>()({
    method: 'POST',
    path: '/api/order-page/:token/cancel-preorder',
    guarded: false,
    body: CancelPreOrderSchema,
  }),
  /** The one-click cancel's page: the order's pre-orders by the e-mail's signed link, which does not expire. */
  preOrderCancelPage: endpoint<PreOrderCancelView>()({
    method: 'GET',
    path: '/api/preorder-cancel/:token',
    guarded: false,
    messages: { notFound: preOrderCancelTexts.linkNotFound },
  }),
  /** The one click: the order's pre-orders cancelled and refunded in full, as from the order page. */
  preOrderCancelByLink: endpoint<PreOrderCancelResponse>()({
    method: 'POST',
    path: '/api/preorder-cancel/:token',
    guarded: false,
    body: CancelPreOrderSchema,
  }),
  /** Asks to return an order within 14 days of its delivery, with a reason and a note. */
  return: endpoint<OrderPageActionResponse>()({
    method: 'POST',
    path: '/api/order-page/:token/return',
    guarded: false,
    body: ReturnRequestSchema,
  }),
  /** Order number, e-mail and postcode: a matching order's address gets a fresh link; the answer never says which. */
  lookup: endpoint<OrderLinkAnswer>()({
    method: 'POST',
    path: '/api/order-lookup',
    guarded: false,
    body: OrderLookupSchema,
    messages: { sent: requestMessages.linkSent },
  }),
  /** The shoppers' open requests, oldest first, and how many. */
  requests: endpoint<ShopperRequestsResponse>()({
    method: 'GET',
    path: '/api/admin/shopper-requests',
    guarded: true,
  }),
  /** Yes to a request: a cancellation is refunded in full (copies back on the shelf) and the order cancelled. */
  accept: endpoint<AnswerRequestResponse>()({
    method: 'POST',
    path: '/api/admin/orders/:id/requests/:requestId/accept',
    guarded: true,
    body: AnswerRequestSchema,
  }),
  decline: endpoint<AnswerRequestResponse>()({
    method: 'POST',
    path: '/api/admin/orders/:id/requests/:requestId/decline',
    guarded: true,
    body: AnswerRequestSchema,
  }),
} as const;
