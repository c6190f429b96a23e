// What the storefront reads of stock, in a module of its own (no schemas), so the landing page carries only this.
import { endpoint } from '../shared/endpoint.ts';

/** Below this many copies left the storefront says "Only N left" and the owner gets one e-mail when it is crossed. */
export const lowStockThreshold = 5;

export const stockTexts = {
  outOfStock: 'Out of stock',
  onlyLeft: (n: number) => `Only ${n} left`,
} as const;

/** What the storefront may know: whether a product can be bought, and how many are left only when few are. */
export type StockLevel = { bookId: number; state: 'available' | 'low' | 'out'; left?: number };
/** GET /api/stock */
export type StockLevelsResponse = { products: StockLevel[] };

export const stockLevelsApi = {
  levels: endpoint<StockLevelsResponse>()({ method: 'GET', path: '/api/stock', guarded: false }),
} as const;
