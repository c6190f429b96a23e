// The queue that starts at payment, over HTTP: paid and processing orders oldest first, whole or a page at a time;
// paid orders marked processing in one step (each its own change, a refusal its own answer), and a paid order shipped
// straight from the queue.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { AdminOrdersResponse, ProcessOrdersResponse, ShipOrdersResponse } from '../../contracts/orders/console.ts';
import { orderStream } from '../../contracts/shared/streams.ts';
import { orderPlacedData, placeOrders } from '../../infra/testing/exampleOrders.ts';
import { adminHeaders, call, startTestShop } from '../../infra/testing/shop.ts';
import { staleOrderMessage } from './orderStatus.ts';

const shop = await startTestShop({ ADMIN_USERNAME: 'owner' });
test.after(() => shop.close());
const owner = await adminHeaders(shop, 'owner');

const ids = {
  paidOld: 'pi_queue_aaaaaaaaAAAA0001',
  pending: 'pi_queue_bbbbbbbbBBBB0002',
  packing: 'pi_queue_ccccccccCCCC0003',
  paidNew: 'pi_queue_ddddddddDDDD0004',
};
await placeOrders(shop, [
  orderPlacedData({ orderId: ids.paidOld, status: 'completed', placedAt: '2026-03-01T09:00:00.000Z' }),
  orderPlacedData({ orderId: ids.pending, status: 'pending', placedAt: '2026-03-02T09:00:00.000Z' }),
  orderPlacedData({ orderId: ids.packing, status: 'processing', placedAt: '2026-03-03T09:00:00.000Z' }),
  orderPlacedData({ orderId: ids.paidNew, status: 'completed', placedAt: '2026-03-04T09:00:00.000Z' }),
]);
const revision = async (id: string) => (await shop.shop.deps.events.readStream(orderStream(id))).at(-1)!.revision;

test('the queue answers paid and processing orders, oldest first, whole or by the page', async () => {
  const whole = await call(`${shop.url}/api/admin/orders?queue=to-fulfil`, { headers: owner });
  assert.is(whole.status, 200, whole.text);
  const body = whole.json as AdminOrdersResponse;
  assert.equal(
    body.orders.map((o) => o.orderId),
    [ids.paidOld, ids.packing, ids.paidNew],
  );
  assert.is(body.totalOrders, 3);
  const first = (await call(`${shop.url}/api/admin/orders?queue=to-fulfil&limit=2`, { headers: owner }))
    .json as AdminOrdersResponse;
  assert.equal(
    first.orders.map((o) => o.orderId),
    [ids.paidOld, ids.packing],
  );
  const next = (
    await call(`${shop.url}/api/admin/orders?queue=to-fulfil&limit=2&cursor=${first.nextCursor}`, { headers: owner })
  ).json as AdminOrdersResponse;
  assert.equal(
    next.orders.map((o) => o.orderId),
    [ids.paidNew],
  );
  assert.is(next.nextCursor, null);
});

test('a queue with a status, or a queue that is not one, is a 400 with a message', async () => {
  const both = await call(`${shop.url}/api/admin/orders?queue=to-fulfil&status=pending`, { headers: owner });
  assert.is(both.status, 400, both.text);
  assert.match(both.json.message, 'not both');
  const odd = await call(`${shop.url}/api/admin/orders?queue=everything`, { headers: owner });
  assert.is(odd.status, 400, odd.text);
  assert.match(odd.json.message, 'Queue must be to-fulfil');
});

test('paid orders marked processing in one step; a stale one and one already processing are refused alone', async () => {
  const stale = (await revision(ids.paidNew)) + 5;
  const res = await call(`${shop.url}/api/admin/orders/process`, {
    headers: owner,
    body: {
      orders: [
        { orderId: ids.paidOld, expectedRevision: await revision(ids.paidOld) },
        { orderId: ids.packing, expectedRevision: await revision(ids.packing) },
        { orderId: ids.paidNew, expectedRevision: stale },
      ],
    },
  });
  assert.is(res.status, 200, res.text);
  const body = res.json as ProcessOrdersResponse;
  assert.is(body.moved, 1);
  assert.is(body.failed, 2);
  assert.equal(
    body.results.map((r) => [r.orderId, r.ok, r.ok ? r.order.status : r.status]),
    [
      [ids.paidOld, true, 'processing'],
      [ids.packing, false, 409],
      [ids.paidNew, false, 409],
    ],
  );
  const refused = body.results[2]!;
  assert.is(!refused.ok && refused.message, staleOrderMessage);
  const empty = await call(`${shop.url}/api/admin/orders/process`, { headers: owner, body: { orders: [] } });
  assert.is(empty.status, 400, empty.text);
});

test('a paid order is shipped straight from the queue, and leaves it', async () => {
  const res = await call(`${shop.url}/api/admin/orders/ship`, {
    headers: owner,
    body: {
      orders: [
        {
          orderId: ids.paidNew,
          expectedRevision: await revision(ids.paidNew),
          shipment: { carrier: 'royal-mail', trackingNumber: 'KD123456785GB' },
        },
      ],
    },
  });
  assert.is(res.status, 200, res.text);
  assert.is((res.json as ShipOrdersResponse).shipped, 1);
  const queue = (await call(`${shop.url}/api/admin/orders?queue=to-fulfil`, { headers: owner }))
    .json as AdminOrdersResponse;
  assert.equal(
    queue.orders.map((o) => o.orderId),
    [ids.paidOld, ids.packing],
  );
});

test.run();
