// Personal fields sealed around any event store: on the way in, the fields contracts/personalData.ts names are put in
// one box per event (ChaCha20-Poly1305) under their person's data key and stand-ins left in their place; on the way out
// they are opened again, or, once the person is forgotten and the key deleted, read as their stand-ins ("Erased
// customer"). What is stored never changes, so the log's hash chain, computed over the stored bytes, holds before and
// after an erasure. Events written before sealing existed hold plain text and are handed on as they are; events sealed
// in an object envelope (version 2) or field by field (version 1, AES-256-GCM) still open.
//
// Which subject an event is sealed under is decided here and recorded by its seal (decision 055): a stream keeps the
// subject its first sealed event was given, an address keeps the subject it was first given while this process runs,
// and a stream this process has not seen is asked of the log (the seals of its stored events). Only a person's fields
// are sealed under the stream's subject: the staff's words under a subject of their author's, the shop's own address
// under the shop's (decision 057), so erasing the person leaves them readable.
import { createDecipheriv } from 'node:crypto';
import sodium from 'sodium-native';
import type { EventStore, ExpectedRevision } from '../../contracts/ports/eventStore.ts';
import type { KeyStore, SubjectId } from '../../contracts/ports/keyStore.ts';
import { randomInto } from '../keys/randomPool.ts';
import {
  envelopeText,
  isSealed,
  personAddress,
  personalData as defaultPersonalData,
  personSubjectsSealedIn,
  sealedEnvelope,
  sealedKey,
  type PersonalFields,
  type Whose,
} from '../../contracts/personalData.ts';

export {
  isSealed,
  personSubjectsSealedIn,
  sealedEnvelope,
  sealedKey,
  subjectsSealedIn,
  type SealedEnvelope,
  type SealedField,
} from '../../contracts/personalData.ts';
import type { NewEvent, RecordedEvent } from '../../contracts/shared/events.ts';

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
export type SealedEventStore = EventStore & {
  readonly raw: EventStore;
  readonly keys: KeyStore;
  /**
   * The events as `append(stream, events, expected)` would store them, without storing them: the copy-and-transform
   * migration of a log written before sealing (decision 059) seals each event with this, so it seals exactly as appends do.
   */
  seal(stream: string, events: NewEvent[], expected: ExpectedRevision): Promise<NewEvent[]>;
};

// What is bound into each box besides its key: version 1, the event id and the field's path (a box moved to another
// field or event does not open); version 2, the event id and the version (the paths are inside the box); version 3, the
// event id, the version and the paths of the fields whose values the box holds, in order.
const aadV1 = (eventId: string, path: string) => Buffer.from(`${eventId}\u0000${path}`);

// Version 3 boxes are ChaCha20-Poly1305 (IETF, libsodium): one native call a box, and a 12-byte random nonce. A person's
// key seals a few hundred boxes in its life, far below the billions at which random 96-bit nonces would need counting.
// Version 2 boxes are XChaCha20-Poly1305 (a 24-byte nonce). Version 1 boxes are AES-256-GCM (node's crypto). The IETF
// construction's calls are libsodium's, which @types/sodium-native does not list.
const chacha = sodium as unknown as {
  crypto_aead_chacha20poly1305_ietf_NPUBBYTES: number;
  crypto_aead_chacha20poly1305_ietf_ABYTES: number;
  crypto_aead_chacha20poly1305_ietf_encrypt: typeof sodium.crypto_aead_xchacha20poly1305_ietf_encrypt;
  crypto_aead_chacha20poly1305_ietf_decrypt: typeof sodium.crypto_aead_xchacha20poly1305_ietf_decrypt;
};
const ciphers = {
  2: {
    nonce: sodium.crypto_aead_xchacha20poly1305_ietf_NPUBBYTES,
    decrypt: sodium.crypto_aead_xchacha20poly1305_ietf_decrypt,
  },
  3: {
    nonce: chacha.crypto_aead_chacha20poly1305_ietf_NPUBBYTES,
    decrypt: chacha.crypto_aead_chacha20poly1305_ietf_decrypt,
  },
} as const;
const nonceBytes = ciphers[3].nonce;
const tagBytes = chacha.crypto_aead_chacha20poly1305_ietf_ABYTES;

// What versions 2 and 3 bind into a box. Written into one scratch buffer rather than a new one per box.
// The event id, then what follows it: '\0v2', or '\0v3\0' and the paths (one of a few texts per rule, made once).
const aadScratch = Buffer.allocUnsafe(1024);
const aadV2Rest = '\u0000v2';
// Views of the scratch buffer by length, made once each (a view is an object of its own).
const aadViews: Buffer[] = [];
function aadOf(eventId: string, rest: string): Buffer {
  const text = eventId + rest;
  // At most three bytes a character: only a text that might not fit is measured first.
  if (text.length * 3 > aadScratch.length && Buffer.byteLength(text) > aadScratch.length) return Buffer.from(text);
  const length = aadScratch.write(text);
  return (aadViews[length] ??= aadScratch.subarray(0, length));
}

/**
 * Where boxes are sealed: the nonce, then the message, encrypted in place (libsodium's ciphers allow it), then the tag;
 * and views of it by message length, made once each. Sealing then allocates nothing but the box's text, and the message
 * is gone from memory once it is sealed, written over by its ciphertext.
 */
const messageMost = 4096;
const boxScratch = Buffer.alloc(nonceBytes + messageMost + tagBytes);
const nonceView = boxScratch.subarray(0, nonceBytes);
type BoxViews = { box: Buffer; sealed: Buffer; message: Buffer };
const boxViews: BoxViews[] = [];
const viewsFor = (length: number): BoxViews => ({
  box: boxScratch.subarray(0, nonceBytes + length + tagBytes),
  sealed: boxScratch.subarray(nonceBytes, nonceBytes + length + tagBytes),
  message: boxScratch.subarray(nonceBytes, nonceBytes + length),
});

/** Seals `text` under `key` (version 3): the box's text is nonce, ciphertext and tag, in base64url. */
function sealBox(key: Buffer, aad: Buffer, text: string): string {
  // At most three bytes a character: only a text that might not fit is measured first.
  if (text.length * 3 > messageMost && Buffer.byteLength(text) > messageMost) return sealBoxApart(key, aad, text);
  const length = boxScratch.write(text, nonceBytes);
  const { box, sealed, message } = (boxViews[length] ??= viewsFor(length));
  randomInto(nonceView);
  chacha.crypto_aead_chacha20poly1305_ietf_encrypt(sealed, message, aad, null, nonceView, key);
  return box.toString('base64url');
}

/** A message too long for the scratch, sealed in buffers of its own. */
function sealBoxApart(key: Buffer, aad: Buffer, text: string): string {
  const message = Buffer.from(text);
  const box = Buffer.alloc(nonceBytes + message.length + tagBytes);
  randomInto(box.subarray(0, nonceBytes));
  chacha.crypto_aead_chacha20poly1305_ietf_encrypt(
    box.subarray(nonceBytes),
    message,
    aad,
    null,
    box.subarray(0, nonceBytes),
    key,
  );
  message.fill(0);
  return box.toString('base64url');
}

function openBox(version: 2 | 3, key: Buffer, aad: Buffer, sealed: string): string | null {
  const { nonce, decrypt } = ciphers[version];
  const box = Buffer.from(sealed, 'base64url');
  if (box.length < nonce + tagBytes) return null;
  const message = Buffer.allocUnsafe(box.length - nonce - tagBytes);
  try {
    decrypt(message, null, box.subarray(nonce), aad, box.subarray(0, nonce), key);
  } catch {
    return null;
  }
  return message.toString('utf8');
}

function openBoxV1(key: Buffer, aad: Buffer, sealed: string): string | null {
  const box = Buffer.from(sealed, 'base64url');
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, box.subarray(0, 12));
    decipher.setAAD(aad);
    decipher.setAuthTag(box.subarray(box.length - 16));
    return Buffer.concat([decipher.update(box.subarray(12, box.length - 16)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

type Json = Record<string, unknown>;

// A version 3 box holds its values each after a NUL; or, when a value holds a NUL itself, as a JSON array (as every
// version 3 box did at first).
const nul = '\u0000';
const valuesOf = (text: string): unknown[] =>
  text.startsWith(nul) ? text.slice(1).split(nul) : (JSON.parse(text) as unknown[]);

/** A rule's field as sealing walks it: the objects on the way, the field's name, its path, its stand-in. */
type CompiledField = Place & { path: string; standIn: string };
/** A rule compiled once, with what version 3 binds for each set of its fields a box was sealed over, by bit mask. */
type CompiledRule = { rule: PersonalFields; fields: CompiledField[]; bound: Map<number, Bound> };
/**
 * What version 3 binds after the event id (its version and the paths of the fields sealed), as text, and as bytes behind
 * a slot for an id of 36 ASCII characters (a UUID, as the shop's event ids are): such an id is written into the slot and
 * the whole is bound as it is, with nothing joined for each box.
 */
type Bound = { rest: string; withId: Buffer };
const idSlot = 36;

/** What version 3 binds for the fields in `mask` (bit i: field i), made once. */
function boundOf(rule: CompiledRule, mask: number): Bound {
  let bound = rule.bound.get(mask);
  if (bound === undefined) {
    const rest = `\u0000v3\u0000${rule.fields
      .filter((_, i) => mask & (1 << i))
      .map((field) => field.path)
      .join(',')}`;
    const withId = Buffer.alloc(idSlot + Buffer.byteLength(rest));
    withId.write(rest, idSlot);
    bound = { rest, withId };
    rule.bound.set(mask, bound);
  }
  return bound;
}

/** Whether an id is 36 characters, each ASCII (so as many bytes). */
function fitsSlot(id: string): boolean {
  if (id.length !== idSlot) return false;
  for (let i = 0; i < idSlot; i++) if (id.charCodeAt(i) > 127) return false;
  return true;
}

/** What version 3 binds into a box: the event id, its version and the paths of the fields in `mask`. */
function aadV3(rule: CompiledRule, mask: number, eventId: string): Buffer {
  const bound = boundOf(rule, mask);
  if (!fitsSlot(eventId)) return aadOf(eventId, bound.rest);
  bound.withId.write(eventId, 0, 'latin1');
  return bound.withId;
}

function compile(personal: Readonly<Record<string, PersonalFields>>): Map<string, CompiledRule> {
  const rules = new Map<string, CompiledRule>();
  for (const [type, rule] of Object.entries(personal)) {
    // In the order of their paths: a version 3 box holds its values in that order.
    const fields = Object.entries(rule.fields)
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([path, standIn]) => ({ ...placeOf(path), path, standIn }));
    if (fields.length > 30) throw new Error(`The rule for ${type} names more than 30 fields`);
    rules.set(type, { rule, fields, bound: new Map() });
  }
  return rules;
}

/** The event's data, shallowly, without a `$sealed` it may have been given. */
function copyOf(original: Json): Json {
  const top = { ...original };
  if (sealedKey in top) delete top[sealedKey];
  return top;
}

/** A dotted path as the walks below take it: the objects on the way, and the field's name. */
type Place = { parents: readonly string[]; name: string };
const places = new Map<string, Place>();
function placeOf(path: string): Place {
  let place = places.get(path);
  if (!place) {
    const parts = path.split('.');
    place = { parents: parts.slice(0, -1), name: parts.at(-1)! };
    places.set(path, place);
  }
  return place;
}

/** The value at a place in the data, if every object on the way is there. */
function valueAt(data: Json, { parents, name }: Place): unknown {
  let from: unknown = data;
  for (let i = 0; i < parents.length && typeof from === 'object' && from !== null; i++)
    from = (from as Json)[parents[i]!];
  return typeof from === 'object' && from !== null ? (from as Json)[name] : undefined;
}

/**
 * Puts a value at a place in a copy of the data (`top`, made by copyOf), copying each object on the way to it the first
 * time it is reached (an object still the original's is not yet copied), so the rest of the event (items, amounts) is
 * shared rather than cloned. A place whose way is missing is left alone.
 */
function putInCopy(top: Json, original: Json, { parents, name }: Place, value: unknown): void {
  let from = original;
  let to = top;
  for (const part of parents) {
    const inner = from[part];
    if (typeof inner !== 'object' || inner === null) return;
    let innerCopy = to[part] as Json;
    if (innerCopy === inner) {
      innerCopy = { ...(inner as Json) };
      to[part] = innerCopy;
    }
    from = inner as Json;
    to = innerCopy;
  }
  to[name] = value;
}

/** The entries set most recently, `limit` or a little more: past it, the oldest eighth is let go. */
class Recent<V> {
  private readonly entries = new Map<string, V>();
  constructor(private readonly limit: number) {}
  get(key: string): V | undefined {
    return this.entries.get(key);
  }
  set(key: string, value: V): void {
    if (this.entries.size >= this.limit + (this.limit >> 3)) {
      let drop = this.limit >> 3;
      for (const oldest of this.entries.keys()) {
        this.entries.delete(oldest);
        if (--drop === 0) break;
      }
    }
    this.entries.set(key, value);
  }
  delete(key: string): void {
    this.entries.delete(key);
  }
}

/**
 * A subject as sealing holds it, shared by its streams and its address: its key as read when the key store had seen
 * `seen` forgettings, and the last e-mail value (as the event gave it) already known to belong to it.
 */
type Held = { subject: SubjectId; key: Buffer | null; seen: number; named: unknown };

export function withSealedPersonalData(
  store: EventStore,
  keys: KeyStore,
  personal: Readonly<Record<string, PersonalFields>> = defaultPersonalData,
): SealedEventStore {
  const compiled = compile(personal);
  // The subject of each stream and each address this process sealed for: the 100,000 or so set most recently of each.
  const ofStream = new Recent<Held>(100_000);
  const ofAddress = new Recent<Held>(100_000);
  // The subject of each author of staff's words (`staff:<name>`) and of the shop (`shop`), while this process runs.
  const ofAuthor = new Recent<Held>(10_000);
  const held = (subject: SubjectId, named: unknown, key: Buffer | null = null, seen = -1): Held => ({
    subject,
    key,
    seen,
    named,
  });

  /** The subject's key, asked of the key store again only when it has seen a forgetting since it was last asked. */
  function keyOf(subject: Held, forgettings: number): Buffer | null {
    if (subject.seen !== forgettings) {
      subject.key = keys.key(subject.subject);
      subject.seen = forgettings;
    }
    return subject.key;
  }

  /**
   * The subject an event of `stream` is sealed under: the stream's (`known`), else the address's, else a new one. An
   * address a stream's later event adds (an order placed without one) is given the stream's subject, if it has none yet.
   */
  function subjectFor(
    stream: string,
    known: Held | undefined,
    rule: PersonalFields,
    data: Json,
    forgettings: number,
  ): Held {
    const named = rule.email ? rule.email(data) : undefined;
    if (known !== undefined) {
      if (named !== undefined && named !== known.named) {
        known.named = named;
        const address = personAddress(named);
        if (address !== null && ofAddress.get(address) === undefined) ofAddress.set(address, known);
      }
      return known;
    }
    const address = personAddress(named);
    let subject = address === null ? undefined : ofAddress.get(address);
    if (subject === undefined) {
      const made = keys.newSubject();
      subject = held(made.subject, named, made.key, forgettings);
      if (address !== null) ofAddress.set(address, subject);
    }
    ofStream.set(stream, subject);
    return subject;
  }

  /**
   * The subject the stream's stored seals of its person's fields name whose key is still kept, the newest first; null if
   * there is none. The staff's and the shop's seals in the stream are not the stream's subject.
   */
  async function subjectInLog(stream: string): Promise<SubjectId | null> {
    const events = await store.readStream(stream);
    for (let i = events.length - 1; i >= 0; i--) {
      const { type, data } = events[i]!;
      for (const subject of personSubjectsSealedIn(type, data, personal)) if (keys.key(subject)) return subject;
    }
    return null;
  }

  /** Whose an event's fields are, by its rule. */
  const whoseOf = (rule: PersonalFields, data: Json): Whose => (rule.whose ? rule.whose(data) : 'person');

  /**
   * The subject of staff's words (by their author, the event's `by`, else who caused it) or of the shop: one each while
   * this process runs, made anew once forgotten. Never the stream's subject, so it is not forgotten with the person.
   */
  function authorSubject(
    whose: 'staff' | 'shop',
    event: NewEvent,
    forgettings: number,
  ): { subject: Held; key: Buffer } {
    const by = (event.data as Json).by;
    const name = whose === 'shop' ? 'shop' : `staff:${typeof by === 'string' && by ? by : event.metadata.causedBy}`;
    let subject = ofAuthor.get(name);
    let key = subject ? keyOf(subject, forgettings) : null;
    if (!subject || !key) {
      const made = keys.newSubject();
      subject = held(made.subject, undefined, made.key, forgettings);
      ofAuthor.set(name, subject);
      key = made.key;
    }
    return { subject, key };
  }

  // The subject the event sealed last was sealed under: sealAll hands it on to the next event of the same append.
  let sealedUnder: Held | undefined;

  /**
   * The event with its personal fields sealed under the stream's subject (`known`, or chosen here), with the key store's
   * count of forgettings as the append began; sets sealedUnder.
   */
  function sealEvent(stream: string, event: NewEvent, known: Held | undefined, forgettings: number): NewEvent {
    const rule = compiled.get(event.type);
    if (!rule) return event;
    const original = event.data as Json;
    // The values go into the box in the order of their paths, each after a NUL, written as they are gathered; the copy
    // holds their stand-ins, which say where they go back (the paths are bound into the box, not written in it).
    let text = '';
    let joined = true;
    let mask = 0;
    let top: Json | null = null;
    for (let i = 0; i < rule.fields.length; i++) {
      const field = rule.fields[i]!;
      const value = valueAt(original, field);
      // An empty field says nothing about anyone: left as it is.
      if (typeof value !== 'string' || value === '') continue;
      if (joined && value.includes(nul)) joined = false;
      text += nul + value;
      mask |= 1 << i;
      top ??= copyOf(original);
      putInCopy(top, original, field, field.standIn);
    }
    if (!top) return event;
    // A value holding a NUL itself: the values as a JSON array instead.
    if (!joined)
      text = JSON.stringify(rule.fields.filter((_, i) => mask & (1 << i)).map((field) => valueAt(original, field)));
    const whose = whoseOf(rule.rule, original);
    if (whose !== 'person') {
      // The staff's words or the shop's address: under their own subject; the stream's subject is left as it was.
      const author = authorSubject(whose, event, forgettings);
      top[sealedKey] = envelopeText(author.subject.subject, sealBox(author.key, aadV3(rule, mask, event.id), text));
      return { id: event.id, type: event.type, data: top, metadata: event.metadata };
    }
    let subject = subjectFor(stream, known, rule.rule, original, forgettings);
    let key = keyOf(subject, forgettings);
    if (!key) {
      // Forgotten since it was chosen (an erasure, here or by another process): the stream and its address start again.
      ofStream.delete(stream);
      const address = rule.rule.email ? personAddress(rule.rule.email(original)) : null;
      if (address !== null) ofAddress.delete(address);
      subject = subjectFor(stream, undefined, rule.rule, original, forgettings);
      key = keyOf(subject, forgettings);
    }
    if (!key) throw new Error(`The data key of the new subject ${subject.subject} is missing from the key store`);
    sealedUnder = subject;
    top[sealedKey] = envelopeText(subject.subject, sealBox(key, aadV3(rule, mask, event.id), text));
    return { id: event.id, type: event.type, data: top, metadata: event.metadata };
  }

  /**
   * Opens an event's sealed fields in a copy of it; a forgotten subject's fields read as their stand-ins. Only the
   * objects on the way to a sealed field are copied (a rebuild opens every event of the log).
   */
  function openEvent(event: RecordedEvent): RecordedEvent {
    const original = event.data as Json;
    const envelope = sealedEnvelope(original);
    if (envelope) {
      const top = copyOf(original);
      const key = keys.key(envelope.subject);
      if (key) {
        if (envelope.v === 2) {
          const text = openBox(2, key, aadOf(event.id, aadV2Rest), envelope.box);
          if (text === null) throw new SealBroken(event.stream, event.id, sealedKey);
          const values = JSON.parse(text) as Record<string, string>;
          for (const path in values) putInCopy(top, original, placeOf(path), values[path]);
        } else {
          // The fields sealed are those holding their stand-ins, in the order of their paths.
          const rule = compiled.get(event.type);
          const fields = rule?.fields ?? [];
          let mask = 0;
          let count = 0;
          for (let i = 0; i < fields.length; i++) {
            if (valueAt(original, fields[i]!) === fields[i]!.standIn) {
              mask |= 1 << i;
              count += 1;
            }
          }
          const text = openBox(
            3,
            key,
            rule ? aadV3(rule, mask, event.id) : aadOf(event.id, '\u0000v3\u0000'),
            envelope.box,
          );
          const values = text === null ? null : valuesOf(text);
          if (values === null || values.length !== count) throw new SealBroken(event.stream, event.id, sealedKey);
          let next = 0;
          for (let i = 0; i < fields.length; i++)
            if (mask & (1 << i)) putInCopy(top, original, fields[i]!, values[next++]);
        }
      }
      return { ...event, data: top };
    }
    const rule = compiled.get(event.type);
    if (!rule) return event;
    // Version 1: a box in each field.
    let top: Json | null = null;
    for (const field of rule.fields) {
      const value = valueAt(original, field);
      if (!isSealed(value)) continue;
      const key = keys.key(value.subject);
      const text = key ? openBoxV1(key, aadV1(event.id, field.path), value.box) : value.erased;
      if (text === null) throw new SealBroken(event.stream, event.id, field.path);
      top ??= copyOf(original);
      putInCopy(top, original, field, text);
    }
    return top ? { ...event, data: top } : event;
  }

  /** The events of one append, sealed under the stream's subject: none yet for a stream appended as new. */
  function sealAll(stream: string, events: NewEvent[], known: Held | undefined): NewEvent[] {
    const forgettings = keys.forgettings();
    const sealed = new Array<NewEvent>(events.length);
    sealedUnder = known;
    for (let i = 0; i < events.length; i++) sealed[i] = sealEvent(stream, events[i]!, sealedUnder, forgettings);
    return sealed;
  }

  /** Whether a rule names the type of any of the events. */
  function namesAny(events: NewEvent[]): boolean {
    for (const event of events) if (compiled.has(event.type)) return true;
    return false;
  }

  /** The subject of a stream this process has not sealed for, as its stored seals name it; kept for the next append. */
  async function lookUp(stream: string): Promise<Held | undefined> {
    const subject = await subjectInLog(stream);
    const found = ofStream.get(stream) ?? (subject === null ? undefined : held(subject, undefined));
    if (found !== undefined) ofStream.set(stream, found);
    return found;
  }

  return {
    kind: store.kind,
    raw: store,
    keys,
    append(stream, events, expected) {
      // A stream appended as new has no subject yet; one this process has not sealed for may have one in its stored
      // seals. The keys those seals need were committed before they were handed out (no event outlives its key).
      if (!namesAny(events)) return store.append(stream, events, expected);
      const known = expected === 'no_stream' ? undefined : ofStream.get(stream);
      if (expected !== 'no_stream' && known === undefined) {
        return lookUp(stream).then((found) => store.append(stream, sealAll(stream, events, found), expected));
      }
      return store.append(stream, sealAll(stream, events, known), expected);
    },
    async seal(stream, events, expected) {
      if (!namesAny(events)) return events;
      const known = expected === 'no_stream' ? undefined : (ofStream.get(stream) ?? (await lookUp(stream)));
      return sealAll(stream, events, known);
    },
    async readStream(stream) {
      return (await store.readStream(stream)).map(openEvent);
    },
    async *readAll(afterPosition, options) {
      for await (const event of store.readAll(afterPosition, options)) yield openEvent(event);
    },
    subscribe: (afterPosition, handler, onError) =>
      store.subscribe(afterPosition, (event) => handler(openEvent(event)), onError),
    headPosition: () => store.headPosition(),
    listStreams: () => store.listStreams(),
    eventVersions: () => store.eventVersions(),
    ping: () => store.ping(),
    async close() {
      await store.close();
      keys.close();
    },
  };
}
