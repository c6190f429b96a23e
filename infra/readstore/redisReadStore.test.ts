// The read store contract against a private redis-server, and the projection runner on Redis: resuming, rebuilding,
// and surviving a Redis that restarts empty.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { contentHash, rebuild, verify } from '../../projections/engine/rebuild.ts';
import { ProjectionRunner } from '../../projections/engine/runner.ts';
import { openSqliteEventStore } from '../eventstore/sqlite/sqliteEventStore.ts';
import { eventually } from '../testing/assert.ts';
import { added, counting, foldAcrossARestart } from '../testing/countingProjection.ts';
import { startRedis } from '../testing/redis.ts';
import { readStoreContract } from '../testing/readStoreContract.ts';
import { createMemoryReadStore } from './memoryReadStore.ts';
import { createRedisReadStore } from './redisReadStore.ts';

const redis = await startRedis();
const dir = mkdtempSync(join(tmpdir(), 'shop-redis-runner-'));
readStoreContract('redis', async (namespace) => createRedisReadStore(redis.url, namespace)).run();

const test = suite('redis read store with the projection runner');

test('a big batch commits in one transaction, and a bad document leaves nothing', async () => {
  const store = createRedisReadStore(redis.url, `big-${randomUUID()}`);
  const writes = Array.from({ length: 20_000 }, (_, i) => ({
    op: 'put' as const,
    collection: 'c',
    id: String(i),
    doc: { i },
  }));
  await store.commit(
    [...writes, { op: 'index', index: 'i', id: '1', score: 1 }, { op: 'delete', collection: 'c', id: '0' }],
    [{ projection: 'p', position: 20_000 }],
  );
  assert.is(await store.get('c', '0'), null);
  assert.equal(await store.get('c', '19999'), { i: 19999 });
  assert.is(await store.checkpoint('p'), 20_000);
  let threw = false;
  try {
    await store.commit(
      [
        { op: 'put', collection: 'c', id: 'x', doc: 1 },
        { op: 'index', index: 'i', id: 'y', score: Number.NaN },
      ],
      [{ projection: 'p', position: 1 }],
    );
  } catch {
    threw = true;
  }
  assert.ok(threw, 'a NaN score must be refused');
  assert.is(await store.get('c', 'x'), null);
  assert.is(await store.checkpoint('p'), 20_000);
  await store.drop();
  await store.close();
});

test('after a restart the runner resumes from the checkpoint in Redis and applies no event twice', async () => {
  const events = openSqliteEventStore(join(dir, 'resume.sqlite'));
  const namespace = `resume-${randomUUID()}`;
  const { projection, applications } = counting();
  const firstStore = createRedisReadStore(redis.url, namespace);
  const secondStore = await foldAcrossARestart(events, projection, firstStore, async () => {
    await firstStore.close();
    // A new connection, as a new process would have: only Redis remembers where the first one stopped.
    const reopened = createRedisReadStore(redis.url, namespace);
    assert.is(await reopened.checkpoint('sum'), 300);
    return reopened;
  });
  assert.equal(await secondStore.get('sum', 'all'), { total: 500, count: 500 });
  assert.is(applications.size, 500);
  assert.ok(
    [...applications.values()].every((n) => n === 1),
    'an event was applied twice',
  );

  // A rebuild into a fresh namespace equals the live read models, and the memory store folds to the same content.
  const rebuilt = secondStore.withNamespace(`${namespace}-rebuilt`);
  assert.is((await rebuild(events, rebuilt, [projection])).events, 500);
  const live = await contentHash(secondStore);
  assert.is(await contentHash(rebuilt), live);
  const memory = createMemoryReadStore('same');
  await rebuild(events, memory, [projection]);
  assert.is(await contentHash(memory), live);
  assert.ok((await verify(events, secondStore, [projection])).match);
  await rebuilt.drop();
  await secondStore.drop();
  await secondStore.close();
  await events.close();
});

/** Runs `scenario` with a runner over 100 counted events in a fresh namespace, and cleans up whatever happens. */
async function withRunner(
  name: string,
  options: { healthCheckMs: number },
  scenario: (ctx: {
    runner: ProjectionRunner;
    store: ReturnType<typeof createRedisReadStore>;
    events: ReturnType<typeof openSqliteEventStore>;
  }) => Promise<void>,
) {
  const events = openSqliteEventStore(join(dir, `${name}.sqlite`), { pollIntervalMs: 20 });
  const store = createRedisReadStore(redis.url, `${name}-${randomUUID()}`);
  const runner = new ProjectionRunner(events, store, [counting().projection], { ...options, retryDelayMs: 20 });
  try {
    for (let i = 1; i <= 100; i++) await events.append(`n-${i}`, [added(1)], 'no_stream');
    await runner.start();
    assert.ok(await runner.waitFor(100));
    await scenario({ runner, store, events });
  } finally {
    await runner.stop();
    await store.close();
    await events.close();
  }
}

const sumReaches = (store: ReturnType<typeof createRedisReadStore>, count: number) =>
  eventually(
    async () => (await store.get<{ count: number }>('sum', 'all').catch(() => null))?.count === count,
    10_000,
    `a sum over ${count} events`,
  );

test('a Redis that restarts empty while the log is quiet is noticed by the health check and rebuilt', async () => {
  await withRunner('quiet', { healthCheckMs: 50 }, async ({ runner, store }) => {
    await redis.restart();
    await sumReaches(store, 100);
    assert.equal(await store.get('sum', 'all'), { total: 100, count: 100 });
    assert.is(await store.checkpoint('sum'), 100);
    // The health check notices the empty store, unless the runner's own reconnect found the checkpoint gone first and
    // folded the log again from its start (a busy machine can order them either way): never both, never twice.
    assert.ok(runner.rebuilds <= 1, `${runner.rebuilds} rebuilds`);
  });
});

test('a batch folded before Redis restarted empty is refused, so the next event cannot hide the loss', async () => {
  // No health check here: only the store's refusal to commit across a reconnect can save the read models.
  await withRunner('busy', { healthCheckMs: 0 }, async ({ runner, store, events }) => {
    await redis.restart();
    const { position } = await events.append('n-101', [added(1)], 'no_stream');
    await sumReaches(store, 101);
    assert.equal(await store.get('sum', 'all'), { total: 101, count: 101 });
    assert.is(await store.checkpoint('sum'), position);
    assert.ok(await runner.waitFor(position));
  });
});

test('a Redis flushed and written to again within one health-check interval is still noticed and rebuilt', async () => {
  // The next commit rewrites every projection's checkpoint, so only the marker of the runner's resume shows the loss.
  await withRunner('flushed', { healthCheckMs: 200 }, async ({ runner, store, events }) => {
    const admin = new Redis(redis.url);
    try {
      await admin.flushall();
      const { position } = await events.append('n-101', [added(1)], 'no_stream');
      await sumReaches(store, 101);
      assert.equal(await store.get('sum', 'all'), { total: 101, count: 101 });
      assert.ok(await runner.waitFor(position));
      assert.is(runner.rebuilds, 1);
    } finally {
      admin.disconnect();
    }
  });
});

test.after(async () => {
  await redis.stop();
  rmSync(dir, { recursive: true, force: true });
});
test.run();
