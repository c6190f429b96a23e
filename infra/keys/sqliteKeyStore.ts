// Data keys in a SQLite file of their own beside the log (DATA_DIR/keys.sqlite), wrapped by the master key. The log is
// append-only and never edited; this file is where forgetting happens. `secure_delete` overwrites a deleted key's bytes
// in its page, and every forgetting is checkpointed at once with the write-ahead log truncated, so no earlier copy of
// the page is left in either file (decision 053).
import { createCipheriv, createDecipheriv, createHmac, randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import type { KeyStore, SubjectId } from '../../contracts/ports/keyStore.ts';
import { randomPiece } from './randomPool.ts';

const normalise = (email: string) => email.trim().toLowerCase();

/** Master key → the two keys it is used as: one wraps data keys, one hashes e-mail addresses for lookups. */
function masterKeys(master: Buffer) {
  if (master.length !== 32) throw new Error('The master data key must be 32 bytes');
  const derive = (purpose: string) => createHmac('sha256', master).update(purpose).digest();
  return { wrapping: derive('shop data-key wrapping v1'), lookup: derive('shop e-mail lookup v1') };
}

function wrap(wrapping: Buffer, subject: string, key: Buffer): Buffer {
  const iv = randomPiece(12);
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
  // A write-ahead log: a commit is one append to it. Links are an index of what the log's seals already say, committed
  // without waiting for the disk (NORMAL: never torn, at worst the newest lost with the power); keys are committed with
  // the disk's confirmation (FULL) before any event is sealed under them.
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
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

  // No transaction is ever left open across a turn of the event loop: another connection to the file (the projection
  // runner, a command-line tool, or a second shop in the same process) is never kept waiting on one.

  // Subjects made ahead, their keys already committed with the disk's confirmation (FULL): a new person's first append
  // takes one without waiting for the disk. A process that stops leaves its unused ones as keys nothing was sealed
  // under; close() deletes them.
  const ahead: SubjectId[] = [];
  const aheadBatch = 256;
  const aheadLow = 64;
  const insertSubject = (): SubjectId => {
    const subject = randomUUID();
    // A copy: the key is kept in memory, and the pool's piece is a view.
    const key = Buffer.from(randomPiece(32));
    q.insertSubject.run(subject, wrap(wrapping, subject, key), new Date().toISOString());
    kept.set(subject, key);
    return subject;
  };
  const insertBatch = db.transaction(() => Array.from({ length: aheadBatch }, insertSubject));
  const makeAhead = () => {
    db.pragma('synchronous = FULL');
    ahead.push(...insertBatch());
  };
  let makingAhead = false;
  const newSubject = (): SubjectId => {
    if (ahead.length === 0) makeAhead();
    const subject = ahead.pop()!;
    if (ahead.length < aheadLow && !makingAhead) {
      // Made on the next turn, before the last are used: appends seldom wait for the disk.
      makingAhead = true;
      setImmediate(() => {
        makingAhead = false;
        try {
          if (ahead.length < aheadLow) makeAhead();
        } catch {
          // The next subject wanted with none left makes them, and says why if it cannot.
        }
      });
    }
    return subject;
  };

  // Links wait in memory and are written together within 50 ms, without waiting for the disk (NORMAL: never torn, at
  // worst the newest lost with the power). Nothing waits for them: an event's seal names its subject, so a lost link is
  // found again in the log (the erasure reads the seals of a person's streams).
  const pendingStreams: [string, SubjectId][] = [];
  const pendingEmails: [Buffer, SubjectId][] = [];
  const insertLinks = db.transaction(() => {
    for (const [stream, subject] of pendingStreams) q.linkStream.run(stream, subject);
    for (const [lookupHash, subject] of pendingEmails) q.linkEmail.run(lookupHash, subject);
  });
  let linksTimer: NodeJS.Timeout | null = null;
  const linksDelayMs = 50;
  const flushLinks = () => {
    if (linksTimer) clearTimeout(linksTimer);
    linksTimer = null;
    if (pendingStreams.length === 0 && pendingEmails.length === 0) return;
    db.pragma('synchronous = NORMAL');
    insertLinks();
    pendingStreams.length = 0;
    pendingEmails.length = 0;
  };
  const flushLater = () => {
    linksTimer ??= setTimeout(() => {
      try {
        flushLinks();
      } catch {
        // Another process held the file past the busy timeout: the links wait for the next try.
        linksTimer = setTimeout(flushLater, 1000).unref();
      }
    }, linksDelayMs).unref();
  };
  const sync = (): Promise<void> => Promise.resolve();

  // What appends ask for every event, kept in memory: the subject of a stream and of an address. Dropped with the kept
  // keys (another process committed) and on every forgetting.
  const streamSubjects = new Map<string, SubjectId>();
  const emailSubjects = new Map<string, SubjectId>();
  const linked = new Set<string>();
  const cacheLimit = 50_000;
  const remember = (stream: string, subject: SubjectId) => {
    if (streamSubjects.size >= cacheLimit) {
      flushLinks();
      streamSubjects.clear();
    }
    streamSubjects.set(stream, subject);
  };
  // The caches stand in for links still waiting in memory: those are written before the caches are emptied.
  const dropCaches = () => {
    flushLinks();
    streamSubjects.clear();
    emailSubjects.clear();
    linked.clear();
  };
  // Asked before each append that names an address; the answer is kept in memory by the normalised address (dropped
  // with the other caches, and on every forgetting).
  const subjectForEmail = (email: string): SubjectId => {
    const address = normalise(email);
    const cached = emailSubjects.get(address);
    if (cached) return cached;
    const hash = lookupOf(address);
    const known = q.byLookup.get(hash);
    if (emailSubjects.size >= cacheLimit) {
      flushLinks();
      emailSubjects.clear();
    }
    if (known) {
      emailSubjects.set(address, known.subject);
      return known.subject;
    }
    const subject = newSubject();
    pendingEmails.push([hash, subject]);
    flushLater();
    emailSubjects.set(address, subject);
    return subject;
  };
  const forgetUnused = db.transaction((subjects: SubjectId[]) => {
    for (const subject of subjects) q.forgetKey.run(subject);
  });
  /** Copies every committed page into the file and empties the write-ahead log, waiting for readers of other processes. */
  const checkpoint = () => {
    for (let attempt = 0; attempt < 50; attempt++) {
      const [result] = db.pragma('wal_checkpoint(TRUNCATE)') as { busy: number }[];
      if (!result || result.busy === 0) return;
    }
    throw new Error('The key file could not be checkpointed: another process kept reading it');
  };
  const forget = db.transaction((subject: SubjectId): boolean => {
    const removed = q.forgetKey.run(subject).changes > 0;
    q.forgetEmails.run(subject);
    q.forgetStreams.run(subject);
    return removed;
  });

  return {
    subjectForEmail,
    subjectOfStream(stream) {
      const cached = streamSubjects.get(stream);
      if (cached) return cached;
      const subject = q.streamSubject.get(stream)?.subject ?? null;
      if (subject) remember(stream, subject);
      return subject;
    },
    linkStream(stream, subject) {
      // The first link decides: one left by an append that lost its race stays.
      const first = streamSubjects.get(stream) ?? q.streamSubject.get(stream)?.subject;
      if (first) {
        remember(stream, first);
        return first;
      }
      pendingStreams.push([stream, subject]);
      flushLater();
      remember(stream, subject);
      return subject;
    },
    newSubject: () => newSubject(),
    linkEmail(email, subject) {
      const pair = `${normalise(email)}\u0000${subject}`;
      if (linked.has(pair)) return;
      const address = normalise(email);
      const hash = lookupOf(address);
      // The address's first subject is what it finds: this one, unless an earlier link is written already.
      if (!emailSubjects.has(address)) emailSubjects.set(address, q.byLookup.get(hash)?.subject ?? subject);
      pendingEmails.push([hash, subject]);
      flushLater();
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
    subjectsForEmail: (email) => {
      flushLinks();
      return q.byLookup.all(lookupOf(email)).map((r) => r.subject);
    },
    streamsOf: (subject) => {
      flushLinks();
      return q.streamsOf.all(subject).map((r) => r.stream);
    },
    sync,
    forget(subject) {
      kept.delete(subject);
      dropCaches();
      // The forgetting is committed with the disk's confirmation and checkpointed: the deleted key's page is written over
      // in the file and the write-ahead log, with the page's earlier copies, is emptied.
      flushLinks();
      db.pragma('synchronous = FULL');
      const removed = forget(subject);
      checkpoint();
      return removed;
    },
    close() {
      flushLinks();
      // Subjects made ahead and never used: nothing was sealed under them.
      if (ahead.length) {
        db.pragma('synchronous = FULL');
        forgetUnused(ahead.splice(0));
      }
      checkpoint();
      db.close();
    },
  };
}
