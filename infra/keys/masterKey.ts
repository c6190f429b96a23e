// The master key that wraps every data subject's key: DATA_KEY from the environment (required in production), or on a
// developer's machine a key generated once into DATA_DIR/data-key.
import { createHmac, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Config } from '../../service/config.ts';

export function resolveDataKey(config: Pick<Config, 'DATA_KEY' | 'DATA_DIR'>): Buffer {
  if (config.DATA_KEY) return Buffer.from(config.DATA_KEY, 'base64');
  const file = join(config.DATA_DIR, 'data-key');
  if (existsSync(file)) return Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
  const key = randomBytes(32);
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  writeFileSync(file, key.toString('base64'), { mode: 0o600 });
  return key;
}

/** Master key → the key that wraps data keys in the key file. */
export function wrappingKey(master: Buffer): Buffer {
  if (master.length !== 32) throw new Error('The master data key must be 32 bytes');
  return createHmac('sha256', master).update('shop data-key wrapping v1').digest();
}

/** Recorded in the key file (opened with another master key, it is refused) and named by a backup: reveals nothing. */
export function masterKeyFingerprint(master: Buffer): string {
  return createHmac('sha256', wrappingKey(master)).update('fingerprint').digest('hex');
}
