// Who read whose data. Every guarded GET that answers a customer's name, e-mail address or postal address records the
// read as a PersonalDataRead in the day's access-<date> stream: the session's account and role, the endpoint, the
// subject (an order's stream, a keyed hash of an e-mail address or of a search, a list and its filter), when and why.
// A download (a person's data, the orders CSV, the log's export) is recorded every time, with the reader's reason; a
// routine view once per reader, endpoint and subject in each UTC hour, with a fixed reason. The configured owner's
// routine views are not recorded: the record is kept of the people the owner lets in (decision 058).
import { createHash, createHmac, hkdfSync } from 'node:crypto';
import type { Context } from 'koa';
import { hashedSubjectPrefix } from '../../contracts/audit/dataReads.ts';
import type { PersonalDataRead } from '../../contracts/audit/events.ts';
import { personAddress } from '../../contracts/personalData.ts';
import type { EndpointSpec } from '../../contracts/shared/endpoint.ts';
import { dataReadsStream } from '../../contracts/shared/streams.ts';
import { metadataOf, newEventId } from '../commands.ts';
import type { ShopDeps } from '../deps.ts';
import { sessionOf } from './adminRouter.ts';
import { commandMeta } from './request.ts';

type RecorderDeps = Pick<ShopDeps, 'events' | 'clock' | 'jwtSecret' | 'admin'>;

export type PersonalReads = {
  /**
   * A routine view (an order page, a list): recorded once per reader, endpoint and subject in each UTC hour, unless the
   * reader is the configured owner. Resolves once the record is in the log.
   */
  view(ctx: Context, endpoint: EndpointSpec, subject: string, reason: string): Promise<void>;
  /** A download: recorded every time, whoever reads, before the data leaves. */
  download(ctx: Context, endpoint: EndpointSpec, subject: string, reason: string): Promise<void>;
  /** `email:<keyed hash>` for an e-mail address (or any text a reader searched with): whose, without their details. */
  hashed(text: string): string;
};

const hourMs = 3_600_000;
/** How many routine views are remembered at most; the oldest hour's go first (they would be recorded again). */
const maxRemembered = 20_000;

/**
 * The id of a routine view's record: UUIDv7-shaped, its time the hour's start and its other bits from the reader,
 * endpoint and subject. Another shop process (or this one after a restart) recording the same view in the same hour
 * appends the same id to the same day's stream, which the log answers as an idempotent retry: still one record.
 */
export function routineReadId(hourStartMs: number, key: string): string {
  const h = createHash('sha256').update(key).digest('hex');
  const time = hourStartMs.toString(16).padStart(12, '0');
  return `${time.slice(0, 8)}-${time.slice(8, 12)}-7${h.slice(0, 3)}-${((parseInt(h.slice(3, 4), 16) & 0x3) | 0x8).toString(16)}${h.slice(4, 7)}-${h.slice(7, 19)}`;
}

/** The text an address or a search is hashed as: an address as a person is known by it, anything else trimmed and lower-cased. */
const normalised = (text: string) => personAddress(text) ?? text.trim().toLowerCase();

export function createPersonalReads(deps: RecorderDeps): PersonalReads {
  // A key of its own, derived from the token secret: the hashes cannot be matched by anyone without the shop's secret.
  const key = Buffer.from(
    hkdfSync(
      'sha256',
      Buffer.from(deps.jwtSecret, 'utf8'),
      Buffer.alloc(0),
      Buffer.from('personal data reads: subjects'),
      32,
    ),
  );
  const hashed = (text: string) =>
    `${hashedSubjectPrefix}${createHmac('sha256', key).update(normalised(text)).digest('base64url').slice(0, 22)}`;
  const seen = new Map<string, { hour: number; recorded: Promise<void> }>();

  const append = async (
    ctx: Context,
    endpoint: EndpointSpec,
    subject: string,
    reason: string,
    routine: boolean,
    id: (now: Date, reader: string) => string,
  ) => {
    const { username, role } = sessionOf(ctx);
    const now = deps.clock();
    const at = now.toISOString();
    const event: PersonalDataRead = {
      type: 'PersonalDataRead',
      data: { reader: username, role, endpoint: `${endpoint.method} ${endpoint.path}`, subject, reason, routine, at },
    };
    await deps.events.append(
      dataReadsStream(at),
      [{ ...event, id: id(now, username), metadata: metadataOf(commandMeta(ctx, `admin:${username}`, now)) }],
      'any',
    );
  };

  return {
    hashed,
    download(ctx, endpoint, subject, reason) {
      return append(ctx, endpoint, subject, reason, false, () => newEventId());
    },
    view(ctx, endpoint, subject, reason) {
      const { username } = sessionOf(ctx);
      if (username === deps.admin.username) return Promise.resolve();
      const hour = Math.floor(deps.clock().getTime() / hourMs) * hourMs;
      const key = `${username}\n${endpoint.method} ${endpoint.path}\n${subject}`;
      const known = seen.get(key);
      if (known && known.hour === hour) return known.recorded;
      if (seen.size >= maxRemembered) {
        for (const [k, v] of seen) if (v.hour < hour) seen.delete(k);
        if (seen.size >= maxRemembered) seen.clear();
      }
      const recorded = append(ctx, endpoint, subject, reason, true, () => routineReadId(hour, key));
      seen.set(key, { hour, recorded });
      // A record that failed is not remembered: the next view tries again.
      recorded.catch(() => {
        if (seen.get(key)?.recorded === recorded) seen.delete(key);
      });
      return recorded;
    },
  };
}

const recorders = new WeakMap<object, PersonalReads>();

/** One recorder per log, shared by every capability's routes (and by the answer lane's reads). */
export function personalReadsFor(deps: RecorderDeps): PersonalReads {
  let reads = recorders.get(deps.events);
  if (!reads) recorders.set(deps.events, (reads = createPersonalReads(deps)));
  return reads;
}

/** A list and the filter it was asked with, as a subject: `orders?q=email:…&status=pending`, a search hashed. */
export function listSubject(
  reads: Pick<PersonalReads, 'hashed'>,
  list: string,
  filter: Readonly<Record<string, string | number | undefined | null>>,
  searched: readonly string[] = ['q'],
): string {
  const parts = Object.entries(filter)
    .filter(([, value]) => value !== undefined && value !== null && value !== '')
    .map(([name, value]) => `${name}=${searched.includes(name) ? reads.hashed(String(value)) : String(value)}`)
    .sort();
  return parts.length === 0 ? list : `${list}?${parts.join('&')}`;
}
