// Verify folds the log in the shop's own memory, in slices of time (decision 062): it must still catch a read model
// that differs from the log, on every backend the composition root can pick, and leave nothing behind in the live one.
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { ReadStore } from '../../contracts/ports/readStore.ts';
import { orderPlacedData, placeOrders } from '../../infra/testing/exampleOrders.ts';
import { startRedis, type TestRedis } from '../../infra/testing/redis.ts';
import { adminHeaders, call, startTestShop, type TestShop } from '../../infra/testing/shop.ts';
import { contentHash, rebuild } from '../../projections/engine/rebuild.ts';
import { eventually } from '../../infra/testing/assert.ts';
import { allProjections } from '../../projections/index.ts';

/** Changes one document the live read models hold, as a bug or a hand in the store would: the log says otherwise. */
async function tamper(reads: ReadStore) {
  for await (const line of reads.dump()) {
    const [kind, collection, id] = line.split(' ', 3) as [string, string, string];
    if (kind !== 'doc') continue;
    const doc = JSON.parse(line.slice(`doc ${collection} ${id} `.length)) as Record<string, unknown>;
    await reads.commit([{ op: 'put', collection, id, doc: { ...doc, tampered: true } }], []);
    return `${collection}/${id}`;
  }
  throw new Error('the live read models hold no document to change');
}

async function verifyTwice(shop: TestShop, label: string) {
  const owner = await adminHeaders(shop);
  await placeOrders(shop, [
    orderPlacedData({
      orderId: `pi_sandbox_Scratch${label[0]}00000000000000001`,
      placedAt: '2026-03-01T09:00:00.000Z',
    }),
    orderPlacedData({
      orderId: `pi_sandbox_Scratch${label[0]}00000000000000002`,
      placedAt: '2026-03-02T09:00:00.000Z',
    }),
  ]);
  // Each verification folds into a store of the shop's memory, made for it and emptied after it.
  const made: ReadStore[] = [];
  const scratchReads = shop.shop.deps.scratchReads;
  assert.ok(scratchReads, 'the composition root gives verifications a scratch store in memory');
  shop.shop.deps.scratchReads = () => {
    const store = scratchReads();
    made.push(store);
    return store;
  };
  const verify = () => call(`${shop.url}/api/admin/audit/verify`, { method: 'POST', headers: owner });
  // Each verification starts once the live read models hold the whole log (the last one's own event included), so it
  // is not made again because they moved on meanwhile.
  const settled = () =>
    eventually(
      async () => {
        const head = await shop.shop.deps.events.headPosition();
        const held = await Promise.all(allProjections.map((p) => shop.shop.deps.reads.checkpoint(p.name)));
        return held.every((position) => (position ?? 0) >= head);
      },
      10_000,
      'the read models to hold the whole log',
    );
  await settled();
  const clean = await verify();
  assert.is(clean.status, 200, clean.text);
  assert.is(clean.json.match, true, `${label}: the untouched read models should match the log`);
  assert.is(clean.json.result.liveHash, clean.json.result.rebuiltHash);
  assert.ok(clean.json.result.events > 0, `${label}: nothing was folded`);

  await settled();
  const changed = await tamper(shop.shop.deps.reads);
  const caught = await verify();
  assert.is(caught.status, 200, caught.text);
  assert.is(caught.json.match, false, `${label}: a changed ${changed} went unnoticed`);
  assert.is.not(caught.json.result.liveHash, caught.json.result.rebuiltHash);
  // The rebuilt side is the log's: a rebuild of the log up to the same position, made here, hashes the same. (Not the
  // clean run's hash: the first verification's own event is in the log since, and the streams' read model folds it.)
  const own = scratchReads();
  await rebuild(shop.shop.deps.events, own, allProjections, { upTo: caught.json.result.position });
  assert.is(caught.json.result.rebuiltHash, await contentHash(own));
  await own.drop();
  assert.equal(
    made.map((store) => store.kind),
    ['memory', 'memory'],
  );
  for (const store of made) for await (const line of store.dump()) assert.unreachable(`a scratch store kept ${line}`);
  const kept = await shop.shop.deps.events.readStream('audit-verifications');
  assert.equal(
    kept.map((e) => (e.data as { match: boolean }).match),
    [true, false],
  );
}

test('embedded SQLite read models: a verification matches, then catches a changed document, and writes no scratch rows into the file', async () => {
  const shop = await startTestShop({ READ_STORE: 'sqlite' });
  try {
    await verifyTwice(shop, 'Sqlite');
    const db = new Database(join(shop.dataDir, 'readmodels.sqlite'), { readonly: true, fileMustExist: true });
    try {
      const spaces = db
        .prepare(
          'SELECT DISTINCT ns FROM docs UNION SELECT DISTINCT ns FROM idx UNION SELECT DISTINCT ns FROM checkpoints',
        )
        .pluck()
        .all() as string[];
      // The live generation, and the reactor's checkpoint beside it: nothing else.
      assert.equal(
        spaces.filter((ns) => ns !== shop.shop.deps.reads.namespace && ns !== 'reactor'),
        [],
        'a verification wrote into the live file',
      );
    } finally {
      db.close();
    }
  } finally {
    await shop.close();
  }
});

test('memory read models: a verification matches, then catches a changed document', async () => {
  const shop = await startTestShop({ READ_STORE: 'memory' });
  try {
    await verifyTwice(shop, 'Memory');
  } finally {
    await shop.close();
  }
});

test('read models in Redis: a verification matches, then catches a changed document', async () => {
  const redis: TestRedis = await startRedis();
  try {
    const shop = await startTestShop({ REDIS_URL: redis.url });
    try {
      await verifyTwice(shop, 'Redis');
    } finally {
      await shop.close();
    }
  } finally {
    await redis.stop();
  }
});

test.run();
