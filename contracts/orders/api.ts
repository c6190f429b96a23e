// The owner's order console: the list, a status change, details the buyer left out, and an order's history.
import { endpoint } from '../shared/endpoint.ts';
import {
  AddOrderCustomerDetailsSchema,
  AdminOrdersQuerySchema,
  ChangeOrderStatusSchema,
  type AddOrderCustomerDetailsResponse,
  type AdminOrdersResponse,
  type ChangeOrderStatusResponse,
  type OrderHistoryResponse,
} from './console.ts';

export const ordersApi = {
  /** Without paging the whole tab in one list; with limit, cursor, q, from or to, one page and its nextCursor. */
  list: endpoint<AdminOrdersResponse>()({ method: 'GET', path: '/api/admin/orders', guarded: true, query: AdminOrdersQuerySchema }),
  changeStatus: endpoint<ChangeOrderStatusResponse>()({ method: 'POST', path: '/api/admin/orders/:id/status', guarded: true, body: ChangeOrderStatusSchema }),
  addCustomerDetails: endpoint<AddOrderCustomerDetailsResponse>()({ method: 'POST', path: '/api/admin/orders/:id/customer', guarded: true, body: AddOrderCustomerDetailsSchema }),
  history: endpoint<OrderHistoryResponse>()({ method: 'GET', path: '/api/admin/orders/:id/history', guarded: true }),
} as const;
