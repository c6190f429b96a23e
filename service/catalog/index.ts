// The books on sale.
import type { Capability } from '../capability.ts';
import { imageRoutes } from './imageRoutes.ts';
import { catalogueRoutes } from './adminRoutes.ts';
import { catalogRoutes } from './routes.ts';

export const catalog: Capability = {
  name: 'catalog',
  routes: (routers, deps) => {
    catalogRoutes(routers, deps);
    imageRoutes(routers, deps);
    catalogueRoutes(routers, deps);
  },
};
