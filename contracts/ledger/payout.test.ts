// The payout decider as a specification, one given/when/then per rule (decisions 071, 107): a payout is paid once,
// whichever delivery of its notice comes first; its transactions are listed once, and only for a payout the log has
// and did not list them with.
import { test } from 'uvu';
import { deciderSpec } from '../../infra/testing/decider.ts';
import type { PayoutPaid } from './events.ts';
import type { PayoutTransactionsListed } from './events.ts';
import { payoutDecider, type Payout, type PayoutTransaction } from './payments.ts';

const spec = deciderSpec(payoutDecider);
const at = '2026-11-30T09:00:00.000Z';
const later = '2026-11-30T09:05:00.000Z';
const payout: Payout = {
  payoutId: 'po_1',
  amount: 2293,
  currency: 'gbp',
  arrivalDate: '2026-12-02T00:00:00.000Z',
  createdAt: '2026-11-29T00:00:00.000Z',
};
const charge: PayoutTransaction = {
  id: 'txn_1',
  type: 'charge',
  amount: 2348,
  fee: 55,
  net: 2293,
  feeDetails: [{ type: 'stripe_fee', amount: 55, description: 'Stripe processing fees' }],
  createdAt: '2026-11-27T10:00:00.000Z',
  availableOn: '2026-11-29T00:00:00.000Z',
  paymentIntent: 'pi_1',
};
const paid = (transactions: PayoutTransaction[] | null): PayoutPaid => ({
  type: 'PayoutPaid',
  data: { ...payout, transactions, at },
});
const listed: PayoutTransactionsListed = {
  type: 'PayoutTransactionsListed',
  data: { payoutId: payout.payoutId, transactions: [charge], at: later },
};
const record = (transactions: PayoutTransaction[] | null) => ({
  type: 'RecordPayout' as const,
  payout,
  transactions,
  at,
});
const list = {
  type: 'RecordPayoutTransactions' as const,
  payoutId: payout.payoutId,
  transactions: [charge],
  at: later,
};

test('a payout is paid once, with the transactions the notice listed, or none yet', () => {
  spec
    .given([])
    .when(record([charge]))
    .then([paid([charge])]);
  spec
    .given([])
    .when(record(null))
    .then([paid(null)]);
});

test('a payout notice delivered again changes nothing, with or without its transactions', () => {
  spec
    .given([paid(null)])
    .when(record([charge]))
    .then([]);
  spec
    .given([paid([charge])])
    .when(record(null))
    .then([]);
});

test('the transactions of a payout paid without them are listed once', () => {
  spec
    .given([paid(null)])
    .when(list)
    .then([listed]);
  spec
    .given([paid(null), listed])
    .when(list)
    .then([]);
});

test('transactions are not listed for a payout the notice already listed them with, nor for one not paid', () => {
  spec
    .given([paid([charge])])
    .when(list)
    .then([]);
  spec.given([]).when(list).then([]);
});

test.run();
