// Back-in-stock requests over HTTP: a shopper asks to hear once; the owner sees how many wait per book.
import { endpoint } from '../shared/endpoint.ts';
import {
  RestockRequestBodySchema,
  restockTexts,
  type RestockRequestResponse,
  type RestockWaitingResponse,
} from './restock.ts';

export const restockApi = {
  request: endpoint<RestockRequestResponse>()({
    method: 'POST',
    path: '/api/books/:id/back-in-stock',
    guarded: false,
    body: RestockRequestBodySchema,
    messages: {
      requested: restockTexts.requested,
      unknownBook: restockTexts.unknownBook,
      inStock: restockTexts.inStock,
    },
  }),
  waiting: endpoint<RestockWaitingResponse>()({ method: 'GET', path: '/api/admin/stock/waiting', guarded: true }),
} as const;
