// The privacy console: erase a person, download what is held about them, and the retention report.
import { endpoint } from '../shared/endpoint.ts';
import {
  AccessQuerySchema,
  EraseBodySchema,
  privacyMessages,
  type AccessReport,
  type EraseResponse,
  type RetentionApplyResponse,
  type RetentionReport,
  type UnsealedReport,
} from './model.ts';

export const privacyApi = {
  /** An owner's alone: deletes the keys of everyone the address links to. */
  erase: endpoint<EraseResponse>()({
    method: 'POST',
    path: '/api/admin/privacy/erase',
    guarded: true,
    body: EraseBodySchema,
    messages: { erased: privacyMessages.erased },
  }),
  /** JSON, as an attachment. */
  access: endpoint<AccessReport>()({
    method: 'GET',
    path: '/api/admin/privacy/access',
    guarded: true,
    query: AccessQuerySchema,
  }),
  retention: endpoint<RetentionReport>()({ method: 'GET', path: '/api/admin/privacy/retention', guarded: true }),
  /** How much of the log holds personal data in plain text (written before sealing), and how to migrate it. */
  unsealed: endpoint<UnsealedReport>()({ method: 'GET', path: '/api/admin/privacy/unsealed', guarded: true }),
  /** An owner's alone: erases everyone the report lists. */
  applyRetention: endpoint<RetentionApplyResponse>()({
    method: 'POST',
    path: '/api/admin/privacy/retention',
    guarded: true,
    messages: { applied: privacyMessages.applied, none: privacyMessages.noneDue },
  }),
} as const;
