// A projection's version goes up while shoppers and the owner keep reading: the new generation builds beside the live
// one, every request is answered throughout, the shop ends on the new version with the old one removed, and no e-mail
// is sent again.
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { loadConfig } from '../../service/config.ts';
import { createRedisReadStore } from '../../infra/readstore/redisReadStore.ts';
import { eventually } from '../../infra/testing/assert.ts';
import { startReadLoad, type ReadProbe } from '../../infra/testing/readLoad.ts';
import { startRedis } from '../../infra/testing/redis.ts';
import {
  adminHeaders,
  call,
  floodLimits,
  openEventStore,
  startTestShop,
  type TestShop,
} from '../../infra/testing/shop.ts';
import { allEvents, ofType, outboxFiles, paidCartCheckout, testWebhookSecret } from '../../infra/testing/checkout.ts';
import { booksProjection } from '../catalog/books.ts';
import { isOlderThan, LEGACY_NAMESPACE, versionsOf } from './generations.ts';
import { rebuild } from './rebuild.ts';
import { allProjections } from '../index.ts';
import type { Projection } from './projection.ts';

/** The next version of the books read model, whatever today's is: every book also says which edition wrote it. */
const nextBooksVersion = (booksProjection.version ?? 1) + 1;
const booksNext: Projection = {
  ...booksProjection,
  version: nextBooksVersion,
  async apply(event, view) {
    const writes = await booksProjection.apply(event, view);
    return writes.map((w) =>
      w.op === 'put' && w.collection === 'books'
        ? { ...w, doc: { ...(w.doc as object), edition: nextBooksVersion } }
        : w,
    );
  },
};
const bumped = allProjections.map((p) => (p.name === 'books' ? booksNext : p));

const REVIEWS = 40;
const ORDERS = 3;

async function trade(shop: TestShop) {
  for (let n = 0; n < REVIEWS; n++) {
    const res = await call(`${shop.url}/api/reviews/submit`, {
      body: {
        bookId: 1 + (n % 3),
        customerName: `Reader ${n}`,
        customerEmail: `reader${n}@example.com`,
        rating: 5,
        reviewText: `A lovely book to read together (${n}).`,
      },
    });
    assert.is(res.status, 201, res.text);
  }
  for (let n = 0; n < ORDERS; n++) {
    const sessionId = await paidCartCheckout(shop, [{ bookId: 1 + n, quantity: 1 }]);
    assert.is((await call(`${shop.url}/api/checkout/confirm`, { body: { sessionId } })).status, 200);
  }
}

async function probes(shop: TestShop): Promise<ReadProbe[]> {
  const headers = await adminHeaders(shop);
  return [
    {
      path: '/api/books',
      check: (body) =>
        Array.isArray(body) && body.length === 3
          ? null
          : `${JSON.stringify(body).slice(0, 100)} is not the three books`,
    },
    {
      path: '/api/admin/orders',
      headers,
      check: (body) => (body.orders?.length >= ORDERS ? null : `${body.orders?.length} orders listed`),
    },
    {
      path: '/api/admin/reviews',
      headers,
      check: (body) => (Array.isArray(body) && body.length >= REVIEWS ? null : `${body.length} reviews listed`),
    },
  ];
}

/** The outbox's files with their contents, and the log's EmailSent ids. */
async function sent(shop: TestShop) {
  const files = outboxFiles(shop).sort();
  return {
    files: files.map((f) => `${f} ${readFileSync(join(shop.dataDir, 'outbox', f), 'utf8').length}`),
    recorded: ofType(await allEvents(shop), 'EmailSent')
      .map((e) => e.id)
      .sort(),
  };
}

test('versions order generations: code with a lower version of any projection is the older', () => {
  // Each projection by name, in name order, with its version (one without a version counts as 1).
  const named = (name: string, version?: number): Projection => ({
    name,
    ...(version === undefined ? {} : { version }),
    handles: [],
    apply: async () => [],
  });
  assert.is(versionsOf([named('sales', 2), named('books'), named('ledger', 1)]), 'books@1,ledger@1,sales@2');
  assert.match(versionsOf(bumped), new RegExp(`(^|,)books@${nextBooksVersion}(,|$)`));
  assert.ok(isOlderThan(versionsOf(allProjections), versionsOf(bumped)));
  assert.not.ok(isOlderThan(versionsOf(bumped), versionsOf(allProjections)));
  assert.not.ok(isOlderThan(versionsOf(bumped), ''));
});

test('embedded store, one process: a version bump during a load of reads answers every request and ends on the new version', async () => {
  const shop = await startTestShop({ STRIPE_WEBHOOK_SECRET: testWebhookSecret, RATE_LIMITS: floodLimits });
  try {
    await trade(shop);
    const { deps, readModels } = shop.shop;
    const before = await sent(shop);
    assert.is(before.files.length, ORDERS * 2);
    const old = deps.reads.namespace;
    const load = startReadLoad(shop.url, await probes(shop));
    await load.answered(8);
    const result = await readModels.rebuild(bumped);
    const { requests, failures } = await load.stop();

    assert.equal(failures, [], failures.slice(0, 5).join('\n'));
    assert.ok(requests > 100, `only ${requests} reads during the rebuild`);
    assert.is(result.from, old);
    assert.is(deps.reads.namespace, result.to);
    assert.is(readModels.live?.versions, versionsOf(bumped));
    assert.is((await deps.reads.live())?.namespace, result.to);
    assert.is(await deps.reads.withNamespace(old).checkpoint('books'), null, 'the old generation is removed');
    const books = await call(`${shop.url}/api/books`);
    assert.ok(
      books.json.every((b: { edition?: number }) => b.edition === nextBooksVersion),
      'the answers come from the new version',
    );
    // Read-your-writes holds on the new generation: its runner is the one commands wait for now.
    const review = await call(`${shop.url}/api/reviews/submit`, {
      body: {
        bookId: 2,
        customerName: 'After Switch',
        customerEmail: 'after@example.com',
        rating: 4,
        reviewText: 'Read after the new read models took over.',
      },
    });
    const listed = await call(`${shop.url}/api/admin/reviews`, { headers: await adminHeaders(shop) });
    assert.ok(listed.json.some((r: { id: string }) => r.id === review.json.reviewId));
    assert.equal(await sent(shop), before, 'the outbox holds exactly what it held before the rebuild');
  } finally {
    await shop.close();
  }
});

test('Redis: a shop started with a new version builds beside the running one, which answers until both switch', async () => {
  const redis = await startRedis();
  const backend = createRedisReadStore(redis.url);
  const env = { REDIS_URL: redis.url, STRIPE_WEBHOOK_SECRET: testWebhookSecret, RATE_LIMITS: floodLimits };
  const running = await startTestShop(env, { keepData: true });
  let next: TestShop | null = null;
  try {
    await trade(running);
    const before = await sent(running);
    const old = (await backend.live())!.namespace;
    const load = startReadLoad(running.url, await probes(running));
    await load.answered(8);
    next = await startTestShop({ ...env, DATA_DIR: running.dataDir }, { projections: bumped });
    await eventually(
      async () => (await backend.live())?.versions === versionsOf(bumped),
      20_000,
      'the new version is live',
    );
    await eventually(
      async () => (await backend.withNamespace(old).checkpoint('books')) === null,
      20_000,
      'the old generation is removed',
    );
    const { requests, failures } = await load.stop();

    assert.equal(failures, [], failures.slice(0, 5).join('\n'));
    assert.ok(requests > 100, `only ${requests} reads during the rebuild`);
    for (const shop of [running, next]) {
      await eventually(
        async () =>
          (await call(`${shop.url}/api/books`)).json.every((b: { edition?: number }) => b.edition === nextBooksVersion),
        5000,
        'both shops read the new version',
      );
    }
    assert.is(running.shop.deps.reads.namespace, next.shop.deps.reads.namespace);
    assert.equal(await sent(running), before, 'the outbox holds exactly what it held before the rebuild');
  } finally {
    await next?.close();
    await running.close();
    await backend.close();
    rmSync(running.dataDir, { recursive: true, force: true });
    await redis.stop();
  }
});

test('Redis with read models from before generations (namespace v1, no record): they answer until the first generation replaces them', async () => {
  const redis = await startRedis();
  const seeded = await startTestShop({ RATE_LIMITS: floodLimits }, { keepData: true });
  await trade(seeded);
  await seeded.close();
  // The read models as the shop kept them before generations: everything under shop:v1:.
  const events = await openEventStore(loadConfig({ DATA_DIR: seeded.dataDir }));
  const backend = createRedisReadStore(redis.url);
  await rebuild(events, backend.withNamespace(LEGACY_NAMESPACE), allProjections);
  await events.close();
  const shop = await startTestShop({ REDIS_URL: redis.url, DATA_DIR: seeded.dataDir, RATE_LIMITS: floodLimits });
  try {
    const load = startReadLoad(shop.url, await probes(shop));
    await eventually(
      async () => (await backend.live())?.versions === versionsOf(allProjections),
      20_000,
      'a generation is recorded',
    );
    await eventually(
      async () => (await backend.withNamespace(LEGACY_NAMESPACE).checkpoint('books')) === null,
      20_000,
      'the v1 read models are removed',
    );
    const { requests, failures } = await load.stop();
    assert.equal(failures, [], failures.slice(0, 5).join('\n'));
    assert.ok(requests > 50, `only ${requests} reads`);
    assert.is(shop.shop.deps.reads.namespace, (await backend.live())!.namespace);
  } finally {
    await shop.close();
    await backend.close();
    rmSync(seeded.dataDir, { recursive: true, force: true });
    await redis.stop();
  }
});

test.run();
