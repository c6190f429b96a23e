// Personal fields sealed around any event store: on the way in, each field contracts/personalData.ts names is encrypted
// (AES-256-GCM) under its person's data key; on the way out it is opened again, or, once the person is forgotten and the
// key deleted, read as its stand-in ("Erased customer"). What is stored never changes, so the log's hash chain, computed
// over the stored bytes, holds before and after an erasure. Events written before sealing existed hold plain text and
// are handed on as they are.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { EventStore } from '../../contracts/ports/eventStore.ts';
import type { KeyStore, SubjectId } from '../../contracts/ports/keyStore.ts';
import { personalData as defaultPersonalData, type PersonalFields } from '../../contracts/personalData.ts';
import type { NewEvent, RecordedEvent } from '../../contracts/shared/events.ts';

/** A sealed field as stored: whose it is, the box (nonce, ciphertext, tag) and what it reads as once they are forgotten. */
export type SealedField = { sealed: 'v1'; subject: SubjectId; box: string; erased: string };

export const isSealed = (value: unknown): value is SealedField =>
  typeof value === 'object' && value !== null && (value as { sealed?: unknown }).sealed === 'v1' && typeof (value as { box?: unknown }).box === 'string';

export class SealBroken extends Error {
  constructor(readonly stream: string, readonly eventId: string, readonly path: string) {
    super(`The sealed field ${path} of event ${eventId} in ${stream} does not open with its subject's key: the stored bytes were changed`);
    this.name = 'SealBroken';
  }
}

/** The store with the adapter underneath, whose stored bytes the auditor's export and its hash chain read. */
export type SealedEventStore = EventStore & { readonly raw: EventStore; readonly keys: KeyStore };

// The event id and the field's path are bound into each seal, so a box moved to another field or event does not open.
const aad = (eventId: string, path: string) => Buffer.from(`${eventId}\u0000${path}`);

function seal(key: Buffer, subject: SubjectId, eventId: string, path: string, value: string, stand: string): SealedField {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(aad(eventId, path));
  const body = Buffer.concat([cipher.update(value, 'utf8'), cipher.final()]);
  return { sealed: 'v1', subject, box: Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64url'), erased: stand };
}

function open(key: Buffer, eventId: string, path: string, field: SealedField): string | null {
  const box = Buffer.from(field.box, 'base64url');
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, box.subarray(0, 12));
    decipher.setAAD(aad(eventId, path));
    decipher.setAuthTag(box.subarray(box.length - 16));
    return Buffer.concat([decipher.update(box.subarray(12, box.length - 16)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

type Json = Record<string, unknown>;

function at(data: Json, path: string): { holder: Json; name: string } | null {
  const parts = path.split('.');
  let holder: unknown = data;
  for (const part of parts.slice(0, -1)) {
    holder = (holder as Json | undefined)?.[part];
    if (typeof holder !== 'object' || holder === null) return null;
  }
  return { holder: holder as Json, name: parts.at(-1)! };
}

const usableEmail = (value: unknown): value is string => typeof value === 'string' && /^[^@\s]+@[^@\s]+$/.test(value.trim());

export function withSealedPersonalData(store: EventStore, keys: KeyStore, personal: Readonly<Record<string, PersonalFields>> = defaultPersonalData): SealedEventStore {
  /** The subject an event of `stream` is sealed under: the stream's, else its e-mail address's, else a new one. */
  function subjectFor(stream: string, rule: PersonalFields, data: Json): SubjectId {
    const email = rule.email?.(data);
    const ofStream = keys.subjectOfStream(stream);
    if (ofStream) {
      if (usableEmail(email)) keys.linkEmail(email, ofStream);
      return ofStream;
    }
    return keys.linkStream(stream, usableEmail(email) ? keys.subjectForEmail(email) : keys.newSubject());
  }

  function sealEvent(stream: string, event: NewEvent): NewEvent {
    const rule = personal[event.type];
    if (!rule) return event;
    const data = structuredClone(event.data) as Json;
    const targets = Object.entries(rule.fields)
      .map(([path, stand]) => ({ path, stand, place: at(data, path) }))
      .filter((t) => t.place && typeof t.place.holder[t.place.name] === 'string');
    if (targets.length === 0) return event;
    let subject = subjectFor(stream, rule, event.data as Json);
    let key = keys.key(subject);
    if (!key) {
      // The stream's person was forgotten (by another process, since this one last asked): asked again, the stream
      // has no subject any more and gets a new one.
      subject = subjectFor(stream, rule, event.data as Json);
      key = keys.key(subject);
    }
    if (!key) throw new Error(`The data key of subject ${subject} is gone: ${stream} belongs to a forgotten person`);
    for (const { path, stand, place } of targets) {
      place!.holder[place!.name] = seal(key, subject, event.id, path, place!.holder[place!.name] as string, stand);
    }
    return { ...event, data };
  }

  /**
   * Opens every sealed field in a copy of the event; a forgotten subject's fields read as their stand-ins. Only the
   * objects on the way to a sealed field are copied (a rebuild opens every event of the log).
   */
  function openEvent(event: RecordedEvent): RecordedEvent {
    const rule = personal[event.type];
    if (!rule) return event;
    const original = event.data as Json;
    let copy: Json | null = null;
    const copies = new Map<Json, Json>();
    for (const path of Object.keys(rule.fields)) {
      const place = at(original, path);
      if (!place) continue;
      const value = place.holder[place.name];
      if (!isSealed(value)) continue;
      const key = keys.key(value.subject);
      const text = key ? open(key, event.id, path, value) : value.erased;
      if (text === null) throw new SealBroken(event.stream, event.id, path);
      copy ??= { ...original };
      copies.set(original, copy);
      // Copy each object from the top down to the field's holder, once per event.
      let from: Json = original;
      let to: Json = copy;
      for (const part of path.split('.').slice(0, -1)) {
        const inner = from[part] as Json;
        let innerCopy = copies.get(inner);
        if (!innerCopy) {
          innerCopy = { ...inner };
          copies.set(inner, innerCopy);
          to[part] = innerCopy;
        }
        from = inner;
        to = innerCopy;
      }
      to[place.name] = text;
    }
    return copy ? { ...event, data: copy } : event;
  }

  return {
    kind: store.kind,
    raw: store,
    keys,
    async append(stream, events, expected) {
      const sealed = events.map((e) => sealEvent(stream, e));
      // The keys and links those seals need are committed before the events are: no event outlives its key.
      await keys.sync();
      return store.append(stream, sealed, expected);
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

