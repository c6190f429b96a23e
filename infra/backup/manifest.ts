// A backup's manifest (DIR/manifest.json): what is in the backup, with sizes and SHA-256 checksums, the log's head
// and hash-chain head, the key file's checksum and the fingerprint of the data key it needs (never the key), what was
// left out and why, and how the files are encrypted when they are; and a MAC of all of it under a key derived from the
// data key, which the restore needs anyway, so no field or checksum can be changed unseen (decisions 056, 093).
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { closeSync, existsSync, openSync, readFileSync, readSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { EventMetadata, RecordedEvent } from '../../contracts/shared/events.ts';
import { chainLines, GENESIS, sha256 } from '../../projections/audit/hashChain.ts';
import type { PassphraseSealing } from './passphrase.ts';

export const manifestName = 'manifest.json';
export const manifestKind = 'amanah-house-backup';
/** 2: the manifest carries `dataKeyMac` (decision 093); 1: written by an earlier release, with no MAC unless encrypted. */
export const manifestVersion = 2;

export type BackupFile = {
  /** the file's path in the data folder (and, restored, in the new one), with / between folders */
  path: string;
  bytes: number;
  sha256: string;
  /** where and as what it is kept in the backup when the backup is encrypted */
  stored?: { path: string; bytes: number; sha256: string };
};

export type BackupManifest = {
  kind: typeof manifestKind;
  formatVersion: number;
  createdAt: string;
  log: { file: string; events: number; streams: number; head: number; chainHead: string };
  /** null for a log written before sealing that has no key file */
  keys: { file: string; sha256: string; dataKeyFingerprint: string | null } | null;
  files: BackupFile[];
  leftOut: { path: string; why: string }[];
  /** null: the files are kept as they are */
  encryption: PassphraseSealing | null;
};

/**
 * The manifest as written, with its MACs: `dataKeyMac` under a key derived from the data key (every backup from format
 * 2 on), and for an encrypted backup `mac` under a key derived from the passphrase.
 */
export type ManifestFile = BackupManifest & { mac?: string; dataKeyMac?: string };

/** The text a manifest's MACs are computed over: the manifest without its MACs, as JSON with sorted keys. */
export function manifestText(manifest: BackupManifest): string {
  const sorted = (value: unknown): unknown =>
    Array.isArray(value)
      ? value.map(sorted)
      : value && typeof value === 'object'
        ? Object.fromEntries(
            Object.keys(value)
              .sort()
              .map((k) => [k, sorted((value as Record<string, unknown>)[k])]),
          )
        : value;
  const { mac: _, dataKeyMac: __, ...rest } = manifest as ManifestFile;
  return JSON.stringify(sorted(rest));
}

/** The key a manifest is authenticated under, derived from the data key (the master key) by HMAC-SHA256 with a label. */
function manifestKeyOf(dataKey: Buffer): Buffer {
  if (dataKey.length !== 32) throw new Error('The master data key must be 32 bytes');
  return createHmac('sha256', dataKey).update('amanah-house backup manifest under the data key v1').digest();
}

/** The manifest's MAC under the data key: HMAC-SHA256 of its text (without its MACs). */
export function dataKeyMacOf(dataKey: Buffer, manifest: BackupManifest): string {
  return createHmac('sha256', manifestKeyOf(dataKey)).update(manifestText(manifest), 'utf8').digest('hex');
}

export function dataKeyMacMatches(dataKey: Buffer, manifest: ManifestFile): boolean {
  if (typeof manifest.dataKeyMac !== 'string') return false;
  const expected = Buffer.from(dataKeyMacOf(dataKey, manifest), 'hex');
  const given = Buffer.from(manifest.dataKeyMac, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export class NotABackup extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'NotABackup';
  }
}

export function readManifest(dir: string): ManifestFile {
  const file = join(dir, manifestName);
  if (!existsSync(file))
    throw new NotABackup(`${dir} holds no ${manifestName}: it is not a backup, or one that did not finish`);
  let manifest: ManifestFile;
  try {
    // Checked field by field below: a file that is not a manifest is refused there.
    manifest = JSON.parse(readFileSync(file, 'utf8')) as ManifestFile;
  } catch {
    throw new NotABackup(`${file} is not JSON: the backup is damaged`);
  }
  if (manifest?.kind !== manifestKind) throw new NotABackup(`${file} is not the manifest of a shop's backup`);
  if (typeof manifest.formatVersion !== 'number' || !Number.isInteger(manifest.formatVersion))
    throw new NotABackup(`${file} has no format version: the backup is damaged or was changed`);
  if (!(manifest.formatVersion <= manifestVersion))
    throw new NotABackup(
      `${file} is format version ${manifest.formatVersion}; this release reads up to ${manifestVersion}: restore it with the release that wrote it or a later one`,
    );
  return manifest;
}

/**
 * The shape the restore reads, so a damaged manifest is refused as such rather than failing somewhere in the restore.
 * Checked after its MAC (decision 093), so a changed field is refused as a change whatever it was changed to.
 */
export function assertManifestShape(dir: string, manifest: ManifestFile): void {
  const log = manifest.log as Partial<BackupManifest['log']> | undefined;
  const shaped =
    Array.isArray(manifest.files) &&
    manifest.files.every(
      (f) =>
        f &&
        typeof f.path === 'string' &&
        typeof f.sha256 === 'string' &&
        Number.isInteger(f.bytes) &&
        (f.stored === undefined ||
          (f.stored &&
            typeof f.stored.path === 'string' &&
            typeof f.stored.sha256 === 'string' &&
            Number.isInteger(f.stored.bytes))),
    ) &&
    !!log &&
    typeof log.chainHead === 'string' &&
    Number.isInteger(log.head) &&
    Number.isInteger(log.events) &&
    Number.isInteger(log.streams) &&
    Array.isArray(manifest.leftOut) &&
    (manifest.keys === null || (typeof manifest.keys === 'object' && typeof manifest.keys.sha256 === 'string')) &&
    (manifest.encryption === null || typeof manifest.encryption === 'object');
  if (!shaped)
    throw new NotABackup(
      `${join(dir, manifestName)} lacks fields a backup's manifest has: the backup is damaged or was changed`,
    );
}

/** SHA-256 and size of a file, read a megabyte at a time. */
export function digestOf(file: string): { bytes: number; sha256: string } {
  const hash = createHash('sha256');
  const fd = openSync(file, 'r');
  const buffer = Buffer.allocUnsafe(1 << 20);
  let bytes = 0;
  try {
    for (let read; (read = readSync(fd, buffer, 0, buffer.length, null)) > 0;) {
      hash.update(buffer.subarray(0, read));
      bytes += read;
    }
  } finally {
    closeSync(fd);
  }
  return { bytes, sha256: hash.digest('hex') };
}

type Row = {
  position: number;
  id: string;
  stream: string;
  revision: number;
  type: string;
  data: string;
  metadata: string;
};

/**
 * The log file's head and hash-chain head, as `npm run events -- export` computes them over the stored events (the
 * bytes as written, never opened or upcast), so `check --head` on an export of the restored log agrees.
 */
export async function logSummary(file: string): Promise<BackupManifest['log'] & { file: string }> {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const rows = db.prepare<[], Row>(
      'SELECT position, id, stream, revision, type, data, metadata FROM events ORDER BY position',
    );
    async function* events(): AsyncGenerator<RecordedEvent> {
      for (const row of rows.iterate())
        // The log's rows as the store wrote them: the bytes are hashed as they are, never read for their types.
        yield { ...row, data: JSON.parse(row.data) as unknown, metadata: JSON.parse(row.metadata) as EventMetadata };
    }
    let last: string | null = null;
    for await (const line of chainLines(events())) last = line;
    const { count, head, streams } = db
      .prepare(
        'SELECT COUNT(*) AS count, COALESCE(MAX(position), 0) AS head, COUNT(DISTINCT stream) AS streams FROM events',
      )
      .get() as { count: number; head: number; streams: number };
    return { file: 'events.sqlite', events: count, streams, head, chainHead: last === null ? GENESIS : sha256(last) };
  } finally {
    db.close();
  }
}

/** The fingerprint of the master key a key file was opened with, as the key file records it; null if it records none. */
export function recordedFingerprint(keyFile: string): string | null {
  const db = new Database(keyFile, { readonly: true, fileMustExist: true });
  try {
    const hasTable = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'master'").get();
    return hasTable
      ? ((db.prepare('SELECT fingerprint FROM master WHERE id = 1').get() as { fingerprint: string } | undefined)
          ?.fingerprint ?? null)
      : null;
  } finally {
    db.close();
  }
}
