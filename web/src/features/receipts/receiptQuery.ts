// The receipt as the owner's console and the buyer's link read it.
import { queryOptions } from '@tanstack/react-query';
import { receiptsApi } from '../../../../contracts/receipts/api.ts';
import { queryFor } from '../../lib/api.ts';

export const adminReceiptQuery = (orderId: string) =>
  queryOptions({ ...queryFor(receiptsApi.forOrder, { params: { id: orderId } }), retry: false });

export const buyerReceiptQuery = (token: string) =>
  queryOptions({ ...queryFor(receiptsApi.byLink, { params: { token } }), retry: false });
