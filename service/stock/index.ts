// Stock per product: the owner's receipts and corrections, the storefront's levels, and what orders and checkouts do to it.
import type { Capability } from '../capability.ts';
import { stockReactions } from './reactions.ts';
import { stockRoutes } from './routes.ts';

export const stock: Capability = {
  name: 'stock',
  routes: stockRoutes,
  reactions: stockReactions,
};
