// Sign-in and sign-out, the accounts and their roles, and the guard in front of every guarded route.
import type { Capability } from '../capability.ts';
import { adminAdmission, adminGuard } from './guard.ts';
import { accountRoutes } from './accountRoutes.ts';
import { adminLoginRoutes } from './login.ts';
import { twoStepRoutes } from './twoStepRoutes.ts';
import type { Routers } from '../http/route.ts';
import type { ShopDeps } from '../deps.ts';

export { adminAdmission, adminGuard };

export const admin: Capability = {
  name: 'admin',
  routes: (routers: Routers, deps: ShopDeps) => {
    adminLoginRoutes(routers, deps);
    accountRoutes(routers, deps);
    twoStepRoutes(routers, deps);
  },
};
