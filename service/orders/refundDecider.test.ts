// The refund decider as a specification: what may be refunded, how the gateway's answers and reports settle refunds,
// and that repeated reports change nothing.
import { test } from 'uvu';
import { Conflict, Invalid, NotFound } from '../../contracts/shared/errors.ts';
import type { OrderPlaced } from '../../contracts/orders/model.ts';
import { refundDecider, type RefundEvent } from '../../contracts/orders/refunds.ts';
import { orderPlacedData } from '../../infra/testing/exampleOrders.ts';
import { deciderSpec } from '../../infra/testing/decider.ts';

type Event = RefundEvent | OrderPlaced;
const spec = deciderSpec<
  ReturnType<typeof refundDecider.initialState>,
  Parameters<typeof refundDecider.decide>[0],
  Event
>(refundDecider as never);
const at = '2026-03-05T10:00:00.000Z';
const orderId = 'pi_1';
// 2 × £9.99 + 1 × £9.99 + £3.50 = £33.47
const placed: OrderPlaced = {
  type: 'OrderPlaced',
  data: orderPlacedData({
    orderId,
    items: [
      { name: 'The Kindness Basket', quantity: 2, price: 999 },
      { name: 'Together We Shine', quantity: 1, price: 999 },
    ],
  }),
};
const requested = (
  refundId: string,
  amount: number,
  lines: { line: number; quantity: number }[] = [],
): RefundEvent => ({
  type: 'RefundRequested',
  data: { orderId, refundId, amount, lines, reason: 'why', by: 'owner', at },
});
const failed = (refundId: string, failure: 'declined' | 'unavailable'): RefundEvent => ({
  type: 'RefundFailed',
  data: { orderId, refundId, failure, message: 'm', at },
});
const succeeded = (refundId: string, amount: number, gatewayRefundId = `re_${refundId}`): RefundEvent => ({
  type: 'RefundSucceeded',
  data: { orderId, refundId, amount, gatewayRefundId, source: 'shop', at },
});
const request = (fields: { amount?: number; lines?: { line: number; quantity: number }[] }) => ({
  type: 'RequestRefund' as const,
  orderId,
  refundId: 'new',
  reason: 'why',
  by: 'owner',
  at,
  ...fields,
});
const report = (refund: {
  gatewayRefundId: string;
  refundId?: string;
  amount: number;
  status: 'succeeded' | 'pending' | 'failed' | 'canceled';
}) => ({ type: 'RecordGatewayRefund' as const, orderId, refund, at });

test('lines are priced by the server; the amount held by pending and unknown refunds cannot be asked for again', () => {
  spec
    .given([placed])
    .when(
      request({
        lines: [
          { line: 0, quantity: 2 },
          { line: 1, quantity: 0 },
        ],
      }),
    )
    .then([requested('new', 1998, [{ line: 0, quantity: 2 }])]);
  spec
    .given([placed, requested('a', 3000)])
    .when(request({ amount: 348 }))
    .thenFails(Conflict, 'At most £3.47 can still be refunded on this order.');
  spec
    .given([placed, requested('a', 3000), failed('a', 'unavailable')])
    .when(request({ amount: 348 }))
    .thenFails(Conflict, 'At most £3.47');
  spec
    .given([placed, requested('a', 3000), failed('a', 'declined')])
    .when(request({ amount: 3347 }))
    .then([requested('new', 3347)]);
  spec
    .given([placed, requested('a', 999, [{ line: 0, quantity: 1 }])])
    .when(request({ lines: [{ line: 0, quantity: 2 }] }))
    .thenFails(Conflict, 'Only 1 of "The Kindness Basket"');
  spec
    .given([placed, requested('a', 3347), succeeded('a', 3347)])
    .when(request({ amount: 1 }))
    .thenFails(Conflict, 'This order has already been refunded in full.');
  spec
    .given([placed])
    .when(request({ amount: -1 }))
    .thenFails(Invalid, 'more than £0.00');
  spec
    .given([placed])
    .when(request({ lines: [{ line: 2, quantity: 1 }] }))
    .thenFails(Invalid, 'no line 3');
  // A line listed twice would be checked twice against what is left of it: the second copy of a line bought once.
  spec
    .given([placed])
    .when(
      request({
        lines: [
          { line: 1, quantity: 1 },
          { line: 1, quantity: 1 },
        ],
      }),
    )
    .thenFails(Invalid, 'Line 2 is listed more than once');
  spec
    .given([placed])
    .when(
      request({
        lines: [
          { line: 0, quantity: 1 },
          { line: 0, quantity: 1 },
        ],
      }),
    )
    .thenFails(Invalid, 'Line 1 is listed more than once');
  spec
    .given([])
    .when(request({ amount: 100 }))
    .thenFails(NotFound, 'No order with id pi_1');
});

test('only a refund of unknown outcome is retried', () => {
  const retry = { type: 'RetryRefund' as const, orderId, refundId: 'a', by: 'owner', at };
  spec
    .given([placed, requested('a', 100), failed('a', 'unavailable')])
    .when(retry)
    .then([{ type: 'RefundRetried', data: { orderId, refundId: 'a', by: 'owner', at } }]);
  spec
    .given([placed, requested('a', 100), failed('a', 'declined')])
    .when(retry)
    .thenFails(Conflict, 'declined this refund');
  spec
    .given([placed, requested('a', 100)])
    .when(retry)
    .thenFails(Conflict, 'still with the payment provider');
  spec
    .given([placed, requested('a', 100), succeeded('a', 100)])
    .when(retry)
    .thenFails(Conflict, 'already been paid back');
  spec.given([placed]).when(retry).thenFails(NotFound, 'no such refund');
});

test("the gateway's reports: a pending refund settled by its metadata, a dashboard refund recorded once, repeats ignored", () => {
  spec
    .given([placed, requested('a', 100)])
    .when(report({ gatewayRefundId: 're_9', refundId: 'a', amount: 100, status: 'succeeded' }))
    .then([succeeded('a', 100, 're_9')]);
  spec
    .given([placed, requested('a', 100), failed('a', 'unavailable')])
    .when(report({ gatewayRefundId: 're_9', refundId: 'a', amount: 100, status: 'succeeded' }))
    .then([succeeded('a', 100, 're_9')]);
  spec
    .given([placed, requested('a', 100), succeeded('a', 100, 're_9')])
    .when(report({ gatewayRefundId: 're_9', refundId: 'a', amount: 100, status: 'succeeded' }))
    .then([]);
  spec
    .given([placed, requested('a', 100)])
    .when(report({ gatewayRefundId: 're_9', refundId: 'a', amount: 100, status: 'failed' }))
    .then([
      {
        type: 'RefundFailed',
        data: {
          orderId,
          refundId: 'a',
          failure: 'declined',
          message: 'The payment provider reported that this refund failed.',
          at,
        },
      },
    ]);
  const dashboard: RefundEvent = {
    type: 'RefundSucceeded',
    data: { orderId, refundId: 'gateway-re_7', amount: 500, gatewayRefundId: 're_7', source: 'gateway', at },
  };
  spec
    .given([placed])
    .when(report({ gatewayRefundId: 're_7', amount: 500, status: 'pending' }))
    .then([]);
  spec
    .given([placed])
    .when(report({ gatewayRefundId: 're_7', amount: 500, status: 'succeeded' }))
    .then([dashboard]);
  spec
    .given([placed, dashboard])
    .when(report({ gatewayRefundId: 're_7', amount: 500, status: 'succeeded' }))
    .then([]);
  spec
    .given([placed, dashboard])
    .when(request({ amount: 2848 }))
    .thenFails(Conflict, 'At most £28.47');
});

test('an answer to an attempt that was already settled changes nothing; a dispute is recorded once', () => {
  const settle = {
    type: 'SettleRefund' as const,
    orderId,
    refundId: 'a',
    outcome: { status: 'succeeded' as const, gatewayRefundId: 're_a' },
    at,
  };
  spec
    .given([placed, requested('a', 100)])
    .when(settle)
    .then([succeeded('a', 100)]);
  spec
    .given([placed, requested('a', 100), succeeded('a', 100)])
    .when(settle)
    .then([]);
  const dispute = {
    type: 'RecordDispute' as const,
    orderId,
    disputeId: 'dp_1',
    amount: 3347,
    reason: 'fraudulent',
    at,
  };
  const disputed: RefundEvent = {
    type: 'OrderDisputed',
    data: { orderId, disputeId: 'dp_1', amount: 3347, reason: 'fraudulent', at },
  };
  spec.given([placed]).when(dispute).then([disputed]);
  spec.given([placed, disputed]).when(dispute).then([]);
});

test.run();
