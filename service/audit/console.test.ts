// The audit console as an auditor uses it: streams with filters, what one request caused, an order and a review as of
// earlier moments with the diff, the export and its chain, verify with its result in the log, projection health.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { checkChain } from '../../projections/audit/hashChain.ts';
import { diffText } from '../../contracts/audit/diffText.ts';
import { londonText } from '../../contracts/shared/londonTime.ts';
import { eventually } from '../../infra/testing/assert.ts';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eventsCli, exportAndCheck } from '../../infra/testing/eventsCli.ts';
import { orderPlacedData, placeOrders } from '../../infra/testing/exampleOrders.ts';
import { adminHeaders, call, startTestShop, type TestShop } from '../../infra/testing/shop.ts';
import { heavyWorkMessages } from '../http/heavyWork.ts';
import { fetchWithin } from '../../infra/testing/http.ts';

let shop: TestShop;
let auditor: Record<string, string>;
const orderId = 'pi_sandbox_Console000000000000000001';
let reviewId = '';

test.before(async () => {
  shop = await startTestShop();
  const owner = await adminHeaders(shop);
  await placeOrders(shop, [orderPlacedData({ orderId, placedAt: '2026-03-01T09:00:00.000Z' })]);
  const change = (status: string, notes: string, expectedRevision: number) =>
    call(`${shop.url}/api/admin/orders/${orderId}/status`, {
      body: { status, notes, expectedRevision },
      headers: owner,
    });
  assert.is((await change('processing', 'Packing today', 0)).status, 200);
  assert.is((await change('shipped', 'Royal Mail', 1)).status, 200);
  assert.is((await change('delivered', 'Left with a neighbour', 2)).status, 200);
  const review = await call(`${shop.url}/api/reviews/submit`, {
    body: {
      bookId: 1,
      customerName: 'Maryam',
      customerEmail: 'maryam@example.com',
      rating: 5,
      reviewText: 'A gentle story about sharing.',
    },
  });
  reviewId = review.json.reviewId;
  assert.is(
    (
      await call(`${shop.url}/api/admin/reviews/${reviewId}/approve`, {
        body: { adminMessage: 'Thank you' },
        headers: owner,
      })
    ).status,
    200,
  );
  const created = await call(`${shop.url}/api/admin/accounts`, {
    body: { username: 'trustee', role: 'auditor' },
    headers: owner,
  });
  const login = await call(`${shop.url}/api/admin/login`, {
    body: { username: 'trustee', password: created.json.password },
  });
  auditor = { authorization: `Bearer ${login.json.token as string}` };
});
test.after(() => shop.close());

const get = (path: string) => call(`${shop.url}${path}`, { headers: auditor });

test('streams: every kind, filtered by kind, date and who acted', async () => {
  // The list is a read model's: it has the last event once the runner has folded it.
  await eventually(
    async () => (await get('/api/admin/audit/streams?q=admin-trustee')).json.total === 1,
    10_000,
    'the auditor account in the streams',
  );
  const all = await get('/api/admin/audit/streams');
  assert.is(all.status, 200, all.text);
  for (const kind of ['admin', 'book', 'order', 'review']) assert.ok(all.json.kinds.includes(kind), kind);
  const orders = await get('/api/admin/audit/streams?kind=order');
  assert.equal(
    orders.json.streams.map((s: { stream: string }) => s.stream),
    [`order-${orderId}`],
  );
  assert.is(orders.json.streams[0].events, 4);
  const byOwner = await get('/api/admin/audit/streams?actor=admin:admin');
  const names = byOwner.json.streams.map((s: { stream: string }) => s.stream);
  assert.ok(
    names.includes(`order-${orderId}`) && names.includes(`review-${reviewId}`) && names.includes('admin-trustee'),
    names.join(),
  );
  assert.not.ok(
    names.some((n: string) => n.startsWith('book-')),
    'the catalog seed is not the owner',
  );
  assert.is((await get('/api/admin/audit/streams?from=2001-01-01&to=2001-01-02')).json.streams.length, 0);
  assert.is((await get('/api/admin/audit/streams?from=yesterday')).status, 400);
});

test('streams: counted and paged, and searched by any part of the name in any case', async () => {
  const all = (await get('/api/admin/audit/streams?limit=200')).json;
  assert.is(all.total, all.streams.length);
  assert.ok(all.total > 3, `${all.total} streams`);
  // Two streams a page: the pages together are the whole list, in the same order, none twice.
  const paged: string[] = [];
  for (let offset = 0; offset < all.total; offset += 2) {
    const page = (await get(`/api/admin/audit/streams?limit=2&offset=${offset}`)).json;
    assert.is(page.total, all.total);
    assert.is(page.offset, offset);
    paged.push(...page.streams.map((s: { stream: string }) => s.stream));
  }
  assert.equal(
    paged,
    all.streams.map((s: { stream: string }) => s.stream),
  );
  const found = (await get(`/api/admin/audit/streams?q=${`r-${orderId}`.toUpperCase()}`)).json;
  assert.equal(
    { total: found.total, streams: found.streams.map((s: { stream: string }) => s.stream) },
    { total: 1, streams: [`order-${orderId}`] },
  );
  assert.is((await get('/api/admin/audit/streams?q=no-such-stream-anywhere')).json.total, 0);
  const reviews = (await get('/api/admin/audit/streams?kind=review&q=REVIEW')).json;
  assert.equal(
    reviews.streams.map((s: { stream: string }) => s.stream),
    [`review-${reviewId}`],
  );
  for (const bad of ['limit=0', 'limit=201', 'offset=-1', 'offset=abc']) {
    const res = await get(`/api/admin/audit/streams?${bad}`);
    assert.is(res.status, 400, `${bad}: ${res.text}`);
  }
});

test("an event's request: what else it caused, by correlation", async () => {
  const stream = (await get(`/api/admin/events?stream=order-${orderId}`)).json;
  const shipped = stream.events[2];
  assert.is(shipped.data.to, 'shipped');
  const related = await get(
    `/api/admin/audit/related?correlationId=${encodeURIComponent(shipped.metadata.correlationId)}`,
  );
  assert.is(related.status, 200);
  assert.ok(related.json.events.some((e: { id: string }) => e.id === shipped.id));
  assert.is((await get('/api/admin/audit/related')).status, 400);
});

test('time travel: an order as of a revision and as of a date-time, and the diff between two moments', async () => {
  const stream = `order-${orderId}`;
  const first = await get(`/api/admin/audit/state?stream=${stream}&at=0`);
  assert.is(first.status, 200, first.text);
  assert.is(first.json.state.status, 'pending');
  assert.is(first.json.revision, 0);
  assert.is(first.json.lastRevision, 3);
  assert.is((await get(`/api/admin/audit/state?stream=${stream}&at=2`)).json.state.status, 'shipped');
  assert.is((await get(`/api/admin/audit/state?stream=${stream}`)).json.state.status, 'delivered');
  const events = (await get(`/api/admin/events?stream=${stream}`)).json.events;
  const atShipped = await get(
    `/api/admin/audit/state?stream=${stream}&at=${encodeURIComponent(events[2].metadata.at)}`,
  );
  assert.ok(['shipped', 'delivered'].includes(atShipped.json.state.status), 'as of the moment it shipped');
  assert.is(
    (await get(`/api/admin/audit/state?stream=${stream}&at=2001-01-01T00:00:00Z`)).status,
    400,
    'before the stream began',
  );
  assert.is((await get(`/api/admin/audit/state?stream=${stream}&at=soon`)).status, 400);
  assert.is((await get('/api/admin/audit/state?stream=order-nothing')).status, 404);
  assert.is((await get('/api/admin/audit/state?stream=book-1')).status, 400);

  const diff = await get(`/api/admin/audit/diff?stream=${stream}&from=1&to=3`);
  assert.is(diff.status, 200, diff.text);
  assert.equal(
    diff.json.changes.find((c: { path: string }) => c.path === 'status'),
    { path: 'status', before: 'processing', after: 'delivered' },
  );
  assert.ok(
    diff.json.changes.every((c: { path: string }) => c.path !== 'orderNumber'),
    'only what changed',
  );

  const review = await get(`/api/admin/audit/diff?stream=review-${reviewId}&from=0`);
  assert.is(review.status, 200, review.text);
  assert.ok(
    review.json.changes.some((c: { path: string; after: unknown }) => c.path === 'status' && c.after === 'approved'),
    review.text,
  );
});

test('export: the log as hash-chained NDJSON with its head, checked by the same code as the CLI; a changed line is found', async () => {
  const res = await fetchWithin(`${shop.url}/api/admin/audit/export`, { headers: auditor });
  assert.is(res.status, 200);
  assert.match(res.headers.get('content-type') ?? '', 'application/x-ndjson');
  const head = res.headers.get('x-chain-head')!;
  const lines = (await res.text()).trimEnd().split('\n');
  assert.is(lines.length, await shop.shop.deps.events.headPosition());
  assert.equal(await checkChain(lines, head), { ok: true, lines: lines.length, head });
  const target = lines.findIndex((l) => l.includes('"type":"OrderStatusChanged"') && l.includes('"to":"shipped"'));
  assert.ok(target > 0);
  lines[target] = lines[target]!.replace('"to":"shipped"', '"to":"delivered"');
  const broken = await checkChain(lines, head);
  assert.is(broken.ok, false);
  assert.is(broken.ok === false && broken.line, target + 1);
  const one = await fetchWithin(`${shop.url}/api/admin/audit/export?stream=order-${orderId}`, { headers: auditor });
  assert.is((await one.text()).trimEnd().split('\n').length, 4);
  assert.is((await get('/api/admin/audit/export?stream=order-nothing')).status, 404);
});

test('verify: an auditor runs it, the read models match, and the result is an event in the log', async () => {
  const res = await call(`${shop.url}/api/admin/audit/verify`, { method: 'POST', headers: auditor });
  assert.is(res.status, 200, res.text);
  assert.is(res.json.match, true);
  const kept = await shop.shop.deps.events.readStream('audit-verifications');
  assert.is(kept.length, 1);
  assert.is(kept[0]!.type, 'ReadModelsVerified');
  assert.is((kept[0]!.data as { by: string }).by, 'trustee');
  assert.is(kept[0]!.metadata.causedBy, 'admin:trustee');
  // Clicked again and again: one verification at a time, each that ran is in the log, the others were told to wait.
  const burst = await Promise.all(
    Array.from({ length: 4 }, () => call(`${shop.url}/api/admin/audit/verify`, { method: 'POST', headers: auditor })),
  );
  assert.ok(
    burst.every((r) => r.status === 200 || (r.status === 409 && r.json.message === heavyWorkMessages.busy('verify'))),
    burst.map((r) => r.status).join(),
  );
  const ran = burst.filter((r) => r.status === 200).length;
  assert.ok(ran >= 1);
  assert.is((await shop.shop.deps.events.readStream('audit-verifications')).length, 1 + ran);
});

test("projection health: each read model's position and lag; nothing failed", async () => {
  const res = await get('/api/admin/audit/projections');
  assert.is(res.status, 200);
  assert.ok(res.json.projections.length >= 4);
  for (const p of res.json.projections) {
    assert.ok(p.position > 0 && p.lag >= 0, JSON.stringify(p));
    assert.is(p.lastError, null);
  }
});

test('rebuild: an owner starts it, an auditor may not; the new read models go live and still verify', async () => {
  assert.is((await call(`${shop.url}/api/admin/audit/rebuild`, { method: 'POST', headers: auditor })).status, 403);
  const owner = await adminHeaders(shop);
  const switched = shop.shop.readModels.switches;
  const res = await call(`${shop.url}/api/admin/audit/rebuild`, { method: 'POST', headers: owner });
  assert.is(res.status, 202, res.text);
  assert.is(res.json.started, true);
  await eventually(() => shop.shop.readModels.switches > switched, 30_000, 'the new read models to go live');
  await eventually(
    async () => (await get('/api/admin/audit/projections')).json.projections[0].rebuilding === false,
    30_000,
    'the health to show no rebuild',
  );
  const verified = await call(`${shop.url}/api/admin/audit/verify`, { method: 'POST', headers: owner });
  assert.is(verified.json.match, true);
  assert.is((await get(`/api/admin/audit/state?stream=order-${orderId}`)).json.state.status, 'delivered');
});

test('CLI parity: npm run events -- state and diff answer what the console answers', async () => {
  const stream = `order-${orderId}`;
  const env = { DATA_DIR: shop.dataDir };
  const state = await eventsCli(['state', stream, '--at', '1'], env);
  assert.is(state.code, 0, state.stdout + state.stderr);
  assert.equal(JSON.parse(state.stdout), (await get(`/api/admin/audit/state?stream=${stream}&at=1`)).json);
  const diff = await eventsCli(['diff', stream, '--from', '0', '--to', '3'], env);
  assert.is(diff.code, 0, diff.stderr);
  const answer = (await get(`/api/admin/audit/diff?stream=${stream}&from=0&to=3`)).json;
  assert.equal(JSON.parse(diff.stdout), answer);
  // The text is the console's table, line by line, with its fields in words.
  const text = await eventsCli(['diff', stream, '--from', '0', '--to', '3', '--text'], env);
  assert.is(text.code, 0, text.stderr);
  assert.equal(text.stdout.trimEnd().split('\n'), diffText(answer, londonText));
  assert.ok(text.stdout.includes('Status: pending → delivered'), text.stdout);
  const before = await eventsCli(['state', stream, '--at', '2001-01-01'], env);
  assert.is(before.code, 1);
  assert.match(before.stdout, 'The stream had not started at that moment');
});

test('CLI check --extends: a later export begins with the one signed off earlier; an earlier export does not extend a later head', async () => {
  const env = { DATA_DIR: shop.dataDir };
  const dir = mkdtempSync(join(tmpdir(), 'shop-extends-'));
  try {
    const events = (args: string[]) => eventsCli(args, env);
    const first = await exportAndCheck(events, join(dir, 'first.ndjson'));
    // The log moves on: a verification is one more event.
    assert.is((await call(`${shop.url}/api/admin/audit/verify`, { method: 'POST', headers: auditor })).status, 200);
    const second = await exportAndCheck(events, join(dir, 'second.ndjson'));
    assert.is.not(second.head, first.head);
    const extended = await events([
      'check',
      join(dir, 'second.ndjson'),
      '--head',
      second.head,
      '--extends',
      first.head,
    ]);
    assert.is(extended.code, 0, extended.stdout);
    assert.match(
      extended.stdout,
      /Extends the earlier export: its \d+ lines \(chain head [0-9a-f]{64}\) begin this one unchanged, and 1 line was added since\./,
    );
    const backwards = await events(['check', join(dir, 'first.ndjson'), '--extends', second.head]);
    assert.is(backwards.code, 1, backwards.stdout);
    assert.match(
      backwards.stdout,
      'Does not extend the earlier export: no line of this export ends with the chain head',
    );
    const bad = await events(['check', join(dir, 'second.ndjson'), '--extends', 'not-a-head']);
    assert.is.not(bad.code, 0);
    assert.match(bad.stdout + bad.stderr, '--extends needs the chain head an earlier export printed');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test.run();
