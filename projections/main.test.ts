// The projection runner in its own process (`npm run projections`) serves a service started with PROJECTIONS=external.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createRedisReadStore } from '../infra/readstore/redisReadStore.ts';
import { openLive } from './generations.ts';
import { eventually } from '../infra/testing/assert.ts';
import { startRedis } from '../infra/testing/redis.ts';
import { call, startTestShop } from '../infra/testing/shop.ts';

const redis = await startRedis();
const dataDir = mkdtempSync(join(tmpdir(), 'shop-projections-'));
const env = { DATA_DIR: dataDir, REDIS_URL: redis.url, PROJECTIONS: 'external' };

function startProjections(): { child: ChildProcess; output: () => string } {
  const child = spawn(process.execPath, ['--import', 'tsx', 'projections/main.ts'], {
    env: { ...process.env, ...env, LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  return { child, output: () => output };
}

async function stop(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null) return child.exitCode;
  const exited = once(child, 'exit');
  process.kill(child.pid!, 'SIGTERM');
  const [code] = await exited;
  return code as number | null;
}

test('a service with PROJECTIONS=external serves the books that `npm run projections` folds into Redis', async () => {
  const shop = await startTestShop(env);
  const projections = startProjections();
  try {
    await eventually(async () => (await call(`${shop.url}/api/books`)).json?.length === 3, 20_000, 'three books from the external runner');
    const books = await call(`${shop.url}/api/books`);
    assert.is(books.status, 200);
    assert.equal(books.json.map((b: { id: number }) => b.id), [1, 2, 3]);
    const health = await call(`${shop.url}/healthz`);
    assert.is(health.json.readStore.kind, 'redis');
    assert.is(health.json.projections.lag, 0);

    assert.is(await stop(projections.child), 0, projections.output());
    assert.match(projections.output(), /"msg":"stopped"/);
    // The runner left its checkpoint in Redis, at the head of the log.
    const backend = createRedisReadStore(redis.url);
    const reads = await openLive(backend);
    assert.is(await reads.checkpoint('books'), await shop.shop.deps.events.headPosition());
    await backend.close();
  } finally {
    await stop(projections.child);
    await shop.close();
  }
});

test('`npm run projections` refuses to run without REDIS_URL, saying why', async () => {
  const child = spawn(process.execPath, ['--import', 'tsx', 'projections/main.ts'], {
    env: { ...process.env, DATA_DIR: dataDir, REDIS_URL: '', LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  const [code] = await once(child, 'exit');
  assert.is(code, 1);
  assert.match(output, /needs REDIS_URL/);
});

test.after(async () => {
  await redis.stop();
  rmSync(dataDir, { recursive: true, force: true });
});
test.run();
