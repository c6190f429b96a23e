// The key file (DATA_DIR/keys.sqlite): data keys made in batches, each batch one row sealed under the master key
// (decision 055). Keys made by earlier releases, one row each with links to streams and address hashes beside them
// (decisions 047, 053), still open and are still forgotten.
import { createDecipheriv, createHmac } from 'node:crypto';
import { ensurePrivateFile } from '../../service/dataFiles.ts';
import Database from 'better-sqlite3';
import sodium from 'sodium-native';
import { randomInto } from './randomPool.ts';

export type KeyFile = Database.Database;

/** Opens the file, creating its tables: a write-ahead log, every commit confirmed by the disk, deleted bytes overwritten. */
export function openKeyFile(file: string): KeyFile {
  ensurePrivateFile(file);
  const db = new Database(file);
  db.pragma('busy_timeout = 5000');
  db.pragma('journal_mode = WAL');
  // A batch of keys is committed with the disk's confirmation before any of them is handed out, and so is a forgetting.
  db.pragma('synchronous = FULL');
  db.pragma('secure_delete = ON');
  db.exec(`
    CREATE TABLE IF NOT EXISTS key_batches (batch TEXT PRIMARY KEY, sealed BLOB NOT NULL, made_at TEXT NOT NULL);
    CREATE TABLE IF NOT EXISTS master (id INTEGER PRIMARY KEY CHECK (id = 1), fingerprint TEXT NOT NULL);
    CREATE TABLE IF NOT EXISTS erasures (id INTEGER PRIMARY KEY CHECK (id = 1), count INTEGER NOT NULL);
    INSERT OR IGNORE INTO erasures (id, count) VALUES (1, 0);
  `);
  return db;
}

/** The tables an earlier release kept (one key a row, and its links), if this file has them. */
export function legacyTables(db: KeyFile): { subjects: boolean; links: boolean } {
  const names = new Set(db.prepare<[], string>("SELECT name FROM sqlite_master WHERE type = 'table'").pluck().all());
  return { subjects: names.has('subjects'), links: names.has('subject_emails') && names.has('subject_streams') };
}

/** Master key → the key that seals batches of data keys (and wrapped the single keys of earlier releases). */
export function wrappingKey(master: Buffer): Buffer {
  if (master.length !== 32) throw new Error('The master data key must be 32 bytes');
  return createHmac('sha256', master).update('shop data-key wrapping v1').digest();
}

/**
 * The fingerprint of a master key, recorded in the key file when it is first opened (a key file opened with another key
 * is refused) and named by a backup's manifest: it tells which key is needed without revealing it.
 */
export function masterKeyFingerprint(master: Buffer): string {
  return createHmac('sha256', wrappingKey(master)).update('fingerprint').digest('hex');
}

// A batch is sealed whole with XChaCha20-Poly1305 (24-byte nonce, 16-byte tag), bound to its id.
const nonceBytes = sodium.crypto_aead_xchacha20poly1305_ietf_NPUBBYTES;
const tagBytes = sodium.crypto_aead_xchacha20poly1305_ietf_ABYTES;

export function sealBatch(wrapping: Buffer, batch: string, keys: Buffer): Buffer {
  const sealed = Buffer.alloc(nonceBytes + keys.length + tagBytes);
  const nonce = sealed.subarray(0, nonceBytes);
  randomInto(nonce);
  sodium.crypto_aead_xchacha20poly1305_ietf_encrypt(
    sealed.subarray(nonceBytes),
    keys,
    Buffer.from(batch),
    null,
    nonce,
    wrapping,
  );
  return sealed;
}

/** The batch's keys; throws if the row was changed or sealed under another master key. */
export function openBatch(wrapping: Buffer, batch: string, sealed: Buffer): Buffer {
  const keys = Buffer.alloc(sealed.length - nonceBytes - tagBytes);
  sodium.crypto_aead_xchacha20poly1305_ietf_decrypt(
    keys,
    null,
    sealed.subarray(nonceBytes),
    Buffer.from(batch),
    sealed.subarray(0, nonceBytes),
    wrapping,
  );
  return keys;
}

// A single key of an earlier release, bound to its subject: XChaCha20-Poly1305 (72 bytes with nonce and tag), or
// before that AES-256-GCM (12-byte IV: 60 bytes), told apart by length.
const wrappedV1Bytes = 12 + 32 + 16;

export function unwrap(wrapping: Buffer, subject: string, wrapped: Buffer): Buffer {
  if (wrapped.length === wrappedV1Bytes) {
    const decipher = createDecipheriv('aes-256-gcm', wrapping, wrapped.subarray(0, 12));
    decipher.setAAD(Buffer.from(subject));
    decipher.setAuthTag(wrapped.subarray(wrapped.length - 16));
    return Buffer.concat([decipher.update(wrapped.subarray(12, wrapped.length - 16)), decipher.final()]);
  }
  return openBatch(wrapping, subject, wrapped);
}
