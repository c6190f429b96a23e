// The refund decider as a specification, one given/when/then per test: what may be refunded, how the gateway's answers
// and reports settle refunds, and that repeated reports change nothing.
import { test } from 'uvu';
import type { DisputeTransaction, ReportedDispute } from '../../contracts/orders/disputes.ts';
import { Conflict, Invalid, NotFound } from '../../contracts/shared/errors.ts';
import type { OrderPlaced, RefundEvent } from '../../contracts/orders/events.ts';
import { refundDecider } from '../../contracts/orders/refunds.ts';
import { orderPlacedData } from '../../infra/testing/exampleOrders.ts';
import { deciderSpec } from '../../infra/testing/decider.ts';

type Event = RefundEvent | OrderPlaced;
const spec = deciderSpec<
  ReturnType<typeof refundDecider.initialState>,
  Parameters<typeof refundDecider.decide>[0],
  Event
>(refundDecider);
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
const request = (fields: { amount?: number; lines?: { line: number; quantity: number }[]; restock?: boolean }) => ({
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

const retry = { type: 'RetryRefund' as const, orderId, refundId: 'a', by: 'owner', at };
const dashboard: RefundEvent = {
  type: 'RefundSucceeded',
  data: { orderId, refundId: 'gateway-re_7', amount: 500, gatewayRefundId: 're_7', source: 'gateway', at },
};
const settle = {
  type: 'SettleRefund' as const,
  orderId,
  refundId: 'a',
  outcome: { status: 'succeeded' as const, gatewayRefundId: 're_a' },
  at,
};
const dueBy = '2026-05-01T22:59:59.000Z';
const reported = (status: string, transactions: DisputeTransaction[] = []): ReportedDispute => ({
  disputeId: 'dp_1',
  amount: 3347,
  reason: 'fraudulent',
  status,
  evidenceDueBy: dueBy,
  paymentIntent: 'pi_1',
  livemode: false,
  transactions,
});
const disputeReport = (status: string, transactions: DisputeTransaction[] = []) => ({
  type: 'RecordDispute' as const,
  orderId,
  dispute: reported(status, transactions),
  at,
});
const dispute = disputeReport('needs_response');
const disputed: RefundEvent = {
  type: 'OrderDisputed',
  data: {
    orderId,
    disputeId: 'dp_1',
    amount: 3347,
    reason: 'fraudulent',
    at,
    status: 'needs_response',
    evidenceDueBy: dueBy,
    paymentIntent: 'pi_1',
    livemode: false,
    moneyFollowed: true,
  },
};
const withdrawal: DisputeTransaction = {
  transactionId: 'txn_w',
  amount: -3347,
  fee: 2000,
  net: -5347,
  feeDetails: [{ type: 'stripe_fee', amount: 2000, description: 'Dispute fee' }],
  createdAt: '2026-04-20T10:00:00.000Z',
  reportingCategory: 'dispute',
};
const reinstatement: DisputeTransaction = {
  transactionId: 'txn_r',
  amount: 3347,
  fee: 0,
  net: 3347,
  feeDetails: [],
  createdAt: '2026-05-10T10:00:00.000Z',
  reportingCategory: 'dispute_reversal',
};

test('lines are priced by the server; a line of nought is left out', () => {
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
});

test('a pending refund holds its amount: no more than the rest may be asked for', () => {
  spec
    .given([placed, requested('a', 3000)])
    .when(request({ amount: 348 }))
    .thenFails(Conflict, 'At most £3.47 can still be refunded on this order.');
});

test('a refund of unknown outcome holds its amount too', () => {
  spec
    .given([placed, requested('a', 3000), failed('a', 'unavailable')])
    .when(request({ amount: 348 }))
    .thenFails(Conflict, 'At most £3.47');
});

test('a declined refund frees its amount', () => {
  spec
    .given([placed, requested('a', 3000), failed('a', 'declined')])
    .when(request({ amount: 3347 }))
    .then([requested('new', 3347)]);
});

test('a line holds what refunds of it took', () => {
  spec
    .given([placed, requested('a', 999, [{ line: 0, quantity: 1 }])])
    .when(request({ lines: [{ line: 0, quantity: 2 }] }))
    .thenFails(Conflict, 'Only 1 of "The Kindness Basket"');
});

test('nothing is left once the whole order was paid back', () => {
  spec
    .given([placed, requested('a', 3347), succeeded('a', 3347)])
    .when(request({ amount: 1 }))
    .thenFails(Conflict, 'This order has already been refunded in full.');
});

test('an amount below a penny is refused', () => {
  spec
    .given([placed])
    .when(request({ amount: -1 }))
    .thenFails(Invalid, 'more than £0.00');
});

test('a line the order does not have is refused', () => {
  spec
    .given([placed])
    .when(request({ lines: [{ line: 2, quantity: 1 }] }))
    .thenFails(Invalid, 'no line 3');
});

test('a line listed twice is refused, whatever it holds', () => {
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
});

test('a line listed twice is refused even when it holds enough for both', () => {
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
});

test('an order not placed is not found', () => {
  spec
    .given([])
    .when(request({ amount: 100 }))
    .thenFails(NotFound, 'No order with id pi_1');
});

test('a refund of unknown outcome is retried', () => {
  spec
    .given([placed, requested('a', 100), failed('a', 'unavailable')])
    .when(retry)
    .then([{ type: 'RefundRetried', data: { orderId, refundId: 'a', by: 'owner', at } }]);
});

test('a declined refund is not retried', () => {
  spec
    .given([placed, requested('a', 100), failed('a', 'declined')])
    .when(retry)
    .thenFails(Conflict, 'declined this refund');
});

test('a pending refund is not retried', () => {
  spec
    .given([placed, requested('a', 100)])
    .when(retry)
    .thenFails(Conflict, 'still with the payment provider');
});

test('a refund paid back is not retried', () => {
  spec
    .given([placed, requested('a', 100), succeeded('a', 100)])
    .when(retry)
    .thenFails(Conflict, 'already been paid back');
});

test('a refund the order does not have is not found for a retry', () => {
  spec.given([placed]).when(retry).thenFails(NotFound, 'no such refund');
});

test("the gateway's report of success settles the pending refund its metadata names", () => {
  spec
    .given([placed, requested('a', 100)])
    .when(report({ gatewayRefundId: 're_9', refundId: 'a', amount: 100, status: 'succeeded' }))
    .then([succeeded('a', 100, 're_9')]);
});

test("the gateway's report of success settles a refund of unknown outcome", () => {
  spec
    .given([placed, requested('a', 100), failed('a', 'unavailable')])
    .when(report({ gatewayRefundId: 're_9', refundId: 'a', amount: 100, status: 'succeeded' }))
    .then([succeeded('a', 100, 're_9')]);
});

test("the gateway's report of a refund already paid back changes nothing", () => {
  spec
    .given([placed, requested('a', 100), succeeded('a', 100, 're_9')])
    .when(report({ gatewayRefundId: 're_9', refundId: 'a', amount: 100, status: 'succeeded' }))
    .then([]);
});

test("the gateway's report of a failure declines the pending refund", () => {
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
});

test("a refund made in the gateway's dashboard is not recorded while it is pending", () => {
  spec
    .given([placed])
    .when(report({ gatewayRefundId: 're_7', amount: 500, status: 'pending' }))
    .then([]);
});

test("a refund made in the gateway's dashboard is recorded once it has succeeded", () => {
  spec
    .given([placed])
    .when(report({ gatewayRefundId: 're_7', amount: 500, status: 'succeeded' }))
    .then([dashboard]);
});

test("a refund made in the gateway's dashboard, reported again, changes nothing", () => {
  spec
    .given([placed, dashboard])
    .when(report({ gatewayRefundId: 're_7', amount: 500, status: 'succeeded' }))
    .then([]);
});

test("a refund made in the gateway's dashboard holds its amount", () => {
  spec
    .given([placed, dashboard])
    .when(request({ amount: 2848 }))
    .thenFails(Conflict, 'At most £28.47');
});

test("the gateway's answer settles the pending attempt", () => {
  spec
    .given([placed, requested('a', 100)])
    .when(settle)
    .then([succeeded('a', 100)]);
});

test('an answer to an attempt already settled changes nothing', () => {
  spec
    .given([placed, requested('a', 100), succeeded('a', 100)])
    .when(settle)
    .then([]);
});

test('a dispute is recorded', () => {
  spec.given([placed]).when(dispute).then([disputed]);
});

test('a dispute reported again changes nothing', () => {
  spec.given([placed, disputed]).when(dispute).then([]);
});

test("a dispute's withdrawal is recorded once from its balance transaction, whichever report carries it", () => {
  const withdrawn: RefundEvent = {
    type: 'DisputeFundsWithdrawn',
    data: { ...withdrawal, orderId, disputeId: 'dp_1', at },
  };
  spec
    .given([placed])
    .when(disputeReport('needs_response', [withdrawal]))
    .then([disputed, withdrawn]);
  spec
    .given([placed, disputed])
    .when(disputeReport('needs_response', [withdrawal]))
    .then([withdrawn]);
  spec
    .given([placed, disputed, withdrawn])
    .when(disputeReport('needs_response', [withdrawal]))
    .then([]);
});

test('a dispute under review, then won with its money given back, is recorded step by step; a late report changes nothing', () => {
  const withdrawn: RefundEvent = {
    type: 'DisputeFundsWithdrawn',
    data: { ...withdrawal, orderId, disputeId: 'dp_1', at },
  };
  const review: RefundEvent = {
    type: 'DisputeUpdated',
    data: { orderId, disputeId: 'dp_1', status: 'under_review', evidenceDueBy: dueBy, amount: 3347, at },
  };
  const won: RefundEvent = { type: 'DisputeClosed', data: { orderId, disputeId: 'dp_1', status: 'won', at } };
  const back: RefundEvent = {
    type: 'DisputeFundsReinstated',
    data: { ...reinstatement, orderId, disputeId: 'dp_1', at },
  };
  spec
    .given([placed, disputed, withdrawn])
    .when(disputeReport('under_review', [withdrawal]))
    .then([review]);
  spec
    .given([placed, disputed, withdrawn, review])
    .when(disputeReport('won', [withdrawal]))
    .then([won]);
  spec
    .given([placed, disputed, withdrawn, review, won])
    .when(disputeReport('won', [withdrawal, reinstatement]))
    .then([back]);
  // The review's report delivered after the decision: the decision stands.
  spec
    .given([placed, disputed, withdrawn, review, won, back])
    .when(disputeReport('under_review', [withdrawal]))
    .then([]);
});

test('a refund of lines may put its copies back on the shelf: the request says so', () => {
  spec
    .given([placed])
    .when(request({ lines: [{ line: 0, quantity: 2 }], restock: true }))
    .then([
      {
        type: 'RefundRequested',
        data: {
          orderId,
          refundId: 'new',
          amount: 1998,
          lines: [{ line: 0, quantity: 2 }],
          reason: 'why',
          by: 'owner',
          at,
          restock: true,
        },
      },
    ]);
});

test('copies go back only with lines, and never more of a line than was bought (a declined refund asked again)', () => {
  spec
    .given([placed])
    .when(request({ amount: 500, restock: true }))
    .thenFails(Invalid, 'only with a refund of lines');
  const declinedWithRestock: RefundEvent = {
    type: 'RefundRequested',
    data: {
      orderId,
      refundId: 'r1',
      amount: 1998,
      lines: [{ line: 0, quantity: 2 }],
      reason: 'why',
      by: 'owner',
      at,
      restock: true,
    },
  };
  spec
    .given([placed, declinedWithRestock, failed('r1', 'declined')])
    .when(request({ lines: [{ line: 0, quantity: 1 }], restock: true }))
    .thenFails(Conflict, 'Every copy of "The Kindness Basket" is already back on the shelf.');
  // Asked again without putting them back: the money may still go back.
  spec
    .given([placed, declinedWithRestock, failed('r1', 'declined')])
    .when(request({ lines: [{ line: 0, quantity: 2 }] }))
    .then([
      {
        type: 'RefundRequested',
        data: {
          orderId,
          refundId: 'new',
          amount: 1998,
          lines: [{ line: 0, quantity: 2 }],
          reason: 'why',
          by: 'owner',
          at,
        },
      },
    ]);
});

test.run();
