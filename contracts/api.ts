// Every endpoint of the shop's HTTP API, by capability. The server registers exactly these routes and the web calls
// only these; a path, a request schema or a fixed answer text is written once, here or in the capability's api.ts.
import { adminApi } from './admin/api.ts';
import { auditApi } from './audit/api.ts';
import { catalogApi } from './catalog/api.ts';
import { catalogueApi } from './catalog/adminApi.ts';
import { catalogFiles } from './catalog/pages.ts';
import { checkoutApi } from './checkout/api.ts';
import { discountsApi } from './discounts/api.ts';
import { ledgerApi } from './ledger/api.ts';
import { messagesApi } from './messages/api.ts';
import { restockApi } from './messages/restockApi.ts';
import { ordersApi } from './orders/api.ts';
import { orderPageApi } from './orders/shopperApi.ts';
import { preOrdersApi } from './preorders/api.ts';
import { privacyApi } from './privacy/api.ts';
import { receiptsApi } from './receipts/api.ts';
import { reviewsApi } from './reviews/api.ts';
import { salesApi } from './sales/api.ts';
import { stockApi } from './stock/api.ts';
import { vatApi } from './vat/api.ts';
import type { EndpointSpec } from './shared/endpoint.ts';
import { healthApi } from './shared/health.ts';

export const api = {
  admin: adminApi,
  audit: auditApi,
  catalog: catalogApi,
  catalogue: catalogueApi,
  catalogFiles,
  checkout: checkoutApi,
  discounts: discountsApi,
  ledger: ledgerApi,
  messages: messagesApi,
  restock: restockApi,
  orders: ordersApi,
  orderPage: orderPageApi,
  preOrders: preOrdersApi,
  privacy: privacyApi,
  receipts: receiptsApi,
  reviews: reviewsApi,
  sales: salesApi,
  stock: stockApi,
  vat: vatApi,
  health: healthApi,
} as const;

/** Every endpoint, with the capability that declares it and its name there. */
export const allEndpoints: ReadonlyArray<{ capability: string; name: string; endpoint: EndpointSpec }> = Object.entries(
  api,
).flatMap(([capability, endpoints]) =>
  Object.entries(endpoints as Record<string, EndpointSpec>).map(([name, endpoint]) => ({ capability, name, endpoint })),
);
