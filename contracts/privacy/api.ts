// The privacy console: erase a person, download what is held about them, and the retention report.
import { endpoint } from '../shared/endpoint.ts';
import { AccessQuerySchema, EraseBodySchema, privacyMessages, type AccessReport, type EraseResponse, type RetentionApplyResponse, type RetentionReport } from './model.ts';

export const privacyApi = {
  /** An owner's alone: deletes the keys of everyone the address links to. */
  erase: endpoint<EraseResponse>()({ method: 'POST', path: '/api/admin/privacy/erase', guarded: true, body: EraseBodySchema, messages: { erased: privacyMessages.erased } }),
  /** JSON, as an attachment. */
  access: endpoint<AccessReport>()({ method: 'GET', path: '/api/admin/privacy/access', guarded: true, query: AccessQuerySchema }),
  retention: endpoint<RetentionReport>()({ method: 'GET', path: '/api/admin/privacy/retention', guarded: true }),
  /** An owner's alone: erases everyone the report lists. */
  applyRetention: endpoint<RetentionApplyResponse>()({ method: 'POST', path: '/api/admin/privacy/retention', guarded: true, messages: { applied: privacyMessages.applied, none: privacyMessages.noneDue } }),
} as const;
