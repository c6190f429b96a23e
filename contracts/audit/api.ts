// The auditor's console: the raw log (one stream, or the whole log a page at a time), the streams with filters, what one
// request caused, time travel and diffs, the hash-chained export, the read models' verification and health.
import { endpoint } from '../shared/endpoint.ts';
import {
  AuditEventsQuerySchema,
  auditMessages,
  AuditStreamsQuerySchema,
  DiffQuerySchema,
  ExportQuerySchema,
  RelatedQuerySchema,
  StateQuerySchema,
  type AuditStreamsResponse,
  type BackupResponse,
  type DiffResponse,
  type LogPageResponse,
  type ProjectionsResponse,
  type RelatedResponse,
  type StateAsOf,
  type StreamEventsResponse,
  type VerifyResponse,
} from './model.ts';
import { DataReadsQuerySchema, type DataReadsResponse } from './dataReads.ts';

export const auditApi = {
  events: endpoint<StreamEventsResponse | LogPageResponse>()({
    method: 'GET',
    path: '/api/admin/events',
    guarded: true,
    query: AuditEventsQuerySchema,
  }),
  streams: endpoint<AuditStreamsResponse>()({
    method: 'GET',
    path: '/api/admin/audit/streams',
    guarded: true,
    query: AuditStreamsQuerySchema,
  }),
  related: endpoint<RelatedResponse>()({
    method: 'GET',
    path: '/api/admin/audit/related',
    guarded: true,
    query: RelatedQuerySchema,
  }),
  state: endpoint<StateAsOf>()({
    method: 'GET',
    path: '/api/admin/audit/state',
    guarded: true,
    query: StateQuerySchema,
  }),
  diff: endpoint<DiffResponse>()({
    method: 'GET',
    path: '/api/admin/audit/diff',
    guarded: true,
    query: DiffQuerySchema,
  }),
  /** NDJSON, not JSON: the chain head is in the X-Chain-Head header. */
  exportLog: endpoint<string>()({
    method: 'GET',
    path: '/api/admin/audit/export',
    guarded: true,
    query: ExportQuerySchema,
  }),
  /** Who read whose data: the PersonalDataRead records, newest first, by reader, subject and dates (decision 058). */
  dataReads: endpoint<DataReadsResponse>()({
    method: 'GET',
    path: '/api/admin/audit/reads',
    guarded: true,
    query: DataReadsQuerySchema,
  }),
  projections: endpoint<ProjectionsResponse>()({ method: 'GET', path: '/api/admin/audit/projections', guarded: true }),
  /** Rebuilds in a scratch namespace and compares; appends the result to the log, so an auditor may call it. */
  verify: endpoint<VerifyResponse>()({
    method: 'POST',
    path: '/api/admin/audit/verify',
    guarded: true,
    auditorMay: true,
    messages: { verified: auditMessages.verified },
  }),
  /** An owner's alone (it is not declared auditorMay): builds new read models beside the live ones. */
  rebuild: endpoint<{ success: true; started: boolean; message: string }>()({
    method: 'POST',
    path: '/api/admin/audit/rebuild',
    guarded: true,
    messages: { started: auditMessages.rebuildStarted, running: auditMessages.rebuildRunning },
  }),
  /**
   * An owner's alone: a backup of everything the shop cannot rebuild, into a new folder of BACKUP_DIR, with its
   * manifest (decision 056).
   */
  backup: endpoint<BackupResponse>()({
    method: 'POST',
    path: '/api/admin/audit/backup',
    guarded: true,
    messages: { backedUp: auditMessages.backedUp },
  }),
} as const;

/** The header an export's chain head travels in. */
export const chainHeadHeader = 'X-Chain-Head';
