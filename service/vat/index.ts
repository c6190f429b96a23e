// VAT: the owner's registration and each product's rate over time; placing an order records its VAT from them.
import type { Capability } from '../capability.ts';
import { vatRoutes } from './routes.ts';

export const vat: Capability = {
  name: 'vat',
  routes: vatRoutes,
};
