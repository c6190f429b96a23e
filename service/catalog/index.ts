// The books on sale.
import type { Capability } from '../capability.ts';
import { catalogRoutes } from './routes.ts';

export const catalog: Capability = { name: 'catalog', routes: catalogRoutes };
