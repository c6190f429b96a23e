// The ledger's events, declared once: the fee kept from each payment (stream payment-<orderId>) and each payout (stream
// payout-<id>), and the types derived from their schemas.
import * as v from 'valibot';
import { at, defineEvents, text, whole, type EventsOf } from '../shared/eventDefinitions.ts';

const pence = whole;

/** One part of a fee as the provider itemises it (Stripe's `fee_details`: `stripe_fee`, `tax`, …). Pence. */
export const FeePartV1 = v.object({ type: text, amount: pence, description: text });
export const PaymentFeeRecordedV1 = v.object({
  orderId: text,
  /** the order's payment (a checkout session or a payment intent) */
  paymentReference: text,
  /** the provider's id for the movement the fee was taken from (Stripe's `txn_…`); the sandbox's is `txn_sandbox_<payment>` */
  transactionId: text,
  /** what the payment brought in, before the fee */
  amount: pence,
  fee: pence,
  /** amount − fee */
  net: pence,
  feeDetails: v.array(FeePartV1),
  /** ISO-8601: when the payment was charged (the balance transaction's `created`) */
  chargedAt: at,
  /** ISO-8601: when its net became available for a payout (`available_on`); null when the provider does not say */
  availableOn: v.nullable(at),
  /** true when no provider charged it: the sandbox's fee from Stripe's published UK card pricing */
  simulated: v.boolean(),
  at,
});
/** One balance transaction a payout covers, as the provider listed it. Pence; a payment's is positive, a refund's negative. */
export const PayoutTransactionV1 = v.object({
  id: text,
  /** Stripe's balance transaction type: `charge`, `payment`, `refund`, `adjustment` (a dispute), `payout`, … */
  type: text,
  amount: pence,
  fee: pence,
  net: pence,
  feeDetails: v.array(FeePartV1),
  /** ISO-8601 */
  createdAt: at,
  availableOn: v.nullable(at),
  /** the PaymentIntent a payment's transaction came from, when the provider names it */
  paymentIntent: v.nullable(text),
});
export const PayoutPaidV1 = v.object({
  payoutId: text,
  /** pence that reached the bank account */
  amount: pence,
  currency: text,
  /** ISO-8601: the day the provider says it reached the bank (Stripe's `arrival_date`) */
  arrivalDate: at,
  /** ISO-8601: when the provider made it */
  createdAt: at,
  /**
   * the balance transactions it covers, as the provider listed them when the webhook was answered; null when the
   * provider cannot list them, or (since decision 107) when they are listed by the reactor afterwards, as
   * PayoutTransactionsListed
   */
  transactions: v.nullable(v.array(PayoutTransactionV1)),
  at,
});
/** A payout's balance transactions, listed by the reactor after its webhook was answered (decision 107). */
export const PayoutTransactionsListedV1 = v.object({
  payoutId: text,
  transactions: v.array(PayoutTransactionV1),
  at,
});

export const paymentsEvents = defineEvents([
  {
    type: 'PaymentFeeRecorded',
    stream: 'payment',
    causedBy:
      "the order's placement (`webhook:stripe`, `webhook:sandbox`, `shopper`), or a payout's notice listing a payment whose fee was not known yet (`webhook:stripe`)",
    description:
      "The processing fee the payment provider kept from an order's payment, from the payment's balance transaction (Stripe), or simulated from Stripe's published UK card pricing (sandbox, `simulated: true`); once per transaction.",
    versions: [{ schema: PaymentFeeRecordedV1 }],
  },
  {
    type: 'PayoutPaid',
    stream: 'payout',
    causedBy: 'the payment provider (`webhook:stripe`)',
    description:
      "The payment provider paid its balance out to the shop's bank account (Stripe's `payout.paid`), with the balance transactions the payout covers; once per payout.",
    versions: [{ schema: PayoutPaidV1 }],
  },
  {
    type: 'PayoutTransactionsListed',
    stream: 'payout',
    causedBy: 'the payment reactor (`system:reactor`)',
    description:
      "The balance transactions a payout covers, as the provider lists them, read by the reactor after the payout's webhook was answered (`transactions: null` on its PayoutPaid); once per payout (decision 107).",
    versions: [{ schema: PayoutTransactionsListedV1 }],
  },
]);

export type PaymentsEvent = EventsOf<typeof paymentsEvents>;
export type PaymentFeeRecorded = Extract<PaymentsEvent, { type: 'PaymentFeeRecorded' }>;
export type PayoutPaid = Extract<PaymentsEvent, { type: 'PayoutPaid' }>;
export type PayoutTransactionsListed = Extract<PaymentsEvent, { type: 'PayoutTransactionsListed' }>;
