// The owner's order console, and the shopper's own order page (decision 086).
import type { Capability } from '../capability.ts';
import { refundReactions } from './refundReactions.ts';
import { requestReactions } from './requestReactions.ts';
import { orderRoutes } from './routes.ts';
import { shopperRoutes } from './shopperRoutes.ts';

export const orders: Capability = {
  name: 'orders',
  routes: (routers, deps) => {
    orderRoutes(routers, deps);
    shopperRoutes(routers, deps);
  },
  // Refunds are asked of the payment provider, and their e-mails sent, from the log; so are the order page's e-mails.
  reactions: (deps) => ({ ...refundReactions(deps), ...requestReactions(deps) }),
};
