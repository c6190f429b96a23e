// The projection runner in its own process (`npm run projections`) serves a service started with PROJECTIONS=external.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createRedisReadStore } from '../readstore/redisReadStore.ts';
import { openLive } from '../../projections/engine/generations.ts';
import { REACTOR_NAMESPACE } from '../../projections/engine/reactor.ts';
import { eventually } from '../testing/assert.ts';
import { startReadLoad } from '../testing/readLoad.ts';
import { startRedis } from '../testing/redis.ts';
import { call, startTestShop } from '../testing/shop.ts';
import { nodeArgs } from '../testing/programs.ts';

const redis = await startRedis();
const dataDir = mkdtempSync(join(tmpdir(), 'shop-projections-'));
const env = { DATA_DIR: dataDir, REDIS_URL: redis.url, PROJECTIONS: 'external' };

function startProjections(): { child: ChildProcess; output: () => string } {
  const child = spawn(process.execPath, nodeArgs('infra/main/projections.ts'), {
    env: { ...process.env, ...env, LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
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
    await eventually(
      async () => (await call(`${shop.url}/api/books`)).json?.length === 3,
      20_000,
      'three books from the external runner',
    );
    const books = await call(`${shop.url}/api/books`);
    assert.is(books.status, 200);
    assert.equal(
      books.json.map((b: { id: number }) => b.id),
      [1, 2, 3],
    );
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

test('`npm run projections -- rebuild` builds a new generation beside the live one while the shop answers, and the runner follows it', async () => {
  const shop = await startTestShop(env);
  const projections = startProjections();
  const backend = createRedisReadStore(redis.url);
  try {
    await eventually(
      async () => (await call(`${shop.url}/api/books`)).json?.length === 3,
      20_000,
      'three books from the external runner',
    );
    const before = (await backend.live())!;
    const load = startReadLoad(
      shop.url,
      [
        {
          path: '/api/books',
          check: (body) => (Array.isArray(body) && body.length === 3 ? null : `${JSON.stringify(body).slice(0, 80)}`),
        },
      ],
      4,
    );
    const child = spawn(process.execPath, [...nodeArgs('infra/main/projections.ts'), 'rebuild'], {
      env: { ...process.env, ...env, LOG_LEVEL: 'info' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    const [code] = await once(child, 'exit');
    const { requests, failures } = await load.stop();
    assert.is(code, 0, output);
    assert.match(output, /the new generation is live and the old one is removed/);
    assert.equal(failures, [], failures.slice(0, 5).join('\n'));
    assert.ok(requests > 20, `only ${requests} reads during the rebuild`);

    const after = (await backend.live())!;
    assert.is.not(after.namespace, before.namespace);
    assert.is(after.versions, before.versions);
    assert.is(await backend.withNamespace(before.namespace).checkpoint('books'), null, 'the old generation is removed');
    assert.is(shop.shop.deps.reads.namespace, after.namespace, 'the shop reads the new generation');
    // The running runner folds new events into the new generation.
    const review = await call(`${shop.url}/api/reviews/submit`, {
      body: {
        bookId: 1,
        customerName: 'After Rebuild',
        customerEmail: 'after@example.com',
        rating: 5,
        reviewText: 'Written after the on-demand rebuild.',
      },
    });
    assert.is(review.status, 201, review.text);
    const head = await shop.shop.deps.events.headPosition();
    await eventually(
      async () => (await backend.withNamespace(after.namespace).checkpoint('reviews')) === head,
      10_000,
      'the runner folds into the new generation',
    );
  } finally {
    await backend.close();
    await stop(projections.child);
    await shop.close();
  }
});

test('with PROJECTIONS=external the e-mails are sent by `npm run projections`, once, across its restarts', async () => {
  const shop = await startTestShop(env);
  let projections = startProjections();
  const outbox = () =>
    existsSync(join(dataDir, 'outbox')) ? readdirSync(join(dataDir, 'outbox')).filter((f) => f.endsWith('.eml')) : [];
  const emailsSent = async () => {
    let n = 0;
    for await (const e of shop.shop.deps.events.readAll(0)) if (e.type === 'EmailSent') n += 1;
    return n;
  };
  try {
    const before = outbox().length;
    await eventually(
      async () => (await call(`${shop.url}/api/books`)).json?.length === 3,
      20_000,
      'the external runner is up',
    );
    const notified = await call(`${shop.url}/api/direct-notify`, {
      body: {
        shippingAddress: 'To be provided during checkout',
        items: [{ name: 'Together We Shine', quantity: 1, price: 999 }],
        totalAmount: 999,
        shippingCost: 0,
        paymentMethod: 'Stripe',
      },
    });
    assert.is(notified.status, 200, notified.text);
    await eventually(async () => outbox().length === before + 1, 10_000, "the owner's heads-up in the outbox");
    await eventually(async () => (await emailsSent()) === 1, 10_000, 'its EmailSent in the log');
    assert.is(shop.shop.reactor, null, 'the service itself sends nothing');

    assert.is(await stop(projections.child), 0, projections.output());
    const head = await shop.shop.deps.events.headPosition();
    projections = startProjections();
    await eventually(
      async () => /projection runner started/.test(projections.output()),
      20_000,
      'the runner restarted',
    );
    // The restarted reactor has looked at every event up to the head: what it would send again, it has sent by now.
    const backend = createRedisReadStore(redis.url);
    const checkpoints = backend.withNamespace(REACTOR_NAMESPACE);
    await eventually(
      async () => (await checkpoints.checkpoint('emails')) === head,
      10_000,
      'the restarted reactor at the head of the log',
    );
    await backend.close();
    assert.is(outbox().length, before + 1);
    assert.is(await emailsSent(), 1);
  } finally {
    await stop(projections.child);
    await shop.close();
  }
});

/** Runs `npm run projections` until the books are folded into Redis, then stops it: live read models, as a deployed shop has. */
async function foldedByTheRunner(): Promise<void> {
  const shop = await startTestShop(env);
  const projections = startProjections();
  try {
    await eventually(
      async () => (await call(`${shop.url}/api/books`)).json?.length === 3,
      20_000,
      'three books from the external runner',
    );
  } finally {
    await stop(projections.child);
    await shop.close();
  }
}

test('`npm run projections -- rebuild` refuses while read models of other versions are live, and changes nothing', async () => {
  await foldedByTheRunner();
  const backend = createRedisReadStore(redis.url);
  const live = (await backend.live())!;
  const older = { namespace: live.namespace, versions: live.versions.replace(/books@\d+/, 'books@0') };
  assert.ok(await backend.setLive(older, live.namespace));
  try {
    const child = spawn(process.execPath, [...nodeArgs('infra/main/projections.ts'), 'rebuild'], {
      env: { ...process.env, ...env, LOG_LEVEL: 'info' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    const [code] = await once(child, 'exit');
    assert.is(code, 1, output);
    assert.match(output, /the live read models are of other versions/);
    assert.equal(await backend.live(), older);
  } finally {
    await backend.setLive(live, live.namespace);
    await backend.close();
  }
});

test('`npm run projections` refuses to run without REDIS_URL, saying why', async () => {
  const child = spawn(process.execPath, nodeArgs('infra/main/projections.ts'), {
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
