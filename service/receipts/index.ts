// Receipts and credit notes: their numbers, issued from the log, and the receipt page's answers.
import type { Capability } from '../capability.ts';
import { receiptReactions } from './reactions.ts';
import { receiptRoutes } from './routes.ts';

export const receipts: Capability = {
  name: 'receipts',
  routes: receiptRoutes,
  reactions: (deps) => receiptReactions(deps),
};
