// The shopper's requests as a specification (decision 086): when a cancellation or a return may be asked for, what the
// owner's yes to a cancellation appends (the refund decider's refunds, copies back, the status change), and the
// three fresh links a day.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { Conflict, NotFound } from '../../contracts/shared/errors.ts';
import type { ShopEvent } from '../../contracts/eventCatalog.ts';
import { requestMessages } from '../../contracts/orders/shopperRequests.ts';
import type { OrderLinkRequested } from '../../contracts/orders/events.ts';
import { orderPlacedData } from '../../infra/testing/exampleOrders.ts';
import { deciderSpec } from '../../infra/testing/decider.ts';
import {
  cancellationDeliveryReason,
  cancellationRefundReason,
  orderLinkDecider,
  shopperRequestDecider,
} from './shopperRequestDecider.ts';

const spec = deciderSpec(shopperRequestDecider);
const orderId = 'pi_req_1';
const at = '2026-12-01T10:00:00.000Z';
// 2 × £9.99 + £3.50 = £23.48
const placed: ShopEvent = {
  type: 'OrderPlaced',
  data: orderPlacedData({ orderId, items: [{ name: 'The Kindness Basket', quantity: 2, price: 999, bookId: 1 }] }),
};
const asked: ShopEvent = { type: 'CancellationRequested', data: { orderId, requestId: 'r1', at } };
const shippedAt = (when: string): ShopEvent[] => [
  { type: 'OrderStatusChanged', data: { orderId, from: 'pending', to: 'shipped', notes: '', by: 'owner', at: when } },
  {
    type: 'OrderShipmentRecorded',
    data: { orderId, carrier: 'evri', trackingNumber: '', trackingUrl: null, by: 'owner', at: when },
  },
];
const accept = {
  type: 'AcceptShopperRequest' as const,
  orderId,
  requestId: 'r1',
  message: 'Done',
  by: 'owner',
  at,
  refundIds: ['lines', 'delivery'] as [string, string],
};
const askReturn = (when: string) => ({
  type: 'RequestReturn' as const,
  orderId,
  requestId: 'r2',
  reason: 'changed-mind' as const,
  note: '',
  at: when,
});

test('a cancellation accepted: the lines with their copies back, the delivery, then the order cancelled', () => {
  spec
    .given([placed, asked])
    .when(accept)
    .then([
      {
        type: 'ShopperRequestAccepted',
        data: { orderId, requestId: 'r1', message: 'Done', refundIds: ['lines', 'delivery'], by: 'owner', at },
      },
      {
        type: 'RefundRequested',
        data: {
          orderId,
          refundId: 'lines',
          amount: 1998,
          lines: [{ line: 0, quantity: 2 }],
          reason: cancellationRefundReason,
          by: 'owner',
          at,
          restock: true,
        },
      },
      {
        type: 'RefundRequested',
        data: {
          orderId,
          refundId: 'delivery',
          amount: 350,
          lines: [],
          reason: cancellationDeliveryReason,
          by: 'owner',
          at,
        },
      },
      {
        type: 'OrderStatusChanged',
        data: { orderId, from: 'pending', to: 'cancelled', notes: cancellationRefundReason, by: 'owner', at },
      },
    ]);
});

test('after a refund of an amount, what is left goes back as an amount, without restocking', () => {
  const partial: ShopEvent = {
    type: 'RefundRequested',
    data: { orderId, refundId: 'earlier', amount: 1500, lines: [], reason: 'goodwill', by: 'owner', at },
  };
  const events = shopperRequestDecider.decide(
    accept,
    [placed, partial, asked].reduce(shopperRequestDecider.evolve, shopperRequestDecider.initialState()),
  );
  const refunds = events
    .filter((e) => e.type === 'RefundRequested')
    .map((e) => e.data as { amount: number; restock?: boolean });
  assert.equal(refunds, [
    { orderId, refundId: 'delivery', amount: 848, lines: [], reason: cancellationDeliveryReason, by: 'owner', at },
  ] as never);
});

test('no cancelling once shipped; no answering twice; no request for an order that does not exist', () => {
  spec
    .given([placed, ...shippedAt(at)])
    .when({ type: 'RequestCancellation', orderId, requestId: 'r1', at })
    .thenFails(Conflict, requestMessages.shippedAlready);
  spec
    .given([placed, asked, ...shippedAt(at)])
    .when(accept)
    .thenFails(Conflict, /shipped since/);
  spec
    .given([placed, asked])
    .when({ ...accept, requestId: 'nope' })
    .thenFails(NotFound);
  spec
    .given([
      placed,
      asked,
      { type: 'ShopperRequestDeclined', data: { orderId, requestId: 'r1', message: '', by: 'o', at } },
    ])
    .when(accept)
    .thenFails(Conflict, requestMessages.answeredAlready);
  spec.given([]).when({ type: 'RequestCancellation', orderId, requestId: 'r1', at }).thenFails(NotFound);
  spec.given([placed, asked]).when({ type: 'RequestCancellation', orderId, requestId: 'r3', at }).thenFails(Conflict);
});

test('the return window: 14 days after delivery, or 5 + 14 days after shipping without one', () => {
  const shipped = '2026-12-01T10:00:00.000Z';
  const day = 86_400_000;
  const plus = (ms: number) => new Date(Date.parse(shipped) + ms).toISOString();
  spec.given([placed]).when(askReturn(shipped)).thenFails(Conflict, requestMessages.notShippedYet);
  spec
    .given([placed, ...shippedAt(shipped)])
    .when(askReturn(plus(19 * day)))
    .then([
      {
        type: 'ReturnRequested',
        data: { orderId, requestId: 'r2', reason: 'changed-mind', note: '', at: plus(19 * day) },
      },
    ]);
  spec
    .given([placed, ...shippedAt(shipped)])
    .when(askReturn(plus(19 * day + 1)))
    .thenFails(Conflict, requestMessages.windowClosed);
  const delivered: ShopEvent = {
    type: 'OrderStatusChanged',
    data: { orderId, from: 'shipped', to: 'delivered', notes: '', by: 'owner', at: plus(day) },
  };
  spec
    .given([placed, ...shippedAt(shipped), delivered])
    .when(askReturn(plus(15 * day + 1)))
    .thenFails(Conflict, requestMessages.windowClosed);
});

test('three fresh links to one order in 24 hours; the fourth is quietly dropped, the next day one more', () => {
  const link = (when: string) => ({ type: 'RequestOrderLink' as const, orderId, via: 'lookup' as const, at: when });
  const sent = ['2026-12-01T08:00:00.000Z', '2026-12-01T09:00:00.000Z', '2026-12-01T10:00:00.000Z'].map(
    (when): OrderLinkRequested => ({ type: 'OrderLinkRequested', data: { orderId, via: 'lookup', at: when } }),
  );
  const links = deciderSpec(orderLinkDecider);
  links
    .given(sent.slice(0, 2))
    .when(link('2026-12-01T11:00:00.000Z'))
    .then([{ type: 'OrderLinkRequested', data: { orderId, via: 'lookup', at: '2026-12-01T11:00:00.000Z' } }]);
  links.given(sent).when(link('2026-12-01T11:00:00.000Z')).then([]);
  links
    .given(sent)
    .when(link('2026-12-02T08:30:00.000Z'))
    .then([{ type: 'OrderLinkRequested', data: { orderId, via: 'lookup', at: '2026-12-02T08:30:00.000Z' } }]);
});

test.run();
