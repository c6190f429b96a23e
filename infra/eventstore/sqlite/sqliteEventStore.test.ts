import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { rejects } from '../../testing/assert.ts';
import { eventStoreContract } from '../../testing/eventStoreContract.ts';
import { WrongExpectedRevision } from '../../../contracts/ports/eventStore.ts';
import { DuplicateEventId, openSqliteEventStore } from './sqliteEventStore.ts';

const dir = mkdtempSync(join(tmpdir(), 'shop-sqlite-'));
const file = join(dir, 'events.sqlite');

eventStoreContract('sqlite', async () => openSqliteEventStore(file)).run();

const meta = { causedBy: 'test', causationId: 'c', correlationId: 'c', at: '2026-01-01T00:00:00.000Z' };

test('sqlite: concurrent appends to different streams share a commit and all succeed', async () => {
  const store = openSqliteEventStore(join(dir, 'group.sqlite'));
  const results = await Promise.all(
    Array.from({ length: 50 }, (_, i) =>
      store.append(`g-${i}`, [{ id: randomUUID(), type: 'A', data: { i }, metadata: meta }], 'no_stream'),
    ),
  );
  assert.is(new Set(results.map((r) => r.position)).size, 50);
  assert.is(await store.headPosition(), 50);
  await store.close();
});

test('sqlite: an event id used by another stream is refused, and nothing else in that append lands', async () => {
  const store = openSqliteEventStore(join(dir, 'dup.sqlite'));
  const id = randomUUID();
  await store.append('a-1', [{ id, type: 'A', data: {}, metadata: meta }], 'no_stream');
  await rejects(
    () =>
      store.append(
        'b-1',
        [
          { id: randomUUID(), type: 'B', data: {}, metadata: meta },
          { id, type: 'A', data: {}, metadata: meta },
        ],
        'no_stream',
      ),
    (e) => e instanceof DuplicateEventId && e.eventId === id && e.stream === 'a-1',
  );
  assert.equal(await store.readStream('b-1'), []);
  await store.close();
});

// Known ids are no longer looked up before every insert: the UNIQUE index refuses them, and only then is the append
// rolled back to its savepoint and its ids looked up. These pin down what each case answers.
const ev = (id: string, type = 'A') => ({ id, type, data: {}, metadata: meta });

test('sqlite: a retry whose ids are all in the stream answers as the first time, even after the stream moved on', async () => {
  const store = openSqliteEventStore(join(dir, 'retry.sqlite'));
  const [a, b] = [randomUUID(), randomUUID()];
  const first = await store.append('s-1', [ev(a), ev(b)], 'no_stream');
  await store.append('s-1', [ev(randomUUID())], 1);
  // expected no longer matches: looked up on the mismatch path
  assert.equal(await store.append('s-1', [ev(a), ev(b)], 'no_stream'), { revision: 2, position: first.position });
  // expected matches ('any'): the insert meets the UNIQUE index, then the lookup
  assert.equal(await store.append('s-1', [ev(a), ev(b)], 'any'), { revision: 2, position: first.position });
  assert.equal(await store.append('s-1', [ev(a)], 2), { revision: 2, position: first.position - 1 });
  assert.is((await store.readStream('s-1')).length, 3);
  await store.close();
});

test('sqlite: some ids known and some new is a WrongExpectedRevision, and none of the new ones lands', async () => {
  const store = openSqliteEventStore(join(dir, 'partial.sqlite'));
  const a = randomUUID();
  await store.append('p-1', [ev(a)], 'no_stream');
  for (const events of [
    [ev(a), ev(randomUUID())],
    [ev(randomUUID()), ev(a)],
  ]) {
    await rejects(
      () => store.append('p-1', events, 0),
      (e) => e instanceof WrongExpectedRevision && e.actual === 0,
    );
    await rejects(
      () => store.append('p-1', events, 'any'),
      (e) => e instanceof WrongExpectedRevision,
    );
  }
  assert.equal(
    (await store.readStream('p-1')).map((e) => e.id),
    [a],
  );
  await store.close();
});

test('sqlite: one id twice in one append is refused as before, and nothing of it lands', async () => {
  const store = openSqliteEventStore(join(dir, 'twice.sqlite'));
  const a = randomUUID();
  await rejects(
    () => store.append('t-1', [ev(randomUUID()), ev(a), ev(a)], 'no_stream'),
    (e) => e instanceof Error && (e as { code?: string }).code === 'SQLITE_CONSTRAINT_UNIQUE',
  );
  assert.equal(await store.readStream('t-1'), []);
  await store.close();
});

test('sqlite: in one group, refused and repeated ids do not fail their neighbours', async () => {
  const store = openSqliteEventStore(join(dir, 'neighbours.sqlite'));
  const taken = randomUUID();
  await store.append('n-0', [ev(taken)], 'no_stream');
  const again = randomUUID();
  const outcomes = await Promise.allSettled([
    store.append('n-1', [ev(randomUUID())], 'no_stream'),
    store.append('n-2', [ev(randomUUID()), ev(taken)], 'no_stream'),
    store.append('n-3', [ev(again)], 'no_stream'),
    store.append('n-3', [ev(again)], 'no_stream'),
    store.append('n-4', [ev(randomUUID())], 'no_stream'),
    store.append('n-5', [ev(taken)], 'no_stream'),
    store.append('n-0', [ev(taken)], 'any'),
    store.append('n-6', [ev(randomUUID())], 5),
    store.append('n-7', [ev(randomUUID())], 'no_stream'),
  ]);
  assert.equal(
    outcomes.map((o) => o.status),
    ['fulfilled', 'rejected', 'fulfilled', 'fulfilled', 'fulfilled', 'rejected', 'fulfilled', 'rejected', 'fulfilled'],
  );
  assert.instance((outcomes[1] as PromiseRejectedResult).reason, DuplicateEventId);
  assert.instance((outcomes[5] as PromiseRejectedResult).reason, DuplicateEventId);
  assert.instance((outcomes[7] as PromiseRejectedResult).reason, WrongExpectedRevision);
  assert.equal((outcomes[6] as PromiseFulfilledResult<unknown>).value, { revision: 0, position: 1 });
  const [n3, n3again] = outcomes.slice(2, 4).map((o) => (o as PromiseFulfilledResult<{ position: number }>).value);
  assert.equal(n3again, n3);
  assert.equal(
    (await store.listStreams()).map((s) => [s.stream, s.revision]),
    [
      ['n-0', 0],
      ['n-1', 0],
      ['n-3', 0],
      ['n-4', 0],
      ['n-7', 0],
    ],
  );
  await store.close();
});

test('sqlite: each event keeps its own metadata when an append mixes shared and different ones', async () => {
  const store = openSqliteEventStore(join(dir, 'metadata.sqlite'));
  const shared = { ...meta, causationId: 'shared' };
  const other = { ...meta, causationId: 'other' };
  await store.append(
    'm-1',
    [shared, shared, other, shared].map((metadata) => ({ id: randomUUID(), type: 'A', data: {}, metadata })),
    'no_stream',
  );
  assert.equal(
    (await store.readStream('m-1')).map((e) => e.metadata.causationId),
    ['shared', 'shared', 'other', 'shared'],
  );
  await store.close();
});

test('sqlite: processes racing for one stream of one file: every loser is told its stream moved on, never SQLITE_BUSY', async () => {
  const raced = join(dir, 'processes.sqlite');
  await openSqliteEventStore(raced).close();
  const run = () =>
    new Promise<{ acknowledged: number; errors: Record<string, number> }>((resolve, reject) =>
      execFile(
        process.execPath,
        ['--import', 'tsx', 'infra/testing/appendRacer.ts'],
        { env: { ...process.env, EVENTS_FILE: raced, RACERS: '20', ROUNDS: '15' } },
        (error, stdout, stderr) =>
          error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve(JSON.parse(stdout)),
      ),
    );
  const results = await Promise.all([run(), run()]);
  const errors = Object.assign({}, ...results.map((r) => r.errors)) as Record<string, number>;
  assert.equal(
    Object.keys(errors).filter((name) => name !== 'WrongExpectedRevision'),
    [],
    JSON.stringify(results),
  );
  assert.ok(
    results.every((r) => r.errors.WrongExpectedRevision! > 0),
    'both processes lost races: they did run into each other',
  );
  const store = openSqliteEventStore(raced);
  const stream = await store.readStream('race-1');
  assert.is(
    stream.length,
    results[0].acknowledged + results[1].acknowledged,
    'every acknowledged append, and nothing else',
  );
  assert.equal(
    stream.map((e) => e.revision),
    stream.map((_, i) => i),
  );
  assert.is(new Set(stream.map((e) => (e.data as { pid: number }).pid)).size, 2);
  await store.close();
});

test('sqlite: what was acknowledged is there after reopening the file', async () => {
  const path = join(dir, 'reopen.sqlite');
  const first = openSqliteEventStore(path);
  await first.append('r-1', [{ id: randomUUID(), type: 'A', data: { kept: true }, metadata: meta }], 'no_stream');
  await first.close();
  const second = openSqliteEventStore(path);
  assert.equal((await second.readStream('r-1'))[0]!.data, { kept: true });
  await second.close();
});

test.after(() => rmSync(dir, { recursive: true, force: true }));
test.run();
