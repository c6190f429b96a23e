// The auditor's side of a day of trading: what the API shows of the log, and what `npm run events` makes of it.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { LogPageResponse } from '../../contracts/audit/model.ts';
import { startRedis } from '../../infra/testing/redis.ts';
import { adminHeaders, call, startTestShop } from '../../infra/testing/shop.ts';
import { allProjections } from '../../projections/index.ts';
import { verify } from '../../projections/engine/rebuild.ts';
import { orderPlacedData, placeOrders } from '../../infra/testing/exampleOrders.ts';
import { eventsCli, exportAndCheck } from '../../infra/testing/eventsCli.ts';

const redis = await startRedis();
const dataDir = mkdtempSync(join(tmpdir(), 'shop-audit-'));

const events = (args: string[], env: Record<string, string> = {}) =>
  eventsCli(args, { DATA_DIR: dataDir, REDIS_URL: redis.url, ...env });

/** The day of trading every test here audits: run once, by whichever test comes to need it first. */
let trading: Promise<LogPageResponse['events']> | null = null;
const aDayOfTrading = () => (trading ??= trade());

test('a run with orders and reviews: the read models in Redis equal a rebuild from the log, and the API pages through all of it', async () => {
  await aDayOfTrading();
});

/** Orders, status changes and reviews through the API; answers the log as the API pages through it. */
async function trade(): Promise<LogPageResponse['events']> {
  const apiLog: LogPageResponse['events'] = [];
  const shop = await startTestShop({ DATA_DIR: dataDir, REDIS_URL: redis.url, ADMIN_USERNAME: 'owner' });
  const owner = await adminHeaders(shop, 'owner');
  await placeOrders(shop, [
    orderPlacedData({ orderId: 'pi_sandbox_Audit0000000000000000001', placedAt: '2026-03-01T09:00:00.000Z' }),
    orderPlacedData({
      orderId: 'cs_sandbox_Audit0000000000000000002',
      placedAt: '2026-03-02T09:00:00.000Z',
      status: 'completed',
    }),
  ]);
  const change = (id: string, body: object) =>
    call(`${shop.url}/api/admin/orders/${id}/status`, { body, headers: owner });
  assert.is(
    (
      await change('pi_sandbox_Audit0000000000000000001', {
        status: 'processing',
        notes: 'Packing today',
        expectedRevision: 0,
      })
    ).status,
    200,
  );
  assert.is(
    (
      await change('pi_sandbox_Audit0000000000000000001', {
        status: 'shipped',
        notes: 'Royal Mail',
        expectedRevision: 1,
      })
    ).status,
    200,
  );
  // A burst from several tabs: some land, the rest are refused; the log keeps only what landed.
  const burst = await Promise.all(
    ['shipped', 'delivered', 'cancelled', 'processing'].map((status) =>
      change('cs_sandbox_Audit0000000000000000002', { status, expectedRevision: 0 }),
    ),
  );
  assert.ok(burst.every((a) => a.status === 200 || a.status === 409));

  const review = (name: string, rating: number) =>
    call(`${shop.url}/api/reviews/submit`, {
      body: {
        bookId: 2,
        customerName: name,
        customerEmail: `${name.toLowerCase()}@example.com`,
        rating,
        reviewText: 'A gentle story about sharing.',
      },
    });
  const kept = (await review('Maryam', 5)).json.reviewId as string;
  const refused = (await review('Idris', 2)).json.reviewId as string;
  assert.is(
    (
      await call(`${shop.url}/api/admin/reviews/${kept}/approve`, {
        body: { adminMessage: 'Thank you' },
        headers: owner,
      })
    ).status,
    200,
  );
  assert.is(
    (
      await call(`${shop.url}/api/admin/reviews/${refused}/reject`, {
        body: { adminMessage: 'Mentions a delivery, not the book' },
        headers: owner,
      })
    ).status,
    200,
  );

  const list = await call(`${shop.url}/api/admin/orders`, { headers: owner });
  assert.is(list.json.orders[1].status, 'shipped');
  assert.ok(
    (await verify(shop.shop.deps.events, shop.shop.deps.reads, allProjections)).match,
    'live read models differ from a rebuild',
  );

  for (let after = 0; ;) {
    const page = (await call(`${shop.url}/api/admin/events?after=${after}&limit=3`, { headers: owner }))
      .json as LogPageResponse;
    apiLog.push(...page.events);
    if (page.next === null) break;
    after = page.next;
  }
  assert.is(apiLog.length, await shop.shop.deps.events.headPosition());
  await shop.close();
  return apiLog;
}

test("the exported log checks out, with the owner's notes sealed; changing one status change breaks the chain at that line", async () => {
  const apiLog = await aDayOfTrading();
  const file = join(dataDir, 'log.ndjson');
  const { head } = await exportAndCheck(events, file);

  const lines = readFileSync(file, 'utf8').trimEnd().split('\n');
  assert.is(lines.length, apiLog.length);
  assert.not.ok(
    lines.some((line) => line.includes('Packing today')),
    'a note may name a person: the export carries it sealed',
  );
  const target = lines.findIndex(
    (line) =>
      line.includes('"type":"OrderStatusChanged"') &&
      line.includes('"to":"processing"') &&
      line.includes('Audit0000000000000000001'),
  );
  assert.ok(target > 0);
  assert.ok(
    lines[target]!.includes(`"id":"${apiLog[target]!.id}"`),
    'the export and the API disagree on the order of the log',
  );
  lines[target] = lines[target]!.replace('"to":"processing"', '"to":"cancelled"');
  writeFileSync(file, `${lines.join('\n')}\n`);
  const broken = await events(['check', file, '--head', head]);
  assert.is(broken.code, 1);
  assert.match(broken.stdout, `Chain broken at line ${target + 1}: line ${target + 1} was changed`);
});

test('replay --verify reports a match for the read models in Redis after the run', async () => {
  await aDayOfTrading();
  const result = await events(['replay', '--verify']);
  assert.is(result.code, 0, result.stdout + result.stderr);
  assert.match(result.stdout, /MATCH: the read models equal a rebuild from the log/);
});

test.after(async () => {
  await redis.stop();
  rmSync(dataDir, { recursive: true, force: true });
});
test.run();
