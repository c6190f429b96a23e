// Every read model the shop keeps, and the only list of them: the runner (in the service or `npm run projections`),
// rebuilds, verification and the audit console all read this one.
import { dataReadsProjection } from './audit/dataReads.ts';
import { auditStreamsProjection } from './audit/streams.ts';
import { booksProjection } from './catalog/books.ts';
import { discountCodesProjection } from './discounts/codes.ts';
import { ledgerProjection } from './ledger/ledger.ts';
import { messagesProjection } from './messages/messages.ts';
import { adminOrdersProjection } from './orders/adminOrders.ts';
import { orderHistoryProjection } from './orders/orderHistory.ts';
import { orderPagesProjection } from './orders/orderPages.ts';
import { shopperRequestsProjection } from './orders/shopperRequests.ts';
import type { Projection } from './engine/projection.ts';
import { preOrdersProjection } from './preorders/preorders.ts';
import { receiptsProjection } from './receipts/receipts.ts';
import { restockProjection } from './messages/restockWaiting.ts';
import { reviewsProjection } from './reviews/reviews.ts';
import { salesProjection } from './sales/sales.ts';
import { stockProjection } from './stock/stock.ts';

export const allProjections: readonly Projection[] = [
  booksProjection,
  reviewsProjection,
  adminOrdersProjection,
  orderHistoryProjection,
  orderPagesProjection,
  stockProjection,
  salesProjection,
  ledgerProjection,
  dataReadsProjection,
  receiptsProjection,
  discountCodesProjection,
  auditStreamsProjection,
  messagesProjection,
  restockProjection,
  shopperRequestsProjection,
  preOrdersProjection,
];
