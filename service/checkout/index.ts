// Shipping, payments at the server's price, and orders placed from verified payments (their e-mails are the orders').
import type { Capability } from '../capability.ts';
import { unmatchedPaymentReactions } from './paymentMismatch.tsx';
import { payoutReactions } from './payoutReactions.ts';
import { latePaymentReactions } from './latePayments.tsx';
import { checkoutRoutes } from './routes.ts';

export const checkout: Capability = {
  name: 'checkout',
  routes: checkoutRoutes,
  reactions: (deps) => ({
    ...unmatchedPaymentReactions(deps),
    ...payoutReactions(deps),
    ...latePaymentReactions(deps),
  }),
};
