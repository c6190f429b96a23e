// The ledger folded from a log: each movement on the UK day it happened, traced to its event.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { upcastOrderDisputedV1 } from '../../contracts/orders/events.ts';
import { simulatedPaymentFee } from '../../contracts/ledger/payments.ts';
import type { DisputeTransaction } from '../../contracts/orders/disputes.ts';
import { orderStream, paymentStream, payoutStream } from '../../contracts/shared/streams.ts';
import { orderPlacedData } from '../../infra/testing/exampleOrders.ts';
import { fold, isIdempotent, recorded } from '../../infra/testing/projections.ts';
import { ledgerDays, ledgerProjection } from './ledger.ts';

const orderId = 'cs_sandbox_LEDGERprojectionTEST00000001';

function story() {
  const placed = recorded(orderStream(orderId), {
    type: 'OrderPlaced' as const,
    // 23:30 UTC in British Summer Time is 00:30 on the next UK day.
    data: orderPlacedData({
      orderId,
      items: [
        { name: 'The Kindness Basket', quantity: 2, price: 1299, bookId: 1 },
        { name: 'Alif to Ya: My Arabic Alphabet Poster', quantity: 1, price: 999, bookId: 3 },
      ],
      shippingCost: 350,
      placedAt: '2026-06-30T23:30:00.000Z',
    }),
  });
  const fee = recorded(paymentStream(orderId), {
    type: 'PaymentFeeRecorded' as const,
    data: {
      orderId,
      paymentReference: orderId,
      ...simulatedPaymentFee(orderId, 3947, '2026-06-30T23:30:00.000Z'),
      at: '2026-06-30T23:30:01.000Z',
    },
  });
  const refund = recorded(orderStream(orderId), {
    type: 'RefundSucceeded' as const,
    data: {
      orderId,
      refundId: 'refund-1',
      amount: 999,
      gatewayRefundId: 're_sandbox_1',
      source: 'shop' as const,
      at: '2026-07-04T09:00:00.000Z',
    },
  });
  const dispute = recorded(orderStream(orderId), {
    type: 'OrderDisputed' as const,
    // recorded before disputes' money was followed: read as version 1 upcast
    data: upcastOrderDisputedV1({
      orderId,
      disputeId: 'dp_1',
      amount: 500,
      reason: 'fraudulent',
      at: '2026-07-04T10:00:00.000Z',
    }),
  });
  const payout = recorded(payoutStream('po_1'), {
    type: 'PayoutPaid' as const,
    data: {
      payoutId: 'po_1',
      amount: 3887,
      currency: 'gbp',
      arrivalDate: '2026-07-08T00:00:00.000Z',
      createdAt: '2026-07-06T00:00:00.000Z',
      transactions: null,
      at: '2026-07-08T06:00:00.000Z',
    },
  });
  return { placed, fee, refund, dispute, payout, events: [placed, fee, refund, dispute, payout] };
}

test('a sale and its fee land on the UK day of the payment; a later refund and a dispute on their own day; a payout on its arrival day', async () => {
  const s = story();
  const reads = await fold([ledgerProjection], s.events);
  const days = await ledgerDays(reads, '2026-06-01', '2026-07-31');
  assert.equal(
    days.map((d) => d.day),
    ['2026-07-01', '2026-07-04', '2026-07-08'],
  );
  const [sale, later, bank] = days;
  // 1.5% of £39.47 is 59.205p → 59p, and 20p: 79p.
  assert.equal(sale!.totals, {
    sales: 3597,
    shipping: 350,
    refunds: 0,
    disputes: 0,
    fees: 79,
    reinstated: 0,
    net: 3947 - 79,
    payouts: 0,
    simulatedFees: 1,
  });
  assert.equal(
    sale!.entries.map((e) => [e.kind, e.eventId, e.orderNumber, e.amount, e.simulated]),
    [
      ['sale', s.placed.id, s.placed.data.orderNumber, 3947, false],
      ['fee', s.fee.id, s.placed.data.orderNumber, 79, true],
    ],
  );
  assert.equal(
    later!.entries.map((e) => [e.kind, e.eventId, e.reference, e.amount]),
    [
      ['refund', s.refund.id, 're_sandbox_1', 999],
      ['dispute', s.dispute.id, 'dp_1', 500],
    ],
  );
  assert.is(later!.totals.net, -1499);
  assert.equal(
    bank!.entries.map((e) => [e.kind, e.eventId, e.reference, e.amount]),
    [['payout', s.payout.id, 'po_1', 3887]],
  );
  assert.is(bank!.totals.net, 0, 'a payout moves money already earned: it is no income');
  assert.is(bank!.totals.payouts, 3887);
  // The period's bounds are UK days, both counted.
  assert.equal(
    (await ledgerDays(reads, '2026-07-04', '2026-07-04')).map((d) => d.day),
    ['2026-07-04'],
  );
  assert.equal(await ledgerDays(reads, '2026-06-01', '2026-06-30'), []);
});

test('an order placed before fees were recorded has its sale and no fee; folding an event twice changes nothing', async () => {
  const s = story();
  const reads = await fold([ledgerProjection], [s.placed, s.refund]);
  const days = await ledgerDays(reads, '2026-07-01', '2026-07-31');
  assert.equal(
    days.map((d) => [d.day, d.totals.fees, d.entries.map((e) => e.kind)]),
    [
      ['2026-07-01', 0, ['sale']],
      ['2026-07-04', 0, ['refund']],
    ],
  );
  assert.ok(await isIdempotent([ledgerProjection], story().events));
});

const movement = (
  type: 'DisputeFundsWithdrawn' | 'DisputeFundsReinstated',
  disputeId: string,
  t: Omit<DisputeTransaction, 'net' | 'feeDetails'>,
) =>
  recorded(orderStream(orderId), {
    type,
    data: { ...t, net: t.amount - t.fee, feeDetails: [], orderId, disputeId, at: '2026-07-20T08:00:00.000Z' },
  });

test("a followed dispute books nothing when opened; its withdrawal, fee and reinstatement land on their transactions' days", async () => {
  const s = story();
  const opened = recorded(orderStream(orderId), {
    type: 'OrderDisputed' as const,
    data: {
      orderId,
      disputeId: 'dp_2',
      amount: 3947,
      reason: 'fraudulent',
      at: '2026-07-10T10:00:00.000Z',
      status: 'needs_response',
      evidenceDueBy: '2026-07-25T22:59:59.000Z',
      paymentIntent: 'pi_2',
      livemode: false,
      moneyFollowed: true,
    },
  });
  // 23:30 UTC in summer is the next UK day.
  const withdrawn = movement('DisputeFundsWithdrawn', 'dp_2', {
    transactionId: 'txn_w',
    amount: -3947,
    fee: 2000,
    createdAt: '2026-07-11T23:30:00.000Z',
    reportingCategory: 'dispute',
  });
  const reinstated = movement('DisputeFundsReinstated', 'dp_2', {
    transactionId: 'txn_r',
    amount: 3947,
    fee: -2000,
    createdAt: '2026-08-03T09:00:00.000Z',
    reportingCategory: 'dispute_reversal',
  });
  const events = [s.placed, s.fee, opened, withdrawn, reinstated];
  const reads = await fold([ledgerProjection], events);
  const days = await ledgerDays(reads, '2026-07-01', '2026-08-31');
  assert.equal(
    days.map((d) => [d.day, d.entries.map((e) => [e.kind, e.reference, e.amount]), d.totals.net]),
    [
      [
        '2026-07-01',
        [
          ['sale', orderId, 3947],
          ['fee', `txn_sandbox_${orderId}`, 79],
        ],
        3947 - 79,
      ],
      [
        '2026-07-12',
        [
          ['dispute', 'txn_w', 3947],
          ['disputeFee', 'txn_w', 2000],
        ],
        -3947 - 2000,
      ],
      [
        '2026-08-03',
        [
          ['reinstatement', 'txn_r', 3947],
          ['disputeFeeReturned', 'txn_r', 2000],
        ],
        3947 + 2000,
      ],
    ],
  );
  const august = days[2]!.totals;
  assert.equal([august.reinstated, august.fees, august.disputes], [3947, -2000, 0]);
  assert.ok(await isIdempotent([ledgerProjection], events));
});

test('a dispute recorded before its money was followed keeps its amount on the day it opened; its withdrawal adds only the fee', async () => {
  const s = story();
  const withdrawn = movement('DisputeFundsWithdrawn', 'dp_1', {
    transactionId: 'txn_old',
    amount: -500,
    fee: 2000,
    createdAt: '2026-07-05T09:00:00.000Z',
    reportingCategory: 'dispute',
  });
  const reads = await fold([ledgerProjection], [s.placed, s.dispute, withdrawn]);
  const days = await ledgerDays(reads, '2026-07-01', '2026-07-31');
  assert.equal(
    days.map((d) => [d.day, d.entries.map((e) => [e.kind, e.amount])]),
    [
      ['2026-07-01', [['sale', 3947]]],
      ['2026-07-04', [['dispute', 500]]],
      ['2026-07-05', [['disputeFee', 2000]]],
    ],
  );
});

test.run();
