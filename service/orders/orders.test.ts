import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { AdminOrdersResponse, OrderHistoryResponse } from '../../contracts/orders/console.ts';
import { orderStatuses } from '../../contracts/shared/constants.ts';
import { orderStream } from '../../contracts/shared/streams.ts';
import { adminHeaders, call, startTestShop, type TestShop } from '../../infra/testing/shop.ts';
import { orderPlacedData, placeOrders } from '../../infra/testing/exampleOrders.ts';
import { statusMoveMessages } from '../../contracts/orders/statusMoves.ts';
import { staleOrderMessage } from './orderStatus.ts';

let shop: TestShop;
let owner: Record<string, string>;

test.before(async () => {
  shop = await startTestShop({ ADMIN_USERNAME: 'owner' }, { clock: () => new Date('2026-03-05T08:30:00.000Z') });
  owner = await adminHeaders(shop, 'owner');
  await placeOrders(shop, [
    orderPlacedData({ orderId: 'ord-first', placedAt: '2026-03-01T09:00:00.000Z' }),
    orderPlacedData({
      orderId: 'ord-paid',
      placedAt: '2026-03-02T09:00:00.000Z',
      status: 'completed',
      customerName: 'Yusuf Ali',
    }),
    orderPlacedData({ orderId: 'ord-newest', placedAt: '2026-03-03T09:00:00.000Z' }),
  ]);
});
test.after(async () => shop?.close());

const statusOf = (id: string, body: unknown, headers = owner) =>
  call(`${shop.url}/api/admin/orders/${id}/status`, { method: 'POST', body, headers });
const historyOf = async (id: string) =>
  (await call(`${shop.url}/api/admin/orders/${id}/history`, { headers: owner })).json as OrderHistoryResponse;
const head = () => shop.shop.deps.events.headPosition();

test('every order route answers 401 without a valid token', async () => {
  const bad = { authorization: 'Bearer not-a-token' };
  for (const headers of [{}, bad]) {
    for (const path of [
      '/api/admin/orders',
      '/api/admin/orders?status=pending',
      '/api/admin/orders/ord-first/history',
      '/api/admin/events',
      '/api/admin/events?stream=order-ord-first',
    ]) {
      const res = await call(`${shop.url}${path}`, { headers });
      assert.is(res.status, 401, path);
      assert.is(res.json.success, false);
    }
    const before = await head();
    assert.is((await statusOf('ord-first', { status: 'shipped' }, headers)).status, 401);
    assert.is(await head(), before, 'a refused change appended an event');
  }
});

test('GET /api/admin/orders: newest first with the order fields, counts, and a status filter', async () => {
  const res = await call(`${shop.url}/api/admin/orders`, { headers: owner });
  assert.is(res.status, 200);
  const body = res.json as AdminOrdersResponse;
  assert.equal(
    body.orders.map((o) => o.orderId),
    ['ord-newest', 'ord-paid', 'ord-first'],
  );
  assert.is(body.totalOrders, 3);
  assert.is(body.counts.pending, 2);
  assert.is(body.counts.completed, 1);
  const first = body.orders[2]!;
  for (const field of [
    'orderId',
    'status',
    'orderDate',
    'customerName',
    'customerEmail',
    'shippingAddress',
    'total',
    'paymentMethod',
    'totalAmount',
    'shippingCost',
    'items',
  ]) {
    assert.ok(field in first, field);
  }
  assert.is(first.total, '£13.49');
  assert.is(first.shippingAddress, '12 Rosewood Close, Leicester, LE2 3AB, GB');
  assert.equal(first.items, [{ name: 'The Kindness Basket', quantity: 1, price: 999 }]);

  const completed = await call(`${shop.url}/api/admin/orders?status=completed`, { headers: owner });
  assert.equal(
    completed.json.orders.map((o: { orderId: string }) => o.orderId),
    ['ord-paid'],
  );
  assert.is(completed.json.totalOrders, 1);
  const bad = await call(`${shop.url}/api/admin/orders?status=lost`, { headers: owner });
  assert.is(bad.status, 400);
  assert.equal(
    bad.json.issues.map((i: { field: string }) => i.field),
    ['status'],
  );
});

test('POST status: the change is recorded with notes, admin and time, and the list shows it at once', async () => {
  const res = await statusOf('ord-first', { status: 'processing', notes: '  Packing today  ', expectedRevision: 0 });
  assert.is(res.status, 200);
  assert.is(res.json.success, true);
  assert.is(res.json.order.status, 'processing');
  assert.is(res.json.order.revision, 1);
  const list = await call(`${shop.url}/api/admin/orders?status=processing`, { headers: owner });
  assert.equal(
    list.json.orders.map((o: { orderId: string }) => o.orderId),
    ['ord-first'],
  );
  const history = await historyOf('ord-first');
  assert.equal(history.history.at(-1), {
    kind: 'statusChanged',
    revision: 1,
    position: history.history.at(-1)!.position,
    at: '2026-03-05T08:30:00.000Z',
    from: 'pending',
    to: 'processing',
    notes: 'Packing today',
    by: 'owner',
  });
  const stored = (await shop.shop.deps.events.readStream(orderStream('ord-first'))).at(-1)!;
  assert.is(stored.type, 'OrderStatusChanged');
  assert.is(stored.metadata.causedBy, 'admin:owner');
  assert.is(stored.metadata.at, '2026-03-05T08:30:00.000Z');
});

test('POST status: an order placed as completed can be moved; the current status is refused with 409', async () => {
  assert.is((await statusOf('ord-paid', { status: 'shipped', expectedRevision: 0 })).status, 200);
  const before = await head();
  const same = await statusOf('ord-paid', { status: 'shipped', notes: 'again', expectedRevision: 1 });
  assert.is(same.status, 409);
  assert.is(same.json.message, 'This order is already shipped.');
  assert.is(await head(), before);
});

test('POST status: unknown and impossible ids are 404; bad bodies are 400 with field messages; nothing is appended', async () => {
  const before = await head();
  for (const id of ['no-such-order', 'x'.repeat(101), 'a%20b', '%E2%98%83']) {
    const res = await statusOf(id, { status: 'shipped', expectedRevision: 0 });
    assert.is(res.status, 404, id);
    assert.is(res.json.success, false);
    assert.is((await call(`${shop.url}/api/admin/orders/${id}/history`, { headers: owner })).status, 404, id);
  }
  const cases: [unknown, string, string][] = [
    [
      { status: 'lost', expectedRevision: 0 },
      'status',
      'Status must be one of pending, processing, shipped, delivered, cancelled',
    ],
    [
      { status: 'completed', expectedRevision: 0 },
      'status',
      'Status must be one of pending, processing, shipped, delivered, cancelled',
    ],
    [{ expectedRevision: 0 }, 'status', 'Status must be one of pending, processing, shipped, delivered, cancelled'],
    [{ status: 'shipped', notes: 42, expectedRevision: 0 }, 'notes', 'Notes must be text'],
    [
      { status: 'shipped', notes: 'n'.repeat(1001), expectedRevision: 0 },
      'notes',
      'Notes must be at most 1000 characters',
    ],
    [{ status: 'shipped', expectedRevision: -1 }, 'expectedRevision', 'Expected revision must be a whole number'],
    [{ status: 'shipped', expectedRevision: '1' }, 'expectedRevision', 'Expected revision must be a whole number'],
    // No change without the revision the owner saw: it would land on whatever happened since.
    [{ status: 'shipped' }, 'expectedRevision', statusMoveMessages.missingRevision],
    [{ status: 'shipped', expectedRevision: null }, 'expectedRevision', 'Expected revision must be a whole number'],
    [
      { status: 'shipped', expectedRevision: 0, confirmBackward: 'yes' },
      'confirmBackward',
      'confirmBackward must be true or false',
    ],
  ];
  for (const [body, field, message] of cases) {
    const res = await statusOf('ord-newest', body);
    assert.is(res.status, 400, JSON.stringify(body));
    assert.is(res.json.message, message);
    assert.equal(
      res.json.issues.map((i: { field: string }) => i.field),
      [field],
    );
  }
  for (const body of [[], 'shipped', null])
    assert.is((await statusOf('ord-newest', body)).status, 400, JSON.stringify(body));
  const notJson = await call(`${shop.url}/api/admin/orders/ord-newest/status`, {
    method: 'POST',
    raw: '{"status":',
    headers: { ...owner, 'content-type': 'application/json' },
  });
  assert.is(notJson.status, 400);
  assert.is(await head(), before, 'a refused request appended an event');
});

test('10 concurrent changes against the same revision: one is accepted, nine answer 409, nothing is lost or doubled', async () => {
  await placeOrders(shop, [orderPlacedData({ orderId: 'ord-race', placedAt: '2026-03-04T09:00:00.000Z' })]);
  const targets = orderStatuses.filter((s) => s !== 'pending');
  const answers = await Promise.all(
    Array.from({ length: 10 }, (_, i) =>
      statusOf('ord-race', { status: targets[i % targets.length], notes: `tab ${i}`, expectedRevision: 0 }).then(
        (a) => ({
          ...a,
          notes: `tab ${i}`,
        }),
      ),
    ),
  );
  const accepted = answers.filter((a) => a.status === 200);
  const refused = answers.filter((a) => a.status === 409);
  assert.is(accepted.length, 1);
  assert.is(refused.length, 9);
  for (const r of refused) assert.is(r.json.message, staleOrderMessage);
  const history = (await historyOf('ord-race')).history;
  assert.is(history.length, 2);
  const change = history[1]!;
  assert.is(change.kind, 'statusChanged');
  if (change.kind !== 'statusChanged') return;
  assert.is(change.notes, accepted[0]!.notes);
  assert.is(change.to, accepted[0]!.json.order.status);
  const stored = await shop.shop.deps.events.readStream(orderStream('ord-race'));
  assert.equal(
    stored.map((e) => e.type),
    ['OrderPlaced', 'OrderStatusChanged'],
  );
});

test('10 concurrent changes without a revision: every one is refused with 400 and nothing is appended', async () => {
  await placeOrders(shop, [orderPlacedData({ orderId: 'ord-rush', placedAt: '2026-03-04T10:00:00.000Z' })]);
  const before = await head();
  const targets = orderStatuses.filter((s) => s !== 'pending');
  const answers = await Promise.all(
    Array.from({ length: 10 }, (_, i) =>
      statusOf('ord-rush', { status: targets[i % targets.length], notes: `tab ${i}` }),
    ),
  );
  assert.equal(
    answers.map((a) => a.status),
    answers.map(() => 400),
  );
  for (const a of answers) assert.is(a.json.message, statusMoveMessages.missingRevision);
  assert.is(await head(), before);
  assert.equal(
    (await shop.shop.deps.events.readStream(orderStream('ord-rush'))).map((e) => e.type),
    ['OrderPlaced'],
  );
});

test('a move back (shipped to pending, delivered to shipped, out of cancelled) is refused with 409 unless confirmed', async () => {
  await placeOrders(shop, [orderPlacedData({ orderId: 'ord-back', placedAt: '2026-03-04T11:00:00.000Z' })]);
  const move = async (body: object, status: number, message?: string) => {
    const revision = (await historyOf('ord-back')).history.at(-1)!.revision;
    const res = await statusOf('ord-back', { expectedRevision: revision, ...body });
    assert.is(res.status, status, `${JSON.stringify(body)}: ${res.text}`);
    if (message) assert.is(res.json.message, message);
    return res;
  };
  // Forward moves need no confirmation.
  await move({ status: 'processing' }, 200);
  await move({ status: 'shipped' }, 200);
  let before = await head();
  await move({ status: 'pending' }, 409, statusMoveMessages.unconfirmed('shipped', 'pending'));
  await move(
    { status: 'processing', confirmBackward: false },
    409,
    statusMoveMessages.unconfirmed('shipped', 'processing'),
  );
  assert.is(await head(), before, 'a refused move appended an event');
  await move({ status: 'pending', confirmBackward: true }, 200);
  await move({ status: 'delivered' }, 200);
  await move({ status: 'shipped' }, 409, statusMoveMessages.unconfirmed('delivered', 'shipped'));
  // Cancelling is a decision of its own, not a move back; reopening a cancelled order is.
  await move({ status: 'cancelled' }, 200);
  before = await head();
  for (const status of ['pending', 'processing', 'shipped', 'delivered'])
    await move({ status }, 409, statusMoveMessages.unconfirmed('cancelled', status as 'pending'));
  assert.is(await head(), before);
  const reopened = await move({ status: 'processing', confirmBackward: true }, 200);
  assert.is(reopened.json.order.status, 'processing');
  assert.equal(
    (await historyOf('ord-back')).history.flatMap((h) => (h.kind === 'statusChanged' ? [h.to] : [])),
    ['processing', 'shipped', 'pending', 'delivered', 'cancelled', 'processing'],
  );
});

test('GET /api/admin/events: a stream with positions and metadata, or the whole log page by page', async () => {
  // An order of its own with one change by the owner, so this test needs nothing an earlier one did.
  await placeOrders(shop, [orderPlacedData({ orderId: 'ord-audited' })]);
  assert.is((await statusOf('ord-audited', { status: 'processing', expectedRevision: 0 })).status, 200);
  const stream = await call(`${shop.url}/api/admin/events?stream=order-ord-audited`, { headers: owner });
  assert.is(stream.status, 200);
  assert.is(stream.json.stream, 'order-ord-audited');
  assert.equal(
    stream.json.events.map((e: { type: string }) => e.type),
    ['OrderPlaced', 'OrderStatusChanged'],
  );
  const [placed, changed] = stream.json.events;
  assert.is(placed.revision, 0);
  assert.ok(changed.position > placed.position);
  assert.is(changed.metadata.causedBy, 'admin:owner');
  assert.is(changed.data.by, 'owner');

  const pages: number[] = [];
  let after = 0;
  for (;;) {
    const page = await call(`${shop.url}/api/admin/events?after=${after}&limit=4`, { headers: owner });
    assert.is(page.status, 200);
    pages.push(...page.json.events.map((e: { position: number }) => e.position));
    if (page.json.next === null) break;
    after = page.json.next;
  }
  assert.is(pages.length, await head());
  assert.equal(
    pages,
    [...pages].sort((a, b) => a - b),
  );

  assert.is((await call(`${shop.url}/api/admin/events?stream=order-nothing`, { headers: owner })).status, 404);
  for (const query of ['stream=NOT%20A%20STREAM', 'limit=0', 'limit=1001', 'after=-1', 'after=abc']) {
    const res = await call(`${shop.url}/api/admin/events?${query}`, { headers: owner });
    assert.is(res.status, 400, query);
    assert.ok(res.json.message, query);
  }
});

test.run();
