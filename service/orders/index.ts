// The owner's order console, the shopper's own order page (decision 086), and the e-mails an order's events make due.
import type { Capability } from '../capability.ts';
import { emailReactions } from './emailReactions.ts';
import { createPostbox } from './orderEmails.ts';
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
  // An order's e-mails are sent from the log, each once, as its events make them due; refunds are asked of the payment
  // provider, and their e-mails sent, from the log too; so are the order page's e-mails.
  reactions: (deps) => ({
    ...emailReactions(createPostbox(deps), deps.clock),
    ...refundReactions(deps),
    ...requestReactions(deps),
  }),
};
