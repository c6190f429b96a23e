// Personal fields sealed around any event store (decision 063): on the way in, the fields contracts/personalData.ts
// names go into one box per event under their subject's key, stand-ins in their place; on the way out they are opened,
// or, once the key is deleted, read as their stand-ins. What is stored never changes, so the hash chain holds after an
// erasure. Plain events (written before sealing) are handed on as they are; olderFormats.ts reads earlier seals.
import type { ExpectedRevision, StoredEventStore } from '../../contracts/ports/eventStore.ts';
import type { KeyStore, SubjectId } from '../../contracts/ports/keyStore.ts';
import {
  envelopeText,
  personAddress,
  personalData as defaultPersonalData,
  personSubjectsSealedIn,
  sealedEnvelope,
  sealedKey,
  subjectsSealedIn,
  whoseFields,
  type PersonalFields,
} from '../../contracts/personalData.ts';
import type { NewEvent, RecordedEvent } from '../../contracts/shared/events.ts';
import { seal, unseal } from '../keys/aead.ts';
import { openV1, openV2, v3Values } from '../keys/olderFormats.ts';

export { sealedEnvelope, subjectsSealedIn } from '../../contracts/personalData.ts';

export class SealBroken extends Error {
  constructor(
    readonly stream: string,
    readonly eventId: string,
    readonly path: string,
  ) {
    super(
      `The sealed field ${path} of event ${eventId} in ${stream} does not open with its subject's key: the stored bytes were changed`,
    );
    this.name = 'SealBroken';
  }
}

/** The store with the adapter underneath, whose stored bytes the auditor's export and its hash chain read. */
export type SealedEventStore = StoredEventStore & {
  readonly raw: StoredEventStore;
  readonly keys: KeyStore;
  /** The events as `append` would store them, without storing them (the migration of decision 059). */
  seal(stream: string, events: NewEvent[], expected: ExpectedRevision): Promise<NewEvent[]>;
};

/** Bound into a version 3 box: the event id and the paths of the fields whose values it holds, in order. */
const aadV3 = (eventId: string, paths: string[]) => `${eventId}\u0000v3\u0000${paths.join(',')}`;

type Json = Record<string, unknown>;
const filled = (value: unknown): value is string => typeof value === 'string' && value !== '';
const walk = (data: unknown, parts: string[]) => parts.reduce<unknown>((at, part) => (at as Json | null)?.[part], data);
const valueAt = (data: unknown, path: string) => walk(data, path.split('.'));
/** Puts a value at a dotted path, copying each object on the way there (the rest of the event is shared, not cloned). */
function putAt(data: Json, path: string, value: unknown): void {
  const [name, ...rest] = path.split('.') as [string, ...string[]];
  const inner = data[name];
  if (rest.length === 0) data[name] = value;
  else if (typeof inner === 'object' && inner !== null) putAt((data[name] = { ...inner }), rest.join('.'), value);
}
/** A shallow copy of an event's data, without its envelope. */
const copyOf = ({ [sealedKey]: _envelope, ...data }: Json): Json => data;

export function withSealedPersonalData(
  store: StoredEventStore,
  keys: KeyStore,
  personal: Readonly<Record<string, PersonalFields>> = defaultPersonalData,
): SealedEventStore {
  // A rule's paths in order: a version 3 box holds its values in that order.
  const sorted = new Map(Object.entries(personal).map(([type, rule]) => [type, Object.keys(rule.fields).sort()]));
  const pathsOf = (type: string) => sorted.get(type) ?? [];
  // The subject each address, author of staff's words and the shop was given in this process (decision 057): a person's
  // fields go under their stream's subject (as its stored seals name it), else their address's, else a new one.
  const given = new Map<string, SubjectId>();
  const withKey = (subject?: SubjectId | null) => {
    const key = subject ? keys.key(subject) : null;
    return key ? { subject: subject!, key } : undefined;
  };

  /** The subject the stream's stored seals of its person's fields name, the newest whose key is kept. */
  async function subjectInLog(stream: string): Promise<SubjectId | undefined> {
    const events = await store.readStream(stream);
    const subjects = events.flatMap((event) => personSubjectsSealedIn(event.type, event.data, personal));
    return subjects.reverse().find((subject) => withKey(subject));
  }

  /** The event with its personal fields sealed; `stream.subject` is its person's, set when first needed. */
  function sealEvent(event: NewEvent, stream: { subject?: SubjectId }): NewEvent {
    const rule = personal[event.type];
    const data = event.data as Json;
    // An empty field says nothing about anyone: left as it is.
    const paths = pathsOf(event.type).filter((path) => filled(valueAt(data, path)));
    if (!rule || paths.length === 0) return event;
    const whose = rule.whose?.(data) ?? 'person';
    const by = filled(data.by) ? data.by : event.metadata.causedBy;
    const address = personAddress(rule.email?.(data));
    const name = whose === 'shop' ? 'shop' : whose === 'staff' ? `staff:${by}` : address && `address:${address}`;
    const known = withKey(name && given.get(name));
    const { subject, key } = (whose === 'person' ? withKey(stream.subject) : undefined) ?? known ?? keys.newSubject();
    if (name && !known) given.set(name, subject);
    if (whose === 'person') stream.subject = subject;
    const sealed = copyOf(data);
    const values = JSON.stringify(paths.map((path) => valueAt(data, path)));
    for (const path of paths) putAt(sealed, path, rule.fields[path]);
    const box = seal(key, aadV3(event.id, paths), Buffer.from(values), 'chacha20poly1305');
    sealed[sealedKey] = envelopeText(subject, box.toString('base64url'));
    return { ...event, data: sealed };
  }

  /** Opens an event's sealed fields in a copy of it; a forgotten subject's fields read as their stand-ins. */
  function openEvent(event: RecordedEvent): RecordedEvent {
    const data = event.data as Json;
    const envelope = sealedEnvelope(data);
    if (!envelope && (!Object.hasOwn(personal, event.type) || subjectsSealedIn(data).length === 0)) return event;
    const opened = envelope ? copyOf(data) : structuredClone(data);
    const broken = (path: string): never => {
      throw new SealBroken(event.stream, event.id, path);
    };
    const key = envelope && keys.key(envelope.subject);
    if (!envelope) openV1(event.id, opened, keys, broken);
    else if (key) {
      try {
        if (envelope.v === 2)
          for (const [path, value] of Object.entries(openV2(key, event.id, envelope.box))) putAt(opened, path, value);
        else {
          // The fields sealed are those holding their stand-ins, in the order of their paths.
          const standIns = personal[event.type]?.fields ?? {};
          const paths = pathsOf(event.type).filter((path) => valueAt(data, path) === standIns[path]);
          const box = Buffer.from(envelope.box, 'base64url');
          const values = v3Values(unseal(key, aadV3(event.id, paths), box, 'chacha20poly1305').toString());
          if (values.length !== paths.length) throw new Error('The values do not fit the fields');
          paths.forEach((path, i) => putAt(opened, path, values[i]));
        }
      } catch {
        broken(sealedKey);
      }
    }
    return { ...event, data: opened };
  }

  /** The events of one append, sealed under the stream's subject as its stored seals name it (none for a new stream). */
  async function sealAll(stream: string, events: NewEvent[], expected: ExpectedRevision): Promise<NewEvent[]> {
    if (!events.some((event) => Object.hasOwn(personal, event.type))) return events;
    const person = events.some((event) => whoseFields(event.type, event.data, personal) === 'person');
    const subject = { subject: expected === 'no_stream' || !person ? undefined : await subjectInLog(stream) };
    return events.map((event) => sealEvent(event, subject));
  }

  return {
    kind: store.kind,
    raw: store,
    keys,
    append: async (stream, events, expected) => store.append(stream, await sealAll(stream, events, expected), expected),
    seal: sealAll,
    readStream: async (stream) => (await store.readStream(stream)).map(openEvent),
    async *readAll(afterPosition, options) {
      for await (const event of store.readAll(afterPosition, options)) yield openEvent(event);
    },
    subscribe: (afterPosition, handler, onError) =>
      store.subscribe(afterPosition, (event) => handler(openEvent(event)), onError),
    headPosition: () => store.headPosition(),
    listStreams: (prefix?: string) => store.listStreams(prefix),
    eventVersions: () => store.eventVersions(),
    ping: () => store.ping(),
    async close() {
      await store.close();
      keys.close();
    },
  };
}
