// The receipt as the owner's console and the buyer's link read it: the document the sale gets, or, with `full`, the
// full VAT invoice the customer may ask for (decision 104). `?invoice=full` in the page's address asks for it.
import { queryOptions } from '@tanstack/react-query';
import { receiptsApi } from '#contracts/receipts/api.ts';
import { queryFor, urlFor } from '../../lib/api.ts';

const query = (full: boolean) => (full ? { invoice: 'full' as const } : {});

export const adminReceiptQuery = (orderId: string, full = false) =>
  queryOptions({
    ...queryFor(receiptsApi.forOrder, { params: { id: orderId }, query: query(full) }),
    retry: false,
  });

export const buyerReceiptQuery = (token: string, full = false) =>
  queryOptions({ ...queryFor(receiptsApi.byLink, { params: { token }, query: query(full) }), retry: false });

/** Where a receipt's PDF and its credit notes' PDFs are: the owner's (fetched with the session) or the buyer's link. */
export type ReceiptFiles = { receipt: string; creditNote: (number: string) => string; withSession: boolean };

export const adminReceiptFiles = (orderId: string, full: boolean): ReceiptFiles => ({
  receipt: urlFor(receiptsApi.forOrderPdf, { params: { id: orderId }, query: query(full) }),
  creditNote: (number) => urlFor(receiptsApi.creditNotePdf, { params: { id: orderId, number } }),
  withSession: true,
});

export const buyerReceiptFiles = (token: string, full: boolean): ReceiptFiles => ({
  receipt: urlFor(receiptsApi.byLinkPdf, { params: { token }, query: query(full) }),
  creditNote: (number) => urlFor(receiptsApi.creditNoteByLinkPdf, { params: { token, number } }),
  withSession: false,
});
