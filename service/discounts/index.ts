// Discount codes: the owner's codes and their uses; the checkout prices with them and holds a use, and the reactor
// redeems or gives back the uses as checkouts and orders end (decision 075).
import type { Capability } from '../capability.ts';
import { discountReactions } from './reactions.ts';
import { discountRoutes } from './routes.ts';

export const discounts: Capability = {
  name: 'discounts',
  routes: discountRoutes,
  reactions: discountReactions,
};
