// Receipts and credit notes: their numbers, issued from the log, the receipt page's answers, the VAT return and the
// bookkeeper's files of them.
import type { Capability } from '../capability.ts';
import { receiptReactions } from './reactions.ts';
import { exportRoutes } from './exportRoutes.ts';
import { receiptRoutes } from './routes.ts';

export const receipts: Capability = {
  name: 'receipts',
  routes: (routers, deps) => {
    receiptRoutes(routers, deps);
    exportRoutes(routers, deps);
  },
  reactions: (deps) => receiptReactions(deps),
};
