// Data keys in a SQLite file of their own beside the log (DATA_DIR/keys.sqlite), a row per subject, its key wrapped by
// the master key and bound to the subject (decision 063). The log is never edited; this file is where forgetting
// happens: the row is deleted with `secure_delete` on and the write-ahead log truncated at once, so no copy is left.
import { randomUUID } from 'node:crypto';
import Database from 'better-sqlite3';
import type { KeyStore, SubjectId } from '../../contracts/ports/keyStore.ts';
import { ensurePrivateFile } from '../../service/dataFiles.ts';
import { newKey, seal } from './aead.ts';
import { masterKeyFingerprint, wrappingKey } from './masterKey.ts';
import { olderKeys, unwrapKey } from './olderFormats.ts';

export class WrongMasterKey extends Error {
  constructor(readonly file: string) {
    super(
      `The data keys in ${file} were wrapped with another master key: set DATA_KEY to the key this shop was started with`,
    );
    this.name = 'WrongMasterKey';
  }
}

const madeAhead = 1024; // a new person's first append waits for the disk once in this many

export function openSqliteKeyStore(file: string, master: Buffer): KeyStore {
  ensurePrivateFile(file);
  const db = new Database(file);
  // Keys are committed with the disk's confirmation (FULL) before any is handed out, and so is a forgetting.
  db.exec(`
    PRAGMA busy_timeout = 5000; PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; PRAGMA secure_delete = ON;
    CREATE TABLE IF NOT EXISTS subjects (subject TEXT PRIMARY KEY, wrapped BLOB NOT NULL, created_at TEXT NOT NULL);
    CREATE TABLE IF NOT EXISTS master (id INTEGER PRIMARY KEY CHECK (id = 1), fingerprint TEXT NOT NULL);
  `);
  // Opened with another master key, it could unwrap nothing: refused, rather than everyone read as erased.
  const fingerprint = masterKeyFingerprint(master);
  db.prepare('INSERT OR IGNORE INTO master (id, fingerprint) VALUES (1, ?)').run(fingerprint);
  if (db.prepare('SELECT fingerprint FROM master').pluck().get() !== fingerprint) {
    db.close();
    throw new WrongMasterKey(file);
  }
  const wrapping = wrappingKey(master);
  const older = olderKeys(db, wrapping);
  const insert = db.prepare('INSERT INTO subjects (subject, wrapped, created_at) VALUES (?, ?, ?)');
  const wrapped = db.prepare<[string], Buffer>('SELECT wrapped FROM subjects WHERE subject = ?').pluck();
  const remove = db.prepare('DELETE FROM subjects WHERE subject = ?');
  const dataVersion = db.prepare('PRAGMA data_version').pluck();

  // The keys read or made; let go when another process changes the file (it may have forgotten one of them).
  const held = new Map<SubjectId, Buffer>();
  let version = dataVersion.get();
  // Keys made ahead in one commit, handed out once it returned; those not handed out are deleted at close.
  let unused: { subject: SubjectId; key: Buffer }[] = [];
  const makeAhead = db.transaction(() =>
    Array.from({ length: madeAhead }, () => {
      const made = { subject: randomUUID(), key: newKey() };
      insert.run(made.subject, seal(wrapping, made.subject, made.key), new Date().toISOString());
      return made;
    }),
  );
  const forget = db.transaction((subject: SubjectId) => older.forget(subject) || remove.run(subject).changes > 0);
  // Every committed page copied into the file and the write-ahead log emptied (waiting up to busy_timeout for readers).
  const checkpoint = () => {
    const [result] = db.pragma('wal_checkpoint(TRUNCATE)') as { busy: number }[];
    if (result?.busy) throw new Error('The key file could not be checkpointed: another process kept reading it');
  };

  return {
    newSubject() {
      if (unused.length === 0) unused = makeAhead();
      const made = unused.pop()!;
      held.set(made.subject, made.key);
      return made;
    },
    key(subject) {
      const now = dataVersion.get();
      if (now !== version) held.clear();
      version = now;
      if (!held.has(subject)) {
        const row = wrapped.get(subject);
        const key = row ? unwrapKey(wrapping, subject, row) : older.key(subject);
        if (key) held.set(subject, key);
      }
      return held.get(subject) ?? null;
    },
    forget(subject) {
      const removed = forget(subject);
      held.get(subject)?.fill(0);
      held.delete(subject);
      checkpoint();
      return removed;
    },
    close() {
      db.transaction(() => unused.forEach(({ subject }) => remove.run(subject)))();
      checkpoint();
      db.close();
    },
  };
}
