// The owner's order console: the list, a status change (shipping with a tracking number), details the buyer left out,
// an order's history, its page, internal notes and packing slips.
import { endpoint } from '../shared/endpoint.ts';
import {
  AddOrderCustomerDetailsSchema,
  AddOrderNoteSchema,
  type AddOrderNoteResponse,
  ClearOrderFlagSchema,
  type ClearOrderFlagResponse,
  type OrderPageResponse,
  type PackingSlipsResponse,
  AdminOrdersQuerySchema,
  ChangeOrderStatusSchema,
  type AddOrderCustomerDetailsResponse,
  type AdminOrdersResponse,
  type ChangeOrderStatusResponse,
  type OrderHistoryResponse,
  type RefundResponse,
  ClickAndDropExportSchema,
  PackingSlipPdfQuerySchema,
  PackingSlipsQuerySchema,
  ShipOrdersSchema,
  ProcessOrdersSchema,
  type ProcessOrdersResponse,
  type ShipOrdersResponse,
} from './console.ts';
import { RequestRefundSchema, RetryRefundSchema } from './refunds.ts';

export const ordersApi = {
  /** Without paging the whole tab in one list; with limit, cursor, q, from or to, one page and its nextCursor. */
  list: endpoint<AdminOrdersResponse>()({
    method: 'GET',
    path: '/api/admin/orders',
    guarded: true,
    query: AdminOrdersQuerySchema,
  }),
  changeStatus: endpoint<ChangeOrderStatusResponse>()({
    method: 'POST',
    path: '/api/admin/orders/:id/status',
    guarded: true,
    body: ChangeOrderStatusSchema,
  }),
  addCustomerDetails: endpoint<AddOrderCustomerDetailsResponse>()({
    method: 'POST',
    path: '/api/admin/orders/:id/customer',
    guarded: true,
    body: AddOrderCustomerDetailsSchema,
  }),
  history: endpoint<OrderHistoryResponse>()({ method: 'GET', path: '/api/admin/orders/:id/history', guarded: true }),
  /** The order page: the order, its address as lines, its payment, its parcel, its money and its whole timeline. */
  order: endpoint<OrderPageResponse>()({ method: 'GET', path: '/api/admin/orders/:id', guarded: true }),
  addNote: endpoint<AddOrderNoteResponse>()({
    method: 'POST',
    path: '/api/admin/orders/:id/notes',
    guarded: true,
    body: AddOrderNoteSchema,
  }),
  /** Accepts a flagged order as it stands (decision 102): the other answer to a payment that does not match is a refund. */
  clearFlag: endpoint<ClearOrderFlagResponse>()({
    method: 'POST',
    path: '/api/admin/orders/:id/flags/clear',
    guarded: true,
    body: ClearOrderFlagSchema,
  }),
  /** The packing slips of every order now processing, for one print run; with ids, of those orders. */
  packingSlips: endpoint<PackingSlipsResponse>()({
    method: 'GET',
    path: '/api/admin/packing-slips',
    guarded: true,
    query: PackingSlipsQuerySchema,
  }),
  /** application/pdf: the same slips, one order to a page, customs declarations on pages of their own (decision 109) */
  packingSlipsPdf: endpoint<Uint8Array>()({
    method: 'GET',
    path: '/api/admin/packing-slips/pdf',
    guarded: true,
    query: PackingSlipsQuerySchema,
  }),
  /** application/pdf: one order's packing slip, as its packing slip screen shows it, A4, fonts embedded */
  packingSlipPdf: endpoint<Uint8Array>()({
    method: 'GET',
    path: '/api/admin/orders/:id/packing-slip/pdf',
    guarded: true,
    query: PackingSlipPdfQuerySchema,
  }),
  /** Several orders shipped in one step: each its own status change and shipment, and its own e-mail. */
  shipMany: endpoint<ShipOrdersResponse>()({
    method: 'POST',
    path: '/api/admin/orders/ship',
    guarded: true,
    body: ShipOrdersSchema,
  }),
  /** Several paid orders marked processing in one step: each its own status change, nothing sent to the customer. */
  processMany: endpoint<ProcessOrdersResponse>()({
    method: 'POST',
    path: '/api/admin/orders/process',
    guarded: true,
    body: ProcessOrdersSchema,
  }),
  /** The chosen orders in Royal Mail Click & Drop's order import layout (CSV); the owner's only, recorded as a download. */
  clickAndDrop: endpoint<string>()({
    method: 'POST',
    path: '/api/admin/orders/click-and-drop.csv',
    guarded: true,
    body: ClickAndDropExportSchema,
  }),
  /** Money back: lines with quantities or an amount, with a reason, against the revision the owner saw. */
  refund: endpoint<RefundResponse>()({
    method: 'POST',
    path: '/api/admin/orders/:id/refunds',
    guarded: true,
    body: RequestRefundSchema,
  }),
  /** Asks the payment provider again for a refund whose outcome was unknown (same refund, same idempotency key). */
  retryRefund: endpoint<RefundResponse>()({
    method: 'POST',
    path: '/api/admin/orders/:id/refunds/:refundId/retry',
    guarded: true,
    body: RetryRefundSchema,
  }),
} as const;
