// The auditor's console: it reads the log itself, no read model.
import type { Capability } from '../capability.ts';
import { auditRoutes } from './routes.ts';

export const audit: Capability = { name: 'audit', routes: auditRoutes, projections: [] };
