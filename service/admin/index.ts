// The owner's sign-in and sign-out, and the guard in front of every guarded route.
import type { Capability } from '../capability.ts';
import { adminAdmission, adminGuard } from './guard.ts';
import { adminLoginRoutes } from './login.ts';

export { adminAdmission, adminGuard };

export const admin: Capability = { name: 'admin', routes: adminLoginRoutes, projections: [] };
