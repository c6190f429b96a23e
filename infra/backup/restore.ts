// Restores a backup into an empty folder and checks it (decisions 056, 093): the manifest's MAC under the data key (and
// the passphrase's, when encrypted), every file against its checksum, the log's hash chain, head and counts against the
// manifest, the key file against every seal of the log, every sealed field opened with the key file and the data key,
// and the catalogue's images. All of it happens in a staging folder beside TARGET: TARGET gets no byte until every
// check has passed, and a failure leaves it absent, or as empty as it was.
import {
  chmodSync,
  copyFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
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
import {
  assertManifestShape,
  dataKeyMacMatches,
  digestOf,
  logSummary,
  manifestText,
  readManifest,
  type BackupManifest,
  type ManifestFile,
} from './manifest.ts';
import { backupKeys, decryptFile, macMatches, type BackupKeys } from './passphrase.ts';
import { restoreMarkerName, writeRestoreMarker } from './restoreMarker.ts';

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
  /** every check passed, and the files are in TARGET; false: TARGET was left as it was (absent, or empty) */
  ok: boolean;
  /** what vouched for the manifest: the data key's MAC, the passphrase's, or nothing (an earlier release's plain backup) */
  authenticated: 'data key' | 'data key and passphrase' | 'passphrase' | 'none';
};
/**
 * `tokenSecret`: the token secret the backed-up shop ran with (JWT_SECRET, or --jwt-secret-file), needed when its log
 * holds accounts' secrets sealed under it. `dataKey`: the data key, which authenticates the manifest and opens the key
 * file (written back as DATA_DIR/data-key when the backed-up shop kept it as that file). `acceptUnauthenticated`: restore
 * a plain backup of an earlier release, whose manifest carries no MAC. `onFile`: told each file as it is staged.
 */
export type RestoreOptions = {
  passphrase?: string;
  dataKey?: Buffer | null;
  tokenSecret?: string | null;
  acceptUnauthenticated?: boolean;
  onFile?: (path: string, index: number, total: number, staging: string) => void;
  clock?: () => Date;
};

/** TARGET must be missing or an empty folder: a restore never writes over anything. Answers whether it exists. */
function assertTargetUsable(target: string): boolean {
  if (!existsSync(target)) return false;
  if (!statSync(target).isDirectory())
    throw new RestoreRefused(`${target} is a file: a backup is restored into an empty folder only`);
  const inside = readdirSync(target);
  if (inside.length > 0) {
    throw new RestoreRefused(
      `${target} is not empty (it holds ${inside.slice(0, 3).join(', ')}${inside.length > 3 ? ', …' : ''}): a backup is restored into an empty folder only, so nothing there is overwritten. Nothing was changed.`,
    );
  }
  return true;
}

const shortHash = (hash: string) => `${hash.slice(0, 12)}…`;
const nothing = 'Nothing was restored.';

/**
 * The staging folder: beside TARGET (same file system, so the checked folder is renamed into place in one step), or in
 * the system's temporary folder when TARGET's parent cannot be written. 0700, like a data folder.
 */
function makeStaging(target: string): string {
  const parent = dirname(resolve(target));
  try {
    mkdirSync(parent, { recursive: true, mode: privateDirMode });
    const staging = join(parent, `.${basename(resolve(target))}.restoring-${randomBytes(6).toString('hex')}`);
    mkdirSync(staging, { mode: privateDirMode });
    return staging;
  } catch (error) {
    if (!['EACCES', 'EPERM', 'EROFS'].includes((error as NodeJS.ErrnoException).code ?? '')) throw error;
    return mkdtempSync(join(tmpdir(), 'shop-restore-'));
  }
}

/**
 * The manifest is the backup's: its MAC under a key derived from the data key verifies (decision 093); for an encrypted
 * backup, its MAC under the passphrase too (decision 056). An earlier release's plain backup has no MAC at all: refused
 * unless the operator accepts it as it is. Also checks the data key against the key file's fingerprint.
 */
async function authenticate(
  dir: string,
  manifest: ManifestFile,
  options: RestoreOptions,
): Promise<{ keys: BackupKeys | null; authenticated: RestoreReport['authenticated'] }> {
  const dataKey = options.dataKey ?? null;
  const needed = manifest.keys?.dataKeyFingerprint ?? null;
  const given = dataKey ? masterKeyFingerprint(dataKey) : null;
  const wrongKey = (macFailed: boolean) =>
    new RestoreRefused(
      `DATA_KEY is not the data key this backup needs: its fingerprint is ${given}, the backup's key file needs ${needed}${macFailed ? " (or, if DATA_KEY is the shop's, the manifest was changed: its MAC does not verify under it)" : ''}. ${nothing}`,
    );
  let byDataKey = false;
  if (manifest.dataKeyMac !== undefined || manifest.formatVersion >= 2) {
    if (!dataKey)
      throw new RestoreRefused(
        `DATA_KEY is not set: the backup's manifest is authenticated under the shop's data key${needed ? `, and its key file opens only with the data key whose fingerprint is ${needed}` : ''}. Set DATA_KEY to the shop's data key (on a developer's shop, the text of DATA_DIR/data-key) and run restore again. ${nothing}`,
      );
    if (!dataKeyMacMatches(dataKey, manifest)) {
      if (needed && given !== needed) throw wrongKey(true);
      throw new RestoreRefused(
        `The backup's manifest was changed after the backup was written (or is another shop's): ${manifest.dataKeyMac === undefined ? 'it carries no MAC' : 'its MAC does not verify'} under the DATA_KEY given (fingerprint ${shortHash(given!)}). Its fields and checksums cannot be trusted: restore another backup. ${nothing}`,
      );
    }
    byDataKey = true;
  } else if (!manifest.encryption && !options.acceptUnauthenticated) {
    throw new RestoreRefused(
      `The backup in ${dir} was written by an earlier release (manifest format ${manifest.formatVersion}) and its manifest carries no MAC: nothing shows it was not changed since (a file edited with its checksum edited in the manifest would pass every check). ` +
        `If it has never been out of your hands, run restore again with --accept-unauthenticated; otherwise restore a backup taken by this release. ${nothing}`,
    );
  }
  assertManifestShape(dir, manifest);
  if (manifest.keys && !dataKey)
    throw new RestoreRefused(
      `DATA_KEY is not set: the backup's key file opens only with the data key whose fingerprint is ${needed ?? '(not recorded)'}. Set DATA_KEY to the shop's data key (on a developer's shop, the text of DATA_DIR/data-key) and run restore again. ${nothing}`,
    );
  if (needed && dataKey && given !== needed) throw wrongKey(false);
  // The passphrase, checked on the manifest before any file is decrypted.
  const keys = manifest.encryption ? await openWithPassphrase(dir, manifest, options.passphrase) : null;
  return {
    keys,
    authenticated: byDataKey ? (keys ? 'data key and passphrase' : 'data key') : keys ? 'passphrase' : 'none',
  };
}

/** What the manifest says of itself holds together: one entry a path, the log among them, the key file's checksum its entry's. */
function assertManifestConsistent(manifest: BackupManifest): void {
  const paths = new Set<string>();
  for (const file of manifest.files) {
    if (paths.has(file.path)) throw new RestoreRefused(`The manifest names ${file.path} twice. ${nothing}`);
    paths.add(file.path);
  }
  const log = manifest.files.find((f) => f.path === logFileName);
  if (!log || manifest.log.file !== logFileName)
    throw new RestoreRefused(`The manifest names no ${logFileName}: the backup has no log. ${nothing}`);
  const keyFile = manifest.files.find((f) => f.path === keyFileName);
  if (manifest.keys && (manifest.keys.file !== keyFileName || !keyFile || keyFile.sha256 !== manifest.keys.sha256))
    throw new RestoreRefused(
      `The manifest's key file (${manifest.keys.file}, SHA-256 ${shortHash(manifest.keys.sha256)}) is not the ${keyFileName} it lists among the files. ${nothing}`,
    );
  if (!manifest.keys && keyFile)
    throw new RestoreRefused(`The manifest lists ${keyFileName} but says the backup has no key file. ${nothing}`);
}

/**
 * Restores the backup in `dir` into `target` and checks it, all in a staging folder; only when every check passed are
 * the files put in `target` (renamed into place when it is missing; moved in under a marker when it is an existing empty
 * folder). Throws RestoreRefused, having written nothing into `target`, for a folder that is not a finished backup, a
 * target that is not empty, a manifest that does not authenticate, a missing or wrong passphrase or data key or token
 * secret, a file that does not match its checksum; answers a report with `ok: false`, `target` untouched, when a check
 * of the restored files fails.
 */
export async function restoreBackup(dir: string, target: string, options: RestoreOptions = {}): Promise<RestoreReport> {
  const manifest = readManifest(dir);
  const existed = assertTargetUsable(target);
  const { keys, authenticated } = await authenticate(dir, manifest, options);
  assertManifestConsistent(manifest);
  const staging = makeStaging(target);
  try {
    writeRestoreMarker(staging, resolve(dir), resolve(target), (options.clock ?? (() => new Date()))());
    // Every file, checked against the manifest as it is in the backup, then staged and checked again as staged.
    let bytes = 0;
    for (const [index, file] of manifest.files.entries()) {
      options.onFile?.(file.path, index, manifest.files.length, staging);
      const to = insideFolder(staging, file.path);
      if (file.path === restoreMarkerName) throw new RestoreRefused(`The manifest names ${file.path}. ${nothing}`);
      const from = insideFolder(dir, file.stored?.path ?? file.path);
      if (!existsSync(from))
        throw new RestoreRefused(`${file.stored?.path ?? file.path} is missing from the backup. ${nothing}`);
      const kept = digestOf(from);
      const expected = file.stored ?? file;
      if (kept.sha256 !== expected.sha256 || kept.bytes !== expected.bytes) {
        throw new RestoreRefused(
          `${file.stored?.path ?? file.path} does not match its checksum in the manifest: the backup was changed or damaged. ${nothing}`,
        );
      }
      mkdirSync(dirname(to), { recursive: true, mode: privateDirMode });
      const partial = `${to}.partial`;
      let restored;
      if (keys) {
        try {
          restored = decryptFile(keys, file.path, from, partial);
        } catch (error) {
          throw new RestoreRefused(`${error instanceof Error ? error.message : String(error)}. ${nothing}`);
        }
      } else {
        copyFileSync(from, partial);
        chmodSync(partial, privateFileMode);
        restored = digestOf(partial);
      }
      if (restored.sha256 !== file.sha256 || restored.bytes !== file.bytes)
        throw new RestoreRefused(`${file.path} does not match its checksum once restored. ${nothing}`);
      renameSync(partial, to);
      bytes += restored.bytes;
    }
    if (keys) {
      keys.files.fill(0);
      keys.manifest.fill(0);
    }
    assertTokenSecretFits(join(staging, logFileName), options.tokenSecret ?? null, manifest);
    // A developer's shop kept its data key and token secret as files: they are put back so the shop starts with no
    // environment. A production shop (both from the environment) gets no file.
    writeSecretFiles(staging, manifest, options);

    const checks: RestoreCheck[] = [
      {
        name: 'checksums',
        passed: true,
        detail: `${manifest.files.length} files (${bytes} bytes) match the manifest's SHA-256 checksums`,
      },
    ];
    checks.push(await checkLog(staging, manifest));
    checks.push(...(await checkSealedFields(staging, manifest, options.dataKey ?? null)));
    // The catalogue's images, when the backup holds any: each is what its name says (decision 078).
    if (manifest.files.some((f) => f.path.startsWith(`${mediaFolderName}/`))) {
      const { images, problems } = checkImageFolder(join(staging, mediaFolderName));
      checks.push({
        name: 'images',
        passed: problems.length === 0,
        detail:
          problems.length === 0
            ? `${images} images, each original and variant matching the sha256 it is kept under`
            : `${problems.length} of ${images} images do not match their names: ${problems.slice(0, 3).join('; ')}`,
      });
    }
    const ok = checks.every((c) => c.passed);
    if (ok) putInPlace(staging, target, existed, manifest);
    return { target, manifest, files: manifest.files.length, bytes, checks, ok, authenticated };
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

/**
 * The checked staging folder becomes TARGET. Missing, it is renamed into place: one step, so TARGET is absent or whole
 * (with the marker, removed next). An existing empty TARGET (a mount point, a folder made for the shop) keeps its place:
 * the marker is moved into it first, then every file, each checked again against its checksum, and the marker is
 * removed last. Any failure empties it again; a crash in between leaves the marker, and a shop refuses the folder.
 */
function putInPlace(staging: string, target: string, existed: boolean, manifest: BackupManifest): void {
  if (!existed) {
    let renamed = false;
    try {
      renameSync(staging, target);
      renamed = true;
    } catch (error) {
      // Staged on another file system (TARGET's parent could not be written): moved in below, under the marker.
      if (!['EXDEV', 'EACCES', 'EPERM'].includes((error as NodeJS.ErrnoException).code ?? '')) throw error;
      mkdirSync(target, { mode: privateDirMode });
    }
    if (renamed) {
      rmSync(join(target, restoreMarkerName));
      return;
    }
  }
  const move = (name: string) => {
    try {
      renameSync(join(staging, name), join(target, name));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
      cpSync(join(staging, name), join(target, name), { recursive: true, errorOnExist: true, force: false });
    }
  };
  try {
    assertTargetUsable(target);
    move(restoreMarkerName);
    for (const name of readdirSync(staging)) if (name !== restoreMarkerName) move(name);
    for (const file of manifest.files) {
      const moved = digestOf(insideFolder(target, file.path));
      if (moved.sha256 !== file.sha256 || moved.bytes !== file.bytes)
        throw new RestoreRefused(`${file.path} does not match its checksum once moved into ${target}. ${nothing}`);
    }
    ensurePrivateDir(target);
    rmSync(join(target, restoreMarkerName));
  } catch (error) {
    for (const name of readdirSync(target)) rmSync(join(target, name), { recursive: true, force: true });
    if (!existed) rmSync(target, { recursive: true, force: true });
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
      [...rows.iterate(...sealingTypes)].map((row) => ({ ...row, data: JSON.parse(row.data) as unknown })),
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

/** `check`: the restored log's hash chain ends where the manifest says, over as many events and streams, and SQLite finds it whole. */
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
  if (
    log.chainHead !== expected.chainHead ||
    log.head !== expected.head ||
    log.events !== expected.events ||
    log.streams !== expected.streams
  ) {
    return {
      name: 'check',
      passed: false,
      detail: `the log's chain head is ${log.chainHead} over ${log.events} events in ${log.streams} streams up to position ${log.head}; the manifest recorded ${expected.chainHead} over ${expected.events} in ${expected.streams} up to ${expected.head}`,
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
