// Data keys in a SQLite file of their own beside the log (DATA_DIR/keys.sqlite), wrapped by the master key. The log is
// append-only and never edited; this file is where forgetting happens. `secure_delete` overwrites a deleted key's bytes
// in the file, and the rollback journal (not a write-ahead log) leaves no second copy behind after a commit.
import { createCipheriv, createDecipheriv, createHmac, randomBytes, randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import type { KeyStore, SubjectId } from '../../contracts/ports/keyStore.ts';

const normalise = (email: string) => email.trim().toLowerCase();

/** Master key → the two keys it is used as: one wraps data keys, one hashes e-mail addresses for lookups. */
function masterKeys(master: Buffer) {
  if (master.length !== 32) throw new Error('The master data key must be 32 bytes');
  const derive = (purpose: string) => createHmac('sha256', master).update(purpose).digest();
  return { wrapping: derive('shop data-key wrapping v1'), lookup: derive('shop e-mail lookup v1') };
}

function wrap(wrapping: Buffer, subject: string, key: Buffer): Buffer {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', wrapping, iv);
  cipher.setAAD(Buffer.from(subject));
  const sealed = Buffer.concat([cipher.update(key), cipher.final()]);
  return Buffer.concat([iv, sealed, cipher.getAuthTag()]);
}

function unwrap(wrapping: Buffer, subject: string, wrapped: Buffer): Buffer {
  const decipher = createDecipheriv('aes-256-gcm', wrapping, wrapped.subarray(0, 12));
  decipher.setAAD(Buffer.from(subject));
  decipher.setAuthTag(wrapped.subarray(wrapped.length - 16));
  return Buffer.concat([decipher.update(wrapped.subarray(12, wrapped.length - 16)), decipher.final()]);
}

export class WrongMasterKey extends Error {
  constructor(readonly file: string) {
    super(`The data keys in ${file} were wrapped with another master key: set DATA_KEY to the key this shop was started with`);
    this.name = 'WrongMasterKey';
  }
}

/** How often the key file is asked whether another process committed to it (an erasure), while keys are read. */
const versionCheckMs = 5;

export function openSqliteKeyStore(file: string, master: Buffer): KeyStore {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const db = new Database(file);
  db.pragma('busy_timeout = 5000');
  db.pragma('journal_mode = DELETE');
  db.pragma('synchronous = FULL');
  db.pragma('secure_delete = ON');
  db.exec(`
    CREATE TABLE IF NOT EXISTS subjects (subject TEXT PRIMARY KEY, wrapped BLOB NOT NULL, created_at TEXT NOT NULL);
    CREATE TABLE IF NOT EXISTS subject_emails (lookup BLOB NOT NULL, subject TEXT NOT NULL, PRIMARY KEY (lookup, subject));
    CREATE TABLE IF NOT EXISTS subject_streams (stream TEXT PRIMARY KEY, subject TEXT NOT NULL);
    CREATE INDEX IF NOT EXISTS subject_streams_by_subject ON subject_streams (subject);
    CREATE INDEX IF NOT EXISTS subject_emails_by_subject ON subject_emails (subject);
    CREATE TABLE IF NOT EXISTS master (id INTEGER PRIMARY KEY CHECK (id = 1), fingerprint TEXT NOT NULL);
  `);
  const { wrapping, lookup } = masterKeys(master);
  // A key store opened with another master key could unwrap nothing: refuse at once rather than read every person as erased.
  const fingerprint = createHmac('sha256', wrapping).update('fingerprint').digest('hex');
  db.prepare('INSERT OR IGNORE INTO master (id, fingerprint) VALUES (1, ?)').run(fingerprint);
  const recorded = (db.prepare('SELECT fingerprint FROM master WHERE id = 1').get() as { fingerprint: string }).fingerprint;
  if (recorded !== fingerprint) {
    db.close();
    throw new WrongMasterKey(file);
  }
  const lookupOf = (email: string) => createHmac('sha256', lookup).update(normalise(email)).digest();
  const q = {
    insertSubject: db.prepare('INSERT INTO subjects (subject, wrapped, created_at) VALUES (?, ?, ?)'),
    wrapped: db.prepare<[string], { wrapped: Buffer }>('SELECT wrapped FROM subjects WHERE subject = ?'),
    byLookup: db.prepare<[Buffer], { subject: string }>('SELECT subject FROM subject_emails WHERE lookup = ? ORDER BY rowid'),
    linkEmail: db.prepare('INSERT OR IGNORE INTO subject_emails (lookup, subject) VALUES (?, ?)'),
    streamSubject: db.prepare<[string], { subject: string }>('SELECT subject FROM subject_streams WHERE stream = ?'),
    linkStream: db.prepare('INSERT OR IGNORE INTO subject_streams (stream, subject) VALUES (?, ?)'),
    streamsOf: db.prepare<[string], { stream: string }>('SELECT stream FROM subject_streams WHERE subject = ? ORDER BY stream'),
    forgetKey: db.prepare('DELETE FROM subjects WHERE subject = ?'),
    forgetEmails: db.prepare('DELETE FROM subject_emails WHERE subject = ?'),
    forgetStreams: db.prepare('DELETE FROM subject_streams WHERE subject = ?'),
  };
  // Keys are kept in memory once read; another process's commit (an erasure made by the shop while the projections run
  // apart) changes SQLite's data_version, and the kept keys are dropped before the next one is handed out.
  const kept = new Map<SubjectId, Buffer>();
  // Prepared once: asked before every key handed out, so it must cost next to nothing.
  const dataVersionStatement = db.prepare('PRAGMA data_version').pluck();
  const dataVersion = () => dataVersionStatement.get() as number;
  let seenVersion = dataVersion();
  let checkedAt = performance.now();

  // New subjects and links go into one open transaction, committed by sync(): one fsync for every append sealing at the
  // same moment, instead of one per statement.
  let open = false;
  let committing: Promise<void> | null = null;
  const write = () => {
    if (!open) {
      db.exec('BEGIN IMMEDIATE');
      open = true;
    }
  };
  const commit = () => {
    if (open) {
      open = false;
      db.exec('COMMIT');
    }
  };
  const sync = (): Promise<void> => {
    if (!open) return Promise.resolve();
    committing ??= new Promise<void>((resolve, reject) =>
      setImmediate(() => {
        committing = null;
        try {
          commit();
          resolve();
        } catch (error) {
          reject(error);
        }
      }),
    );
    return committing;
  };

  const newSubject = (): SubjectId => {
    write();
    const subject = randomUUID();
    const key = randomBytes(32);
    q.insertSubject.run(subject, wrap(wrapping, subject, key), new Date().toISOString());
    kept.set(subject, key);
    return subject;
  };
  // What appends ask for every event, kept in memory: the subject of a stream and of an address. Dropped with the kept
  // keys (another process committed) and on every forgetting.
  const streamSubjects = new Map<string, SubjectId>();
  const emailSubjects = new Map<string, SubjectId>();
  const linked = new Set<string>();
  const dropCaches = () => {
    streamSubjects.clear();
    emailSubjects.clear();
    linked.clear();
  };
  // Always inside the open write transaction (write() is called first), so no transaction of its own.
  const subjectForEmail = (email: string): SubjectId => {
    const hash = lookupOf(email);
    const id = hash.toString('hex');
    const cached = emailSubjects.get(id);
    if (cached) return cached;
    const known = q.byLookup.get(hash);
    if (known) {
      emailSubjects.set(id, known.subject);
      return known.subject;
    }
    const subject = newSubject();
    q.linkEmail.run(hash, subject);
    emailSubjects.set(id, subject);
    return subject;
  };
  const forget = db.transaction((subject: SubjectId): boolean => {
    const removed = q.forgetKey.run(subject).changes > 0;
    q.forgetEmails.run(subject);
    q.forgetStreams.run(subject);
    return removed;
  });

  return {
    subjectForEmail: (email) => {
      write();
      return subjectForEmail(email);
    },
    subjectOfStream(stream) {
      const cached = streamSubjects.get(stream);
      if (cached) return cached;
      const subject = q.streamSubject.get(stream)?.subject ?? null;
      if (subject) streamSubjects.set(stream, subject);
      return subject;
    },
    linkStream(stream, subject) {
      write();
      q.linkStream.run(stream, subject);
      const first = q.streamSubject.get(stream)!.subject;
      streamSubjects.set(stream, first);
      return first;
    },
    newSubject: () => newSubject(),
    linkEmail(email, subject) {
      const pair = `${normalise(email)}\u0000${subject}`;
      if (linked.has(pair)) return;
      write();
      q.linkEmail.run(lookupOf(email), subject);
      linked.add(pair);
    },
    key(subject) {
      // Asked at most every few milliseconds rather than for every field: a rebuild opens several fields per event, and
      // an erasure made by another process reaches this one within that time, before any rebuild it starts.
      const now = performance.now();
      if (now - checkedAt >= versionCheckMs) {
        checkedAt = now;
        const version = dataVersion();
        if (version !== seenVersion) {
          kept.clear();
          dropCaches();
          seenVersion = version;
        }
      }
      const known = kept.get(subject);
      if (known) return known;
      const row = q.wrapped.get(subject);
      if (!row) {
        // Forgotten, perhaps by another process since the caches were filled: they are asked again next time.
        dropCaches();
        return null;
      }
      const key = unwrap(wrapping, subject, row.wrapped);
      kept.set(subject, key);
      return key;
    },
    subjectsForEmail: (email) => q.byLookup.all(lookupOf(email)).map((r) => r.subject),
    streamsOf: (subject) => q.streamsOf.all(subject).map((r) => r.stream),
    sync,
    forget(subject) {
      kept.delete(subject);
      dropCaches();
      // The forgetting commits at once, with whatever was written before it.
      commit();
      return forget(subject);
    },
    close() {
      commit();
      db.close();
    },
  };
}
