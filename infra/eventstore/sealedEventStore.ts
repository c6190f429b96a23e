// Personal fields sealed around any event store: on the way in, the fields contracts/personalData.ts names are put in
// one box per event (XChaCha20-Poly1305) under their person's data key and stand-ins left in their place; on the way out
// they are opened again, or, once the person is forgotten and the key deleted, read as their stand-ins ("Erased
// customer"). What is stored never changes, so the log's hash chain, computed over the stored bytes, holds before and
// after an erasure. Events written before sealing existed hold plain text and are handed on as they are; events sealed
// field by field (version 1, AES-256-GCM) still open.
import { createDecipheriv } from 'node:crypto';
import sodium from 'sodium-native';
import type { EventStore } from '../../contracts/ports/eventStore.ts';
import type { KeyStore, SubjectId } from '../../contracts/ports/keyStore.ts';
import { randomInto } from '../keys/randomPool.ts';
import { isSealed, personalData as defaultPersonalData, sealedEnvelope, sealedKey, type PersonalFields, type SealedEnvelope } from '../../contracts/personalData.ts';

export { isSealed, sealedEnvelope, sealedKey, subjectsSealedIn, type SealedEnvelope, type SealedField } from '../../contracts/personalData.ts';
import type { NewEvent, RecordedEvent } from '../../contracts/shared/events.ts';

export class SealBroken extends Error {
  constructor(readonly stream: string, readonly eventId: string, readonly path: string) {
    super(`The sealed field ${path} of event ${eventId} in ${stream} does not open with its subject's key: the stored bytes were changed`);
    this.name = 'SealBroken';
  }
}

/** The store with the adapter underneath, whose stored bytes the auditor's export and its hash chain read. */
export type SealedEventStore = EventStore & { readonly raw: EventStore; readonly keys: KeyStore };

// What is bound into each box besides its key: version 1, the event id and the field's path (a box moved to another
// field or event does not open); version 2, the event id (the paths are inside the box).
const aadV1 = (eventId: string, path: string) => Buffer.from(`${eventId}\u0000${path}`);
const aadV2 = (eventId: string) => Buffer.from(`${eventId}\u0000v2`);

// Version 2 boxes are XChaCha20-Poly1305 (libsodium): one native call a box, and a 24-byte random nonce, which random
// nonces may be drawn for without counting. Version 1 boxes are AES-256-GCM (node's crypto).
const nonceBytes = sodium.crypto_aead_xchacha20poly1305_ietf_NPUBBYTES;
const tagBytes = sodium.crypto_aead_xchacha20poly1305_ietf_ABYTES;

// What version 2 binds into a box: the event id. Written into one scratch buffer rather than a new one per box.
const aadScratch = Buffer.allocUnsafe(256);
function aadV2Of(eventId: string): Buffer {
  const aad = `${eventId}\u0000v2`;
  if (Buffer.byteLength(aad) > aadScratch.length) return Buffer.from(aad);
  return aadScratch.subarray(0, aadScratch.write(aad));
}

/**
 * Buffers for boxes of one message length, kept and used again: the box (nonce, ciphertext, tag) and views of its
 * nonce and ciphertext, and the message. Sealing then allocates nothing but the box's text.
 */
type BoxScratch = { box: Buffer; nonce: Buffer; sealed: Buffer; message: Buffer };
const scratches = new Map<number, BoxScratch>();
const scratchFor = (length: number): BoxScratch => {
  let scratch = scratches.get(length);
  if (!scratch) {
    const box = Buffer.alloc(nonceBytes + length + tagBytes);
    scratch = { box, nonce: box.subarray(0, nonceBytes), sealed: box.subarray(nonceBytes), message: Buffer.alloc(length) };
    // Messages of a few hundred bytes have a few hundred lengths; a longer one is sealed in buffers of its own.
    if (length <= 4096) scratches.set(length, scratch);
  }
  return scratch;
};

/** Seals `text` under `key`: the box's text is nonce, ciphertext and tag, in base64url. */
function sealBox(key: Buffer, aad: Buffer, text: string): string {
  const { box, nonce, sealed, message } = scratchFor(Buffer.byteLength(text));
  message.write(text);
  randomInto(nonce);
  sodium.crypto_aead_xchacha20poly1305_ietf_encrypt(sealed, message, aad, null, nonce, key);
  const encoded = box.toString('base64url');
  // Nothing of the message is left in memory that is used again.
  message.fill(0);
  return encoded;
}

function openBox(key: Buffer, aad: Buffer, sealed: string): string | null {
  const box = Buffer.from(sealed, 'base64url');
  if (box.length < nonceBytes + tagBytes) return null;
  const message = Buffer.allocUnsafe(box.length - nonceBytes - tagBytes);
  try {
    sodium.crypto_aead_xchacha20poly1305_ietf_decrypt(message, null, box.subarray(nonceBytes), aad, box.subarray(0, nonceBytes), key);
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

/** A rule's field as sealing walks it: the objects on the way, the field's name, its path as JSON, its stand-in. */
type CompiledField = Place & { path: string; pathJson: string; standIn: string };
type CompiledRule = { rule: PersonalFields; fields: CompiledField[] };

function compile(personal: Readonly<Record<string, PersonalFields>>): Map<string, CompiledRule> {
  const rules = new Map<string, CompiledRule>();
  for (const [type, rule] of Object.entries(personal)) {
    const fields = Object.entries(rule.fields).map(([path, standIn]) => ({ ...placeOf(path), path, pathJson: JSON.stringify(path), standIn }));
    rules.set(type, { rule, fields });
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
  for (let i = 0; i < parents.length && typeof from === 'object' && from !== null; i++) from = (from as Json)[parents[i]!];
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

const usableEmail = (value: unknown): value is string => typeof value === 'string' && /^[^@\s]+@[^@\s]+$/.test(value.trim());

export function withSealedPersonalData(store: EventStore, keys: KeyStore, personal: Readonly<Record<string, PersonalFields>> = defaultPersonalData): SealedEventStore {
  const compiled = compile(personal);
  /** The subject an event of `stream` is sealed under (the key store decides: the stream's, the address's, or new). */
  function subjectFor(stream: string, rule: PersonalFields, data: Json, isNew: boolean): SubjectId {
    const email = rule.email?.(data);
    return keys.subjectFor(stream, usableEmail(email) ? email : null, isNew);
  }

  function sealEvent(stream: string, event: NewEvent, isNew: boolean): NewEvent {
    const rule = compiled.get(event.type);
    if (!rule) return event;
    const original = event.data as Json;
    // The values go into the box as the JSON of { path: value }, written as it is gathered; the copy stands in for them.
    let text = '';
    let top: Json | null = null;
    for (const field of rule.fields) {
      const value = valueAt(original, field);
      // An empty field says nothing about anyone: left as it is.
      if (typeof value !== 'string' || value === '') continue;
      text += `${text ? ',' : '{'}${field.pathJson}:${JSON.stringify(value)}`;
      top ??= copyOf(original);
      putInCopy(top, original, field, field.standIn);
    }
    if (!top) return event;
    let subject = subjectFor(stream, rule.rule, original, isNew);
    let key = keys.key(subject);
    if (!key) {
      // The stream's person was forgotten (by another process, since this one last asked): asked again, the stream
      // has no subject any more and gets a new one.
      subject = subjectFor(stream, rule.rule, original, false);
      key = keys.key(subject);
    }
    if (!key) throw new Error(`The data key of subject ${subject} is gone: ${stream} belongs to a forgotten person`);
    top[sealedKey] = { v: 2, subject, box: sealBox(key, aadV2Of(event.id), `${text}}`) } satisfies SealedEnvelope;
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
        const text = openBox(key, aadV2(event.id), envelope.box);
        if (text === null) throw new SealBroken(event.stream, event.id, sealedKey);
        const values = JSON.parse(text) as Record<string, string>;
        for (const path in values) putInCopy(top, original, placeOf(path), values[path]);
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

  return {
    kind: store.kind,
    raw: store,
    keys,
    append(stream, events, expected) {
      // A stream appended as new has no subject yet: it is not looked up.
      // The keys those seals need were committed before they were handed out (no event outlives its key).
      return store.append(stream, events.map((e, i) => sealEvent(stream, e, i === 0 && expected === 'no_stream')), expected);
    },
    async readStream(stream) {
      return (await store.readStream(stream)).map(openEvent);
    },
    async *readAll(afterPosition, options) {
      for await (const event of store.readAll(afterPosition, options)) yield openEvent(event);
    },
    subscribe: (afterPosition, handler, onError) => store.subscribe(afterPosition, (event) => handler(openEvent(event)), onError),
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

