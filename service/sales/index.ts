// Sales: the owner's view of what sold, and the bookkeeper's export of orders.
import type { Capability } from '../capability.ts';
import { salesRoutes } from './routes.ts';

export const sales: Capability = { name: 'sales', routes: salesRoutes };
