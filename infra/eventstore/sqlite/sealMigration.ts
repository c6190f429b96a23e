// The copy-and-transform migration of an embedded log written before personal fields were sealed (decision 059): a new
// log file is written beside the old one, every event carried over in order with its position, id, stream, revision,
// type and metadata, the personal fields of the events written in plain text sealed exactly as an append seals them
// today (the sealed store's own `seal`), and the old log's chain end and the new one's recorded in a LogMigrated event
// at the end of the new log and in DATA_DIR/seal-migration.json. The old file is kept, renamed, until the owner
// confirms; then it is deleted whole. A data folder whose migration was started and not finished is refused by the shop.
import { randomUUID } from 'node:crypto';
import {
  chmodSync,
  closeSync,
  existsSync,
  fsyncSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { basename, join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import Database from 'better-sqlite3';
import type { ChainEnd } from '../../../contracts/audit/model.ts';
import type { LogMigrated } from '../../../contracts/audit/events.ts';
import type { StoredEventStore } from '../../../contracts/ports/eventStore.ts';
import type { KeyStore } from '../../../contracts/ports/keyStore.ts';
import {
  personalData,
  plainPersonalFields,
  subjectsSealedIn,
  type PersonalFields,
} from '../../../contracts/personalData.ts';
import type { EventMetadata, NewEvent, RecordedEvent } from '../../../contracts/shared/events.ts';
import { migrationsStream } from '../../../contracts/shared/streams.ts';
import { chainLines, GENESIS, sha256 } from '../../../projections/audit/hashChain.ts';
import { DataFolderRefused } from '../../../service/dataFiles.ts';
import { withSealedPersonalData } from '../sealedEventStore.ts';
import { migrateEventLog } from './format.ts';
import type { Row } from './sqliteEventStore.ts';

/** The files of a migration in DATA_DIR. */
export function sealMigrationFiles(dataDir: string) {
  return {
    /** the log the shop runs on */
    log: join(dataDir, 'events.sqlite'),
    /** the new log while it is written */
    next: join(dataDir, 'events.sealing.sqlite'),
    /** the old log, kept until the owner confirms */
    before: join(dataDir, 'events.before-sealing.sqlite'),
    /** the migration record beside the log */
    record: join(dataDir, 'seal-migration.json'),
  };
}

/**
 * Where a migration stands: `copying` (the new file is being written; the old log is untouched and still the shop's),
 * `switching` (the new file is complete; the two files are being renamed), `migrated` (the shop runs on the new log; the
 * old one is kept), `confirmed` (the old one is deleted).
 */
export type SealMigrationState = 'copying' | 'switching' | 'migrated' | 'confirmed';
export type SealMigrationRecord = {
  formatVersion: 1;
  state: SealMigrationState;
  migrationId: string;
  by: string;
  startedAt: string;
  /** the old log's export as it ended, and the new log's up to the LogMigrated event (its prevHash) */
  from?: ChainEnd;
  to?: ChainEnd;
  sealedEvents?: number;
  subjects?: number;
  migratedAt?: string;
  /** the old log's file name in DATA_DIR while it is kept */
  keptAs?: string;
  confirmedAt?: string;
};

export const sealMigrationHowTo = 'stop the shop, then run `npm run events -- migrate-seal` (decision 059)';

/** The data folder holds a migration that was started and not finished: the shop does not run on it. */
export class SealMigrationUnfinished extends DataFolderRefused {
  constructor(
    readonly dataDir: string,
    readonly state: SealMigrationState,
  ) {
    super(
      state === 'copying'
        ? `A migration of the log to sealed personal fields was started in ${dataDir} and did not finish (seal-migration.json says "copying"). ` +
            'The old log is untouched. Run `npm run events -- migrate-seal` again to finish it, or `npm run events -- migrate-seal --abandon` to go back to the old log; the shop does not start until then.'
        : `A migration of the log to sealed personal fields stopped while switching files in ${dataDir} (seal-migration.json says "switching"). ` +
            'Run `npm run events -- migrate-seal` again to finish the switch; the shop does not start until then.',
    );
    this.name = 'SealMigrationUnfinished';
  }
}

export function readSealMigration(dataDir: string): SealMigrationRecord | null {
  const { record } = sealMigrationFiles(dataDir);
  if (!existsSync(record)) return null;
  const parsed = JSON.parse(readFileSync(record, 'utf8')) as SealMigrationRecord;
  if (parsed.formatVersion !== 1)
    throw new Error(
      `${record} is format version ${String(parsed.formatVersion)}, which this release does not read: a newer release wrote it`,
    );
  return parsed;
}

/** Throws SealMigrationUnfinished when a migration was started and not finished; the shop and the CLI call it before opening the log. */
export function assertNoUnfinishedMigration(dataDir: string): void {
  const record = readSealMigration(dataDir);
  if (record && (record.state === 'copying' || record.state === 'switching'))
    throw new SealMigrationUnfinished(dataDir, record.state);
}

/** The file written whole or not at all: a temporary file, flushed, renamed over the old, the folder flushed. */
function writeRecord(dataDir: string, record: SealMigrationRecord): void {
  const { record: file } = sealMigrationFiles(dataDir);
  const partial = `${file}.partial`;
  writeFileSync(partial, `${JSON.stringify(record, null, 2)}\n`, { mode: 0o600 });
  syncFile(partial);
  renameSync(partial, file);
  syncFolder(dataDir);
}

function syncFile(file: string): void {
  const fd = openSync(file, 'r+');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

function syncFolder(dir: string): void {
  const fd = openSync(dir, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

const toRecorded = (row: Row): RecordedEvent => ({
  id: row.id,
  stream: row.stream,
  revision: row.revision,
  position: row.position,
  type: row.type,
  data: JSON.parse(row.data) as unknown,
  // The row's metadata is what the store wrote from an EventMetadata: the adapter's edge, where bytes become types.
  metadata: JSON.parse(row.metadata) as EventMetadata,
});

/** The chain an export of these events ends with (projections/audit/hashChain.ts, as `export` computes it). */
async function chainEnd(events: Iterable<RecordedEvent>): Promise<ChainEnd> {
  let count = 0;
  let last: string | null = null;
  let head = 0;
  async function* all() {
    for (const event of events) {
      head = event.position;
      yield event;
    }
  }
  for await (const line of chainLines(all())) {
    last = line;
    count += 1;
  }
  return { events: count, head, chainHead: last === null ? GENESIS : sha256(last) };
}

export type SealMigrationResult =
  { done: 'nothing'; events: number } | { done: 'migrated'; record: SealMigrationRecord; ms: number };

export type SealMigrationOptions = {
  dataDir: string;
  keys: KeyStore;
  by: string;
  clock?: () => Date;
  personal?: Readonly<Record<string, PersonalFields>>;
  /** called after each step (tests make it throw, as a crash would) */
  afterStep?: (step: 'copied' | 'recorded' | 'old-kept') => void;
};

/** Opens the old log for the copy: refused while another process has it open (the shop, `npm run projections`). */
function openOld(file: string): Database.Database {
  if (!existsSync(file)) throw new Error(`No event log at ${file}`);
  const db = new Database(file, { fileMustExist: true });
  db.pragma('busy_timeout = 2000');
  // Out of WAL, so the kept file stands alone (no -wal beside it); SQLite allows it only when no other connection has
  // the file open, which tells a running shop.
  let mode: unknown;
  try {
    mode = db.pragma('journal_mode = DELETE', { simple: true });
  } catch (error) {
    if (!(error instanceof Database.SqliteError && error.code.startsWith('SQLITE_BUSY'))) {
      db.close();
      throw error;
    }
  }
  if (mode !== 'delete') {
    db.close();
    throw new Error(
      `${file} is open in another process: stop the shop (and \`npm run projections\`) before migrating the log`,
    );
  }
  return db;
}

/**
 * Runs the migration, or finishes one that stopped: a stopped copy is begun again from the start (the new file is
 * discarded), a stopped switch is finished. Answers `nothing` when the log holds no personal data in plain text.
 */
export async function migrateSeal(options: SealMigrationOptions): Promise<SealMigrationResult> {
  const { dataDir, keys, by } = options;
  const clock = options.clock ?? (() => new Date());
  const personal = options.personal ?? personalData;
  const files = sealMigrationFiles(dataDir);
  const started = performance.now();
  let record = readSealMigration(dataDir);
  if (record?.state === 'migrated' || record?.state === 'confirmed') {
    throw new Error(
      record.state === 'migrated'
        ? `The log was already migrated (${record.migratedAt}); the old log is kept as ${record.keptAs}. Run \`npm run events -- migrate-seal --confirm\` to delete it.`
        : `The log was already migrated (${record.migratedAt}) and the old log deleted (${record.confirmedAt}).`,
    );
  }
  if (record?.state === 'switching')
    return {
      done: 'migrated',
      record: finishSwitch(dataDir, record, clock, options.afterStep),
      ms: performance.now() - started,
    };
  // A copy that stopped is discarded and made again.
  for (const suffix of ['', '-journal', '-wal', '-shm']) rmSync(files.next + suffix, { force: true });

  const old = openOld(files.log);
  let next: Database.Database | null = null;
  try {
    // Nobody writes the old log while it is copied (a reserved lock); readers may.
    old.exec('BEGIN IMMEDIATE');
    const rows = old.prepare<[], Row>(
      'SELECT position, id, stream, revision, type, data, metadata FROM events ORDER BY position',
    );
    let plain = 0;
    for (const row of rows.iterate())
      if (plainPersonalFields(row.type, JSON.parse(row.data), personal).length > 0) plain += 1;
    const count = (old.prepare('SELECT COUNT(*) AS n FROM events').get() as { n: number }).n;
    if (plain === 0) {
      old.exec('ROLLBACK');
      // A copy that stopped, of a log that has nothing to seal after all (the rules changed): nothing is left half done.
      if (record?.state === 'copying') rmSync(files.record, { force: true });
      return { done: 'nothing', events: count };
    }

    const from = await chainEnd(
      (function* () {
        for (const row of rows.iterate()) yield toRecorded(row);
      })(),
    );
    record = {
      formatVersion: 1,
      state: 'copying',
      migrationId: randomUUID(),
      by,
      startedAt: clock().toISOString(),
      from,
    };
    writeRecord(dataDir, record);

    next = new Database(files.next);
    // The new log is as private as the old one was.
    chmodSync(files.next, statSync(files.log).mode & 0o777);
    next.pragma('synchronous = NORMAL');
    migrateEventLog(next, files.next);
    const insert = next.prepare(
      'INSERT INTO events (position, id, stream, revision, type, data, metadata) VALUES (?, ?, ?, ?, ?, ?, ?)',
    );
    const noteVersion = next.prepare(
      'INSERT OR IGNORE INTO event_versions (type, version, stream, position) VALUES (?, ?, ?, ?)',
    );
    const readStream = next.prepare<[string], Row>('SELECT * FROM events WHERE stream = ? ORDER BY revision');
    // The sealing sees the new log as it is written (its own connection reads what this transaction has written): a
    // stream's later events are sealed under the subject its earlier ones were, as appends do.
    const written: StoredEventStore = {
      kind: 'sqlite',
      append: () => Promise.reject(new Error('The migration writes the new log itself')),
      readStream: async (stream) => readStream.all(stream).map(toRecorded),
      async *readAll(after = 0) {
        for (const row of next!
          .prepare<[number], Row>('SELECT * FROM events WHERE position > ? ORDER BY position')
          .iterate(after))
          yield toRecorded(row);
      },
      subscribe: () => {
        throw new Error('not read during the migration');
      },
      headPosition: async () => 0,
      listStreams: async () => [],
      eventVersions: async () => [],
      ping: async () => true,
      close: async () => {},
    };
    const sealing = withSealedPersonalData(written, keys, personal);
    const subjects = new Set<string>();
    const sealedHere = new Set<number>();
    next.exec('BEGIN');
    for (const row of rows.iterate()) {
      const data = JSON.parse(row.data) as Record<string, unknown>;
      const metadata = JSON.parse(row.metadata) as EventMetadata;
      let stored = row.data;
      if (plainPersonalFields(row.type, data, personal).length > 0) {
        const event: NewEvent = { id: row.id, type: row.type, data, metadata };
        const [sealed] = await sealing.seal(row.stream, [event], row.revision === 0 ? 'no_stream' : row.revision - 1);
        if (
          plainPersonalFields(row.type, sealed!.data, personal).length > 0 ||
          subjectsSealedIn(sealed!.data).length === 0
        ) {
          throw new Error(
            `Event ${row.id} (${row.type} in ${row.stream}) did not come out sealed; nothing was switched`,
          );
        }
        for (const subject of subjectsSealedIn(sealed!.data)) subjects.add(subject);
        stored = JSON.stringify(sealed!.data);
        sealedHere.add(row.position);
      }
      // Everything else is carried over as its stored bytes were.
      insert.run(row.position, row.id, row.stream, row.revision, row.type, stored, row.metadata);
      noteVersion.run(row.type, metadata.schemaVersion ?? 1, row.stream, row.position);
    }
    next.exec('COMMIT');
    old.exec('ROLLBACK');
    options.afterStep?.('copied');

    // Every event opens again to what it held, with its place, id and metadata, and nothing is left in plain text.
    const oldRows = old.prepare<[], Row>('SELECT * FROM events ORDER BY position').iterate();
    const rowAt = next.prepare<[number], Row>('SELECT * FROM events WHERE position = ?');
    const newEvents: RecordedEvent[] = [];
    for await (const back of sealing.readAll(0)) {
      const oldRow = oldRows.next();
      const storedRow = rowAt.get(back.position)!;
      const stored = toRecorded(storedRow);
      if (
        oldRow.done ||
        oldRow.value.id !== back.id ||
        oldRow.value.position !== back.position ||
        oldRow.value.stream !== back.stream ||
        oldRow.value.revision !== back.revision ||
        oldRow.value.type !== back.type ||
        !isDeepStrictEqual(JSON.parse(oldRow.value.metadata), back.metadata)
      ) {
        throw new Error(`The new log differs from the old at position ${back.position}; nothing was switched`);
      }
      // An event sealed here opens to the plain data it held; any other was carried over byte for byte.
      const same = sealedHere.has(back.position)
        ? isDeepStrictEqual(back.data, JSON.parse(oldRow.value.data))
        : storedRow.data === oldRow.value.data;
      if (!same) throw new Error(`Event ${back.id} does not open to what it held; nothing was switched`);
      if (plainPersonalFields(stored.type, stored.data, personal).length > 0)
        throw new Error(`Event ${back.id} still holds personal data in plain text; nothing was switched`);
      newEvents.push(stored);
    }
    if (!oldRows.next().done) throw new Error('The new log holds fewer events than the old; nothing was switched');

    const to = await chainEnd(newEvents);
    const at = clock().toISOString();
    const sealedEvents = sealedHere.size;
    const data: LogMigrated['data'] = {
      migrationId: record.migrationId,
      kind: 'personal-fields-sealed',
      from,
      to,
      sealedEvents,
      subjects: subjects.size,
      by,
      at,
    };
    const revision =
      (next
        .prepare<[string], { revision: number | null }>('SELECT MAX(revision) AS revision FROM events WHERE stream = ?')
        .get(migrationsStream)?.revision ?? -1) + 1;
    const metadata: EventMetadata = {
      causedBy: 'system:migrate-seal',
      causationId: record.migrationId,
      correlationId: record.migrationId,
      at,
      schemaVersion: 1,
    };
    const position = to.head + 1;
    next.transaction(() => {
      insert.run(
        position,
        randomUUID(),
        migrationsStream,
        revision,
        'LogMigrated',
        JSON.stringify(data),
        JSON.stringify(metadata),
      );
      noteVersion.run('LogMigrated', 1, migrationsStream, position);
    })();
    const integrity = next.pragma('integrity_check', { simple: true });
    if (integrity !== 'ok')
      throw new Error(`The new log failed SQLite's integrity check: ${String(integrity)}; nothing was switched`);
    next.close();
    next = null;
    syncFile(files.next);
    options.afterStep?.('recorded');

    record = {
      ...record,
      state: 'switching',
      to,
      sealedEvents,
      subjects: subjects.size,
      keptAs: basename(files.before),
    };
    writeRecord(dataDir, record);
  } catch (error) {
    if (old.inTransaction) old.exec('ROLLBACK');
    throw error;
  } finally {
    // After a failure a statement may still be stepping; closing must not hide the failure.
    try {
      next?.close();
    } catch {}
    try {
      old.close();
    } catch {}
  }
  return {
    done: 'migrated',
    record: finishSwitch(dataDir, record, clock, options.afterStep),
    ms: performance.now() - started,
  };
}

/** The renames, each safe to do again: the old log aside (kept), the new one in its place. */
function finishSwitch(
  dataDir: string,
  record: SealMigrationRecord,
  clock: () => Date,
  afterStep?: SealMigrationOptions['afterStep'],
): SealMigrationRecord {
  const files = sealMigrationFiles(dataDir);
  if (existsSync(files.next)) {
    if (existsSync(files.log)) {
      if (existsSync(files.before))
        throw new Error(`${files.before} exists already: move it away before the migration can finish`);
      renameSync(files.log, files.before);
      syncFolder(dataDir);
      afterStep?.('old-kept');
    }
    renameSync(files.next, files.log);
    syncFolder(dataDir);
  } else if (!existsSync(files.log) || !existsSync(files.before)) {
    throw new Error(
      `The migration cannot finish: neither ${basename(files.next)} nor both ${basename(files.log)} and ${basename(files.before)} are in ${dataDir}`,
    );
  }
  const done: SealMigrationRecord = { ...record, state: 'migrated', migratedAt: clock().toISOString() };
  writeRecord(dataDir, done);
  return done;
}

/** Goes back to the old log after a copy that stopped: the new file and the record are removed. Not after the switch. */
export function abandonSealMigration(dataDir: string): boolean {
  const record = readSealMigration(dataDir);
  if (!record) return false;
  if (record.state !== 'copying')
    throw new Error(
      `The migration is past its copy (${record.state}): run \`npm run events -- migrate-seal\` to finish it instead`,
    );
  const files = sealMigrationFiles(dataDir);
  for (const suffix of ['', '-journal', '-wal', '-shm']) rmSync(files.next + suffix, { force: true });
  rmSync(files.record, { force: true });
  syncFolder(dataDir);
  return true;
}

/**
 * The owner's confirmation: the old log is deleted whole. Its pages are first written over by SQLite (secure_delete,
 * every row deleted, the file vacuumed), then the file's bytes with zeros, flushed, and the file removed. A file system
 * that keeps old blocks (copy-on-write, snapshots, an SSD's spare blocks) may still hold them: see decision 059.
 */
export function confirmSealMigration(
  dataDir: string,
  clock: () => Date = () => new Date(),
): { record: SealMigrationRecord; bytes: number } {
  const record = readSealMigration(dataDir);
  if (!record) throw new Error('No migration of the log to confirm: run `npm run events -- migrate-seal` first');
  if (record.state === 'confirmed')
    throw new Error(`The migration was confirmed already (${record.confirmedAt}); the old log is gone`);
  if (record.state !== 'migrated') throw new SealMigrationUnfinished(dataDir, record.state);
  const files = sealMigrationFiles(dataDir);
  // The live log must be the migrated one: it holds the LogMigrated event this record describes.
  const live = new Database(files.log, { readonly: true, fileMustExist: true });
  try {
    const found = live
      .prepare<[string], { data: string }>("SELECT data FROM events WHERE type = 'LogMigrated' AND stream = ?")
      .all(migrationsStream);
    if (!found.some((row) => (JSON.parse(row.data) as LogMigrated['data']).migrationId === record.migrationId)) {
      throw new Error(`${files.log} does not hold the migration ${record.migrationId}: the old log is not deleted`);
    }
  } finally {
    live.close();
  }
  let bytes = 0;
  if (existsSync(files.before)) {
    const db = new Database(files.before, { fileMustExist: true });
    try {
      db.pragma('secure_delete = ON');
      db.exec('DELETE FROM events');
      db.exec('VACUUM');
    } finally {
      db.close();
    }
    for (const file of [files.before, `${files.before}-journal`, `${files.before}-wal`, `${files.before}-shm`]) {
      if (!existsSync(file)) continue;
      bytes += overwrite(file);
      rmSync(file);
    }
    syncFolder(dataDir);
  }
  const confirmed: SealMigrationRecord = { ...record, state: 'confirmed', confirmedAt: clock().toISOString() };
  delete confirmed.keptAs;
  writeRecord(dataDir, confirmed);
  return { record: confirmed, bytes };
}

/** Writes zeros over the file's whole length and flushes them; answers its length. */
function overwrite(file: string): number {
  const length = statSync(file).size;
  const fd = openSync(file, 'r+');
  try {
    const zeros = Buffer.alloc(64 * 1024);
    for (let at = 0; at < length; at += zeros.length) writeSync(fd, zeros, 0, Math.min(zeros.length, length - at), at);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  return length;
}
