// What earlier releases wrote, still read (decisions 047, 063): sealed envelopes of versions 1 and 2, version 3's
// first encoding of its values, and the key file's older layouts: keys wrapped with AES-256-GCM, links from streams
// and address hashes to subjects, and keys made in batches.
import { createDecipheriv } from 'node:crypto';
import type Database from 'better-sqlite3';
import { isSealed } from '../../contracts/personalData.ts';
import type { KeyStore, SubjectId } from '../../contracts/ports/keyStore.ts';
import { seal, unseal } from './aead.ts';

/** AES-256-GCM, as version 1 boxes and the first wrapped keys were: a 12-byte IV, the ciphertext, a 16-byte tag. */
function openGcm(key: Buffer, aad: string, box: Buffer): Buffer {
  const decipher = createDecipheriv('aes-256-gcm', key, box.subarray(0, 12));
  decipher.setAAD(Buffer.from(aad));
  decipher.setAuthTag(box.subarray(box.length - 16));
  return Buffer.concat([decipher.update(box.subarray(12, box.length - 16)), decipher.final()]);
}

/** A key row's key: 60 bytes wrapped with AES-256-GCM by the first release, else 72 as keys are wrapped now. */
export const unwrapKey = (wrapping: Buffer, subject: SubjectId, wrapped: Buffer): Buffer =>
  wrapped.length === 60 ? openGcm(wrapping, subject, wrapped) : unseal(wrapping, subject, wrapped);

export const tablesOf = (db: Database.Database) =>
  new Set(db.prepare<[], string>("SELECT name FROM sqlite_master WHERE type = 'table'").pluck().all());

/** A subject made in a batch: the batch's id (12 random bytes in base64url), a dot, and the key's place in it. */
export const batchSubject = /^([A-Za-z0-9_-]{16})\.(\d+)$/;

/** Keys made in batches (a row a batch, its keys wrapped together), and links to subjects. A forgotten key is zeroed. */
export function olderKeys(db: Database.Database, wrapping: Buffer) {
  const tables = tablesOf(db);
  const read = tables.has('key_batches') && db.prepare('SELECT sealed FROM key_batches WHERE batch = ?').pluck();
  const links = ['subject_emails', 'subject_streams'].filter((name) => tables.has(name));
  const find = (subject: SubjectId) => {
    const [, batch, place] = batchSubject.exec(subject) ?? [];
    const sealed = batch && read && (read.get(batch) as Buffer | undefined);
    const keys = sealed ? unseal(wrapping, batch, sealed) : Buffer.alloc(0);
    const key = keys.subarray(Number(place) * 32, Number(place) * 32 + 32);
    return key.length === 32 && key.some((byte) => byte !== 0) ? { batch: batch!, keys, key } : null;
  };
  return {
    key: (subject: SubjectId) => find(subject)?.key ?? null,
    forget(subject: SubjectId): boolean {
      for (const name of links) db.prepare(`DELETE FROM ${name} WHERE subject = ?`).run(subject);
      const found = find(subject);
      if (!found) return false;
      found.key.fill(0);
      const sealed = seal(wrapping, found.batch, found.keys);
      db.prepare('UPDATE key_batches SET sealed = ? WHERE batch = ?').run(sealed, found.batch);
      return true;
    },
  };
}

/** Version 1, a box in each field, AES-256-GCM bound to the event id and the path: opened in `data`, or its stand-in. */
export function openV1(id: string, data: object, keys: KeyStore, broken: (path: string) => never) {
  const walk = (at: Record<string, unknown>, prefix: string) => {
    for (const [name, value] of Object.entries(at)) {
      if (typeof value !== 'object' || value === null) continue;
      if (!isSealed(value)) walk(value as Record<string, unknown>, `${prefix}${name}.`);
      else {
        const key = keys.key(value.subject);
        try {
          const box = Buffer.from(value.box, 'base64url');
          at[name] = key ? openGcm(key, `${id}\u0000${prefix}${name}`, box).toString() : value.erased;
        } catch {
          broken(prefix + name);
        }
      }
    }
  };
  walk(data as Record<string, unknown>, '');
}

/** Version 2, `$sealed: { v: 2, subject, box }`: XChaCha20-Poly1305 bound to the event id, the values by path. */
export const openV2 = (key: Buffer, id: string, box: string) =>
  JSON.parse(unseal(key, `${id}\u0000v2`, Buffer.from(box, 'base64url')).toString()) as Record<string, string>;

/** A version 3 box's values: a JSON array, as appends write them, or each after a NUL, as an earlier release wrote them. */
export const v3Values = (text: string): unknown[] =>
  text.startsWith('\u0000') ? text.slice(1).split('\u0000') : (JSON.parse(text) as unknown[]);
