// The key file (DATA_DIR/keys.sqlite) as both its connections use it: the shop's, which reads keys and links and
// forgets, and the writer thread's (keyFileWriter.ts), which makes keys ahead and writes links off the append's path.
// Keys are wrapped by the master key; addresses are kept only as keyed hashes (decision 053).
import { createDecipheriv, createHmac, randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import sodium from 'sodium-native';
import { randomPiece } from './randomPool.ts';

export type KeyFile = Database.Database;

/** Opens the file, creating its tables: a write-ahead log, deleted pages overwritten. */
export function openKeyFile(file: string): KeyFile {
  mkdirSync(dirname(file), { recursive: true });
  const db = new Database(file);
  db.pragma('busy_timeout = 5000');
  // A commit is one append to the write-ahead log. Links are an index of what the log's seals already say, committed
  // without waiting for the disk (NORMAL: never torn, at worst the newest lost with the power); keys and forgetting
  // are committed with the disk's confirmation (FULL).
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
    CREATE TABLE IF NOT EXISTS erasures (id INTEGER PRIMARY KEY CHECK (id = 1), count INTEGER NOT NULL);
    INSERT OR IGNORE INTO erasures (id, count) VALUES (1, 0);
  `);
  return db;
}

/** Master key → the two keys it is used as: one wraps data keys, one hashes e-mail addresses for lookups. */
export function masterKeys(master: Buffer): { wrapping: Buffer; lookup: Buffer } {
  if (master.length !== 32) throw new Error('The master data key must be 32 bytes');
  const derive = (purpose: string) => createHmac('sha256', master).update(purpose).digest();
  return { wrapping: derive('shop data-key wrapping v1'), lookup: derive('shop e-mail lookup v1') };
}

// A data key wrapped under the master key, bound to its subject. Written as XChaCha20-Poly1305 (24-byte nonce, 32-byte
// key, 16-byte tag: 72 bytes, one native call); keys wrapped before that are AES-256-GCM (12-byte IV: 60 bytes) and
// still open, told apart by their length.
const wrapNonceBytes = sodium.crypto_aead_xchacha20poly1305_ietf_NPUBBYTES;
const wrapTagBytes = sodium.crypto_aead_xchacha20poly1305_ietf_ABYTES;
const wrappedV1Bytes = 12 + 32 + 16;

export function wrap(wrapping: Buffer, subject: string, key: Buffer): Buffer {
  const wrapped = Buffer.alloc(wrapNonceBytes + key.length + wrapTagBytes);
  randomPiece(wrapNonceBytes).copy(wrapped);
  sodium.crypto_aead_xchacha20poly1305_ietf_encrypt(wrapped.subarray(wrapNonceBytes), key, Buffer.from(subject), null, wrapped.subarray(0, wrapNonceBytes), wrapping);
  return wrapped;
}

export function unwrap(wrapping: Buffer, subject: string, wrapped: Buffer): Buffer {
  if (wrapped.length === wrappedV1Bytes) {
    const decipher = createDecipheriv('aes-256-gcm', wrapping, wrapped.subarray(0, 12));
    decipher.setAAD(Buffer.from(subject));
    decipher.setAuthTag(wrapped.subarray(wrapped.length - 16));
    return Buffer.concat([decipher.update(wrapped.subarray(12, wrapped.length - 16)), decipher.final()]);
  }
  const key = Buffer.alloc(wrapped.length - wrapNonceBytes - wrapTagBytes);
  sodium.crypto_aead_xchacha20poly1305_ietf_decrypt(key, null, wrapped.subarray(wrapNonceBytes), Buffer.from(subject), wrapped.subarray(0, wrapNonceBytes), wrapping);
  return key;
}

// SHA-256 hashed in parts, which libsodium has and @types/sodium-native does not list.
const sha256 = sodium as unknown as {
  crypto_hash_sha256_STATEBYTES: number;
  crypto_hash_sha256_init(state: Buffer): void;
  crypto_hash_sha256_update(state: Buffer, input: Buffer): void;
  crypto_hash_sha256_final(state: Buffer, output: Buffer): void;
};

export function hmacSha256(key: Buffer): (message: string) => Buffer {
  if (key.length > 64) throw new Error('hmacSha256 takes a key of at most 64 bytes');
  const stateBytes = sha256.crypto_hash_sha256_STATEBYTES;
  const padded = (pad: number) => {
    const block = Buffer.alloc(64, pad);
    for (let i = 0; i < key.length; i++) block[i] = key[i]! ^ pad;
    const state = Buffer.alloc(stateBytes);
    sha256.crypto_hash_sha256_init(state);
    sha256.crypto_hash_sha256_update(state, block);
    return state;
  };
  const inner = padded(0x36);
  const outer = padded(0x5c);
  const state = Buffer.alloc(stateBytes);
  const innerDigest = Buffer.alloc(32);
  return (message) => {
    inner.copy(state);
    sha256.crypto_hash_sha256_update(state, Buffer.from(message, 'utf8'));
    sha256.crypto_hash_sha256_final(state, innerDigest);
    outer.copy(state);
    sha256.crypto_hash_sha256_update(state, innerDigest);
    const digest = Buffer.alloc(32);
    sha256.crypto_hash_sha256_final(state, digest);
    return digest;
  };
}

/** A link as it travels to the writer: a stream or an address's keyed hash, and its subject. */
export type StreamLink = [stream: string, subject: string];
export type EmailLink = [lookup: Uint8Array, subject: string];

/** What writes the key file: subjects made ahead with their keys, links, subjects deleted. */
export function keyFileWrites(db: KeyFile, wrapping: Buffer) {
  const q = {
    insertSubject: db.prepare('INSERT INTO subjects (subject, wrapped, created_at) VALUES (?, ?, ?)'),
    linkEmail: db.prepare('INSERT OR IGNORE INTO subject_emails (lookup, subject) VALUES (?, ?)'),
    linkStream: db.prepare('INSERT OR IGNORE INTO subject_streams (stream, subject) VALUES (?, ?)'),
    deleteSubject: db.prepare('DELETE FROM subjects WHERE subject = ?'),
  };
  const insertSubjects = db.transaction((count: number) => {
    const subjects: string[] = [];
    // One piece of memory for the batch's keys: the writer thread hands it over whole.
    const keys = Buffer.alloc(count * 32);
    const createdAt = new Date().toISOString();
    for (let i = 0; i < count; i++) {
      const subject = randomUUID();
      const key = keys.subarray(i * 32, (i + 1) * 32);
      randomPiece(32).copy(key);
      q.insertSubject.run(subject, wrap(wrapping, subject, key), createdAt);
      subjects.push(subject);
    }
    return { subjects, keys };
  });
  const insertLinks = db.transaction((streams: StreamLink[], emails: EmailLink[]) => {
    for (const [stream, subject] of streams) q.linkStream.run(stream, subject);
    for (const [lookup, subject] of emails) q.linkEmail.run(Buffer.from(lookup.buffer, lookup.byteOffset, lookup.byteLength), subject);
  });
  const deleteSubjects = db.transaction((subjects: string[]) => {
    for (const subject of subjects) q.deleteSubject.run(subject);
  });
  return {
    /** `count` new subjects, their keys committed with the disk's confirmation before they are handed out. */
    makeSubjects(count: number): { subjects: string[]; keys: Buffer } {
      db.pragma('synchronous = FULL');
      return insertSubjects(count);
    },
    /** Links, committed without waiting for the disk. */
    writeLinks(streams: StreamLink[], emails: EmailLink[]): void {
      if (streams.length === 0 && emails.length === 0) return;
      db.pragma('synchronous = NORMAL');
      insertLinks(streams, emails);
    },
    /** Subjects nothing was sealed under (made ahead, never used), deleted with the disk's confirmation. */
    deleteSubjects(subjects: string[]): void {
      if (subjects.length === 0) return;
      db.pragma('synchronous = FULL');
      deleteSubjects(subjects);
    },
  };
}

/** Asked of the writer thread, each with the number the shop's side waits for. */
export type WriterRequest = { seq: number } & (
  | { kind: 'make'; count: number }
  | { kind: 'links'; streams: StreamLink[]; emails: EmailLink[] }
  | { kind: 'close' }
);

/** Answered by the writer thread on its port, before it marks the request's number done. */
export type WriterAnswer =
  | { kind: 'made'; subjects: string[]; keys: Uint8Array }
  | { kind: 'make-failed'; reason: string }
  | { kind: 'links-failed'; streams: StreamLink[]; emails: EmailLink[]; reason: string };
