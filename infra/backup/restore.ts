// Restores a backup into an empty folder and checks it (decision 056): every file against its checksum, the log's hash
// chain against the head the manifest recorded, the key file against every seal of the log, and every sealed field
// opened with the key file and the data key from the environment. Refusals come before anything is written.
import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { SubjectId } from '../../contracts/ports/keyStore.ts';
import { subjectsSealedIn } from '../../contracts/personalData.ts';
import { ensurePrivateDir, privateDirMode, privateFileMode } from '../../service/dataFiles.ts';
import { openSqliteEventStore } from '../eventstore/sqlite/sqliteEventStore.ts';
import { SealBroken, withSealedPersonalData } from '../eventstore/sealedEventStore.ts';
import { masterKeyFingerprint } from '../keys/masterKey.ts';
import { erasedSubjects, neverHeld } from '../keys/keyFileCheck.ts';
import { openSqliteKeyStore } from '../keys/sqliteKeyStore.ts';
import {
  sealedAccountSecrets,
  sealingTypes,
  tokenSecretFileName,
  tokenSecretProblem,
} from '../composition/tokenSecretCheck.ts';
import { checkImageFolder, mediaFolderName } from '../images/fileImageStore.ts';
import { insideFolder, keyFileName, logFileName } from './backup.ts';
import { digestOf, logSummary, manifestText, readManifest, type BackupManifest } from './manifest.ts';
import { backupKeys, decryptFile, macMatches } from './passphrase.ts';

export class RestoreRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RestoreRefused';
  }
}

export type RestoreCheck = { name: string; passed: boolean; detail: string };
export type RestoreReport = {
  target: string;
  manifest: BackupManifest;
  files: number;
  bytes: number;
  checks: RestoreCheck[];
  ok: boolean;
};
/**
 * `tokenSecret`: the token secret the backed-up shop ran with (JWT_SECRET, or --jwt-secret-file), needed when its log
 * holds accounts' secrets sealed under it. `dataKeyText`: the data key as given, written back as DATA_DIR/data-key
 * when the backed-up shop kept it as that file.
 */
export type RestoreOptions = { passphrase?: string; dataKey?: Buffer | null; tokenSecret?: string | null };

/** TARGET must be missing (it is made) or an empty folder: a restore never writes over anything. */
function prepareTarget(target: string): void {
  if (!existsSync(target)) {
    mkdirSync(target, { recursive: true, mode: privateDirMode });
    return;
  }
  if (!statSync(target).isDirectory())
    throw new RestoreRefused(`${target} is a file: a backup is restored into an empty folder only`);
  const inside = readdirSync(target);
  if (inside.length > 0) {
    throw new RestoreRefused(
      `${target} is not empty (it holds ${inside.slice(0, 3).join(', ')}${inside.length > 3 ? ', …' : ''}): a backup is restored into an empty folder only, so nothing there is overwritten. Nothing was changed.`,
    );
  }
}

const shortHash = (hash: string) => `${hash.slice(0, 12)}…`;

/**
 * Restores the backup in `dir` into `target` and checks it. Throws RestoreRefused, having written nothing, for a folder
 * that is not a finished backup, a target that is not empty, a missing or wrong passphrase, a missing or wrong data key,
 * or a file that does not match its checksum (then what was written is removed again).
 */
export async function restoreBackup(dir: string, target: string, options: RestoreOptions = {}): Promise<RestoreReport> {
  const manifest = readManifest(dir);
  // A plain backup's log is read where it is, before anything is written; an encrypted one's once decrypted, below.
  const plainLog = manifest.encryption ? null : manifest.files.find((f) => f.path === logFileName);
  if (plainLog) assertTokenSecretFits(insideFolder(dir, plainLog.path), options.tokenSecret ?? null, manifest);
  prepareTarget(target);
  let written = false;
  try {
    // The passphrase, checked on the manifest before any file is decrypted.
    const keys = manifest.encryption ? await openWithPassphrase(dir, manifest, options.passphrase) : null;
    // The data key the key file needs, named by its fingerprint.
    const needed = manifest.keys?.dataKeyFingerprint ?? null;
    if (manifest.keys && !options.dataKey) {
      throw new RestoreRefused(
        `DATA_KEY is not set: the backup's key file opens only with the data key whose fingerprint is ${needed ?? '(not recorded)'}. Set DATA_KEY to the shop's data key (on a developer's shop, the text of DATA_DIR/data-key) and run restore again.`,
      );
    }
    if (needed && options.dataKey && masterKeyFingerprint(options.dataKey) !== needed) {
      throw new RestoreRefused(
        `DATA_KEY is not the data key this backup needs: its fingerprint is ${masterKeyFingerprint(options.dataKey)}, the backup's key file needs ${needed}. Nothing was restored.`,
      );
    }

    // Every file, checked against the manifest as it is in the backup, then restored under a temporary name and
    // checked again as restored.
    written = true;
    let bytes = 0;
    for (const file of manifest.files) {
      const to = insideFolder(target, file.path);
      const from = insideFolder(dir, file.stored?.path ?? file.path);
      if (!existsSync(from))
        throw new RestoreRefused(`${file.stored?.path ?? file.path} is missing from the backup: nothing was restored`);
      const kept = digestOf(from);
      const expected = file.stored ?? file;
      if (kept.sha256 !== expected.sha256 || kept.bytes !== expected.bytes) {
        throw new RestoreRefused(
          `${file.stored?.path ?? file.path} does not match its checksum in the manifest: the backup was changed or damaged. Nothing was restored.`,
        );
      }
      mkdirSync(join(to, '..'), { recursive: true, mode: privateDirMode });
      const partial = `${to}.partial`;
      let restored;
      if (keys) {
        try {
          restored = decryptFile(keys, file.path, from, partial);
        } catch (error) {
          throw new RestoreRefused(`${error instanceof Error ? error.message : String(error)}. Nothing was restored.`);
        }
      } else {
        copyFileSync(from, partial);
        chmodSync(partial, privateFileMode);
        restored = digestOf(partial);
      }
      if (restored.sha256 !== file.sha256 || restored.bytes !== file.bytes)
        throw new RestoreRefused(`${file.path} does not match its checksum once restored. Nothing was restored.`);
      renameSync(partial, to);
      bytes += restored.bytes;
      if (file.path === logFileName && !plainLog) assertTokenSecretFits(to, options.tokenSecret ?? null, manifest);
    }
    // A developer's shop kept its data key and token secret as files: they are put back so the shop starts with no
    // environment. A production shop (both from the environment) gets no file.
    writeSecretFiles(target, manifest, options);
    if (keys) {
      keys.files.fill(0);
      keys.manifest.fill(0);
    }
    ensurePrivateDir(target);

    const checks: RestoreCheck[] = [
      {
        name: 'checksums',
        passed: true,
        detail: `${manifest.files.length} files (${bytes} bytes) match the manifest's SHA-256 checksums`,
      },
    ];
    checks.push(await checkLog(target, manifest));
    checks.push(...(await checkSealedFields(target, manifest, options.dataKey ?? null)));
    // The catalogue's images, when the backup holds any: each is what its name says (decision 078).
    if (manifest.files.some((f) => f.path.startsWith(`${mediaFolderName}/`))) {
      const { images, problems } = checkImageFolder(join(target, mediaFolderName));
      checks.push({
        name: 'images',
        passed: problems.length === 0,
        detail:
          problems.length === 0
            ? `${images} images, each original and variant matching the sha256 it is kept under`
            : `${problems.length} of ${images} images do not match their names: ${problems.slice(0, 3).join('; ')}`,
      });
    }
    return { target, manifest, files: manifest.files.length, bytes, checks, ok: checks.every((c) => c.passed) };
  } catch (error) {
    if (written) for (const name of readdirSync(target)) rmSync(join(target, name), { recursive: true, force: true });
    throw error;
  }
}

/** Refuses a restore whose log holds accounts' secrets sealed under a token secret that was not given. */
function assertTokenSecretFits(logFile: string, tokenSecret: string | null, manifest: BackupManifest): void {
  const db = new Database(logFile, { readonly: true, fileMustExist: true });
  let secrets;
  try {
    const rows = db.prepare<string[], { type: string; data: string; position: number }>(
      `SELECT type, data, position FROM events WHERE stream LIKE 'admin-%' AND type IN (${sealingTypes.map(() => '?').join(', ')}) ORDER BY position`,
    );
    secrets = sealedAccountSecrets(
      [...rows.iterate(...sealingTypes)].map((row) => ({ ...row, data: JSON.parse(row.data) })),
    );
  } finally {
    db.close();
  }
  const problem = tokenSecretProblem(secrets, tokenSecret);
  if (!problem) return;
  const accounts = new Set(secrets.map((s) => s.username)).size;
  const asFile = manifest.leftOut.some((l) => l.path === tokenSecretFileName);
  const what =
    tokenSecret === null
      ? 'JWT_SECRET is not set (nor --jwt-secret-file given)'
      : 'the token secret given (JWT_SECRET or --jwt-secret-file) does not open them';
  throw new RestoreRefused(
    `The backup's log holds ${accounts} accounts' password hashes or two-step secrets sealed under the shop's token secret (the newest, ${problem.newest.username}'s ${problem.newest.kind}, at position ${problem.newest.position}), and ${what}: ` +
      `restored without it, no account could sign in. Set JWT_SECRET to the token secret the shop ran with${asFile ? ` (this backup is of a developer's shop: the text of its DATA_DIR/${tokenSecretFileName}, or give that file as --jwt-secret-file)` : ' (its JWT_SECRET)'} and run restore again. Nothing was restored.`,
  );
}

/** The data key and token secret back as files (0600) where the backed-up shop kept them as files. */
function writeSecretFiles(target: string, manifest: BackupManifest, options: RestoreOptions): void {
  const keptAsFile = (name: string) => manifest.leftOut.some((l) => l.path === name);
  const write = (name: string, text: string) => {
    const partial = join(target, `${name}.partial`);
    writeFileSync(partial, text, { mode: privateFileMode, flag: 'wx' });
    chmodSync(partial, privateFileMode);
    renameSync(partial, join(target, name));
  };
  if (keptAsFile('data-key') && options.dataKey) write('data-key', options.dataKey.toString('base64'));
  if (keptAsFile(tokenSecretFileName) && options.tokenSecret) write(tokenSecretFileName, options.tokenSecret);
}

async function openWithPassphrase(
  dir: string,
  manifest: BackupManifest & { mac?: string },
  passphrase: string | undefined,
) {
  if (!passphrase)
    throw new RestoreRefused(
      `The backup in ${dir} is encrypted: give its passphrase (BACKUP_PASSPHRASE, or --passphrase-file <file>).`,
    );
  const keys = await backupKeys(passphrase, manifest.encryption!);
  if (!manifest.mac || !macMatches(keys, manifestText(manifest), manifest.mac)) {
    throw new RestoreRefused(
      'The passphrase does not open this backup (or its manifest was changed): check the passphrase. Nothing was restored.',
    );
  }
  return keys;
}

/** `check`: the restored log's hash chain ends where the manifest says, over as many events, and SQLite finds it whole. */
async function checkLog(target: string, manifest: BackupManifest): Promise<RestoreCheck> {
  const file = join(target, logFileName);
  const db = new Database(file, { readonly: true, fileMustExist: true });
  const integrity = db.pragma('integrity_check', { simple: true });
  db.close();
  if (integrity !== 'ok')
    return {
      name: 'check',
      passed: false,
      detail: `${logFileName} fails SQLite's integrity check: ${String(integrity)}`,
    };
  const log = await logSummary(file);
  const expected = manifest.log;
  if (log.chainHead !== expected.chainHead || log.head !== expected.head || log.events !== expected.events) {
    return {
      name: 'check',
      passed: false,
      detail: `the log's chain head is ${log.chainHead} over ${log.events} events up to position ${log.head}; the manifest recorded ${expected.chainHead} over ${expected.events} up to ${expected.head}`,
    };
  }
  return {
    name: 'check',
    passed: true,
    detail: `the log's hash chain over ${log.events} events (positions up to ${log.head}, ${log.streams} streams) ends at ${log.chainHead}, the head the manifest recorded`,
  };
}

/**
 * Every seal of the log names a subject the key file holds (or held, and forgot), and every sealed field opens with its
 * key under the data key: read through the sealed store as the shop reads, where a box that does not open is SealBroken.
 */
async function checkSealedFields(
  target: string,
  manifest: BackupManifest,
  dataKey: Buffer | null,
): Promise<RestoreCheck[]> {
  // Opening a log or a key file as the shop does writes to it (the write-ahead log is switched on): the checks open
  // copies in a scratch folder, so the restored files stay the backup's bytes until a shop starts on them.
  const scratch = join(target, '.restore-check');
  mkdirSync(scratch, { mode: privateDirMode });
  copyFileSync(join(target, logFileName), join(scratch, logFileName));
  const keyFile = join(scratch, keyFileName);
  if (existsSync(join(target, keyFileName))) copyFileSync(join(target, keyFileName), keyFile);
  const raw = openSqliteEventStore(join(scratch, logFileName));
  try {
    let sealedEvents = 0;
    const subjects = new Map<SubjectId, { position: number; stream: string }>();
    for await (const event of raw.readAll(0)) {
      const named = subjectsSealedIn(event.data);
      if (named.length === 0) continue;
      sealedEvents += 1;
      for (const subject of named)
        if (!subjects.has(subject)) subjects.set(subject, { position: event.position, stream: event.stream });
    }
    if (sealedEvents === 0) {
      return [
        {
          name: 'sealed fields',
          passed: true,
          detail: manifest.keys
            ? 'the log holds no sealed personal data'
            : 'the log holds no sealed personal data (written before sealing): it needs no key file',
        },
      ];
    }
    if (!manifest.keys || !existsSync(keyFile))
      return [
        {
          name: 'key file',
          passed: false,
          detail: `the log holds ${sealedEvents} sealed events, but the backup has no key file to open them`,
        },
      ];

    const unknown = neverHeld(keyFile, subjects.keys(), await erasedSubjects(raw));
    const checks: RestoreCheck[] = [
      unknown.length === 0
        ? {
            name: 'key file',
            passed: true,
            detail: `keys.sqlite holds (or held, for people erased) the key of every one of the ${subjects.size} subjects the log's seals name`,
          }
        : {
            name: 'key file',
            passed: false,
            detail: `${unknown.length} of the ${subjects.size} subjects the log's seals name were never in keys.sqlite (such as ${unknown[0]}, first sealed at position ${subjects.get(unknown[0]!)!.position}): it is not this log's key file`,
          },
    ];

    const keys = openSqliteKeyStore(keyFile, dataKey!);
    const sealed = withSealedPersonalData(raw, keys);
    let forgotten = 0;
    for (const subject of subjects.keys()) if (!keys.key(subject)) forgotten += 1;
    try {
      // Reading opens every box whose key is kept; one that does not open with it throws SealBroken.
      for await (const _ of sealed.readAll(0));
      checks.push({
        name: 'sealed fields',
        passed: true,
        detail: `all ${sealedEvents} sealed events open with keys.sqlite and the DATA_KEY given (fingerprint ${shortHash(masterKeyFingerprint(dataKey!))}); ${subjects.size - forgotten} people's keys are kept, ${forgotten} were forgotten (erased)`,
      });
    } catch (error) {
      if (!(error instanceof SealBroken)) throw error;
      checks.push({ name: 'sealed fields', passed: false, detail: error.message });
    } finally {
      keys.close();
    }
    return checks;
  } finally {
    await raw.close();
    rmSync(scratch, { recursive: true, force: true });
  }
}
