// The audit console's streams on a recorded season (the golden log): paged through to the end, the pages hold every
// stream the log holds, once each, and the count says as many; a search finds a stream however its name is typed.
import { rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { eventually } from '../../infra/testing/assert.ts';
import { copyGoldenData, readGolden } from '../../infra/testing/golden.ts';
import { call, startTestShop } from '../../infra/testing/shop.ts';

const golden = readGolden('v1');
const dataDir = copyGoldenData(golden);
const shop = await startTestShop({ DATA_DIR: dataDir, ADMIN_USERNAME: golden.meta.admin.username, ADMIN_PASSWORD: '' });
test.after(async () => {
  await shop.close();
  rmSync(dirname(dataDir), { recursive: true, force: true });
});

let owner: Record<string, string> = {};
const get = async (path: string) => {
  const res = await call(`${shop.url}${path}`, { headers: owner });
  assert.is(res.status, 200, `${path}: ${res.text}`);
  return res.json;
};

test.before(async () => {
  const login = await call(`${shop.url}/api/admin/login`, {
    body: { username: golden.meta.admin.username, password: golden.meta.admin.password },
  });
  owner = { authorization: `Bearer ${login.json.token}` };
  // The streams' read model folds the recorded log after start; the sign-in above is its last event.
  const head = await shop.shop.deps.events.headPosition();
  await eventually(
    async () => ((await shop.shop.deps.reads.checkpoint('auditStreams')) ?? 0) >= head,
    60_000,
    'the streams read model to catch up',
  );
});

test('paged through to the end, the list holds every stream of the log once, and the count says how many', async () => {
  const distinct = (await shop.shop.deps.events.listStreams()).map((s) => s.stream);
  const seen: string[] = [];
  let total: number;
  for (let offset = 0; ; offset += 50) {
    const page = await get(`/api/admin/audit/streams?offset=${offset}&limit=50`);
    total = page.total;
    assert.ok(page.streams.length <= 50);
    seen.push(...page.streams.map((s: { stream: string }) => s.stream));
    if (page.streams.length < 50) break;
  }
  assert.ok(distinct.length > 500, `the golden log has ${distinct.length} streams, more than the old list showed`);
  assert.is(total, distinct.length);
  assert.is(new Set(seen).size, seen.length, 'no stream twice');
  assert.equal([...seen].sort(), [...distinct].sort());
  const events = await get('/api/admin/audit/streams?limit=200');
  const counted = (await shop.shop.deps.events.listStreams()).find((s) => s.stream === events.streams[0].stream)!;
  assert.is(events.streams[0].events, counted.revision + 1, 'a stream counts its events');
});

test('a search by any part of a name, in any case, and a kind, count what they find', async () => {
  const distinct = (await shop.shop.deps.events.listStreams()).map((s) => s.stream);
  const orders = distinct.filter((s) => s.startsWith('order-'));
  const byKind = await get('/api/admin/audit/streams?kind=order&limit=1');
  assert.is(byKind.total, orders.length);
  const one = orders[Math.floor(orders.length / 2)]!;
  const part = one.slice(-10);
  const found = await get(`/api/admin/audit/streams?q=${encodeURIComponent(part.toUpperCase())}`);
  const expected = distinct.filter((s) => s.toLowerCase().includes(part.toLowerCase()));
  assert.is(found.total, expected.length);
  assert.ok(
    found.streams.some((s: { stream: string }) => s.stream === one),
    `${one} found by ${part.toUpperCase()}`,
  );
});

test.run();
