// The ledger folded from a log: each movement on the UK day it happened, traced to its event.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { simulatedPaymentFee } from '../../contracts/ledger/payments.ts';
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
    data: { orderId, disputeId: 'dp_1', amount: 500, reason: 'fraudulent', at: '2026-07-04T10:00:00.000Z' },
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

test.run();
