// The shopper's order page as their signed link reads it, and the receipt it links to.
import { queryOptions } from '@tanstack/react-query';
import { orderPageApi } from '#contracts/orders/shopperApi.ts';
import { receiptsApi } from '#contracts/receipts/api.ts';
import { queryFor } from '../../../lib/api.ts';

export const orderPageQuery = (token: string) =>
  queryOptions({ ...queryFor(orderPageApi.page, { params: { token } }), retry: false });

/** The order's receipt, for its number and credit notes: 404 until the number is issued, which the page leaves out. */
export const orderReceiptQuery = (token: string) =>
  queryOptions({ ...queryFor(receiptsApi.byLink, { params: { token } }), retry: false });
