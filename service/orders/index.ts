// The owner's order console.
import type { Capability } from '../capability.ts';
import { refundReactions } from './refundReactions.ts';
import { orderRoutes } from './routes.ts';

export const orders: Capability = {
  name: 'orders',
  routes: orderRoutes,
  // Refunds are asked of the payment provider, and their e-mails sent, from the log.
  reactions: (deps) => refundReactions(deps),
};
