// Pre-orders: books announced before they are printed, the demand for them, and copies set aside as they arrive.
import type { Capability } from '../capability.ts';
import { preOrderReactions } from './reactions.ts';
import { preOrderRoutes } from './routes.ts';

export const preorders: Capability = {
  name: 'preorders',
  routes: preOrderRoutes,
  reactions: preOrderReactions,
};
