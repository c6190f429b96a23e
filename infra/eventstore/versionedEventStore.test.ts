// Event versions end to end: a later version beside today's in one log, the start-up refusal of unknown events, and the
// SQLite log's own file format (migrated forward in one transaction, a newer file refused, a failed migration undone).
import Database from 'better-sqlite3';
import { createHash } from 'node:crypto';
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import * as v from 'valibot';
import { eventCatalog, UnknownEventVersion, type EventDefinition } from '../../contracts/eventCatalog.ts';
import type { OrderPlaced } from '../../contracts/orders/events.ts';
import type { NewEvent, RecordedEvent } from '../../contracts/shared/events.ts';
import { allProjections } from '../../projections/index.ts';
import type { Projection } from '../../projections/engine/projection.ts';
import { contentHash, rebuild } from '../../projections/engine/rebuild.ts';
import { loadConfig } from '../../service/config.ts';
import { FileFormatError } from '../../service/dataFiles.ts';
import { createShop, openEventStore } from '../composition/shop.ts';
import { createMemoryReadStore } from '../readstore/memoryReadStore.ts';
import { eventsCli } from '../testing/eventsCli.ts';
import { newestEventLogFormat } from './sqlite/format.ts';
import { openSqliteEventStore } from './sqlite/sqliteEventStore.ts';
import { EventNotInCatalog, withEventVersions } from './versionedEventStore.ts';

const dir = mkdtempSync(join(tmpdir(), 'shop-versions-'));
const goldenSqlite = join(import.meta.dirname, '../testing/golden/v1/data/events.sqlite');
const goldenEvents: RecordedEvent[] = readFileSync(
  join(import.meta.dirname, '../testing/golden/v1/export.ndjson'),
  'utf8',
)
  .split('\n')
  .filter(Boolean)
  .map((line) => JSON.parse(line));

// The next version of OrderPlaced, one beyond the catalogue's newest, as a later release might add it: the number of
// copies is carried in the event. Counted from the catalogue, so it stays a version no release has written yet.
const orderPlaced = eventCatalog.definition('OrderPlaced')!;
const current = orderPlaced.versions.length;
const next = current + 1;
type OrderPlacedNext = OrderPlaced['data'] & { copies: number };
const currentSchema = orderPlaced.versions.at(-1)!.schema as v.ObjectSchema<v.ObjectEntries, undefined>;
const OrderPlacedNextSchema = v.object({ ...currentSchema.entries, copies: v.pipe(v.number(), v.integer()) });
const upcastOrderPlaced = (old: OrderPlaced['data']): OrderPlacedNext => ({
  ...old,
  copies: old.items.reduce((sum, item) => sum + item.quantity, 0),
});
const orderPlacedNext: EventDefinition = {
  ...orderPlaced,
  versions: [...orderPlaced.versions, { schema: OrderPlacedNextSchema, upcast: upcastOrderPlaced }],
};
const catalogNext = eventCatalog.with(orderPlacedNext);

// A read model that reads the new field, so an upcast that did not happen would show.
const copiesProjection: Projection = {
  name: 'copiesPerOrder',
  handles: ['OrderPlaced'],
  apply(event) {
    const data = event.data as OrderPlacedNext;
    assert.type(data.copies, 'number', `OrderPlaced at ${event.position} reached the read model without copies`);
    return [{ op: 'put', collection: 'copies', id: data.orderId, doc: { copies: data.copies } }];
  },
};

const asNew = (e: RecordedEvent, data: unknown = e.data): NewEvent => ({
  id: e.id,
  type: e.type,
  data,
  metadata: e.metadata,
});

/** Appends events one stream at a time, in log order, through `write`. */
async function writeAll(
  write: (stream: string, event: NewEvent) => Promise<unknown>,
  events: RecordedEvent[],
  shape: (e: RecordedEvent) => NewEvent,
) {
  for (const e of events) await write(e.stream, shape(e));
}

test(`old (v${current}) and new (v${next}) events in one log give the same read models as a log written all in v${next}`, async () => {
  const sample = goldenEvents.slice(0, 600);
  assert.ok(sample.filter((e) => e.type === 'OrderPlaced').length > 20);
  const half = sample.length / 2;

  // Mixed: the first half written by today's release (the catalogue's newest), the rest by the release that knows the next.
  const mixedStore = openSqliteEventStore(join(dir, 'mixed.sqlite'));
  const oldRelease = withEventVersions(mixedStore, eventCatalog);
  const newRelease = withEventVersions(mixedStore, catalogNext);
  // What today's release writes of a golden event: its newest shape (a name typed at sign-in only as its hash).
  const today = (e: RecordedEvent) => eventCatalog.upcast(e.type, e.metadata.schemaVersion ?? 1, e.data, e.stream);
  const toNext = (e: RecordedEvent) =>
    asNew(e, e.type === 'OrderPlaced' ? upcastOrderPlaced(e.data as OrderPlaced['data']) : today(e));
  await writeAll(
    (s, e) => oldRelease.append(s, [e], 'any'),
    sample.slice(0, half),
    (e) => asNew(e, today(e)),
  );
  await writeAll((s, e) => newRelease.append(s, [e], 'any'), sample.slice(half), toNext);

  const allNextStore = openSqliteEventStore(join(dir, 'all-next.sqlite'));
  const allNext = withEventVersions(allNextStore, catalogNext);
  await writeAll((s, e) => allNext.append(s, [e], 'any'), sample, toNext);

  // What is stored differs: today's bytes stay at today's version.
  const storedVersions = (await mixedStore.eventVersions())
    .filter((p) => p.type === 'OrderPlaced')
    .map((p) => p.version);
  assert.equal(storedVersions.sort(), [current, next]);
  assert.equal(
    (await allNextStore.eventVersions()).filter((p) => p.type === 'OrderPlaced').map((p) => p.version),
    [next],
  );

  const projections = [...allProjections, copiesProjection];
  const fold = async (store: typeof newRelease) => {
    const reads = createMemoryReadStore('next-version-test');
    await rebuild(store, reads, projections);
    return reads;
  };
  const [mixedReads, allNextReads] = await Promise.all([fold(newRelease), fold(allNext)]);
  assert.is(await contentHash(mixedReads), await contentHash(allNextReads));
  const firstOrder = sample.find((e) => e.type === 'OrderPlaced')!.data as OrderPlaced['data'];
  assert.equal(await mixedReads.get('copies', firstOrder.orderId), { copies: upcastOrderPlaced(firstOrder).copies });

  // Every reader gets the newest shape: a stream read and the global log agree with the all-next log, data for data.
  const placedStream = sample.find((e) => e.type === 'OrderPlaced')!.stream;
  assert.equal(
    (await newRelease.readStream(placedStream)).map((e) => e.data),
    (await allNext.readStream(placedStream)).map((e) => e.data),
  );
  await mixedStore.close();
  await allNextStore.close();
});

test('writers record the newest version and may not write a payload its schema refuses', async () => {
  const store = openSqliteEventStore(join(dir, 'stamp.sqlite'));
  const versioned = withEventVersions(store, catalogNext);
  const placed = goldenEvents.find((e) => e.type === 'OrderPlaced')!;
  await versioned.append(
    placed.stream,
    [asNew(placed, upcastOrderPlaced(placed.data as OrderPlaced['data']))],
    'no_stream',
  );
  const [stored] = await versioned.stored.readStream(placed.stream);
  assert.is(stored!.metadata.schemaVersion, next);
  // Today's payload from a writer that was not updated is refused, not stored under the wrong version.
  const other = goldenEvents.filter((e) => e.type === 'OrderPlaced')[1]!;
  try {
    await versioned.append(other.stream, [asNew(other)], 'no_stream');
    assert.unreachable(`a v${current} payload was appended as v${next}`);
  } catch (error) {
    assert.instance(error, EventNotInCatalog);
    assert.match((error as Error).message, `Cannot append OrderPlaced to ${other.stream}: copies`);
  }
  assert.equal(await store.readStream(other.stream), []);
  await store.close();
});

test('a log holding an unknown event type or a newer version stops the shop and the CLI at start, naming type, version and stream', async () => {
  for (const [name, event] of [
    ['unknown-type', { type: 'RefundIssued', data: { amount: 100 }, metadata: { schemaVersion: 1 } }],
    ['newer-version', { type: 'ReviewSubmitted', data: { reviewId: 'r' }, metadata: { schemaVersion: 2 } }],
  ] as const) {
    const dataDir = join(dir, name);
    const raw = openSqliteEventStore(join(dataDir, 'events.sqlite'));
    await raw.append(
      'review-abc',
      [
        {
          id: `00000000-0000-4000-8000-00000000000${name.length % 10}`,
          type: event.type,
          data: event.data,
          metadata: { causedBy: 'test', causationId: 'c', correlationId: 'c', at: 'now', ...event.metadata },
        },
      ],
      'no_stream',
    );
    await raw.close();
    const expected = `${event.type} version ${event.metadata.schemaVersion} (stream review-abc)`;
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, ADMIN_PASSWORD: 'test-admin-password-1' });
    await openEventStore(config).then(
      () => assert.unreachable('the log was opened'),
      (error) => {
        assert.instance(error, UnknownEventVersion);
        assert.match(error.message, expected);
      },
    );
    await createShop(config, { logger: pino({ level: 'silent' }) }).then(
      () => assert.unreachable('the shop started'),
      (error) => assert.match(error.message, expected),
    );
    const cli = await eventsCli(['streams'], { DATA_DIR: dataDir });
    assert.is(cli.code, 1);
    assert.match(cli.stderr, expected);
  }
});

const sha = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');

function inspect(file: string) {
  const db = new Database(file, { readonly: true });
  try {
    return {
      format: db.pragma('user_version', { simple: true }) as number,
      tables: db
        .prepare<[], { name: string }>("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
        .all()
        .map((t) => t.name),
      events: db.prepare<[], { n: number }>('SELECT COUNT(*) AS n FROM events').get()!.n,
    };
  } finally {
    db.close();
  }
}

test('a log from before formats were recorded (golden v1) is migrated forward: its events untouched, their versions listed', async () => {
  const file = join(dir, 'golden-copy.sqlite');
  copyFileSync(goldenSqlite, file);
  assert.equal(inspect(file), { format: 0, tables: ['events', 'sqlite_sequence'], events: 2379 });
  const before = await (async () => {
    const db = new Database(file, { readonly: true });
    const rows = db.prepare('SELECT * FROM events ORDER BY position').all();
    db.close();
    return rows;
  })();
  const store = openSqliteEventStore(file);
  const pairs = await store.eventVersions();
  assert.is(pairs.length, 13);
  assert.ok(pairs.every((p) => p.version === 1));
  assert.equal(
    pairs.find((p) => p.type === 'BookListed'),
    { type: 'BookListed', version: 1, stream: 'book-1' },
  );
  await store.close();
  const after = inspect(file);
  assert.equal(after, {
    format: newestEventLogFormat,
    tables: ['event_versions', 'events', 'sqlite_sequence'],
    events: 2379,
  });
  const db = new Database(file, { readonly: true });
  assert.equal(db.prepare('SELECT * FROM events ORDER BY position').all(), before);
  db.close();
  // Opening it again changes nothing more.
  const again = openSqliteEventStore(file);
  assert.is((await again.eventVersions()).length, 13);
  await again.close();
});

test('appends keep the list of versions up to date, without duplicates', async () => {
  const store = openSqliteEventStore(join(dir, 'pairs.sqlite'));
  const meta = { causedBy: 'test', causationId: 'c', correlationId: 'c', at: 'now' };
  await store.append(
    'book-1',
    [{ id: '00000000-0000-4000-8000-000000000001', type: 'BookListed', data: {}, metadata: meta }],
    'no_stream',
  );
  await store.append(
    'book-1',
    [
      { id: '00000000-0000-4000-8000-000000000002', type: 'BookUpdated', data: {}, metadata: meta },
      {
        id: '00000000-0000-4000-8000-000000000003',
        type: 'BookUpdated',
        data: {},
        metadata: { ...meta, schemaVersion: 2 },
      },
    ],
    0,
  );
  await store.append(
    'book-2',
    [{ id: '00000000-0000-4000-8000-000000000004', type: 'BookListed', data: {}, metadata: meta }],
    'no_stream',
  );
  // A refused append leaves no pair behind.
  await store
    .append(
      'book-2',
      [{ id: '00000000-0000-4000-8000-000000000005', type: 'BookRemoved', data: {}, metadata: meta }],
      5,
    )
    .catch(() => {});
  assert.equal(await store.eventVersions(), [
    { type: 'BookListed', version: 1, stream: 'book-1' },
    { type: 'BookUpdated', version: 1, stream: 'book-1' },
    { type: 'BookUpdated', version: 2, stream: 'book-1' },
  ]);
  await store.close();
});

test('a log file from a newer release is refused with a clear message and left byte for byte as it was', async () => {
  const file = join(dir, 'newer.sqlite');
  copyFileSync(goldenSqlite, file);
  const db = new Database(file);
  db.pragma(`user_version = ${newestEventLogFormat + 1}`);
  db.close();
  const bytes = sha(file);
  assert.throws(
    () => openSqliteEventStore(file),
    (error: unknown) =>
      error instanceof FileFormatError &&
      error.message.startsWith(
        `${file} is format version ${newestEventLogFormat + 1}, but this release of the shop reads only up to version ${newestEventLogFormat}`,
      ),
  );
  assert.is(sha(file), bytes);
});

test('a migration that fails half way (a crash, simulated by a throw) leaves the file exactly as it was', async () => {
  const file = join(dir, 'crash.sqlite');
  copyFileSync(goldenSqlite, file);
  const bytes = sha(file);
  assert.throws(
    () =>
      openSqliteEventStore(file, {
        afterMigrationStep: (format) => {
          throw new Error(`power lost after step ${format}`);
        },
      }),
    /could not be brought from format 1 to 2, and is unchanged: power lost after step 2/,
  );
  assert.is(sha(file), bytes);
  assert.equal(inspect(file), { format: 0, tables: ['events', 'sqlite_sequence'], events: 2379 });
  // The next start migrates it.
  const store = openSqliteEventStore(file);
  assert.is((await store.eventVersions()).length, 13);
  await store.close();
});

test.after(() => rmSync(dir, { recursive: true, force: true }));

test.run();
