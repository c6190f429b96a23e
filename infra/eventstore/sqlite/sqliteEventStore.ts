// The embedded event store: one SQLite file, WAL, synchronous=FULL, with group commit of concurrent appends.
import Database from 'better-sqlite3';
import { ensurePrivateFile } from '../../../service/dataFiles.ts';
import type { EventMetadata, NewEvent, RecordedEvent } from '../../../contracts/shared/events.ts';
import {
  WrongExpectedRevision,
  type AppendResult,
  type StoredEventStore,
  type EventVersionInfo,
  type ExpectedRevision,
  type StreamInfo,
} from '../../../contracts/ports/eventStore.ts';
import { Signal } from '../signal.ts';
import { migrateEventLog } from './format.ts';

/** A row of the events table as SQLite returns it. */
export type Row = {
  position: number;
  id: string;
  stream: string;
  revision: number;
  type: string;
  data: string;
  metadata: string;
};

type PendingAppend = {
  stream: string;
  events: NewEvent[];
  expected: ExpectedRevision;
  resolve: (result: AppendResult) => void;
  reject: (error: unknown) => void;
};

export class DuplicateEventId extends Error {
  constructor(
    readonly eventId: string,
    readonly stream: string,
  ) {
    super(`Event id ${eventId} is already used by stream ${stream}`);
    this.name = 'DuplicateEventId';
  }
}

export type SqliteEventStoreOptions = {
  /** how often a subscriber looks for events appended by another process */
  pollIntervalMs?: number;
  /** called inside the migration's transaction after each step (tests make it throw, as a crash would) */
  afterMigrationStep?: (format: number) => void;
};

function toRecorded(row: Row): RecordedEvent {
  return {
    id: row.id,
    stream: row.stream,
    revision: row.revision,
    position: row.position,
    type: row.type,
    data: JSON.parse(row.data) as unknown,
    // The row's metadata is what this store wrote from an EventMetadata: the adapter's edge, where bytes become types.
    metadata: JSON.parse(row.metadata) as EventMetadata,
  };
}

export function openSqliteEventStore(file: string, options: SqliteEventStoreOptions = {}): StoredEventStore {
  if (file !== ':memory:') ensurePrivateFile(file);
  const db = new Database(file);
  try {
    // Refuses a file from a newer release before anything is written to it, then brings an older one up to date.
    db.pragma('busy_timeout = 5000');
    // An acknowledged append must survive power loss.
    db.pragma('synchronous = FULL');
    migrateEventLog(db, file, options.afterMigrationStep);
    // Only now: switching to WAL writes to the file, and a refused or failed open must leave it byte for byte as it was.
    db.pragma('journal_mode = WAL');
  } catch (error) {
    db.close();
    throw error;
  }

  // The last revision, read off the end of the (stream, revision) index. MAX(revision) together with MAX(position)
  // defeated SQLite's min/max optimisation and walked every event of the stream; the position was never used.
  const streamHead = db.prepare<[string], { revision: number }>(
    'SELECT revision FROM events WHERE stream = ? ORDER BY revision DESC LIMIT 1',
  );
  const revisionOf = (stream: string): number | null => streamHead.get(stream)?.revision ?? null;
  const findById = db.prepare<[string], { stream: string; position: number }>(
    'SELECT stream, position FROM events WHERE id = ?',
  );
  const insert = db.prepare(
    'INSERT INTO events (id, stream, revision, type, data, metadata) VALUES (?, ?, ?, ?, ?, ?)',
  );
  // Kept with every append, in the same transaction, so the start-up check never has to read the log itself.
  const noteVersion = db.prepare(
    'INSERT OR IGNORE INTO event_versions (type, version, stream, position) VALUES (?, ?, ?, ?)',
  );
  const versions = db.prepare<[], EventVersionInfo>(
    'SELECT type, version, stream FROM event_versions ORDER BY position',
  );
  // Pairs known to be committed in event_versions (it only ever grows), so appends of known pairs skip the insert.
  const pairKey = (type: string, version: number) => `${version}:${type}`;
  const notedPairs = new Set(versions.all().map((p) => pairKey(p.type, p.version)));
  const readStreamStmt = db.prepare<[string], Row>('SELECT * FROM events WHERE stream = ? ORDER BY revision');
  const readPage = db.prepare<[number, number], Row>(
    'SELECT * FROM events WHERE position > ? ORDER BY position LIMIT ?',
  );
  const head = db.prepare<[], { position: number | null }>('SELECT MAX(position) AS position FROM events');
  const streams = db.prepare<[], { stream: string; revision: number; lastPosition: number }>(
    'SELECT stream, MAX(revision) AS revision, MAX(position) AS lastPosition FROM events GROUP BY stream ORDER BY MIN(position)',
  );
  // A range of the (stream, revision) index: one category's streams without reading the others' (a million events'
  // log holds hundreds of thousands of order and review streams, and the accounts' are a handful).
  const streamsBetween = db.prepare<[string, string], { stream: string; revision: number; lastPosition: number }>(
    'SELECT stream, MAX(revision) AS revision, MAX(position) AS lastPosition FROM events WHERE stream >= ? AND stream < ? GROUP BY stream ORDER BY MIN(position)',
  );

  // Prepared once: db.exec would parse the statement again for every append of every group.
  const savepoint = db.prepare('SAVEPOINT one_append');
  const rollbackTo = db.prepare('ROLLBACK TO one_append');
  const release = db.prepare('RELEASE one_append');

  /**
   * When some of the ids are already in the log, what the append answers: an idempotent retry (every id already in
   * this stream) answers as the first time did, even if the stream has moved on since; an id in another stream is a
   * DuplicateEventId; some but not all in this stream is a WrongExpectedRevision. Null when none of them is there.
   */
  function answerForKnownIds(stream: string, events: NewEvent[], expected: ExpectedRevision): AppendResult | null {
    const existing = events.map((e) => findById.get(e.id));
    if (!existing.some(Boolean)) return null;
    const currentRevision = revisionOf(stream);
    const foreign = existing.find((row) => row && row.stream !== stream);
    if (foreign) throw new DuplicateEventId(events[existing.indexOf(foreign)]!.id, foreign.stream);
    if (existing.every(Boolean)) {
      return { revision: currentRevision!, position: Math.max(...existing.map((row) => row!.position)) };
    }
    throw new WrongExpectedRevision(stream, expected, currentRevision ?? 'no_stream');
  }

  /**
   * Runs inside the savepoint `one_append` (or is a single INSERT). The ids are not looked up first: the UNIQUE index on id refuses a known
   * one, and the caller then rolls back to the savepoint and asks answerForKnownIds. Only a revision mismatch, which
   * an idempotent retry of an earlier append also gives, looks the ids up here.
   */
  function appendOne(stream: string, events: NewEvent[], expected: ExpectedRevision, newPairs: string[]): AppendResult {
    const currentRevision = revisionOf(stream);
    const mismatch =
      (expected === 'no_stream' && currentRevision !== null) ||
      (typeof expected === 'number' && currentRevision !== expected);
    if (mismatch) {
      const known = answerForKnownIds(stream, events, expected);
      if (known) return known;
      throw new WrongExpectedRevision(stream, expected, currentRevision ?? 'no_stream');
    }

    let revision = currentRevision ?? -1;
    let position = 0;
    // The events of one command share one metadata object: serialise it once, not once per event.
    let metadata: unknown;
    let metadataJson = '';
    for (const event of events) {
      revision += 1;
      if (event.metadata !== metadata) {
        metadata = event.metadata;
        metadataJson = JSON.stringify(metadata);
      }
      const info = insert.run(event.id, stream, revision, event.type, JSON.stringify(event.data), metadataJson);
      position = Number(info.lastInsertRowid);
      const version = event.metadata.schemaVersion ?? 1;
      const key = pairKey(event.type, version);
      if (!notedPairs.has(key)) {
        noteVersion.run(event.type, version, stream, position);
        newPairs.push(key);
      }
    }
    return { revision, position };
  }

  const isUniqueViolation = (error: unknown) =>
    error instanceof Database.SqliteError && error.code === 'SQLITE_CONSTRAINT_UNIQUE';

  // Group commit: appends that arrive while one turn of the event loop runs share one transaction and one fsync.
  // Each keeps its own concurrency check through a savepoint, so one failed append does not fail its neighbours.
  let queue: PendingAppend[] = [];
  let scheduled = false;
  const signal = new Signal();

  // The pairs this group inserted; they join notedPairs only once its transaction has committed.
  let groupPairs: string[] = [];
  const commitGroup = db.transaction((group: PendingAppend[]) => {
    const outcomes: ({ ok: true; result: AppendResult } | { ok: false; error: unknown })[] = [];
    for (const item of group) {
      // A one-event append writes one row with one INSERT, which SQLite undoes by itself when it fails (a constraint
      // aborts the statement, not the transaction): only longer appends need a savepoint to take back their rows.
      const guarded = item.events.length > 1;
      if (guarded) savepoint.run();
      try {
        const itemPairs: string[] = [];
        const result = appendOne(item.stream, item.events, item.expected, itemPairs);
        groupPairs.push(...itemPairs);
        if (guarded) release.run();
        outcomes.push({ ok: true, result });
      } catch (error) {
        if (guarded) {
          rollbackTo.run();
          release.run();
        } else if (!db.inTransaction) {
          // SQLite gave up the whole transaction (I/O error, disk full): fail the group, as ROLLBACK TO would have.
          throw error;
        }
        if (!isUniqueViolation(error)) {
          outcomes.push({ ok: false, error });
          continue;
        }
        // A known id (or one repeated within the append): with this append's rows rolled back, decide what it means.
        try {
          const known = answerForKnownIds(item.stream, item.events, item.expected);
          outcomes.push(known ? { ok: true, result: known } : { ok: false, error });
        } catch (answer) {
          outcomes.push({ ok: false, error: answer });
        }
      }
    }
    return outcomes;
  });

  function flush() {
    scheduled = false;
    const group = queue;
    queue = [];
    if (group.length === 0) return;
    let outcomes;
    try {
      groupPairs = [];
      // BEGIN IMMEDIATE: the write lock is taken (waiting up to busy_timeout) before the revisions are read. Begun
      // deferred, a group that read a stream while another process on the same file committed could not write on its
      // old snapshot, and SQLite failed it with SQLITE_BUSY at once, which no wait helps: every append in the group was
      // lost as an error instead of being told its stream moved on (WrongExpectedRevision).
      outcomes = commitGroup.immediate(group);
      for (const key of groupPairs) notedPairs.add(key);
    } catch (error) {
      for (const item of group) item.reject(error);
      return;
    }
    outcomes.forEach((outcome, i) =>
      outcome.ok ? group[i]!.resolve(outcome.result) : group[i]!.reject(outcome.error),
    );
    signal.notify();
  }

  const pollIntervalMs = options.pollIntervalMs ?? 200;
  let closed = false;
  const subscriptions = new Set<{ close(): Promise<void> }>();

  const store: StoredEventStore = {
    kind: 'sqlite',

    append(stream, events, expected) {
      if (closed) return Promise.reject(new Error('Event store is closed'));
      if (events.length === 0) return Promise.reject(new Error('Nothing to append'));
      return new Promise<AppendResult>((resolve, reject) => {
        queue.push({ stream, events, expected, resolve, reject });
        if (!scheduled) {
          scheduled = true;
          setImmediate(flush);
        }
      });
    },

    async readStream(stream) {
      return readStreamStmt.all(stream).map(toRecorded);
    },

    async *readAll(afterPosition = 0, { batchSize = 1000, limit = Infinity } = {}) {
      let last = afterPosition;
      let delivered = 0;
      while (delivered < limit) {
        const rows = readPage.all(last, Math.min(batchSize, limit - delivered));
        for (const row of rows) {
          yield toRecorded(row);
          last = row.position;
          delivered += 1;
        }
        if (rows.length < batchSize) return;
      }
    },

    subscribe(afterPosition, handler, onError) {
      let last = afterPosition;
      let stopped = false;
      const run = async () => {
        while (!stopped) {
          const wake = signal.next(pollIntervalMs);
          const rows = readPage.all(last, 500);
          for (const row of rows) {
            if (stopped) return;
            await handler(toRecorded(row));
            last = row.position;
          }
          if (rows.length < 500) await wake;
        }
      };
      const done = run().catch((error) => {
        stopped = true;
        onError?.(error);
      });
      const subscription = {
        async close() {
          stopped = true;
          signal.notify();
          await done;
          subscriptions.delete(subscription);
        },
      };
      subscriptions.add(subscription);
      return subscription;
    },

    async headPosition() {
      return head.get()!.position ?? 0;
    },

    async listStreams(prefix?: string): Promise<StreamInfo[]> {
      if (!prefix) return streams.all();
      // Every name that starts with the prefix sorts from it up to (not including) the prefix with its last character
      // one higher; SQLite compares text by its bytes, which keeps that order.
      const past = prefix.slice(0, -1) + String.fromCodePoint(prefix.codePointAt(prefix.length - 1)! + 1);
      return streamsBetween.all(prefix, past).filter((s) => s.stream.startsWith(prefix));
    },

    async eventVersions() {
      return versions.all();
    },

    async ping() {
      try {
        head.get();
        return true;
      } catch {
        return false;
      }
    },

    async close() {
      if (closed) return;
      if (queue.length > 0) flush();
      closed = true;
      await Promise.all([...subscriptions].map((s) => s.close()));
      db.close();
    },
  };
  return store;
}
