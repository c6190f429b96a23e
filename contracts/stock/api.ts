// Stock's endpoints: what the storefront may know of each product's stock, and the owner's stock screen.
import { endpoint } from '../shared/endpoint.ts';
import { stockLevelsApi } from './levels.ts';
import {
  StockCorrectionSchema,
  StockReceivedSchema,
  type AdminStockResponse,
  type StockChangeResponse,
} from './model.ts';

export const stockApi = {
  ...stockLevelsApi,
  list: endpoint<AdminStockResponse>()({ method: 'GET', path: '/api/admin/stock', guarded: true }),
  received: endpoint<StockChangeResponse>()({
    method: 'POST',
    path: '/api/admin/stock/:bookId/received',
    guarded: true,
    body: StockReceivedSchema,
  }),
  correct: endpoint<StockChangeResponse>()({
    method: 'POST',
    path: '/api/admin/stock/:bookId/corrections',
    guarded: true,
    body: StockCorrectionSchema,
  }),
  /** The owner ends a checkout's hold: the copies are back at once, and that checkout's payment page expires. */
  releaseHold: endpoint<StockChangeResponse>()({
    method: 'POST',
    path: '/api/admin/stock/:bookId/holds/:checkoutId/release',
    guarded: true,
    messages: { unknownHold: 'There is no such hold on this product' },
  }),
} as const;
