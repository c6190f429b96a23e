// Shoppers' reviews and the owner's moderation.
import type { Capability } from '../capability.ts';
import { reviewRoutes } from './routes.ts';

export const reviews: Capability = { name: 'reviews', routes: reviewRoutes };
