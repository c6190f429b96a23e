// A backup encrypted for off-site storage with a passphrase, with node's crypto alone (decision 056): the passphrase is
// stretched by scrypt (N = 2^17, r = 8, p = 1: about a third of a second and 128 MiB each time, with a random 16-byte
// salt) into one 32-byte key; from it, by HMAC-SHA256 with fixed labels, one key encrypts the files (AES-256-GCM,
// a random 12-byte nonce a file, the file's path in the backup bound as associated data, so files cannot be swapped)
// and one authenticates the manifest (HMAC-SHA256 over its text), which is also how a wrong passphrase is told from a
// damaged file before anything is decrypted.
import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  randomBytes,
  scrypt as scryptCallback,
  timingSafeEqual,
  type ScryptOptions,
} from 'node:crypto';
import { closeSync, fstatSync, openSync, readSync, writeSync } from 'node:fs';
import { privateFileMode } from '../../service/dataFiles.ts';

export type PassphraseSealing = { kdf: 'scrypt'; N: number; r: number; p: number; salt: string; cipher: 'aes-256-gcm' };
export type BackupKeys = { files: Buffer; manifest: Buffer };

/** The passphrase's cost; tests lower N to keep their runs short (the manifest records what was used). */
export const defaultScryptCost = { N: 2 ** 17, r: 8, p: 1 };
const minimumPassphrase = 12;

export class PassphraseRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PassphraseRefused';
  }
}

function scrypt(passphrase: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scryptCallback(passphrase.normalize('NFC'), salt, 32, options, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

/** A new sealing (its salt and cost) for a backup about to be written; refuses a passphrase too short to protect it. */
export function newSealing(passphrase: string, cost = defaultScryptCost): PassphraseSealing {
  if (passphrase.length < minimumPassphrase)
    throw new PassphraseRefused(`A backup's passphrase must be at least ${minimumPassphrase} characters`);
  return { kdf: 'scrypt', ...cost, salt: randomBytes(16).toString('base64'), cipher: 'aes-256-gcm' };
}

export async function backupKeys(passphrase: string, sealing: PassphraseSealing): Promise<BackupKeys> {
  if (sealing.kdf !== 'scrypt' || sealing.cipher !== 'aes-256-gcm')
    throw new PassphraseRefused(
      `This backup is sealed with ${sealing.kdf}/${sealing.cipher}, which this release does not know`,
    );
  const master = await scrypt(passphrase, Buffer.from(sealing.salt, 'base64'), {
    N: sealing.N,
    r: sealing.r,
    p: sealing.p,
    maxmem: 256 * sealing.N * sealing.r + 16 * 1024 * 1024,
  });
  const derive = (label: string) => createHmac('sha256', master).update(label).digest();
  const keys = { files: derive('amanah-house backup files v1'), manifest: derive('amanah-house backup manifest v1') };
  master.fill(0);
  return keys;
}

export const manifestMac = (keys: BackupKeys, text: string) =>
  createHmac('sha256', keys.manifest).update(text, 'utf8').digest('hex');

export function macMatches(keys: BackupKeys, text: string, mac: string): boolean {
  const expected = Buffer.from(manifestMac(keys, text), 'hex');
  const given = Buffer.from(mac, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

// An encrypted file: 'AHBK1' and a zero byte, the nonce, the ciphertext, the tag.
const magic = Buffer.from('AHBK1\u0000', 'latin1');
const nonceBytes = 12;
const tagBytes = 16;
const chunk = 1 << 20;

export type Digest = { bytes: number; sha256: string };

/** Encrypts `source` into `target` (created 0600); answers the digests of what was read and of what was written. */
export function encryptFile(
  keys: BackupKeys,
  path: string,
  source: string,
  target: string,
): { plain: Digest; stored: Digest } {
  const nonce = randomBytes(nonceBytes);
  const cipher = createCipheriv('aes-256-gcm', keys.files, nonce);
  cipher.setAAD(Buffer.from(path, 'utf8'));
  const plainHash = createHash('sha256');
  const storedHash = createHash('sha256');
  let plainBytes = 0;
  let storedBytes = 0;
  const input = openSync(source, 'r');
  const output = openSync(target, 'wx', privateFileMode);
  const write = (bytes: Buffer) => {
    storedHash.update(bytes);
    storedBytes += bytes.length;
    for (let at = 0; at < bytes.length;) at += writeSync(output, bytes, at);
  };
  try {
    write(Buffer.concat([magic, nonce]));
    const buffer = Buffer.allocUnsafe(chunk);
    for (let read; (read = readSync(input, buffer, 0, chunk, null)) > 0;) {
      const plain = buffer.subarray(0, read);
      plainHash.update(plain);
      plainBytes += read;
      write(cipher.update(plain));
    }
    write(cipher.final());
    write(cipher.getAuthTag());
  } finally {
    closeSync(input);
    closeSync(output);
  }
  return {
    plain: { bytes: plainBytes, sha256: plainHash.digest('hex') },
    stored: { bytes: storedBytes, sha256: storedHash.digest('hex') },
  };
}

/**
 * Decrypts `source` into `target` (created 0600); throws if the file was changed, is another file's, or was sealed with
 * another passphrase. The caller writes `target` under a temporary name: it holds unauthenticated bytes until this
 * returns.
 */
export function decryptFile(keys: BackupKeys, path: string, source: string, target: string): Digest {
  const input = openSync(source, 'r');
  const output = openSync(target, 'wx', privateFileMode);
  const hash = createHash('sha256');
  let bytes = 0;
  try {
    const size = fstatSync(input).size;
    const header = Buffer.alloc(magic.length + nonceBytes);
    if (
      size < header.length + tagBytes ||
      readSync(input, header, 0, header.length, 0) !== header.length ||
      !header.subarray(0, magic.length).equals(magic)
    ) {
      throw new Error(`${path} is not an encrypted backup file`);
    }
    const tag = Buffer.alloc(tagBytes);
    readSync(input, tag, 0, tagBytes, size - tagBytes);
    const decipher = createDecipheriv('aes-256-gcm', keys.files, header.subarray(magic.length));
    decipher.setAAD(Buffer.from(path, 'utf8'));
    decipher.setAuthTag(tag);
    const buffer = Buffer.allocUnsafe(chunk);
    const write = (plain: Buffer) => {
      hash.update(plain);
      bytes += plain.length;
      for (let at = 0; at < plain.length;) at += writeSync(output, plain, at);
    };
    for (let position = header.length; position < size - tagBytes;) {
      const read = readSync(input, buffer, 0, Math.min(chunk, size - tagBytes - position), position);
      position += read;
      write(decipher.update(buffer.subarray(0, read)));
    }
    try {
      write(decipher.final());
    } catch {
      throw new Error(`${path} does not decrypt: it was changed after the backup was written`);
    }
  } finally {
    closeSync(input);
    closeSync(output);
  }
  return { bytes, sha256: hash.digest('hex') };
}
