// The JSON files the shop keeps in DATA_DIR carry a format version, so a release reads the files earlier releases
// wrote (upgrading them step by step) and refuses, rather than misreads, a file a later release wrote.
import {
  chmodSync,
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { dirname } from 'node:path';

/** The field that holds a JSON file's format version; a file without it is version 1. */
export const formatVersionField = 'formatVersion';

export class FileFormatError extends Error {
  constructor(
    readonly file: string,
    readonly version: number,
    readonly newest: number,
  ) {
    super(
      `${file} is format version ${version}, but this release of the shop reads only up to version ${newest}: ` +
        'a newer release wrote it. Run that release or a later one; the file was not changed.',
    );
    this.name = 'FileFormatError';
  }
}

/** The data folder is in a state the shop must not run on; the message says why and what to do. */
export class DataFolderRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DataFolderRefused';
  }
}

export type JsonFileFormat = {
  /** the version this release writes */
  newest: number;
  /** upgrades[n] turns a version-n payload into version n + 1; pure */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each upgrade names the shape it reads
  upgrades: Record<number, (previous: any) => unknown>;
};

export function formatVersionOf(json: unknown): number {
  const version = json && typeof json === 'object' ? (json as Record<string, unknown>)[formatVersionField] : undefined;
  return version === undefined
    ? 1
    : typeof version === 'number' && Number.isInteger(version) && version >= 1
      ? version
      : NaN;
}

/** A parsed file's payload in the newest format, and the version it was stored at. Throws FileFormatError for a newer one. */
export function upgradeJson<T>(
  file: string,
  json: unknown,
  format: JsonFileFormat,
): { value: T; storedVersion: number } {
  const storedVersion = formatVersionOf(json);
  if (Number.isNaN(storedVersion))
    throw new Error(`${file} has a ${formatVersionField} that is not a whole number from 1 up`);
  if (storedVersion > format.newest) throw new FileFormatError(file, storedVersion, format.newest);
  let value: unknown = json;
  if (value && typeof value === 'object') {
    const { [formatVersionField]: _, ...payload } = value as Record<string, unknown>;
    value = payload;
  }
  for (let version = storedVersion; version < format.newest; version++) {
    const upgrade = format.upgrades[version];
    if (!upgrade) throw new Error(`No upgrade of ${file} from format version ${version}`);
    value = upgrade(value);
  }
  return { value: value as T, storedVersion };
}

// Files in DATA_DIR hold personal data (sealed or not: a sandbox payment names its payer, an e-mail its recipient) or
// secrets: each is created readable and writable by the shop's user alone (0600), each folder enterable by it alone
// (0700), whatever the umask. SQLite gives a database's -wal, -shm and journal the database file's mode.

/** The mode of every file the shop writes in DATA_DIR (and in a backup). */
export const privateFileMode = 0o600;
/** The mode of DATA_DIR, the folders in it, and a backup's folder. */
export const privateDirMode = 0o700;

/**
 * Makes the folder (and any missing parent) private to the shop's user; an existing folder of that user is narrowed to
 * 0700. A folder of another user, or a shared one such as /tmp (sticky), is left as it is.
 */
export function ensurePrivateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: privateDirMode });
  const stat = statSync(dir);
  if (stat.mode & 0o1000 || (process.getuid && stat.uid !== process.getuid())) return;
  narrow(dir, privateDirMode);
}

/**
 * Creates the file empty with mode 0600 if it is missing, before a library (SQLite) opens it with its own default; an
 * existing one is narrowed to 0600, with the -wal, -shm and -journal files SQLite may have left beside it.
 */
export function ensurePrivateFile(file: string): void {
  mkdirSync(dirname(file), { recursive: true, mode: privateDirMode });
  closeSync(openSync(file, 'a', privateFileMode));
  narrow(file, privateFileMode);
  for (const suffix of ['-wal', '-shm', '-journal'])
    if (existsSync(file + suffix)) narrow(file + suffix, privateFileMode);
}

function narrow(path: string, mode: number): void {
  try {
    if ((statSync(path).mode & 0o777) !== mode) chmodSync(path, mode);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') throw error;
  }
}

/** Writes the payload with the newest format version, whole or not at all: a crash leaves the file as it was. */
export function writeVersionedJson(
  file: string,
  format: JsonFileFormat,
  payload: object,
  options: { mode?: number; pretty?: boolean } = {},
): void {
  mkdirSync(dirname(file), { recursive: true, mode: privateDirMode });
  const json =
    JSON.stringify({ [formatVersionField]: format.newest, ...payload }, null, options.pretty ? 2 : undefined) +
    (options.pretty ? '\n' : '');
  const temporary = `${file}.tmp`;
  const mode = options.mode ?? privateFileMode;
  writeFileSync(temporary, json, { mode });
  // writeFileSync keeps the mode of a file that already exists.
  chmodSync(temporary, mode);
  renameSync(temporary, file);
}

/**
 * Reads a versioned JSON file. An older file is upgraded in memory and, when `rewrite` is set, written back in the newest
 * format (atomically, after every upgrade step succeeded); a failing upgrade leaves the file untouched.
 */
export function readVersionedJson<T extends object>(
  file: string,
  format: JsonFileFormat,
  options: { rewrite?: boolean; mode?: number; pretty?: boolean } = {},
): T {
  const { value, storedVersion } = upgradeJson<T>(file, JSON.parse(readFileSync(file, 'utf8')), format);
  if (options.rewrite && storedVersion < format.newest) {
    writeVersionedJson(file, format, value, {
      ...(options.mode === undefined ? {} : { mode: options.mode }),
      ...(options.pretty ? { pretty: true } : {}),
    });
  }
  return value;
}
