// The audit's events, declared once: the read models' checks and the log's migrations (stream audit-<id>), and who read
// personal data (stream access-<date>), with the types derived from their schemas.
import * as v from 'valibot';
import { accountRoles } from '../admin/model.ts';
import { at, defineEvents, text, whole, type EventsOf } from '../shared/eventDefinitions.ts';

const count = whole;
const role = v.picklist(accountRoles);

export const ReadModelsVerifiedV1 = v.object({
  match: v.boolean(),
  position: v.pipe(v.number(), v.integer()),
  events: v.pipe(v.number(), v.integer()),
  readModels: v.array(text),
  liveHash: text,
  rebuiltHash: text,
  by: text,
  at,
});
/** A log's chain as an export of it ends: how many events, the last position, and the chain head (the last line's SHA-256). */
export const ChainEndV1 = v.object({ events: count, head: count, chainHead: text });
/**
 * The log was copied into a new file with every personal field written before sealing now sealed (decision 059): the
 * first event of the new log after the events carried over. `from` is the old log's export as it ended; `to` is the new
 * log's export up to this event, so `to.chainHead` is this event's own prevHash in an export. No person's details: the
 * number of events sealed and of subjects made, who ran it and when.
 */
export const LogMigratedV1 = v.object({
  migrationId: text,
  kind: v.literal('personal-fields-sealed'),
  from: ChainEndV1,
  to: ChainEndV1,
  sealedEvents: count,
  subjects: count,
  by: text,
  at,
});
export const PersonalDataReadV1 = v.object({
  /** the account that read: a username (the configured owner or an account) */
  reader: text,
  role,
  /** `GET /api/admin/orders/:id`: the endpoint as the API table declares it */
  endpoint: text,
  /** `order-<id>`, `email:<keyed hash>`, `orders?status=pending`, `log`: whose data, without their details */
  subject: text,
  reason: text,
  /** a view with a fixed reason, recorded once an hour per reader, endpoint and subject */
  routine: v.boolean(),
  at,
});

export const auditEvents = defineEvents([
  {
    type: 'ReadModelsVerified',
    stream: 'audit',
    causedBy: 'an owner or an auditor from the audit console (`admin:<username>`)',
    description:
      'The read models (`name@version`) were rebuilt in a scratch namespace up to `position` and their content hash compared with the live ones.',
    versions: [{ schema: ReadModelsVerifiedV1 }],
  },
  {
    type: 'LogMigrated',
    stream: 'audit',
    causedBy: 'the owner from the shell (`system:migrate-seal`)',
    description:
      "The log was copied into a new file with the personal fields written before sealing now sealed, every event kept with its id, position and metadata; the old log's chain end and the new one's are recorded so `check` carries the proof across. Holds counts and chain heads, never a person's details.",
    versions: [{ schema: LogMigratedV1 }],
  },
  {
    type: 'PersonalDataRead',
    stream: 'access',
    causedBy: 'the account that read, through the admin API (`admin:<username>`)',
    description:
      "Someone read personal data through the admin API: who (account and role), which endpoint, whose (an order's stream, a keyed hash of an e-mail address, a list and its filter; never the person's details), when and why (the reader's reason for a download, a fixed one for a routine view, recorded once an hour). One stream per UTC day, `access-<date>`.",
    versions: [{ schema: PersonalDataReadV1 }],
  },
]);

export type AuditEvent = EventsOf<typeof auditEvents>;
export type ReadModelsVerified = Extract<AuditEvent, { type: 'ReadModelsVerified' }>;
export type LogMigrated = Extract<AuditEvent, { type: 'LogMigrated' }>;
export type PersonalDataRead = Extract<AuditEvent, { type: 'PersonalDataRead' }>;
