// The read store contract on the embedded SQLite file, and what makes it the embedded default: it keeps the read
// models and their checkpoints across a restart, and a file that is damaged, of another layout or of another log is
// set aside and started afresh.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { readStoreContract } from '../testing/readStoreContract.ts';
import { openSqliteReadStore } from './sqliteReadStore.ts';

const dir = mkdtempSync(join(tmpdir(), 'shop-sqlite-readstore-'));
const shared = openSqliteReadStore(join(dir, 'contract.sqlite'));
readStoreContract('sqlite', async (namespace) => shared.withNamespace(namespace)).run();

const test = suite('sqlite read store: a file beside the log');
test.after(async () => {
  await shared.close();
  rmSync(dir, { recursive: true, force: true });
});

test('documents, indexes, checkpoints and the live record survive closing and opening again', async () => {
  const file = join(dir, 'restart.sqlite');
  const first = openSqliteReadStore(file, 'gen-a');
  await first.commit(
    [
      { op: 'put', collection: 'c', id: '1', doc: { a: 1 } },
      { op: 'index', index: 'i', id: '1', score: 3 },
    ],
    [{ projection: 'p', position: 12 }],
  );
  await first.withNamespace('reactor').commit([], [{ projection: 'emails', position: 11 }]);
  assert.ok(await first.setLive({ namespace: 'gen-a', versions: 'p@1' }, null));
  await first.close();
  const again = openSqliteReadStore(file, 'gen-a', { logHead: 12 });
  assert.equal(await again.get('c', '1'), { a: 1 });
  assert.equal(await again.range('i'), ['1']);
  assert.is(await again.checkpoint('p'), 12);
  assert.is(await again.withNamespace('reactor').checkpoint('emails'), 11);
  assert.equal(await again.live(), { namespace: 'gen-a', versions: 'p@1' });
  await again.close();
});

test("another process's commits reach this one's checkpoints within milliseconds; its own at once", async () => {
  const file = join(dir, 'two-processes.sqlite');
  // The reader's clock is the test's: its mirror looks again once 5 ms have passed on it, however slow the machine.
  let nowMs = 1_000;
  const runner = openSqliteReadStore(file);
  const service = openSqliteReadStore(file, 'v1', { now: () => nowMs });
  await runner.commit([], [{ projection: 'p', position: 1 }]);
  assert.is(await service.checkpoint('p'), 1);
  await runner.commit([{ op: 'put', collection: 'c', id: '1', doc: 2 }], [{ projection: 'p', position: 2 }]);
  assert.is(await runner.checkpoint('p'), 2, 'the writer sees its own commit at once');
  nowMs += 4;
  assert.is(await service.checkpoint('p'), 1, 'the other connection lags by a few milliseconds at most');
  nowMs += 1;
  assert.is(await service.checkpoint('p'), 2, 'the other connection sees it once its mirror looks again');
  assert.is(await service.get('c', '1'), 2);
  await service.commit([], [{ projection: 'p', position: 3 }]);
  await runner.drop();
  nowMs += 5;
  assert.is(await service.checkpoint('p'), null, 'a drop by the other connection empties it here too');
  await service.close();
  await runner.close();
});

test('a damaged file is set aside and the store starts empty', async () => {
  const file = join(dir, 'damaged.sqlite');
  writeFileSync(file, 'this is not a database '.repeat(200));
  const reasons: string[] = [];
  const store = openSqliteReadStore(file, 'v1', { onReset: (reason) => reasons.push(reason) });
  assert.is(reasons.length, 1);
  assert.ok(existsSync(`${file}.broken`));
  assert.is(await store.checkpoint('p'), null);
  await store.commit([{ op: 'put', collection: 'c', id: '1', doc: 1 }], [{ projection: 'p', position: 1 }]);
  assert.is(await store.checkpoint('p'), 1);
  await store.close();
});

test('a file the shop did not close (a crash) is checked at the next start, and set aside when its pages are damaged', async () => {
  const file = join(dir, 'crashed.sqlite');
  const first = openSqliteReadStore(file);
  const docs = Array.from({ length: 2000 }, (_, i) => ({
    op: 'put' as const,
    collection: 'c',
    id: String(i),
    doc: { text: 'a page of the story '.repeat(10) },
  }));
  await first.commit(docs, [{ projection: 'p', position: 7 }]);
  await first.close();
  const Database = (await import('better-sqlite3')).default;
  const raw = new Database(file);
  assert.is(
    (raw.prepare("SELECT value FROM meta WHERE key = 'closed'").get() as { value: string }).value,
    '1',
    'a close marks the file closed',
  );
  // As a killed shop leaves it: still marked open.
  raw.prepare("UPDATE meta SET value = '0' WHERE key = 'closed'").run();
  raw.pragma('wal_checkpoint(TRUNCATE)');
  raw.close();
  // Scribble over pages in the middle of the file, past its header.
  const bytes = readFileSync(file);
  bytes.fill(0x5a, Math.floor(bytes.length / 2), Math.floor(bytes.length / 2) + 8192);
  writeFileSync(file, bytes);
  const reasons: string[] = [];
  const again = openSqliteReadStore(file, 'v1', { onReset: (reason) => reasons.push(reason) });
  assert.is(reasons.length, 1, 'the damage is found at start');
  assert.ok(existsSync(`${file}.broken`));
  assert.is(await again.checkpoint('p'), null, 'and the read models are rebuilt from the log');
  await again.close();
});

test('read models folded beyond the end of the log belong to another log and are started afresh', async () => {
  const file = join(dir, 'other-log.sqlite');
  const first = openSqliteReadStore(file);
  await first.commit([{ op: 'put', collection: 'c', id: '1', doc: 1 }], [{ projection: 'p', position: 500 }]);
  assert.ok(await first.setLive({ namespace: 'v1', versions: 'p@1' }, null));
  await first.close();
  const reasons: string[] = [];
  const again = openSqliteReadStore(file, 'v1', { logHead: 40, onReset: (reason) => reasons.push(reason) });
  assert.match(reasons[0] ?? '', /beyond the log's end/);
  assert.is(await again.checkpoint('p'), null);
  assert.is(await again.get('c', '1'), null);
  assert.is(await again.live(), null);
  await again.close();
});

test('a file of another layout is rebuilt rather than read', async () => {
  const file = join(dir, 'layout.sqlite');
  const first = openSqliteReadStore(file);
  await first.commit([{ op: 'put', collection: 'c', id: '1', doc: 1 }], [{ projection: 'p', position: 1 }]);
  await first.close();
  const Database = (await import('better-sqlite3')).default;
  const raw = new Database(file);
  raw.prepare("UPDATE meta SET value = '0' WHERE key = 'layout'").run();
  raw.close();
  const reasons: string[] = [];
  const again = openSqliteReadStore(file, 'v1', { onReset: (reason) => reasons.push(reason) });
  assert.match(reasons[0] ?? '', /layout 0/);
  assert.is(await again.checkpoint('p'), null);
  await again.close();
});

test.run();
