// The queue of orders to fulfil, from its own index: paid and processing orders, oldest first, paged with a cursor;
// what leaves the queue (shipped, cancelled) leaves the index; and what a row says (refunds, gift, abroad, on hold).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { OrderStatus } from '../../contracts/shared/constants.ts';
import type {
  OrderPlaced,
  OrderStatusChanged,
  RefundRequested,
  RefundSucceeded,
  CancellationRequested,
  ShopperRequestDeclined,
} from '../../contracts/orders/events.ts';
import { netAmountOf, rowBadgesOf, toFulfilCount } from '../../contracts/orders/queue.ts';
import { orderStream } from '../../contracts/shared/streams.ts';
import { orderPlacedData } from '../../infra/testing/exampleOrders.ts';
import { fold, isIdempotent, recorded } from '../../infra/testing/projections.ts';
import {
  adminOrdersProjection,
  countOrders,
  getAdminOrder,
  listOrdersToFulfil,
  pageAdminOrders,
} from './adminOrders.ts';

const place = (orderId: string, placedAt: string, overrides: Partial<OrderPlaced['data']> = {}) =>
  recorded(orderStream(orderId), {
    type: 'OrderPlaced',
    data: orderPlacedData({ orderId, placedAt, status: 'completed', ...overrides }),
  } satisfies OrderPlaced);
const move = (orderId: string, from: string, to: OrderStatus) =>
  recorded(orderStream(orderId), {
    type: 'OrderStatusChanged',
    data: { orderId, from, to, notes: '', by: 'owner', at: '2026-03-09T12:00:00.000Z' },
  } satisfies OrderStatusChanged);

const story = () => [
  place('old-paid', '2026-03-01T09:00:00.000Z'),
  place('pending', '2026-03-02T09:00:00.000Z', { status: 'pending' }),
  place('packing', '2026-03-03T09:00:00.000Z'),
  place('sent', '2026-03-04T09:00:00.000Z'),
  place('new-paid', '2026-03-05T09:00:00.000Z', {
    gift: { message: 'Eid Mubarak' },
    shippingAddress: { line1: '3 Rue Cler', city: 'Paris', postcode: '75007', country: 'FR' },
  }),
  place('dropped', '2026-03-06T09:00:00.000Z'),
  move('packing', 'completed', 'processing'),
  move('sent', 'completed', 'shipped'),
  move('dropped', 'completed', 'cancelled'),
];

test('to fulfil: paid and processing orders, oldest first; shipped, cancelled and pending ones are not in it', async () => {
  const store = await fold([adminOrdersProjection], story());
  assert.equal(
    (await listOrdersToFulfil(store)).map((o) => o.orderId),
    ['old-paid', 'packing', 'new-paid'],
  );
  const { counts } = await countOrders(store);
  assert.is(toFulfilCount(counts), 3);
  assert.ok(await isIdempotent([adminOrdersProjection], story()));
});

test('to fulfil pages oldest first with a cursor, and a search keeps to the queue', async () => {
  const store = await fold([adminOrdersProjection], story());
  const first = await pageAdminOrders(store, { toFulfil: true, limit: 2 });
  assert.equal(
    first.orders.map((o) => o.orderId),
    ['old-paid', 'packing'],
  );
  assert.is(first.totalOrders, 3);
  assert.ok(first.nextCursor);
  const [score, skip] = first.nextCursor.split('_').map(Number);
  const second = await pageAdminOrders(store, { toFulfil: true, limit: 2, cursor: { score: score!, skip: skip! } });
  assert.equal(
    second.orders.map((o) => o.orderId),
    ['new-paid'],
  );
  assert.is(second.nextCursor, null);
  // Every order here is Maryam Hussain's: a search by name finds the queue's three, oldest first.
  const found = await pageAdminOrders(store, { toFulfil: true, limit: 10, q: 'hussain' });
  assert.equal(
    found.orders.map((o) => o.orderId),
    ['old-paid', 'packing', 'new-paid'],
  );
  const dated = await pageAdminOrders(store, {
    toFulfil: true,
    limit: 10,
    since: Date.parse('2026-03-02T00:00:00.000Z'),
  });
  assert.equal(
    dated.orders.map((o) => o.orderId),
    ['packing', 'new-paid'],
  );
});

test('a row names a gift and an address abroad; refunds give the net and the badge', async () => {
  const refundId = 'r-1';
  const events = [
    ...story(),
    recorded(orderStream('old-paid'), {
      type: 'RefundRequested',
      data: {
        orderId: 'old-paid',
        refundId,
        amount: 500,
        lines: [],
        reason: 'Cover creased',
        by: 'owner',
        at: '2026-03-10T09:00:00.000Z',
      },
    } satisfies RefundRequested),
    recorded(orderStream('old-paid'), {
      type: 'RefundSucceeded',
      data: {
        orderId: 'old-paid',
        refundId,
        gatewayRefundId: 're_1',
        amount: 500,
        source: 'shop',
        at: '2026-03-10T09:00:01.000Z',
      },
    } satisfies RefundSucceeded),
  ];
  const store = await fold([adminOrdersProjection], events);
  const gift = (await getAdminOrder(store, 'new-paid'))!;
  assert.equal(
    rowBadgesOf(gift).map((b) => b.label),
    ['Gift', 'Abroad'],
  );
  const partly = (await getAdminOrder(store, 'old-paid'))!;
  assert.is(netAmountOf(partly), 1349 - 500);
  assert.equal(rowBadgesOf(partly)[0], {
    kind: 'partly-refunded',
    label: 'Partly refunded',
    detail: '£5.00 of £13.49 paid back',
  });
  assert.equal(
    rowBadgesOf({ ...partly, refunded: 1349 }).map((b) => b.label),
    ['Refunded'],
  );
  assert.is(netAmountOf({ ...partly, refunded: 1349 }), 0);
});

test('an open request to cancel puts the order on hold until the owner answers it', async () => {
  const base = story();
  const asked = recorded(orderStream('packing'), {
    type: 'CancellationRequested',
    data: { orderId: 'packing', requestId: 'q-1', at: '2026-03-10T09:00:00.000Z' },
  } satisfies CancellationRequested);
  const held = await fold([adminOrdersProjection], [...base, asked]);
  const order = (await getAdminOrder(held, 'packing'))!;
  assert.equal(
    rowBadgesOf(order).map((b) => b.kind),
    ['on-hold'],
  );
  const declined = recorded(orderStream('packing'), {
    type: 'ShopperRequestDeclined',
    data: { orderId: 'packing', requestId: 'q-1', message: 'Already packed', by: 'owner', at: '2026-03-10T10:00:00Z' },
  } satisfies ShopperRequestDeclined);
  const answered = await fold([adminOrdersProjection], [...base, asked, declined]);
  const after = (await getAdminOrder(answered, 'packing'))!;
  assert.equal(rowBadgesOf(after), []);
  assert.is(after.openRequests, undefined);
});

test.run();
