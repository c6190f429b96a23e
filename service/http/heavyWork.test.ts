// The long admin tasks take turns: one at a time per shop, across processes on one data folder, and a limited number
// per account; a refusal is a clear 409 or 429 and costs nothing.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Lease } from '../../contracts/ports/lease.ts';
import { Conflict } from '../../contracts/shared/errors.ts';
import { eventually } from '../../infra/testing/assert.ts';
import { adminHeaders, call, startTestShop } from '../../infra/testing/shop.ts';
import { HttpError } from './errors.ts';
import { createHeavyWork, heavyWorkMessages } from './heavyWork.ts';

/** A lease another process may be holding, and what was asked of it. */
function fakeLease() {
  const lease = { heldElsewhere: false, held: false, acquired: 0, released: 0 };
  const port: Lease = {
    renewMs: 60_000,
    holder: 'test',
    acquire: async () => {
      lease.acquired += 1;
      if (lease.heldElsewhere) return false;
      return (lease.held = true);
    },
    release: async () => {
      lease.released += 1;
      lease.held = false;
    },
    close: () => {},
  };
  return { lease, port };
}

const counting = (allowed: number) => {
  const taken: string[] = [];
  return {
    taken,
    limits: { take: async (_name: string, key: string) => (taken.push(key), taken.length > allowed ? 90_000 : 0) },
  };
};

const refusal = async (promise: Promise<unknown>) => {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('not refused');
};

test('one job at a time: a second is refused with 409 naming the one that runs, and costs its account nothing', async () => {
  const { lease, port } = fakeLease();
  const { taken, limits } = counting(10);
  const heavy = createHeavyWork(port, limits);
  const release = await heavy.begin('rebuild', 'account:owner');
  assert.is(heavy.running, 'rebuild');
  assert.ok(lease.held);
  const second = await refusal(heavy.begin('verify', 'account:auditor'));
  assert.instance(second, Conflict);
  assert.is(second.message, heavyWorkMessages.busy('rebuild'));
  assert.equal(taken, ['account:owner']);
  await release();
  await release();
  assert.is(heavy.running, null);
  assert.is(lease.released, 1);
  // The turn is free again; a job that fails gives it back too.
  await refusal(heavy.run('erasure', 'account:owner', async () => Promise.reject(new Error('the erasure failed'))));
  assert.is(heavy.running, null);
  assert.not.ok(lease.held);
  assert.is(await heavy.run('verify', 'account:owner', async () => 'verified'), 'verified');
});

test('another process holding the lease: refused with 409, and nothing counted or left claimed here', async () => {
  const { lease, port } = fakeLease();
  const { taken, limits } = counting(10);
  const heavy = createHeavyWork(port, limits);
  lease.heldElsewhere = true;
  const refused = await refusal(heavy.begin('verify', 'account:owner'));
  assert.instance(refused, Conflict);
  assert.is(refused.message, heavyWorkMessages.busyElsewhere);
  assert.equal(taken, []);
  assert.is(heavy.running, null);
  lease.heldElsewhere = false;
  assert.is(await heavy.run('verify', 'account:owner', async () => 1), 1);
});

test('past the per-account limit: 429 with the wait, and the turn given back', async () => {
  const { lease, port } = fakeLease();
  const { limits } = counting(1);
  const heavy = createHeavyWork(port, limits);
  await heavy.run('verify', 'account:owner', async () => {});
  const refused = await refusal(heavy.begin('verify', 'account:owner'));
  assert.instance(refused, HttpError);
  assert.is((refused as HttpError).status, 429);
  assert.is(refused.message, heavyWorkMessages.tooMany('2 minutes'));
  assert.is((refused as Error & { retryAfterSeconds?: number }).retryAfterSeconds, 90);
  assert.is(heavy.running, null);
  assert.not.ok(lease.held);
});

test('20 parallel verify calls: one runs, the other 19 get a clear 409, and nothing of theirs is recorded', async () => {
  const shop = await startTestShop();
  const { deps } = shop.shop;
  const log = deps.events;
  try {
    const owner = await adminHeaders(shop);
    const before = await log.headPosition();
    // The verification that runs reads the log only once the test lets it, so it is still running however late the
    // other nineteen arrive: no race with the clock.
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    deps.events = new Proxy(log, {
      get: (target, key) =>
        key === 'readAll'
          ? async function* (...args: Parameters<typeof log.readAll>) {
              await gate;
              yield* target.readAll(...args);
            }
          : Reflect.get(target, key, target),
    });
    const settled: { status: number }[] = [];
    const calls = Array.from({ length: 20 }, () =>
      call(`${shop.url}/api/admin/audit/verify`, { method: 'POST', headers: owner }).then((a) => (settled.push(a), a)),
    );
    await eventually(async () => settled.length === 19, 20_000, 'nineteen answers while one verification runs');
    open();
    const answers = await Promise.all(calls);
    deps.events = log;
    const ran = answers.filter((a) => a.status === 200);
    const refused = answers.filter((a) => a.status === 409);
    assert.is(ran.length, 1, answers.map((a) => a.status).join(','));
    assert.is(refused.length, 19);
    for (const r of refused)
      assert.equal(r.json, { success: false, error: 'conflict', message: heavyWorkMessages.busy('verify') });
    assert.ok(ran[0]!.json.match);
    // One verification recorded its result; the refused ones recorded nothing.
    const after: string[] = [];
    for await (const event of log.readAll(before)) after.push(event.type);
    assert.is(after.length, 1, after.join(', '));
    // Its turn ended with it: the next call runs.
    assert.is((await call(`${shop.url}/api/admin/audit/verify`, { method: 'POST', headers: owner })).status, 200);
  } finally {
    await shop.close();
  }
});

test('two shop processes on one data folder: a long task on one refuses the others on the other until it ends', async () => {
  const first = await startTestShop();
  const second = await startTestShop({ DATA_DIR: first.dataDir });
  try {
    const owner = await adminHeaders(second);
    // The first shop's backup (or any long task) holds the shop's turn.
    const release = await first.shop.deps.heavyWork.begin('backup', 'account:admin');
    for (const [path, body] of [
      ['/api/admin/audit/verify', undefined],
      ['/api/admin/audit/rebuild', undefined],
      ['/api/admin/privacy/retention', undefined],
      ['/api/admin/privacy/erase', { email: 'nobody@example.com', reason: 'Asked to be forgotten' }],
    ] as const) {
      const res = await call(`${second.url}${path}`, { method: 'POST', headers: owner, ...(body ? { body } : {}) });
      assert.is(res.status, 409, `${path}: ${res.text}`);
      assert.is(res.json.message, heavyWorkMessages.busyElsewhere);
    }
    await release();
    assert.is((await call(`${second.url}/api/admin/audit/verify`, { method: 'POST', headers: owner })).status, 200);
  } finally {
    await second.close();
    await first.close();
  }
});

test('the per-account limit through the API: past it a 429 with Retry-After', async () => {
  const shop = await startTestShop({ RATE_LIMITS: 'adminWork=2/3600' });
  try {
    const owner = await adminHeaders(shop);
    const verify = () => call(`${shop.url}/api/admin/audit/verify`, { method: 'POST', headers: owner });
    assert.is((await verify()).status, 200);
    assert.is((await verify()).status, 200);
    const third = await verify();
    assert.is(third.status, 429);
    assert.match(third.json.message, /^Too many long tasks .* from your account\. Please try again in \d+ minutes?\.$/);
    assert.ok(Number(third.headers.get('retry-after')) > 0);
  } finally {
    await shop.close();
  }
});

test.run();
