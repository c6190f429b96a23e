// The owner's sales view and the bookkeeper's CSV of orders.
import { endpoint } from '../shared/endpoint.ts';
import { OrdersExportQuerySchema, SalesQuerySchema, type SalesResponse } from './model.ts';

export const salesApi = {
  summary: endpoint<SalesResponse>()({
    method: 'GET',
    path: '/api/admin/sales',
    guarded: true,
    query: SalesQuerySchema,
  }),
  /** text/csv, streamed */
  ordersCsv: endpoint<string>()({
    method: 'GET',
    path: '/api/admin/sales/orders.csv',
    guarded: true,
    query: OrdersExportQuerySchema,
  }),
} as const;
