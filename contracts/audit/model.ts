// The auditor's console: streams, time travel, proof (export, check, verify) and the projections' health.
import * as v from 'valibot';
import type { RecordedEvent } from '../shared/events.ts';
import { streamNamePattern } from './streamName.ts';
import type { ChainEndV1, ReadModelsVerified } from './events.ts';

/**
 * The stream kinds time travel knows how to fold: an order's or a review's state as the console shows it, and a coming
 * title's season (its date, limit and every pre-order with where it stands, decision 132).
 */
export const timeTravelKinds = ['order', 'review', 'preorder'] as const;

export const auditMessages = {
  stream: 'Stream is required',
  at: 'Give a date-time (ISO 8601) or a revision (a whole number)',
  notTimeTravel: 'Time travel folds order, review and pre-order streams',
  before: 'The stream had not started at that moment',
  export: 'Choose an export (NDJSON) to check',
  rebuildStarted:
    'A new generation of the read models is being built beside the live one; it answers once it has caught up.',
  rebuildRunning: 'A rebuild is already running; it answers once it has caught up.',
  noRebuild: 'This process keeps no read models to rebuild; run npm run projections -- rebuild',
  verified:
    'The read models were rebuilt in a scratch namespace and compared with the live ones; the result is in the log.',
  backedUp:
    'The backup was written with its manifest. Keep a copy off this machine; restoring it needs the data key (DATA_KEY), which is never in it.',
  noBackup: 'This shop keeps its log in EventStoreDB: back it up with its own tools, and keys.sqlite beside it',
} as const;

const ShortText = (max: number) => v.pipe(v.string(), v.trim(), v.maxLength(max));

export { streamNamePattern } from './streamName.ts';
export const maxEventsPage = 1000;

const whole = (what: string) =>
  v.pipe(v.string(), v.regex(/^\d{1,15}$/, `${what} must be a whole number`), v.transform(Number));

/** GET /api/admin/events: one stream, or the global log paged after a position. */
export const AuditEventsQuerySchema = v.object({
  stream: v.optional(v.pipe(v.string(), v.regex(streamNamePattern, 'Stream must be a stream name such as order-123'))),
  after: v.optional(whole('After'), '0'),
  limit: v.optional(
    v.pipe(
      whole('Limit'),
      v.minValue(1, `Limit must be between 1 and ${maxEventsPage}`),
      v.maxValue(maxEventsPage, `Limit must be between 1 and ${maxEventsPage}`),
    ),
    '100',
  ),
});

export type StreamEventsResponse = { stream: string; revision: number; events: RecordedEvent[] };
/** `next` is the position to pass as `after` for the following page, null at the end of the log. */
export type LogPageResponse = { events: RecordedEvent[]; next: number | null; head: number };

export const maxStreamsPage = 200;
export const defaultStreamsPage = 50;

/** GET /api/admin/audit/streams: a page of the streams (newest activity first), counted, searched and filtered. */
export const AuditStreamsQuerySchema = v.object({
  kind: v.optional(ShortText(40)),
  /** a part of the stream's name, in any case */
  q: v.optional(ShortText(200)),
  /** how many streams of the list come before the page */
  offset: v.optional(whole('Offset'), '0'),
  limit: v.optional(
    v.pipe(
      whole('Limit'),
      v.minValue(1, `Limit must be between 1 and ${maxStreamsPage}`),
      v.maxValue(maxStreamsPage, `Limit must be between 1 and ${maxStreamsPage}`),
    ),
    String(defaultStreamsPage),
  ),
  /** ISO dates or date-times: streams with an event in [from, to] */
  from: v.optional(ShortText(40)),
  to: v.optional(ShortText(40)),
  /** causedBy contains this */
  actor: v.optional(ShortText(100)),
});
export type AuditStream = {
  stream: string;
  kind: string;
  revision: number;
  events: number;
  firstAt: string;
  lastAt: string;
  actors: string[];
};
/** `total` counts every stream the query finds; `streams` are those from `offset`, at most `limit`. */
export type AuditStreamsResponse = {
  streams: AuditStream[];
  kinds: string[];
  total: number;
  offset: number;
  limit: number;
};

/** GET /api/admin/audit/related?correlationId= — everything one request caused. */
export const RelatedQuerySchema = v.object({
  correlationId: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(200)),
});
export type RelatedResponse = { correlationId: string; events: RecordedEvent[] };

/** A moment: a revision of the stream (a whole number) or a date-time. */
export const MomentSchema = v.pipe(
  v.string(auditMessages.at),
  v.trim(),
  v.minLength(1, auditMessages.at),
  v.maxLength(40, auditMessages.at),
);
/** GET /api/admin/audit/state?stream=&at= */
export const StateQuerySchema = v.object({
  stream: v.pipe(v.string(auditMessages.stream), v.trim(), v.minLength(1, auditMessages.stream), v.maxLength(200)),
  at: v.optional(MomentSchema),
});
/** GET /api/admin/audit/diff?stream=&from=&to= */
export const DiffQuerySchema = v.object({
  stream: v.pipe(v.string(auditMessages.stream), v.trim(), v.minLength(1, auditMessages.stream), v.maxLength(200)),
  from: MomentSchema,
  to: v.optional(MomentSchema),
});

/** The state of a stream as of a moment: the read model's document folded from the stream's first events. */
export type StateAsOf = { stream: string; revision: number; at: string; lastRevision: number; state: unknown };
export type DiffLine = { path: string; before: unknown; after: unknown };
export type DiffResponse = { stream: string; from: StateAsOf; to: StateAsOf; changes: DiffLine[] };

/** What the console's check of an uploaded export found (the check runs in the browser, with contracts/audit/hashChain.ts). */
export type CheckExportResult = { ok: boolean; lines: number; head: string | null; message: string };

/** GET /api/admin/audit/export?stream= — NDJSON; the chain head is in the X-Chain-Head header. */
export const ExportQuerySchema = v.object({
  stream: v.optional(v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(200))),
});

/** What a backup holds, from its manifest (decision 056): where it is, the log's heads, which data key it needs. */
export type BackupSummary = {
  folder: string;
  createdAt: string;
  files: number;
  bytes: number;
  events: number;
  head: number;
  chainHead: string;
  keyFile: boolean;
  /** names the data key the key file needs; never the key */
  dataKeyFingerprint: string | null;
  encrypted: boolean;
  leftOut: string[];
};
export type BackupResponse = { success: true; message: string; backup: BackupSummary };

export type VerifyResponse = { success: true; match: boolean; message: string; result: ReadModelsVerified['data'] };

export type ProjectionHealth = {
  name: string;
  version: number;
  position: number;
  head: number;
  lag: number;
  lastError: string | null;
  rebuilding: boolean;
};
export type ProjectionsResponse = { head: number; projections: ProjectionHealth[] };

export type ChainEnd = v.InferOutput<typeof ChainEndV1>;
