// Shipping, payments at the server's price, orders placed from verified payments, and the e-mails they owe.
import type { Capability } from '../capability.ts';
import { emailReactions } from './emailReactions.ts';
import { createPostbox } from './orderEmails.ts';
import { unmatchedPaymentReactions } from './paymentMismatch.tsx';
import { payoutReactions } from './payoutReactions.ts';
import { latePaymentReactions } from './latePayments.tsx';
import { checkoutRoutes } from './routes.ts';

export const checkout: Capability = {
  name: 'checkout',
  routes: checkoutRoutes,
  reactions: (deps) => ({
    ...emailReactions(createPostbox(deps), deps.clock),
    ...unmatchedPaymentReactions(deps),
    ...payoutReactions(deps),
    ...latePaymentReactions(deps),
  }),
};
