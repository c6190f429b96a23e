import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { OrderStatus } from '../../contracts/shared/constants.ts';
import type { OrderCustomerDetailsAdded, OrderPlaced, OrderStatusChanged } from '../../contracts/orders/events.ts';
import { orderStream } from '../../contracts/shared/streams.ts';
import { orderPlacedData } from '../../infra/testing/exampleOrders.ts';
import { fold, isIdempotent, recorded } from '../../infra/testing/projections.ts';
import {
  adminOrdersProjection,
  countOrders,
  getAdminOrder,
  listAdminOrders,
  shippingAddressText,
} from './adminOrders.ts';
import { getOrderHistory, orderHistoryProjection } from './orderHistory.ts';

const projections = [adminOrdersProjection, orderHistoryProjection];

const place = (orderId: string, overrides: Partial<OrderPlaced['data']> = {}) =>
  recorded(orderStream(orderId), {
    type: 'OrderPlaced',
    data: orderPlacedData({ orderId, ...overrides }),
  } satisfies OrderPlaced);
const move = (orderId: string, from: string, to: OrderStatus, notes = '') =>
  recorded(orderStream(orderId), {
    type: 'OrderStatusChanged',
    data: { orderId, from, to, notes, by: 'owner', at: '2026-03-04T12:00:00.000Z' },
  } satisfies OrderStatusChanged);

const story = () => [
  place('a', { placedAt: '2026-03-01T09:00:00.000Z' }),
  place('b', { placedAt: '2026-03-03T09:00:00.000Z', status: 'completed' }),
  place('c', { placedAt: '2026-03-02T09:00:00.000Z' }),
  move('a', 'pending', 'processing', 'Packing today'),
  move('a', 'processing', 'shipped', 'Royal Mail tracked'),
  move('c', 'pending', 'cancelled'),
];

test('admin orders: newest first, with the order fields, display texts and the revision', async () => {
  const events = story();
  const store = await fold(projections, events);
  const orders = await listAdminOrders(store);
  assert.equal(
    orders.map((o) => [o.orderId, o.status]),
    [
      ['b', 'completed'],
      ['c', 'cancelled'],
      ['a', 'shipped'],
    ],
  );
  const a = (await getAdminOrder(store, 'a'))!;
  assert.equal(a, {
    orderId: 'a',
    orderNumber: 'AH-a',
    status: 'shipped',
    orderDate: '2026-03-01T09:00:00.000Z',
    customerName: 'Maryam Hussain',
    customerEmail: 'maryam@example.com',
    shippingAddress: '12 Rosewood Close, Leicester, LE2 3AB, GB',
    total: '£13.49',
    paymentMethod: 'Card via the test sandbox',
    totalAmount: 1349,
    shippingCost: 350,
    items: [{ name: 'The Kindness Basket', quantity: 1, price: 999 }],
    revision: events[4]!.revision,
    refunded: 0,
    refunds: [],
    disputes: [],
    flags: [],
    country: 'GB',
  });
});

test('admin orders: refunds, disputes and flags fold into the order, and every one of them moves its revision', async () => {
  const at = '2026-03-05T10:00:00.000Z';
  const events = [
    place('r'),
    recorded(orderStream('r'), {
      type: 'OrderFlagged',
      data: { orderId: 'r', flag: 'shipping-rate-mismatch', message: 'UK rate for US', at },
    }),
    recorded(orderStream('r'), {
      type: 'RefundRequested',
      data: {
        orderId: 'r',
        refundId: 'f1',
        amount: 999,
        lines: [{ line: 0, quantity: 1 }],
        reason: 'Torn',
        by: 'owner',
        at,
      },
    }),
    recorded(orderStream('r'), {
      type: 'RefundRequested',
      data: { orderId: 'r', refundId: 'f2', amount: 100, lines: [], reason: 'Late', by: 'owner', at },
    }),
    recorded(orderStream('r'), {
      type: 'RefundSucceeded',
      data: { orderId: 'r', refundId: 'f1', amount: 999, gatewayRefundId: 're_1', source: 'shop', at },
    }),
    recorded(orderStream('r'), {
      type: 'RefundFailed',
      data: { orderId: 'r', refundId: 'f2', failure: 'unavailable', message: 'Unknown', at },
    }),
    recorded(orderStream('r'), {
      type: 'RefundSucceeded',
      data: { orderId: 'r', refundId: 'gateway-re_9', amount: 50, gatewayRefundId: 're_9', source: 'gateway', at },
    }),
    recorded(orderStream('r'), {
      type: 'OrderDisputed',
      data: { orderId: 'r', disputeId: 'dp_1', amount: 1349, reason: 'fraudulent', at },
    }),
  ];
  const store = await fold(projections, events);
  const r = (await getAdminOrder(store, 'r'))!;
  assert.is(r.revision, events.at(-1)!.revision);
  assert.is(r.refunded, 1049);
  assert.equal(
    r.refunds.map((f) => [f.refundId, f.status, f.amount]),
    [
      ['f1', 'succeeded', 999],
      ['f2', 'unknown', 100],
      ['gateway-re_9', 'succeeded', 50],
    ],
  );
  assert.is(r.refunds[1]!.message, 'Unknown');
  assert.equal(
    r.disputes.map((d) => d.disputeId),
    ['dp_1'],
  );
  assert.equal(
    r.flags.map((f) => f.flag),
    ['shipping-rate-mismatch'],
  );
  const history = (await getOrderHistory(store, 'r'))!.history;
  assert.equal(
    history.map((h) => (h.kind === 'payment' ? h.title : h.kind)),
    [
      'placed',
      'Flagged for the owner',
      'Refund of £9.99 asked for',
      'Refund of £1.00 asked for',
      'Refund of £9.99 paid back',
      'Refund of £1.00: outcome unknown',
      "Refund of £0.50 made in the payment provider's dashboard",
      "Dispute of £13.49 opened by the card's bank",
    ],
  );
  assert.equal(
    history.map((h) => h.revision),
    events.map((e) => e.revision),
  );
  assert.ok(await isIdempotent(projections, events));
});

test("admin orders: each refund's progress, pending until the gateway answers, then refunded or failed with the reason", async () => {
  const at = '2026-03-05T10:00:00.000Z';
  const requestedRefund = (refundId: string, amount: number) =>
    recorded(orderStream('p'), {
      type: 'RefundRequested',
      data: { orderId: 'p', refundId, amount, lines: [], reason: 'Late', by: 'owner', at },
    });
  const requested = [place('p'), requestedRefund('ok', 300), requestedRefund('no', 200), requestedRefund('lost', 100)];
  const progress = async (events: ReturnType<typeof recorded>[]) =>
    (await getAdminOrder(await fold(projections, events), 'p'))!.refunds.map((f) => [
      f.refundId,
      f.progress,
      f.message ?? null,
    ]);
  assert.equal(await progress(requested), [
    ['ok', 'pending', null],
    ['no', 'pending', null],
    ['lost', 'pending', null],
  ]);
  const answered = [
    ...requested,
    recorded(orderStream('p'), {
      type: 'RefundSucceeded',
      data: { orderId: 'p', refundId: 'ok', amount: 300, gatewayRefundId: 're_ok', source: 'shop', at },
    }),
    recorded(orderStream('p'), {
      type: 'RefundFailed',
      data: { orderId: 'p', refundId: 'no', failure: 'declined', message: 'The bank said no.', at },
    }),
    recorded(orderStream('p'), {
      type: 'RefundFailed',
      data: { orderId: 'p', refundId: 'lost', failure: 'unavailable', message: 'Not known.', at },
    }),
  ];
  assert.equal(await progress(answered), [
    ['ok', 'refunded', null],
    ['no', 'failed', 'The bank said no.'],
    ['lost', 'failed', 'Not known.'],
  ]);
  const retried = [
    ...answered,
    recorded(orderStream('p'), { type: 'RefundRetried', data: { orderId: 'p', refundId: 'lost', by: 'owner', at } }),
  ];
  assert.equal((await progress(retried))[2], ['lost', 'pending', null]);
});

test('admin orders: each status has its own list and count; a change moves the order between them', async () => {
  const store = await fold(projections, story());
  assert.equal(
    (await listAdminOrders(store, 'shipped')).map((o) => o.orderId),
    ['a'],
  );
  assert.equal(await listAdminOrders(store, 'pending'), []);
  assert.equal(await countOrders(store), {
    total: 3,
    counts: { pending: 0, processing: 0, shipped: 1, delivered: 0, cancelled: 1, completed: 1 },
  });
});

test('admin orders: an address given as text is shown as given; empty parts are left out', () => {
  assert.is(shippingAddressText('To be provided during checkout'), 'To be provided during checkout');
  assert.is(
    shippingAddressText({ line1: '1 High St', line2: ' ', city: 'York', postcode: 'YO1 7HH', country: 'GB' }),
    '1 High St, York, YO1 7HH, GB',
  );
});

test('order history: the placing and every change in order, with notes, admin and time', async () => {
  const events = story();
  const store = await fold(projections, events);
  const history = (await getOrderHistory(store, 'a'))!;
  assert.equal(
    history.history.map((h) =>
      h.kind === 'placed'
        ? ['placed', h.status, h.by]
        : h.kind === 'statusChanged'
          ? [h.from, h.to, h.notes, h.by, h.at]
          : [h.kind],
    ),
    [
      ['placed', 'pending', 'test'],
      ['pending', 'processing', 'Packing today', 'owner', '2026-03-04T12:00:00.000Z'],
      ['processing', 'shipped', 'Royal Mail tracked', 'owner', '2026-03-04T12:00:00.000Z'],
    ],
  );
  // recorded() numbers revisions per stream across the whole file, as one long-lived log would.
  assert.equal(
    history.history.map((h) => h.revision),
    [0, 3, 4].map((i) => events[i]!.revision),
  );
  assert.equal(
    history.history.map((h) => h.position),
    [0, 3, 4].map((i) => events[i]!.position),
  );
  assert.is(await getOrderHistory(store, 'nobody'), null);
});

test('orders read models: folding every event twice gives the same read models', async () => {
  assert.ok(await isIdempotent(projections, story()));
});

const walletStory = () => [
  place('w', {
    customerName: 'Website Customer',
    customerEmail: '',
    shippingAddress: 'To be provided during checkout',
    status: 'completed',
  }),
  recorded(orderStream('w'), {
    type: 'OrderCustomerDetailsAdded',
    data: {
      orderId: 'w',
      shippingAddress: { line1: '7 Orchard Row', city: 'York', postcode: 'YO1 7HH', country: 'GB' },
      source: 'shopper',
      reason: '',
      by: 'shopper',
      at: '2026-03-04T10:00:00.000Z',
    },
  } satisfies OrderCustomerDetailsAdded),
  recorded(orderStream('w'), {
    type: 'OrderCustomerDetailsAdded',
    data: {
      orderId: 'w',
      customerName: 'Bilal Rahman',
      customerEmail: 'bilal@example.com',
      source: 'owner',
      reason: 'Phoned',
      by: 'owner',
      at: '2026-03-04T11:00:00.000Z',
    },
  } satisfies OrderCustomerDetailsAdded),
  move('w', 'completed', 'processing'),
];

test("buyer's details added after placing: the list shows them, the history says who added what and why", async () => {
  const events = walletStory();
  const store = await fold(projections, events);
  const order = (await getAdminOrder(store, 'w'))!;
  assert.equal(
    [order.customerName, order.customerEmail, order.shippingAddress, order.status, order.revision],
    ['Bilal Rahman', 'bilal@example.com', '7 Orchard Row, York, YO1 7HH, GB', 'processing', events.at(-1)!.revision],
  );
  const history = (await getOrderHistory(store, 'w'))!;
  assert.equal(
    history.history.map((h) =>
      h.kind === 'detailsAdded' ? [h.source, h.by, h.reason, h.customerName ?? '', h.shippingAddress ?? ''] : [h.kind],
    ),
    [
      ['placed'],
      ['shopper', 'shopper', '', '', '7 Orchard Row, York, YO1 7HH, GB'],
      ['owner', 'owner', 'Phoned', 'Bilal Rahman', ''],
      ['statusChanged'],
    ],
  );
  assert.ok(await isIdempotent(projections, events));
});

test.run();
