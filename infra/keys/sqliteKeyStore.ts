// Data keys in a SQLite file of their own beside the log (DATA_DIR/keys.sqlite), sealed by the master key. The log is
// append-only and never edited; this file is where forgetting happens. `secure_delete` overwrites a forgotten key's
// bytes in its page, and every forgetting is checkpointed at once with the write-ahead log truncated, so no earlier
// copy of the page is left in either file (decision 053).
//
// Keys are made in batches (decision 055): one row a batch, its keys sealed together, committed with the disk's
// confirmation before the first of them is handed out. A subject is its batch's id and its place in it; forgetting it
// writes the batch again with its key zeroed. A new person's first append therefore costs a few hundred nanoseconds and,
// once a batch, one wait for the disk; nothing else about a person is written here.
import { randomBytes, randomFillSync } from 'node:crypto';
import type { KeyStore, SubjectId } from '../../contracts/ports/keyStore.ts';
import {
  legacyTables,
  masterKeyFingerprint,
  openBatch,
  openKeyFile,
  sealBatch,
  unwrap,
  wrappingKey,
} from './keyFile.ts';

export class WrongMasterKey extends Error {
  constructor(readonly file: string) {
    super(
      `The data keys in ${file} were wrapped with another master key: set DATA_KEY to the key this shop was started with`,
    );
    this.name = 'WrongMasterKey';
  }
}

/** How often the key file is asked whether another process forgot someone, while keys are read. */
const versionCheckMs = 5;
/** Keys a batch: the first, and the most a busy shop makes at once (128 kB sealed). */
const firstBatch = 256;
const largestBatch = 4096;
/** A batch used up sooner than this after it was made is followed by one four times its size. */
const busyWithinMs = 10_000;

const keyBytes = 32;
/** A batch's id: 12 random bytes in base64url, 16 characters. */
const batchIdLength = 16;
const zeroKey = Buffer.alloc(keyBytes);

/** A subject made in a batch, as its batch's id and its place there; null for a subject of an earlier release. */
function placeOf(subject: SubjectId): { batch: string; index: number } | null {
  if (subject.length <= batchIdLength + 1 || subject.charCodeAt(batchIdLength) !== 46 /* . */) return null;
  const index = Number(subject.slice(batchIdLength + 1));
  return Number.isInteger(index) && index >= 0 && index < largestBatch
    ? { batch: subject.slice(0, batchIdLength), index }
    : null;
}

export function openSqliteKeyStore(file: string, master: Buffer): KeyStore {
  const db = openKeyFile(file);
  const wrapping = wrappingKey(master);
  // A key store opened with another master key could unwrap nothing: refuse at once rather than read every person as erased.
  const fingerprint = masterKeyFingerprint(master);
  db.prepare('INSERT OR IGNORE INTO master (id, fingerprint) VALUES (1, ?)').run(fingerprint);
  const recorded = (db.prepare('SELECT fingerprint FROM master WHERE id = 1').get() as { fingerprint: string })
    .fingerprint;
  if (recorded !== fingerprint) {
    db.close();
    throw new WrongMasterKey(file);
  }
  const q = {
    insertBatch: db.prepare('INSERT INTO key_batches (batch, sealed, made_at) VALUES (?, ?, ?)'),
    batch: db.prepare<[string], Buffer>('SELECT sealed FROM key_batches WHERE batch = ?').pluck(),
    rewriteBatch: db.prepare('UPDATE key_batches SET sealed = ? WHERE batch = ?'),
    countErasure: db.prepare('UPDATE erasures SET count = count + 1 WHERE id = 1'),
    erasures: db.prepare<[], number>('SELECT count FROM erasures WHERE id = 1').pluck(),
    // Prepared once: asked every few milliseconds while keys are read, so it must cost next to nothing.
    dataVersion: db.prepare<[], number>('PRAGMA data_version').pluck(),
  };
  // What an earlier release kept: a key a row, and links from streams and address hashes to subjects.
  const legacy = legacyTables(db);
  const old = {
    wrapped: legacy.subjects
      ? db.prepare<[string], Buffer>('SELECT wrapped FROM subjects WHERE subject = ?').pluck()
      : null,
    forgetKey: legacy.subjects ? db.prepare('DELETE FROM subjects WHERE subject = ?') : null,
    forgetLinks: legacy.links
      ? [
          db.prepare('DELETE FROM subject_emails WHERE subject = ?'),
          db.prepare('DELETE FROM subject_streams WHERE subject = ?'),
        ]
      : [],
  };

  // Keys in memory once read or made: a batch's keys by its id (a zeroed key is a forgotten one), and each key asked
  // for by its subject (the newest 100,000: appends ask for the same few subjects again and again).
  const batches = new Map<string, Buffer>();
  const kept = new Map<SubjectId, Buffer>();
  const keptMost = 100_000;
  const keep = (subject: SubjectId, key: Buffer) => {
    if (kept.size >= keptMost) kept.clear();
    kept.set(subject, key);
    return key;
  };

  /** The batch's keys as the file has them now, or null if there is no such batch. */
  const readBatch = (batch: string): Buffer | null => {
    const sealed = q.batch.get(batch);
    return sealed ? openBatch(wrapping, batch, sealed) : null;
  };

  // The batch subjects are handed out from, in order; sized by how fast the one before was used.
  let current: { batch: string; keys: Buffer; next: number; madeAt: number } | null = null;
  const makeBatch = () => {
    const now = performance.now();
    const size =
      current && now - current.madeAt < busyWithinMs
        ? Math.min((current.keys.length / keyBytes) * 4, largestBatch)
        : firstBatch;
    const batch = randomBytes(12).toString('base64url');
    const keys = randomFillSync(Buffer.alloc(size * keyBytes));
    // Committed with the disk's confirmation (FULL) before any of them is handed out: no event outlives its key.
    q.insertBatch.run(batch, sealBatch(wrapping, batch, keys), new Date().toISOString());
    batches.set(batch, keys);
    current = { batch, keys, next: 0, madeAt: now };
    return current;
  };

  // Another process's forgetting (an erasure from the command line) bumps the file's count of erasures; the keys kept
  // in memory are dropped when it changes. The count is read only when the file changed at all (data_version), and at
  // most every few milliseconds.
  let seenVersion = q.dataVersion.get()!;
  let seenErasures = q.erasures.get()!;
  let checkedAt = performance.now();
  let forgettings = 0;
  const checkErasures = () => {
    const now = performance.now();
    if (now - checkedAt < versionCheckMs) return;
    checkedAt = now;
    const version = q.dataVersion.get()!;
    if (version === seenVersion) return;
    seenVersion = version;
    const erasures = q.erasures.get()!;
    if (erasures === seenErasures) return;
    seenErasures = erasures;
    batches.clear();
    kept.clear();
    forgettings += 1;
  };

  /** Copies every committed page into the file and empties the write-ahead log, waiting for readers of other processes. */
  const checkpoint = () => {
    for (let attempt = 0; attempt < 50; attempt++) {
      const [result] = db.pragma('wal_checkpoint(TRUNCATE)') as { busy: number }[];
      if (!result || result.busy === 0) return;
    }
    throw new Error('The key file could not be checkpointed: another process kept reading it');
  };

  /** Zeroes keys of a batch in the file (read afresh there: another process may have zeroed others); answers whether any was there. */
  const zeroInBatch = (batch: string, from: number, to: number): boolean => {
    const keys = readBatch(batch);
    if (!keys) return false;
    const slots = keys.subarray(from * keyBytes, to * keyBytes);
    const removed = !slots.equals(Buffer.alloc(slots.length));
    slots.fill(0);
    q.rewriteBatch.run(sealBatch(wrapping, batch, keys), batch);
    // The batch as it was read before is zeroed there too: its batch-mates' keys handed out earlier are views of it.
    batches.get(batch)?.fill(0, from * keyBytes, to * keyBytes);
    batches.set(batch, keys);
    return removed;
  };

  const forget = db.transaction((subject: SubjectId): boolean => {
    const place = placeOf(subject);
    let removed = false;
    if (place) removed = zeroInBatch(place.batch, place.index, place.index + 1);
    else if (old.forgetKey) removed = old.forgetKey.run(subject).changes > 0;
    for (const links of old.forgetLinks) links.run(subject);
    q.countErasure.run();
    return removed;
  });

  return {
    newSubject() {
      const from = current && current.next < current.keys.length / keyBytes ? current : makeBatch();
      const at = from.next++;
      return { subject: `${from.batch}.${at}`, key: from.keys.subarray(at * keyBytes, (at + 1) * keyBytes) };
    },
    key(subject) {
      // Asked at most every few milliseconds rather than for every event: a rebuild opens every event of the log, and
      // an erasure made by another process reaches this one within that time, before any rebuild it starts.
      checkErasures();
      const known = kept.get(subject);
      if (known) return known;
      const place = placeOf(subject);
      if (place) {
        let keys = batches.get(place.batch);
        if (!keys) {
          keys = readBatch(place.batch) ?? undefined;
          if (!keys) return null;
          batches.set(place.batch, keys);
        }
        const at = place.index * keyBytes;
        if (at + keyBytes > keys.length) return null;
        const key = keys.subarray(at, at + keyBytes);
        return key.equals(zeroKey) ? null : keep(subject, key);
      }
      const wrapped = old.wrapped?.get(subject);
      return wrapped ? keep(subject, unwrap(wrapping, subject, wrapped)) : null;
    },
    forget(subject) {
      kept.delete(subject);
      // The forgetting is committed with the disk's confirmation and checkpointed: the key's page is written over in the
      // file, and the write-ahead log, with the page's earlier copies, is emptied.
      const removed = forget(subject);
      seenErasures = q.erasures.get()!;
      forgettings += 1;
      checkpoint();
      return removed;
    },
    forgettings() {
      checkErasures();
      return forgettings;
    },
    close() {
      // Keys made and never handed out are zeroed: nothing was sealed under them.
      if (current && current.next < current.keys.length / keyBytes)
        db.transaction(() => zeroInBatch(current!.batch, current!.next, current!.keys.length / keyBytes))();
      current = null;
      checkpoint();
      db.close();
    },
  };
}
