import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { NewEvent } from '../../contracts/shared/events.ts';
import { openSqliteEventStore } from '../../infra/eventstore/sqlite/sqliteEventStore.ts';
import { createMemoryReadStore } from '../../infra/readstore/memoryReadStore.ts';
import type { Projection } from './projection.ts';
import { contentHash, rebuild, verify } from './rebuild.ts';
import { ProjectionRunner, STORE_MARK } from './runner.ts';
import { openSqliteLease } from '../../infra/lease/sqliteLease.ts';
import type { ReadStore } from '../../contracts/ports/readStore.ts';
import { eventually } from '../../infra/testing/assert.ts';
import { added, counting, foldAcrossARestart } from '../../infra/testing/countingProjection.ts';

const dir = mkdtempSync(join(tmpdir(), 'shop-runner-'));
const meta = { causedBy: 'test', causationId: 'c', correlationId: 'c', at: '2026-01-01T00:00:00.000Z' };

test('runner: catches up, follows live events, and waitFor resolves at the appended position', async () => {
  const events = openSqliteEventStore(join(dir, 'a.sqlite'));
  for (let i = 1; i <= 5; i++) await events.append(`n-${i}`, [added(i)], 'no_stream');
  const reads = createMemoryReadStore();
  const { projection } = counting();
  const runner = new ProjectionRunner(events, reads, [projection], { healthCheckMs: 0 });
  await runner.start();
  assert.ok(await runner.waitFor(5));
  assert.equal(await reads.get('sum', 'all'), { total: 15, count: 5 });
  const { position } = await events.append('n-6', [added(100)], 'no_stream');
  assert.ok(await runner.waitFor(position));
  assert.equal(await reads.get('sum', 'all'), { total: 115, count: 6 });
  assert.is(await runner.lag(), 0);
  assert.is(await runner.waitFor(position + 10, 50), false);
  await runner.stop();
  await events.close();
});

test('runner: a restart resumes from the checkpoint and applies no event twice', async () => {
  const events = openSqliteEventStore(join(dir, 'b.sqlite'));
  const reads = createMemoryReadStore('resume');
  const { projection, applications } = counting();
  await foldAcrossARestart(events, projection, reads, async () => reads);
  assert.equal(await reads.get('sum', 'all'), { total: 500, count: 500 });
  assert.is(applications.size, 500);
  assert.ok(
    [...applications.values()].every((n) => n === 1),
    'an event was applied twice',
  );
  await events.close();
});

test('runner: rebuild into a fresh namespace equals the live read model; verify reports a match', async () => {
  const events = openSqliteEventStore(join(dir, 'c.sqlite'));
  const reads = createMemoryReadStore('live');
  const { projection } = counting();
  for (let i = 1; i <= 50; i++) await events.append(`n-${i}`, [added(i)], 'no_stream');
  const runner = new ProjectionRunner(events, reads, [projection], { healthCheckMs: 0 });
  await runner.start();
  assert.ok(await runner.waitFor(50));
  await runner.stop();
  const fresh = reads.withNamespace('fresh');
  const result = await rebuild(events, fresh, [projection]);
  assert.is(result.events, 50);
  assert.is(await contentHash(fresh), await contentHash(reads));
  // A rebuild trusts that its target starts empty (it skips reading documents it has not written), so it checks.
  let refused = false;
  await rebuild(events, fresh, [projection]).catch(() => (refused = true));
  assert.ok(refused, 'a rebuild into a namespace that holds read models must refuse');
  const verdict = await verify(events, reads, [projection]);
  assert.ok(verdict.match);
  // A read model that drifted from the log is caught.
  await reads.commit([{ op: 'put', collection: 'sum', id: 'all', doc: { total: -1, count: 0 } }], []);
  assert.is((await verify(events, reads, [projection])).match, false);
  await events.close();
});

test('rebuild: a document the previous batch wrote is read from that batch, not from the store', async () => {
  const events = openSqliteEventStore(join(dir, 'prev.sqlite'));
  const event = (type: string, k: number): NewEvent => ({ id: randomUUID(), type, data: { k }, metadata: meta });
  for (let k = 1; k <= 6; k++) await events.append(`doc-${k}`, [event('Opened', k)], 'no_stream');
  for (let k = 1; k <= 6; k++) await events.append(`doc-${k}`, [event('Updated', k)], 0);
  const projection: Projection = {
    name: 'docs',
    handles: ['Opened', 'Updated'],
    async apply(e, view) {
      const id = String((e.data as { k: number }).k);
      const current = e.type === 'Opened' ? { updates: 0 } : await view.get<{ updates: number }>('docs', id);
      if (!current) throw new Error(`document ${id} was not found`);
      return [
        { op: 'put', collection: 'docs', id, doc: { updates: current.updates + (e.type === 'Updated' ? 1 : 0) } },
      ];
    },
  };
  const store = createMemoryReadStore('prev');
  let storeReads = 0;
  const counted = {
    ...store,
    get: <T>(collection: string, id: string) => (storeReads++, store.get<T>(collection, id)),
  };
  // Batches of 4: [open 1-4], [open 5-6, update 1-2], [update 3-6]. Updates 1, 2, 5 and 6 find their document in
  // the batch before; updates 3 and 4 need the store.
  await rebuild(events, counted, [projection], { batchSize: 4 });
  assert.is(storeReads, 2);
  for (let k = 1; k <= 6; k++) assert.equal(await store.get('docs', String(k)), { updates: 1 });
  await events.close();
});

test('runner: with a read store whose reads take a round-trip (as Redis does), a burst is folded at once and exactly once', async () => {
  const events = openSqliteEventStore(join(dir, 'e.sqlite'));
  const memory = createMemoryReadStore('remote');
  // Every read answers only after the event loop has turned, so a scheduled commit can fire in the middle of an add.
  const remote = {
    ...memory,
    get: async <T>(collection: string, id: string) => {
      await new Promise((r) => setImmediate(r));
      return memory.get<T>(collection, id);
    },
  };
  // Each event reads a document no earlier event wrote, so every add goes to the store, as a new review's does.
  const { projection: sum, applications } = counting();
  const projection: Projection = {
    ...sum,
    async apply(event, view) {
      await view.get('seen', event.id);
      return sum.apply(event, view);
    },
  };
  const failures: string[] = [];
  const runner = new ProjectionRunner(events, remote, [projection], {
    healthCheckMs: 0,
    retryDelayMs: 10,
    logger: { info() {}, error: (o) => failures.push(JSON.stringify(o)) },
  });
  await runner.start();
  try {
    const appended = await Promise.all(
      Array.from({ length: 200 }, (_, i) => events.append(`r-${i}`, [added(1)], 'no_stream')),
    );
    const last = Math.max(...appended.map((a) => a.position));
    assert.ok(await runner.waitFor(last, 5000), 'the burst was not folded within 5 s');
    assert.equal(failures, []);
    assert.equal(await memory.get('sum', 'all'), { total: 200, count: 200 });
    assert.ok(
      [...applications.values()].every((n) => n === 1),
      'an event was applied twice',
    );
  } finally {
    await runner.stop();
    await events.close();
  }
});

test('runner: a read store that lost its data is noticed and rebuilt', async () => {
  const events = openSqliteEventStore(join(dir, 'd.sqlite'));
  const reads = createMemoryReadStore('lossy');
  const { projection } = counting();
  for (let i = 1; i <= 10; i++) await events.append(`n-${i}`, [added(1)], 'no_stream');
  const runner = new ProjectionRunner(events, reads, [projection], { healthCheckMs: 20, retryDelayMs: 10 });
  await runner.start();
  assert.ok(await runner.waitFor(10));
  await reads.drop();
  await eventually(
    async () => (await reads.get<{ count: number }>('sum', 'all'))?.count === 10,
    3000,
    'the sum folded again',
  );
  assert.equal(await reads.get('sum', 'all'), { total: 10, count: 10 });
  assert.is(runner.rebuilds, 1);
  await runner.stop();
  await events.close();
});

/** A store whose commits of writes wait while it is held: a process that lags behind, let through one commit at a time. */
function lagging(store: ReadStore) {
  let gate: Promise<void> | null = null;
  let open = () => {};
  let held = 0;
  let done = 0;
  const close = () => {
    gate = new Promise<void>((r) => (open = r));
  };
  const wrapped: ReadStore = {
    ...store,
    async commit(writes, checkpoints, expected) {
      if (gate && writes.length > 0) {
        held += 1;
        await gate;
      }
      try {
        return await store.commit(writes, checkpoints, expected);
      } finally {
        if (writes.length > 0) done += 1;
      }
    },
  };
  return {
    store: wrapped,
    hold: close,
    /** lets the commits waiting now through; the next ones wait again */
    releaseOne: () => {
      const opened = open;
      close();
      opened();
    },
    release: () => {
      gate = null;
      open();
    },
    held: () => held,
    done: () => done,
  };
}

test('runner: two runners on one store, one committing late what the other already folded, never rebuild it; every event counts once', async () => {
  // What two shop processes on one Redis did: the lagging one's batch moved the shared checkpoint back (205 after 206),
  // the other took the lower checkpoint for a lost store and dropped it; and the late batch, folded from documents the
  // other had already moved on, would have counted its events twice.
  const events = openSqliteEventStore(join(dir, 'two.sqlite'));
  const shared = createMemoryReadStore('shared');
  const { projection } = counting();
  for (let i = 1; i <= 20; i++) await events.append(`n-${i}`, [added(i)], 'no_stream');
  const slow = lagging(shared);
  const late = new ProjectionRunner(events, slow.store, [projection], { healthCheckMs: 0, retryDelayMs: 10 });
  slow.hold();
  await late.start();
  await eventually(async () => slow.held() === 1, 5000, 'the late runner holding its batch of 20 events');
  const ahead = new ProjectionRunner(events, shared, [projection], { healthCheckMs: 0, retryDelayMs: 10 });
  await ahead.start();
  try {
    assert.ok(await ahead.waitFor(20));
    const { position } = await events.append('n-21', [added(21)], 'no_stream');
    assert.ok(await ahead.waitFor(position));
    // The late batch of events 1 to 20 lands after the other runner committed event 21; the health check runs then.
    slow.releaseOne();
    await eventually(async () => slow.done() === 1, 5000, 'the late batch committed or refused');
    await ahead.checkStore();
    assert.is(ahead.rebuilds, 0, 'a checkpoint behind is not a lost store');
    assert.is(await shared.checkpoint('sum'), position, 'no checkpoint moves back');
    slow.release();
    assert.ok(await late.waitFor(position), 'the late runner resumes where the other one is');
    await Promise.all([ahead.checkStore(), late.checkStore()]);
    assert.is(ahead.rebuilds + late.rebuilds, 0);
    assert.ok(late.conflicts >= 1, 'the late batch was refused, not written over the newer documents');
    assert.is(await shared.checkpoint('sum'), position);
    assert.equal(await shared.get('sum', 'all'), { total: 231, count: 21 });
    // Both go on folding: every new event once, whichever commits it.
    const more = await Promise.all(
      Array.from({ length: 30 }, (_, i) => events.append(`m-${i}`, [added(1)], 'no_stream')),
    );
    const last = Math.max(...more.map((m) => m.position));
    assert.ok(await ahead.waitFor(last, 5000));
    assert.ok(await late.waitFor(last, 5000));
    await Promise.all([ahead.checkStore(), late.checkStore()]);
    assert.is(ahead.rebuilds + late.rebuilds, 0);
    assert.equal(await shared.get('sum', 'all'), { total: 261, count: 51 });
    const rebuilt = createMemoryReadStore('rebuilt');
    await rebuild(events, rebuilt, [projection]);
    assert.is(await contentHash(shared), await contentHash(rebuilt));
  } finally {
    slow.release();
    await ahead.stop();
    await late.stop();
    await events.close();
  }
});

test('runner: a shared store that lost its data is rebuilt by one of the runners folding it, once, under the lease', async () => {
  const events = openSqliteEventStore(join(dir, 'lost.sqlite'));
  const shared = createMemoryReadStore('lost');
  const { projection } = counting();
  for (let i = 1; i <= 10; i++) await events.append(`n-${i}`, [added(1)], 'no_stream');
  const leaseDir = mkdtempSync(join(dir, 'leases-'));
  // Three holders of one lease, as three processes on one data folder would be.
  const leases = [1, 2, 3].map(() => openSqliteLease(leaseDir, 'readmodels:mark'));
  const runners = leases.map(
    (lease) =>
      new ProjectionRunner(events, shared, [projection], {
        healthCheckMs: 0,
        retryDelayMs: 10,
        leaseRetryMs: 5,
        lease,
      }),
  );
  try {
    await Promise.all(runners.map((r) => r.start()));
    for (const r of runners) assert.ok(await r.waitFor(10));
    const mark = await shared.checkpoint(STORE_MARK);
    assert.ok(mark !== null, 'the store is marked');
    // A loss: the data and the mark are gone (a flushed Redis).
    await shared.drop();
    await Promise.all(runners.map((r) => r.checkStore()));
    for (const r of runners) assert.ok(await r.waitFor(10, 5000));
    assert.is(
      runners.reduce((n, r) => n + r.rebuilds, 0),
      1,
      'rebuilt once',
    );
    assert.ok((await shared.checkpoint(STORE_MARK)) !== mark, 'marked anew');
    assert.equal(await shared.get('sum', 'all'), { total: 10, count: 10 });
    await Promise.all(runners.map((r) => r.checkStore()));
    assert.is(
      runners.reduce((n, r) => n + r.rebuilds, 0),
      1,
      'and only once',
    );
  } finally {
    for (const r of runners) await r.stop();
    for (const lease of leases) lease.close();
    await events.close();
  }
});

test.after(() => rmSync(dir, { recursive: true, force: true }));
test.run();
