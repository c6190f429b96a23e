import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { deciderSpec } from '../../infra/testing/decider.ts';
import type { PaymentFeeRecorded } from './events.ts';
import { paymentFeeDecider, simulatedCardFee, simulatedPaymentFee } from './payments.ts';

test("the sandbox's fee is Stripe's standard UK card price, 1.5% + 20p, the percentage to the nearest penny", () => {
  // £26.48: 1.5% is 39.72p → 40p, and 20p.
  assert.is(simulatedCardFee(2648), 60);
  // £23.48: 35.22p → 35p, and 20p.
  assert.is(simulatedCardFee(2348), 55);
  // £1.00: 1.5p, a half penny, goes up → 2p, and 20p.
  assert.is(simulatedCardFee(100), 22);
  assert.is(simulatedCardFee(0), 0);
  const fee = simulatedPaymentFee('cs_sandbox_x', 2648, '2026-11-27T10:00:00.000Z');
  assert.equal(
    { fee: fee.fee, net: fee.net, simulated: fee.simulated, parts: fee.feeDetails.map((d) => d.amount) },
    { fee: 60, net: 2588, simulated: true, parts: [60] },
  );
});

test("a payment's fee is recorded once per transaction, however often it is reported", () => {
  const fee = simulatedPaymentFee('cs_sandbox_x', 2648, '2026-11-27T10:00:00.000Z');
  const command = { type: 'RecordPaymentFee' as const, orderId: 'o', paymentReference: 'o', fee, at: fee.chargedAt };
  const recorded: PaymentFeeRecorded = {
    type: 'PaymentFeeRecorded',
    data: { orderId: 'o', paymentReference: 'o', ...fee, at: fee.chargedAt },
  };
  const spec = deciderSpec(paymentFeeDecider);
  spec.given([]).when(command).then([recorded]);
  spec.given([recorded]).when(command).then([]);
  // Another transaction of the same payment (a second charge) is recorded beside it.
  const other = { ...fee, transactionId: 'txn_other' };
  spec
    .given([recorded])
    .when({ ...command, fee: other })
    .then([{ type: 'PaymentFeeRecorded', data: { orderId: 'o', paymentReference: 'o', ...other, at: fee.chargedAt } }]);
});

test.run();
