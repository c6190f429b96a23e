// The embedded read store: read models in a SQLite file beside the event log (DATA_DIR/readmodels.sqlite), committed
// with their checkpoints, so a restart resumes from the checkpoint instead of folding the whole log again, and the
// shop's memory holds only SQLite's page cache, whatever the number of orders.
//
// Tables, every row keyed by its namespace (a generation of read models, or the reactors' checkpoints):
//   docs(ns, collection, id, json)         documents
//   idx(ns, name, id, score)               sorted indexes; equal scores order by id, as the other stores do
//   checkpoints(ns, projection, position)
//   generation(namespace, versions)        one row, outside every namespace: the generation that answers queries
//   meta(key, value)                       the layout version of this file
// A file that cannot be read, fails SQLite's check, has another layout, or holds checkpoints beyond the end of the
// log it is opened with (the log was replaced) is set aside and started afresh: the read models are rebuilt from the
// log, as on a first start.
import Database from 'better-sqlite3';
import { existsSync, renameSync, rmSync } from 'node:fs';
import { ensurePrivateFile } from '../../service/dataFiles.ts';
import type {
  Checkpoint,
  LiveGeneration,
  RangeOptions,
  ReadStore,
  ScoreBounds,
  Write,
} from '../../contracts/ports/readStore.ts';

/** Bumped when the tables change: a file of another layout is rebuilt rather than read. */
export const SQLITE_READ_STORE_LAYOUT = '1';

export type SqliteReadStoreOptions = {
  /** the event log's head: a file with any checkpoint beyond it was folded from another log */
  logHead?: number;
  /** told why a file was set aside */
  onReset?: (reason: string) => void;
  /** SQLite's page cache in KiB (bounds what the read models cost in memory) */
  cacheKiB?: number;
  /** the clock, in ms, that spaces the looks at another process's commits (performance.now) */
  now?: () => number;
};

type Backend = {
  db: Database.Database;
  statements: ReturnType<typeof prepare>;
  open: boolean;
  checkpoints: CheckpointMirror;
};

/**
 * The checkpoints as this connection last read or wrote them. Every cached answer asks for its projection's checkpoint
 * on every request, and a query on a WAL file (its read lock included) cost more than the rest of the answer's lookup.
 * This connection's own commits update the mirror; another process's (an external projection runner) change SQLite's
 * data_version, looked at once every few milliseconds, which empties it. A reader can only lag by that long, and a
 * checkpoint it sees is never ahead of the data it then reads.
 */
class CheckpointMirror {
  private readonly positions = new Map<string, number | null>();
  private readonly dataVersion: Database.Statement<[], number>;
  private seenVersion: number;
  private checkedAt = 0;

  constructor(
    db: Database.Database,
    private readonly now: () => number = () => performance.now(),
    private readonly everyMs = 5,
  ) {
    this.dataVersion = db.prepare<[], number>('PRAGMA data_version').pluck();
    this.seenVersion = this.dataVersion.get()!;
  }

  get(namespace: string, projection: string, read: () => number | null): number | null {
    const now = this.now();
    if (now - this.checkedAt >= this.everyMs) {
      this.checkedAt = now;
      const version = this.dataVersion.get()!;
      if (version !== this.seenVersion) {
        this.seenVersion = version;
        this.positions.clear();
      }
    }
    const key = `${namespace}\u0000${projection}`;
    let position = this.positions.get(key);
    if (position === undefined) this.positions.set(key, (position = read()));
    return position;
  }

  wrote(namespace: string, checkpoints: readonly Checkpoint[]): void {
    for (const c of checkpoints) this.positions.set(`${namespace}\u0000${c.projection}`, c.position);
  }

  forget(): void {
    this.positions.clear();
  }
}

function createTables(db: Database.Database) {
  db.exec(`
    CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
    CREATE TABLE IF NOT EXISTS docs (ns TEXT NOT NULL, collection TEXT NOT NULL, id TEXT NOT NULL, json TEXT NOT NULL, PRIMARY KEY (ns, collection, id)) WITHOUT ROWID;
    CREATE TABLE IF NOT EXISTS idx (ns TEXT NOT NULL, name TEXT NOT NULL, id TEXT NOT NULL, score REAL NOT NULL, PRIMARY KEY (ns, name, id)) WITHOUT ROWID;
    CREATE INDEX IF NOT EXISTS idx_by_score ON idx (ns, name, score, id);
    CREATE TABLE IF NOT EXISTS checkpoints (ns TEXT NOT NULL, projection TEXT NOT NULL, position INTEGER NOT NULL, PRIMARY KEY (ns, projection)) WITHOUT ROWID;
    CREATE TABLE IF NOT EXISTS generation (k INTEGER PRIMARY KEY CHECK (k = 1), namespace TEXT NOT NULL, versions TEXT NOT NULL);
  `);
}

/** Rows a dump reads at a time: no statement stays open between them, so writes may come in between. */
const dumpChunk = 1000;

function prepare(db: Database.Database) {
  const range = (order: 'ASC' | 'DESC') =>
    db.prepare<[string, string, number, number, number, number], { id: string }>(
      `SELECT id FROM idx WHERE ns = ? AND name = ? AND score >= ? AND score <= ? ORDER BY score ${order}, id ${order} LIMIT ? OFFSET ?`,
    );
  return {
    get: db.prepare<[string, string, string], { json: string }>(
      'SELECT json FROM docs WHERE ns = ? AND collection = ? AND id = ?',
    ),
    getMany: db.prepare<[string, string, string], { id: string; json: string }>(
      'SELECT id, json FROM docs WHERE ns = ? AND collection = ? AND id IN (SELECT value FROM json_each(?))',
    ),
    rangeAsc: range('ASC'),
    rangeDesc: range('DESC'),
    countAll: db.prepare<[string, string], { n: number }>('SELECT count(*) AS n FROM idx WHERE ns = ? AND name = ?'),
    countWithin: db.prepare<[string, string, number, number], { n: number }>(
      'SELECT count(*) AS n FROM idx WHERE ns = ? AND name = ? AND score >= ? AND score <= ?',
    ),
    put: db.prepare<[string, string, string, string]>(
      'INSERT INTO docs (ns, collection, id, json) VALUES (?, ?, ?, ?) ON CONFLICT (ns, collection, id) DO UPDATE SET json = excluded.json',
    ),
    del: db.prepare<[string, string, string]>('DELETE FROM docs WHERE ns = ? AND collection = ? AND id = ?'),
    index: db.prepare<[string, string, string, number]>(
      'INSERT INTO idx (ns, name, id, score) VALUES (?, ?, ?, ?) ON CONFLICT (ns, name, id) DO UPDATE SET score = excluded.score',
    ),
    unindex: db.prepare<[string, string, string]>('DELETE FROM idx WHERE ns = ? AND name = ? AND id = ?'),
    checkpoint: db.prepare<[string, string], { position: number }>(
      'SELECT position FROM checkpoints WHERE ns = ? AND projection = ?',
    ),
    setCheckpoint: db.prepare<[string, string, number]>(
      'INSERT INTO checkpoints (ns, projection, position) VALUES (?, ?, ?) ON CONFLICT (ns, projection) DO UPDATE SET position = excluded.position',
    ),
    dumpDocs: db.prepare<[string, string, string], { collection: string; id: string; json: string }>(
      `SELECT collection, id, json FROM docs WHERE ns = ? AND (collection, id) > (?, ?) ORDER BY collection, id LIMIT ${dumpChunk}`,
    ),
    dumpIdx: db.prepare<[string, string, string], { name: string; id: string; score: number }>(
      `SELECT name, id, score FROM idx WHERE ns = ? AND (name, id) > (?, ?) ORDER BY name, id LIMIT ${dumpChunk}`,
    ),
    dropDocs: db.prepare<[string]>('DELETE FROM docs WHERE ns = ?'),
    dropIdx: db.prepare<[string]>('DELETE FROM idx WHERE ns = ?'),
    dropCheckpoints: db.prepare<[string]>('DELETE FROM checkpoints WHERE ns = ?'),
    live: db.prepare<[], { namespace: string; versions: string }>(
      'SELECT namespace, versions FROM generation WHERE k = 1',
    ),
    setLive: db.prepare<[string, string]>(
      'INSERT INTO generation (k, namespace, versions) VALUES (1, ?, ?) ON CONFLICT (k) DO UPDATE SET namespace = excluded.namespace, versions = excluded.versions',
    ),
  };
}

/** Why a file cannot be used as it is, or null when it can. */
function unusable(db: Database.Database, logHead: number | undefined): string | null {
  const tables = db
    .prepare<[], { name: string }>("SELECT name FROM sqlite_master WHERE type = 'table'")
    .all()
    .map((t) => t.name);
  if (tables.length === 0) return null;
  const meta = (key: string) =>
    tables.includes('meta')
      ? db.prepare<[string], { value: string }>('SELECT value FROM meta WHERE key = ?').get(key)?.value
      : undefined;
  const layout = meta('layout');
  if (layout !== SQLITE_READ_STORE_LAYOUT)
    return `holds read models of layout ${layout ?? 'unknown'}, not ${SQLITE_READ_STORE_LAYOUT}`;
  // SQLite's own check reads the whole file, so it would make every start as slow as the history is long: it runs only
  // when the shop did not close the file the last time (a crash, a kill, a power cut), when damage is likeliest.
  if (meta('closed') !== '1') {
    const check = db.pragma('quick_check(1)', { simple: true });
    if (check !== 'ok') return `failed SQLite's check: ${String(check)}`;
  }
  if (logHead !== undefined) {
    const furthest =
      db
        .prepare<[], { position: number | null }>(
          // Marks such as the runner's store mark ($…) are not positions in the log.
          "SELECT max(position) AS position FROM checkpoints WHERE projection NOT LIKE '$%'",
        )
        .get()?.position ?? 0;
    if (furthest > logHead)
      return `was folded up to position ${furthest}, beyond the log's end at ${logHead}: it belongs to another log`;
  }
  return null;
}

function setAside(file: string) {
  for (const suffix of ['', '-wal', '-shm']) {
    if (!existsSync(file + suffix)) continue;
    if (suffix === '') renameSync(file, `${file}.broken`);
    else rmSync(file + suffix, { force: true });
  }
}

function openDatabase(file: string, options: SqliteReadStoreOptions): Database.Database {
  if (file !== ':memory:') ensurePrivateFile(file);
  let reason: string | null;
  try {
    const db = new Database(file);
    reason = unusable(db, options.logHead);
    if (!reason) return configure(db, options);
    db.close();
  } catch (error) {
    reason = `could not be read: ${error instanceof Error ? error.message : String(error)}`;
  }
  options.onReset?.(`the read store ${file} ${reason}; it is set aside as ${file}.broken and rebuilt from the log`);
  setAside(file);
  if (file !== ':memory:') ensurePrivateFile(file);
  return configure(new Database(file), options);
}

function configure(db: Database.Database, options: SqliteReadStoreOptions): Database.Database {
  db.pragma('journal_mode = WAL');
  // Every batch commits with its checkpoints, so the file is always consistent; a power cut may only lose the last
  // batches, which are folded again from the log.
  db.pragma('synchronous = NORMAL');
  db.pragma('busy_timeout = 5000');
  db.pragma(`cache_size = -${Math.max(1024, Math.floor(options.cacheKiB ?? 16 * 1024))}`);
  createTables(db);
  db.prepare("INSERT INTO meta (key, value) VALUES ('layout', ?) ON CONFLICT (key) DO NOTHING").run(
    SQLITE_READ_STORE_LAYOUT,
  );
  // Open from now on: only a close marks the file closed again, so the next start knows whether to check it.
  db.prepare("INSERT INTO meta (key, value) VALUES ('closed', '0') ON CONFLICT (key) DO UPDATE SET value = '0'").run();
  return db;
}

export function openSqliteReadStore(file: string, namespace = 'v1', options: SqliteReadStoreOptions = {}): ReadStore {
  const db = openDatabase(file, options);
  return storeOn(
    { db, statements: prepare(db), open: true, checkpoints: new CheckpointMirror(db, options.now) },
    namespace,
    true,
  );
}

/** Scores as SQLite compares them: no bound is the whole real line. */
const low = (min: number | undefined) => min ?? -Infinity;
const high = (max: number | undefined) => max ?? Infinity;

function storeOn(backend: Backend, namespace: string, owns: boolean): ReadStore {
  const { db, statements: s } = backend;

  const commit = db.transaction(
    (
      writes: readonly (Write & { json?: string })[],
      checkpoints: readonly Checkpoint[],
      expected: readonly Checkpoint[],
    ): boolean => {
      // Read from the table, not the mirror: another process may have committed a moment ago.
      if (expected.some((c) => (s.checkpoint.get(namespace, c.projection)?.position ?? 0) !== c.position)) return false;
      for (const w of writes) {
        switch (w.op) {
          case 'put':
            s.put.run(namespace, w.collection, w.id, w.json!);
            break;
          case 'delete':
            s.del.run(namespace, w.collection, w.id);
            break;
          case 'index':
            s.index.run(namespace, w.index, w.id, w.score);
            break;
          case 'unindex':
            s.unindex.run(namespace, w.index, w.id);
            break;
        }
      }
      for (const c of checkpoints) s.setCheckpoint.run(namespace, c.projection, c.position);
      return true;
    },
  );

  const drop = db.transaction(() => {
    s.dropDocs.run(namespace);
    s.dropIdx.run(namespace);
    s.dropCheckpoints.run(namespace);
  });

  const setLive = db.transaction((next: LiveGeneration, expected: string | null) => {
    const current = s.live.get()?.namespace ?? null;
    if (current !== expected) return false;
    s.setLive.run(next.namespace, next.versions);
    return true;
  });

  const store: ReadStore = {
    kind: 'sqlite',
    namespace,

    async get<T>(collection: string, id: string) {
      const row = s.get.get(namespace, collection, id);
      return row ? (JSON.parse(row.json) as T) : null;
    },

    async getMany<T>(collection: string, ids: readonly string[]) {
      if (ids.length === 0) return [];
      const found = new Map(s.getMany.all(namespace, collection, JSON.stringify(ids)).map((r) => [r.id, r.json]));
      return ids.map((id) => {
        const json = found.get(id);
        return json === undefined ? null : (JSON.parse(json) as T);
      });
    },

    async range(index: string, { offset = 0, limit = Infinity, reverse = false, min, max }: RangeOptions = {}) {
      if (limit <= 0) return [];
      const statement = reverse ? s.rangeDesc : s.rangeAsc;
      return statement
        .all(namespace, index, low(min), high(max), limit === Infinity ? -1 : limit, offset)
        .map((r) => r.id);
    },

    async count(index: string, { min, max }: ScoreBounds = {}) {
      if (min === undefined && max === undefined) return s.countAll.get(namespace, index)?.n ?? 0;
      return s.countWithin.get(namespace, index, low(min), high(max))?.n ?? 0;
    },

    async commit(writes: readonly Write[], checkpoints: readonly Checkpoint[], expected: readonly Checkpoint[] = []) {
      // Serialised and checked before the transaction: a batch that cannot be written leaves nothing behind.
      const prepared = writes.map((w) => {
        if (w.op === 'put') {
          const json = JSON.stringify(w.doc);
          if (json === undefined) throw new Error(`Document ${w.collection}/${w.id} is not JSON`);
          return { ...w, json };
        }
        if (w.op === 'index' && !Number.isFinite(w.score))
          throw new Error(`Index ${w.index}: score for ${w.id} is not a finite number`);
        return w;
      });
      // IMMEDIATE when guarded: the check and the writes under one write lock, whichever process commits beside this one.
      const done = expected.length
        ? commit.immediate(prepared, checkpoints, expected)
        : commit(prepared, checkpoints, expected);
      if (done) backend.checkpoints.wrote(namespace, checkpoints);
      else backend.checkpoints.forget();
      return done;
    },

    async checkpoint(projection: string) {
      return backend.checkpoints.get(
        namespace,
        projection,
        () => s.checkpoint.get(namespace, projection)?.position ?? null,
      );
    },

    async *dump() {
      // Pages in key order, each starting after the last row of the one before.
      for (let rows = s.dumpDocs.all(namespace, '', ''); rows.length > 0;) {
        for (const row of rows) yield `doc ${row.collection} ${row.id} ${row.json}`;
        const last = rows[rows.length - 1]!;
        rows = s.dumpDocs.all(namespace, last.collection, last.id);
      }
      for (let rows = s.dumpIdx.all(namespace, '', ''); rows.length > 0;) {
        for (const row of rows) yield `idx ${row.name} ${row.id} ${row.score}`;
        const last = rows[rows.length - 1]!;
        rows = s.dumpIdx.all(namespace, last.name, last.id);
      }
    },

    async drop() {
      drop();
      backend.checkpoints.forget();
    },

    // Deleted rows stay in a SQLite file's free pages and its write-ahead log until overwritten: an erasure rewrites the
    // whole file (VACUUM) and empties the log, so a forgotten person's details are not left readable in either.
    async compact() {
      backend.db.pragma('wal_checkpoint(TRUNCATE)');
      backend.db.exec('VACUUM');
      backend.db.pragma('wal_checkpoint(TRUNCATE)');
    },

    withNamespace(other: string) {
      return storeOn(backend, other, false);
    },

    async live() {
      const row = s.live.get();
      return row ? { namespace: row.namespace, versions: row.versions } : null;
    },

    async setLive(next: LiveGeneration, expectedNamespace: string | null) {
      return setLive(next, expectedNamespace);
    },

    async ping() {
      return backend.open;
    },

    async close() {
      // Stores made by withNamespace share the file; the one that opened it closes it.
      if (owns && backend.open) {
        backend.open = false;
        db.prepare("UPDATE meta SET value = '1' WHERE key = 'closed'").run();
        db.close();
      }
    },
  };
  return store;
}
