// The auditor's console: it reads the log itself; its one read model lists who read whose data (decision 058).
import type { Capability } from '../capability.ts';
import { auditRoutes } from './routes.ts';

export const audit: Capability = { name: 'audit', routes: auditRoutes };
