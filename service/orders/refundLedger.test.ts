// The refund ledger as a specification, one case per test: given an order's refund events, when one more happens, then
// what the ledger shows — each refund's progress, what is held, what may still be refunded. What the refund decider
// decides from it is specified in refundDecider.test.ts.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  emptyRefundBook,
  evolveRefundBook,
  hasPendingRefund,
  heldAmount,
  linesLeft,
  refundableAmount,
  refundedAmount,
  type RefundBook,
} from '../../contracts/orders/refunds.ts';
import type { RefundEvent } from '../../contracts/orders/events.ts';

const at = '2026-03-05T10:00:00.000Z';
const orderId = 'pi_1';
const requested = (
  refundId: string,
  amount: number,
  lines: { line: number; quantity: number }[] = [],
): RefundEvent => ({
  type: 'RefundRequested',
  data: { orderId, refundId, amount, lines, reason: 'why', by: 'owner', at },
});
const succeeded = (refundId: string, amount: number, source: 'shop' | 'gateway' = 'shop'): RefundEvent => ({
  type: 'RefundSucceeded',
  data: { orderId, refundId, amount, gatewayRefundId: `re_${refundId}`, source, at },
});
const failed = (refundId: string, failure: 'declined' | 'unavailable', message = 'why not'): RefundEvent => ({
  type: 'RefundFailed',
  data: { orderId, refundId, failure, message, at },
});
const retried = (refundId: string): RefundEvent => ({
  type: 'RefundRetried',
  data: { orderId, refundId, by: 'owner', at },
});

/** given(events).when(event): the ledger after folding both. */
const ledger = {
  given: (events: RefundEvent[]) => ({
    when: (event: RefundEvent): RefundBook => [...events, event].reduce(evolveRefundBook, emptyRefundBook()),
  }),
};
const progress = (book: RefundBook) => book.refunds.map((r) => [r.refundId, r.progress, r.message ?? null]);

test('a refund asked for is pending, and holds its amount', () => {
  const book = ledger.given([]).when(requested('a', 500));
  assert.equal(progress(book), [['a', 'pending', null]]);
  assert.is(heldAmount(book.refunds), 500);
});

test("the gateway's success makes it refunded: paid back", () => {
  const book = ledger.given([requested('a', 500)]).when(succeeded('a', 500));
  assert.equal(progress(book), [['a', 'refunded', null]]);
  assert.is(refundedAmount(book.refunds), 500);
});

test('a decline makes it failed with the reason, and frees its amount', () => {
  const book = ledger.given([requested('a', 500)]).when(failed('a', 'declined', 'The bank said no.'));
  assert.equal(progress(book), [['a', 'failed', 'The bank said no.']]);
  assert.is(refundableAmount(3347, book.refunds), 3347);
});

test('an unknown outcome is failed with the reason, and still holds its amount', () => {
  const book = ledger.given([requested('a', 500)]).when(failed('a', 'unavailable', 'Not known.'));
  assert.equal(progress(book), [['a', 'failed', 'Not known.']]);
  assert.is(refundableAmount(3347, book.refunds), 2847);
});

test('a retry makes it pending again, one attempt further, without the old reason', () => {
  const book = ledger.given([requested('a', 500), failed('a', 'unavailable')]).when(retried('a'));
  assert.equal(progress(book), [['a', 'pending', null]]);
  assert.is(book.refunds[0]!.attempts, 1);
  assert.ok(hasPendingRefund(book.refunds));
});

test("a refund made in the gateway's dashboard is recorded refunded, with a reason that says so", () => {
  const book = ledger.given([]).when(succeeded('gateway-re_9', 50, 'gateway'));
  assert.equal(
    book.refunds.map((r) => [r.refundId, r.progress, r.reason, r.source]),
    [['gateway-re_9', 'refunded', "Refunded in the payment provider's dashboard", 'gateway']],
  );
});

test('lines go back with the refunds that hold money: a declined one gives its lines back', () => {
  const book = ledger
    .given([requested('a', 999, [{ line: 0, quantity: 1 }]), requested('b', 999, [{ line: 0, quantity: 1 }])])
    .when(failed('b', 'declined'));
  assert.equal(linesLeft([{ quantity: 2 }], book.refunds), [1]);
});

test('a dispute is kept with its amount and reason', () => {
  const book = ledger.given([]).when({
    type: 'OrderDisputed',
    data: {
      orderId,
      disputeId: 'dp_1',
      amount: 1349,
      reason: 'fraudulent',
      at,
      status: null,
      evidenceDueBy: null,
      paymentIntent: null,
      livemode: null,
      moneyFollowed: false,
    },
  });
  assert.equal(book.disputes, [
    {
      disputeId: 'dp_1',
      amount: 1349,
      reason: 'fraudulent',
      at,
      status: null,
      evidenceDueBy: null,
      livemode: null,
      movements: [],
    },
  ]);
});

test.run();
