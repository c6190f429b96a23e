// Personal data the shop can forget: erasure, access requests and the retention period.
import type { Capability } from '../capability.ts';
import { privacyRoutes } from './routes.ts';

export const privacy: Capability = {
  name: 'privacy',
  routes: privacyRoutes,
};
