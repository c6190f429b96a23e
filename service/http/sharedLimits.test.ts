// Two shop processes on one Redis and one event log count together: a client cannot double its allowance by
// reaching the other process, for sign-ins or for anonymous writes; and a session ended at one is ended at both.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startServer, type BenchServer } from '../../infra/bench/servers.ts';
import { eventually } from '../../infra/testing/assert.ts';
import { startRedis, type TestRedis } from '../../infra/testing/redis.ts';
import { call, testAdmin } from '../../infra/testing/shop.ts';
import { loginLimits } from '../admin/throttle.ts';
import { defaultLimits } from './limits.ts';

let redis: TestRedis;
let dataDir: string;
let shops: BenchServer[] = [];

test.before(async () => {
  redis = await startRedis();
  dataDir = mkdtempSync(join(tmpdir(), 'shop-shared-'));
  const env = {
    DATA_DIR: dataDir,
    REDIS_URL: redis.url,
    JWT_SECRET: 's'.repeat(40),
    ADMIN_USERNAME: testAdmin.username,
    ADMIN_PASSWORD: testAdmin.password,
    LOG_LEVEL: 'error',
    NODE_ENV: 'test',
  };
  // One process folds the log into Redis; the other reads what it commits, as with `npm run projections`.
  const first = await startServer('shop-1', 'infra/main/shop.ts', [], env, '/healthz');
  const second = await startServer('shop-2', 'infra/main/shop.ts', [], { ...env, PROJECTIONS: 'external' }, '/healthz');
  shops = [first, second];
});

test.after(async () => {
  for (const shop of shops) await shop.stop();
  await redis.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

test('anonymous writes: reviews sent to both processes in turn are counted once, together', async () => {
  const review = {
    bookId: 1,
    customerName: 'Amina Khan',
    customerEmail: 'amina@example.com',
    rating: 5,
    reviewText: 'Our children loved it.',
  };
  for (let i = 0; i < defaultLimits.reviews.points; i++) {
    const res = await call(`${shops[i % 2]!.url}/api/reviews/submit`, { body: review });
    assert.is(res.status, 201, `review ${i} on process ${i % 2}: ${res.text}`);
  }
  for (const shop of shops) {
    const res = await call(`${shop.url}/api/reviews/submit`, { body: review });
    assert.is(res.status, 429);
    assert.ok(Number(res.headers.get('retry-after')) > 0);
  }
});

test('sessions: a sign-out at one process ends the session at the other within a second', async () => {
  // Before the sign-in test below slows this address down.
  const signedIn = await call(`${shops[0]!.url}/api/admin/login`, { body: testAdmin });
  assert.is(signedIn.status, 200, signedIn.text);
  const headers = { authorization: `Bearer ${signedIn.json.token as string}` };
  assert.is((await call(`${shops[1]!.url}/api/admin/orders`, { headers })).status, 200);
  assert.is((await call(`${shops[0]!.url}/api/admin/logout`, { method: 'POST', headers })).status, 200);
  await eventually(
    async () => (await call(`${shops[1]!.url}/api/admin/orders`, { headers })).status === 401,
    1100,
    'the session ended at the other process',
  );
});

test('sign-in: failures at one process slow the same name and address at the other', async () => {
  for (let i = 0; i < loginLimits.failures; i++) {
    const res = await call(`${shops[i % 2]!.url}/api/admin/login`, {
      body: { username: testAdmin.username, password: `wrong-${i}` },
    });
    assert.is(res.status, 401, `attempt ${i}`);
  }
  for (const shop of shops) {
    const res = await call(`${shop.url}/api/admin/login`, { body: testAdmin });
    assert.is(res.status, 429);
    assert.is(res.json.error, 'too_many_requests');
  }
});

test.run();
