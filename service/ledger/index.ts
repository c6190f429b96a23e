// The ledger: money by the day it moved, with the payment provider's fees and payouts (decision 071).
import type { Capability } from '../capability.ts';
import { ledgerRoutes } from './routes.ts';

export const ledger: Capability = { name: 'ledger', routes: ledgerRoutes };
