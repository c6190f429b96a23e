// Forgetting a person, telling them what is held about them, and the retention period. A person is the streams whose
// events name their e-mail address, and the subjects those streams' seals name (decisions 047, 063): forgetting deletes
// those keys, after a SubjectErased without a word of their data is in the log; every sealed field of theirs then reads
// as its stand-in, the read models are built again from the log, and the outbox's copies of their e-mails are removed
// (decision 048). Only the person's own fields are theirs: the staff's words and the shop's address in the same streams
// are sealed under other subjects and stay (decision 057).
import type { EventStore } from '../../contracts/ports/eventStore.ts';
import type { KeyStore, SubjectId } from '../../contracts/ports/keyStore.ts';
import type {
  AccessReport,
  EraseResult,
  RetentionDue,
  RetentionReport,
  UnsealedReport,
} from '../../contracts/privacy/model.ts';
import type { SubjectErased } from '../../contracts/privacy/events.ts';
import { privacyMessages, unsealedMessage } from '../../contracts/privacy/model.ts';
import {
  personAddress,
  personAddressOf,
  personSubjectsSealedIn,
  plainPersonalFields,
} from '../../contracts/personalData.ts';
import { conflict, notFound } from '../../contracts/shared/errors.ts';
import type { DomainEvent, RecordedEvent } from '../../contracts/shared/events.ts';
import { categoryOf, erasuresStream, idOf } from '../../contracts/shared/streams.ts';
import { slicer, sliceMs } from '../../projections/engine/rebuild.ts';
import { metadataOf, newEventId, type CommandMeta } from '../commands.ts';
import type { ShopDeps } from '../deps.ts';

export type PrivacyDeps = Pick<
  ShopDeps,
  'events' | 'keys' | 'mailer' | 'payments' | 'refreshReadModels' | 'clock' | 'config' | 'logger'
>;

const normalise = (email: string) => email.trim().toLowerCase();
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function keysOf(deps: Pick<ShopDeps, 'keys'>): KeyStore {
  if (!deps.keys) throw conflict('This process keeps no data keys; erase from the shop itself');
  return deps.keys;
}

/** The log as stored (the bytes under the sealing), where the export and its chain read. */
const storedLog = (events: EventStore): EventStore => (events as EventStore & { stored?: EventStore }).stored ?? events;

/**
 * Every event of `events`, read with pauses: the embedded store reads synchronously, so a scan of a long log held every
 * request (and, at start, the shop's first answer) until it ended — some six seconds on a million events. It lets the
 * process answer what waits once `pauseAfterMs` of work has gone by, as a rebuild does (decision 062).
 */
async function* wholeLog<E extends DomainEvent>(
  events: EventStore<E>,
  pauseAfterMs = sliceMs,
): AsyncGenerator<RecordedEvent<E>> {
  const yieldNow = slicer(pauseAfterMs);
  for await (const event of events.readAll(0)) {
    yield event;
    await yieldNow();
  }
}

/** The e-mail address an event names its person by, in the shape readers see (an e-mail to the shop names nobody). */
const addressOf = (event: RecordedEvent): string | null => personAddressOf(event.type, event.data);

/**
 * The streams that belong to an address (those whose events name it, read opened) and the subjects their seals name:
 * every event of such a stream, the owner's e-mails about the order included, was sealed under one of them.
 */
async function streamsOfPerson(
  deps: PrivacyDeps,
  email: string,
): Promise<{ subjects: SubjectId[]; streams: string[] }> {
  const wanted = normalise(email);
  const streams = new Set<string>();
  for await (const event of wholeLog(deps.events)) if (addressOf(event) === wanted) streams.add(event.stream);
  const subjects = new Set<SubjectId>();
  for (const stream of streams)
    for (const subject of await subjectsOfStream(deps.events, stream)) subjects.add(subject);
  return { subjects: [...subjects].sort(), streams: [...streams].sort() };
}

/** The subjects a stream's stored events sealed their person's fields under (not the staff's, not the shop's). */
async function subjectsOfStream(events: EventStore, stream: string): Promise<SubjectId[]> {
  return (await storedLog(events).readStream(stream)).flatMap((event) =>
    personSubjectsSealedIn(event.type, event.data),
  );
}

/** The streams whose stored bytes hold the address in plain text: written before sealing, they cannot be shredded. */
async function plainTextStreams(events: EventStore, email: string): Promise<string[]> {
  const found = new Set<string>();
  const pattern = new RegExp(escape(normalise(email)), 'i');
  for await (const event of wholeLog(storedLog(events)))
    if (pattern.test(JSON.stringify(event.data))) found.add(event.stream);
  return [...found].sort();
}

/**
 * How many stored events hold personal fields in plain text (written before sealing), and in how many streams: one read
 * of the stored log, as an erasure makes.
 */
export async function unsealedReport(events: EventStore, pauseAfterMs = sliceMs): Promise<UnsealedReport> {
  let count = 0;
  const streams = new Set<string>();
  for await (const event of wholeLog(storedLog(events), pauseAfterMs)) {
    if (plainPersonalFields(event.type, event.data).length === 0) continue;
    count += 1;
    streams.add(event.stream);
  }
  return { events: count, streams: streams.size, message: count === 0 ? null : unsealedMessage(count, streams.size) };
}

export async function accessReport(deps: PrivacyDeps, email: string): Promise<AccessReport> {
  const { streams } = await streamsOfPerson(deps, email);
  const report: AccessReport = {
    email: email.trim(),
    madeAt: deps.clock().toISOString(),
    orders: [],
    checkouts: [],
    reviews: [],
    messages: [],
    notices: [],
    emails: [],
    plainTextStreams: await plainTextStreams(deps.events, email),
  };
  for (const stream of streams) {
    const events = await deps.events.readStream(stream);
    const category = categoryOf(stream);
    if (category === 'order') report.orders.push(events);
    else if (category === 'checkout') report.checkouts.push(events);
    else if (category === 'review') report.reviews.push(events);
    else if (category === 'message' || category === 'newsletter' || category === 'restock')
      report.messages.push(events);
    else if (category === 'notification') {
      const emails = events.filter((e) => e.type === 'EmailSent');
      report.emails.push(...emails);
      if (emails.length < events.length) report.notices.push(events.filter((e) => e.type !== 'EmailSent'));
    }
  }
  return report;
}

/** What names the person's orders in an e-mail (their ids and order numbers, as whole words), and their payments. */
async function ordersOf(
  deps: PrivacyDeps,
  streams: readonly string[],
): Promise<{ words: string[]; payments: string[] }> {
  const words = new Set<string>();
  const payments = new Set<string>();
  for (const stream of streams) {
    const category = categoryOf(stream);
    if (category !== 'order' && category !== 'checkout' && category !== 'notification') continue;
    words.add(idOf(stream));
    for (const event of await deps.events.readStream(stream)) {
      const { orderNumber, paymentReference } = event.data as { orderNumber?: unknown; paymentReference?: unknown };
      if (typeof orderNumber === 'string' && orderNumber) words.add(orderNumber);
      if (typeof paymentReference === 'string' && paymentReference) payments.add(paymentReference);
    }
    if (category !== 'notification') payments.add(idOf(stream));
  }
  return { words: [...words].filter((w) => w.length >= 4), payments: [...payments] };
}

export async function erase(
  deps: PrivacyDeps,
  email: string,
  reason: string,
  meta: CommandMeta,
  by: string,
): Promise<EraseResult> {
  const keys = keysOf(deps);
  const { subjects: sealedUnder, streams } = await streamsOfPerson(deps, email);
  // The subjects with a key still kept: those already forgotten have nothing left to erase.
  const subjects = sealedUnder.filter((subject) => keys.key(subject) !== null);
  const plain = await plainTextStreams(deps.events, email);
  if (subjects.length === 0) {
    if (plain.length === 0) throw notFound(privacyMessages.unknown);
    // Names typed at the sign-in form were kept as typed until they were hashed (decision 057): not a log from before sealing.
    throw conflict(
      plain.every((stream) => categoryOf(stream) === 'admin') ? privacyMessages.signInOnly : privacyMessages.plainOnly,
    );
  }
  const { words, payments } = await ordersOf(deps, streams);
  const erasureId = newEventId();
  const data: SubjectErased['data'] = { erasureId, subjects, streams: streams.length, reason, by, at: meta.now };
  // Recorded first: were the process to stop before the keys are gone, the erasure is asked again and finds them.
  await deps.events.append(
    erasuresStream,
    [{ type: 'SubjectErased', data, id: newEventId(), metadata: metadataOf(meta) }],
    'any',
  );
  for (const subject of subjects) keys.forget(subject);
  const address = new RegExp(escape(normalise(email)), 'i');
  const order =
    words.length > 0 ? new RegExp(`(?<![A-Za-z0-9-])(${words.map(escape).join('|')})(?![A-Za-z0-9])`) : null;
  const outboxFiles = (await deps.mailer.forget?.((text) => address.test(text) || (order?.test(text) ?? false))) ?? 0;
  // The payment sandbox keeps its sessions as files, like a provider's dashboard: their payer's details go too.
  await deps.payments.forgetPayer?.(payments);
  await deps.refreshReadModels?.();
  deps.logger.info(
    { erasureId, subjects: subjects.length, streams: streams.length, outboxFiles },
    'a person was erased',
  );
  return { erasureId, subjects: subjects.length, streams: streams.length, outboxFiles, plainTextStreams: plain.length };
}

/** The months a customer's data is kept after their last order; null: kept until erased by hand. */
export const retentionMonths = (deps: Pick<ShopDeps, 'config'>): number | null => deps.config.RETENTION_MONTHS ?? null;

function monthsBefore(now: Date, months: number): Date {
  const cutoff = new Date(now);
  cutoff.setUTCMonth(cutoff.getUTCMonth() - months);
  return cutoff;
}

/** Whether any of the streams holds an event sealed under a key still kept (plain text from before sealing cannot be erased). */
async function hasKeptSeals(deps: PrivacyDeps, streams: Iterable<string>): Promise<boolean> {
  const keys = keysOf(deps);
  for (const stream of streams)
    if ((await subjectsOfStream(deps.events, stream)).some((subject) => keys.key(subject) !== null)) return true;
  return false;
}

/** Everyone whose last order (or, with none, their last checkout or review) is older than the retention period. */
export async function retentionReport(deps: PrivacyDeps): Promise<RetentionReport> {
  const months = retentionMonths(deps);
  if (months === null) return { months: null, cutoff: null, due: [] };
  const cutoff = monthsBefore(deps.clock(), months).toISOString();
  const people = new Map<
    string,
    { last: string; lastOrder: string | null; orders: Set<string>; streams: Set<string> }
  >();
  for await (const event of wholeLog(deps.events)) {
    const data = event.data as Record<string, unknown>;
    const key = personAddress(data.customerEmail);
    if (
      key === null ||
      !['OrderPlaced', 'OrderCustomerDetailsAdded', 'CheckoutStarted', 'ReviewSubmitted', 'PurchaseNotified'].includes(
        event.type,
      )
    )
      continue;
    const person = people.get(key) ?? {
      last: '',
      lastOrder: null,
      orders: new Set<string>(),
      streams: new Set<string>(),
    };
    person.streams.add(event.stream);
    const at = event.metadata.at;
    if (at > person.last) person.last = at;
    if (event.type === 'OrderPlaced') {
      const placed = event.data.placedAt ?? at;
      if (!person.lastOrder || placed > person.lastOrder) person.lastOrder = placed;
      person.orders.add(event.data.orderNumber);
    }
    people.set(key, person);
  }
  const due: RetentionDue[] = [];
  for (const [email, person] of people) {
    const last = person.lastOrder ?? person.last;
    if (last < cutoff && (await hasKeptSeals(deps, person.streams)))
      due.push({ email, lastOrderAt: last, orders: [...person.orders].sort() });
  }
  due.sort((a, b) => a.lastOrderAt.localeCompare(b.lastOrderAt) || a.email.localeCompare(b.email));
  return { months, cutoff, due };
}

/** Erases everyone the report lists; answers how many people. */
export async function applyRetention(deps: PrivacyDeps, meta: CommandMeta, by: string): Promise<number> {
  const report = await retentionReport(deps);
  let erased = 0;
  for (const person of report.due) {
    try {
      await erase(
        { ...deps, refreshReadModels: undefined },
        person.email,
        `Retention: no order for ${report.months} months`,
        meta,
        by,
      );
      erased += 1;
    } catch (error) {
      deps.logger.warn(
        { err: error instanceof Error ? error.message : String(error) },
        'a person past the retention period could not be erased',
      );
    }
  }
  if (erased > 0) await deps.refreshReadModels?.();
  return erased;
}
