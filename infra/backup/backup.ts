// A backup of everything the shop cannot rebuild, taken while it runs (decision 056): the log first, then the key file
// (keys are committed before the events sealed under them, so a key file copied after the log holds every key the
// copied log needs), then the accounts file, the payment sandbox and the outbox, and anything else in the data folder.
// Left out: the read models and the reactor's lease (rebuilt and taken again at start), the data key (never in a
// backup) and the token secret (the restore asks for it when the accounts' secrets are sealed under it). A manifest, written last, says what is in it,
// with a MAC under a key derived from the data key (decision 093).
import {
  chmodSync,
  copyFileSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  renameSync,
  rmSync,
  readFileSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { masterKeyFingerprint } from '../keys/masterKey.ts';
import { restoreMarkerName } from './restoreMarker.ts';
import { ensurePrivateDir, privateDirMode, privateFileMode } from '../../service/dataFiles.ts';
import {
  backupKeys,
  encryptFile,
  manifestMac,
  newSealing,
  type BackupKeys,
  type PassphraseSealing,
} from './passphrase.ts';
import {
  dataKeyMacOf,
  digestOf,
  logSummary,
  manifestName,
  manifestKind,
  manifestText,
  manifestVersion,
  recordedFingerprint,
  type BackupFile,
  type BackupManifest,
} from './manifest.ts';
import { copySqlite } from './sqliteCopy.ts';
import type { BackupSummary } from '../../contracts/audit/model.ts';
import type { Config } from '../../service/config.ts';

export const logFileName = 'events.sqlite';
export const keyFileName = 'keys.sqlite';

/** What a backup leaves out on purpose, and why (written into the manifest). */
const leftOutRules: ReadonlyArray<[RegExp, string]> = [
  [/^readmodels\.sqlite/, 'the read models: rebuilt from the log when the restored shop starts'],
  [/^leases\.sqlite/, "the reactor's lease: taken again when the restored shop starts"],
  [
    /^data-key$/,
    'the data key (master key): never written into a backup; keep it apart, the restore needs it as DATA_KEY',
  ],
  [
    /^jwt-secret$/,
    "the token secret (signs sign-ins, and seals the accounts' password hashes and two-step secrets): never written into a backup; the restore needs it as JWT_SECRET or --jwt-secret-file",
  ],
];
/** What is in flight, not data: SQLite's companions (copied through the backup API), temporaries, hidden files. */
const transient = (name: string) =>
  name.startsWith('.') || /-(wal|shm|journal)$/.test(name) || /\.(tmp|partial)$/.test(name);

export class BackupRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupRefused';
  }
}

export type BackupOptions = {
  /** the shop's data key: the manifest is authenticated under a key derived from it, and it must open the key file */
  dataKey: Buffer;
  /** told each file as its copy starts: its path, its place and how many there are */
  onFile?: (path: string, index: number, total: number) => void;
  /** encrypts every file with a key stretched from this passphrase (off-site storage) */
  passphrase?: string;
  /** the passphrase's scrypt cost (tests lower it) */
  scryptCost?: { N: number; r: number; p: number };
  clock?: () => Date;
};

export type BackupResult = { dir: string; manifest: BackupManifest; bytes: number; ms: number };

/** A folder is usable when it is missing (it is made, with its parents) or empty. */
function prepareTarget(target: string): boolean {
  if (!existsSync(target)) {
    mkdirSync(target, { recursive: true, mode: privateDirMode });
    return true;
  }
  if (!statSync(target).isDirectory())
    throw new BackupRefused(`${target} is a file: a backup is written into a new or empty folder`);
  const inside = readdirSync(target);
  if (inside.length > 0)
    throw new BackupRefused(
      `${target} is not empty (it holds ${inside.slice(0, 3).join(', ')}${inside.length > 3 ? ', …' : ''}): a backup is written into a new or empty folder, never over another`,
    );
  return false;
}

type Found = { path: string; kind: 'sqlite' | 'file' };

/** Every file of the data folder to copy, the log and the key file first; what is left out, with why. */
function survey(dataDir: string, target: string): { found: Found[]; leftOut: BackupManifest['leftOut'] } {
  const found: Found[] = [];
  const leftOut: BackupManifest['leftOut'] = [];
  const skip = resolve(target);
  const walk = (dir: string) => {
    for (const name of readdirSync(join(dataDir, dir)).sort()) {
      const path = dir ? `${dir}/${name}` : name;
      const full = join(dataDir, path);
      if (resolve(full) === skip || transient(name)) continue;
      const rule = dir === '' ? leftOutRules.find(([pattern]) => pattern.test(name)) : undefined;
      if (rule) {
        if (!/-(wal|shm|journal)$/.test(name) && !leftOut.some((l) => rule[1] === l.why))
          leftOut.push({ path, why: rule[1] });
        continue;
      }
      const stat = lstatSync(full);
      if (stat.isSymbolicLink()) leftOut.push({ path, why: 'a symbolic link: not followed' });
      else if (stat.isDirectory()) {
        // A backup kept inside the data folder is not copied into the next one.
        if (existsSync(join(full, manifestName)))
          leftOut.push({ path, why: 'a backup (it holds a manifest): not copied into another' });
        else walk(path);
      } else if (stat.isFile()) {
        if (path === logFileName || path === keyFileName) continue;
        found.push({ path, kind: name.endsWith('.sqlite') ? 'sqlite' : 'file' });
      }
    }
  };
  walk('');
  const first: Found[] = [{ path: logFileName, kind: 'sqlite' }];
  if (existsSync(join(dataDir, keyFileName))) first.push({ path: keyFileName, kind: 'sqlite' });
  return { found: [...first, ...found], leftOut };
}

/**
 * Backs up the data folder `dataDir` into `target` (made with its parents if missing; refused unless empty). Safe while
 * the shop runs: each SQLite file is one snapshot, the key file's taken after the log's.
 */
export async function backupDataDir(dataDir: string, target: string, options: BackupOptions): Promise<BackupResult> {
  const started = performance.now();
  const clock = options.clock ?? (() => new Date());
  if (!existsSync(join(dataDir, logFileName)))
    throw new BackupRefused(`No event log at ${join(dataDir, logFileName)}: nothing to back up`);
  if (existsSync(join(dataDir, restoreMarkerName)))
    throw new BackupRefused(
      `${dataDir} holds ${restoreMarkerName}: a restore into it did not finish, so it is not a shop's data folder to back up`,
    );

  const sealing: PassphraseSealing | null = options.passphrase
    ? newSealing(options.passphrase, options.scryptCost)
    : null;
  const made = prepareTarget(target);
  ensurePrivateDir(target);
  let keys: BackupKeys | null = null;
  // Encrypted, a SQLite file's snapshot is made in a scratch folder inside the target, encrypted beside it and removed
  // at once; any other file is encrypted straight from the data folder (the shop replaces its files whole, by renaming).
  const scratch = join(target, '.snapshot');
  try {
    if (sealing) {
      keys = await backupKeys(options.passphrase!, sealing);
      mkdirSync(scratch, { mode: privateDirMode });
    }
    const { found, leftOut } = survey(dataDir, target);
    const files: BackupFile[] = [];
    let log: BackupManifest['log'] | null = null;
    let fingerprint: string | null = null;
    for (const [index, { path, kind }] of found.entries()) {
      options.onFile?.(path, index, found.length);
      const from = join(dataDir, path);
      const to = join(keys ? scratch : target, keys ? `${files.length}.sqlite` : path);
      mkdirSync(join(target, path, '..'), { recursive: true, mode: privateDirMode });
      let plain: string;
      if (kind === 'sqlite') {
        await copySqlite(from, to);
        plain = to;
        if (path === logFileName) log = await logSummary(to);
        if (path === keyFileName) {
          fingerprint = recordedFingerprint(to);
          // A manifest authenticated under another data key than the key file's would be refused by every restore.
          if (fingerprint && masterKeyFingerprint(options.dataKey) !== fingerprint)
            throw new BackupRefused(
              `The data key given (fingerprint ${masterKeyFingerprint(options.dataKey)}) is not the one ${join(dataDir, keyFileName)} opens with (${fingerprint}): set DATA_KEY to the shop's data key. Nothing was written.`,
            );
        }
      } else if (keys) plain = from;
      else {
        try {
          copyFileSync(from, to);
        } catch (error) {
          // A file removed meanwhile (an e-mail forgotten by an erasure) is simply not in the backup.
          if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
          throw error;
        }
        chmodSync(to, privateFileMode);
        plain = to;
      }
      if (!keys) {
        files.push({ path, ...digestOf(plain) });
        continue;
      }
      const stored = `${path}.enc`;
      let digests: ReturnType<typeof encryptFile>;
      try {
        digests = encryptFile(keys, path, plain, join(target, stored));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT' && kind === 'file') continue;
        throw error;
      }
      if (kind === 'sqlite') rmSync(plain);
      files.push({ path, ...digests.plain, stored: { path: stored, ...digests.stored } });
    }
    if (keys) rmSync(scratch, { recursive: true, force: true });
    const keyFile = files.find((f) => f.path === keyFileName);
    const manifest: BackupManifest = {
      kind: manifestKind,
      formatVersion: manifestVersion,
      createdAt: clock().toISOString(),
      log: log!,
      keys: keyFile ? { file: keyFileName, sha256: keyFile.sha256, dataKeyFingerprint: fingerprint } : null,
      files,
      leftOut,
      encryption: sealing,
    };
    const mac = keys ? manifestMac(keys, manifestText(manifest)) : undefined;
    const dataKeyMac = dataKeyMacOf(options.dataKey, manifest);
    // Last, and whole or not at all: a folder without its manifest is a backup that did not finish.
    const temporary = join(target, `.${manifestName}.tmp`);
    writeFileSync(temporary, `${JSON.stringify({ ...manifest, ...(mac ? { mac } : {}), dataKeyMac }, null, 2)}\n`, {
      mode: privateFileMode,
    });
    renameSync(temporary, join(target, manifestName));
    keys?.files.fill(0);
    keys?.manifest.fill(0);
    const bytes = files.reduce((sum, f) => sum + (f.stored?.bytes ?? f.bytes), 0);
    return { dir: target, manifest, bytes, ms: performance.now() - started };
  } catch (error) {
    keys?.files.fill(0);
    keys?.manifest.fill(0);
    if (made) rmSync(target, { recursive: true, force: true });
    else for (const name of readdirSync(target)) rmSync(join(target, name), { recursive: true, force: true });
    throw error;
  }
}

/** The manifest as the owner's Backup button answers it. */
export function summaryOf(result: BackupResult): BackupSummary {
  const { manifest } = result;
  return {
    folder: result.dir,
    createdAt: manifest.createdAt,
    files: manifest.files.length,
    bytes: result.bytes,
    events: manifest.log.events,
    head: manifest.log.head,
    chainHead: manifest.log.chainHead,
    keyFile: manifest.keys !== null,
    dataKeyFingerprint: manifest.keys?.dataKeyFingerprint ?? null,
    encrypted: manifest.encryption !== null,
    leftOut: manifest.leftOut.map((l) => l.path),
  };
}

/** Where the owner's backups go: BACKUP_DIR, else a folder beside the data folder, named after it with -backups. */
export const backupRoot = (config: Pick<Config, 'DATA_DIR' | 'BACKUP_DIR'>) =>
  config.BACKUP_DIR ?? `${resolve(config.DATA_DIR)}-backups`;

/**
 * The data key a backup's manifest is authenticated under: DATA_KEY, else the developer's DATA_DIR/data-key. Never made
 * here (a new key would open nothing): null when there is neither.
 */
export function backupDataKey(config: Pick<Config, 'DATA_KEY' | 'DATA_DIR'>): Buffer | null {
  if (config.DATA_KEY) return Buffer.from(config.DATA_KEY, 'base64');
  const file = join(config.DATA_DIR, 'data-key');
  return existsSync(file) ? Buffer.from(readFileSync(file, 'utf8').trim(), 'base64') : null;
}

/** The data key for a backup of `config`'s folder, or a refusal saying what to set. */
export function requireBackupDataKey(config: Pick<Config, 'DATA_KEY' | 'DATA_DIR'>): Buffer {
  const key = backupDataKey(config);
  if (!key)
    throw new BackupRefused(
      `DATA_KEY is not set and ${join(config.DATA_DIR, 'data-key')} is missing: a backup's manifest is authenticated under the shop's data key, so set DATA_KEY to it. Nothing was written.`,
    );
  return key;
}

/** The owner's Backup button: a new folder of the backup root named after the moment, encrypted when BACKUP_PASSPHRASE is set. */
export async function ownerBackup(
  config: Pick<Config, 'DATA_DIR' | 'BACKUP_DIR' | 'BACKUP_PASSPHRASE' | 'DATA_KEY'>,
  clock: () => Date,
): Promise<BackupSummary> {
  const stamp = clock().toISOString().replace(/[:.]/g, '-');
  let folder = join(backupRoot(config), stamp);
  for (let n = 2; existsSync(folder); n++) folder = join(backupRoot(config), `${stamp}-${n}`);
  const result = await backupDataDir(config.DATA_DIR, folder, {
    dataKey: requireBackupDataKey(config),
    clock,
    ...(config.BACKUP_PASSPHRASE ? { passphrase: config.BACKUP_PASSPHRASE } : {}),
  });
  return summaryOf(result);
}

/** The path of a file in the backup relative to the data folder, checked to stay inside it (a manifest may be forged). */
export function insideFolder(folder: string, path: string): string {
  const full = resolve(folder, path);
  const rel = relative(resolve(folder), full);
  if (rel === '' || rel.startsWith('..') || resolve(folder, rel) !== full || path.includes('\\'))
    throw new BackupRefused(`The manifest names a file outside the backup: ${path}`);
  return full;
}
