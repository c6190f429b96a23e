// A dispute followed to its end (decision 101): the card's bank opens it, the provider takes the disputed amount and its
// dispute fee from the shop's balance, the owner answers with evidence before a deadline, and the bank decides; a won
// dispute gives the amount back. Each step is an event on the order's stream, decided from the dispute as the provider
// reports it, so a report delivered twice, or late, records nothing new.
import type { FeePart } from '../ledger/payments.ts';
import { lazily } from '../shared/lazily.ts';

/**
 * Stripe's dispute statuses (the `Dispute.status` of API 2025): `warning_*` are inquiries, which take no money;
 * `needs_response` and `under_review` are chargebacks; `won`, `lost`, `warning_closed` and `prevented` are final.
 * Kept as text: a status the provider adds later is shown as it comes.
 */
export type DisputeStatus = string;

export const finalDisputeStatuses: readonly string[] = ['won', 'lost', 'warning_closed', 'prevented'];
export const isFinalDisputeStatus = (status: string | null | undefined) =>
  status !== null && status !== undefined && finalDisputeStatuses.includes(status);

const statusTexts: Record<string, string> = {
  warning_needs_response: 'Inquiry: needs your response',
  warning_under_review: 'Inquiry: under review',
  warning_closed: 'Inquiry closed without a chargeback',
  needs_response: 'Needs your response',
  under_review: 'Under review by the bank',
  won: 'Won: the money came back',
  lost: 'Lost: the money stays with the customer',
  prevented: 'Prevented',
  appeal_needs_response: 'Appeal: needs your response',
  appeal_under_review: 'Appeal under review',
};

/** What the owner is told a dispute's status means. */
export const disputeStatusText = (status: string | null) =>
  status === null ? 'Opened (its later steps were not recorded)' : (statusTexts[status] ?? status.replace(/_/g, ' '));

/** Whether the owner still has to answer it: the provider takes evidence only in these. */
export const awaitsResponse = (status: string | null) =>
  status === 'needs_response' || status === 'warning_needs_response' || status === 'appeal_needs_response';

const ukDeadline = lazily(
  () =>
    new Intl.DateTimeFormat('en-GB', {
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      timeZone: 'Europe/London',
    }),
);

/** The evidence deadline in words, in UK time: "Friday 24 April 2026 at 23:59 (UK time)". */
export function evidenceDeadlineText(iso: string | null): string | null {
  if (!iso || Number.isNaN(Date.parse(iso))) return null;
  const parts = Object.fromEntries(
    ukDeadline()
      .formatToParts(new Date(iso))
      .map((p) => [p.type, p.value]),
  );
  return `${parts.weekday} ${parts.day} ${parts.month} ${parts.year} at ${parts.hour}:${parts.minute} (UK time)`;
}

/**
 * Where the owner answers the dispute: its page in Stripe's dashboard, under /test for a test-mode dispute. Null for a
 * payment the sandbox took (no provider to answer) and for a dispute whose mode was not recorded and cannot be told
 * from the payment's id (a Checkout session's id says `cs_test_` or `cs_live_`; a PaymentIntent's does not).
 */
export function disputeDashboardUrl(
  dispute: { disputeId: string; livemode: boolean | null },
  paymentReference: string,
): string | null {
  if (paymentReference.includes('_sandbox_')) return null;
  const live =
    dispute.livemode ??
    (paymentReference.startsWith('cs_live_') ? true : paymentReference.startsWith('cs_test_') ? false : null);
  if (live === null) return null;
  return `https://dashboard.stripe.com${live ? '' : '/test'}/disputes/${encodeURIComponent(dispute.disputeId)}`;
}

/**
 * One movement of the shop's balance caused by a dispute, as the provider's balance transaction reports it (Stripe: type
 * `adjustment`, reporting category `dispute` for the withdrawal, `dispute_reversal` for the reinstatement). Pence, signed
 * as the provider signs them: a withdrawal's amount is negative and its fee (the dispute fee) positive; net = amount − fee.
 */
export type DisputeTransaction = {
  transactionId: string;
  amount: number;
  fee: number;
  net: number;
  feeDetails: FeePart[];
  /** ISO-8601: when the money moved (the balance transaction's `created`) */
  createdAt: string;
  /** the provider's reporting category: `dispute`, `dispute_reversal` */
  reportingCategory: string;
};

/** A withdrawal takes money (category `dispute`, or a negative amount); a reinstatement gives it back. */
export const isWithdrawal = (t: Pick<DisputeTransaction, 'reportingCategory' | 'amount'>) =>
  t.reportingCategory === 'dispute' || (t.reportingCategory !== 'dispute_reversal' && t.amount < 0);

/** A dispute as the provider reports it in any of its webhooks: its state now and every balance transaction so far. */
export type ReportedDispute = {
  disputeId: string;
  amount: number;
  reason: string;
  status: DisputeStatus | null;
  /** ISO-8601: the provider's `evidence_details.due_by`; null when it takes no evidence */
  evidenceDueBy: string | null;
  paymentIntent: string | null;
  livemode: boolean | null;
  transactions: DisputeTransaction[];
};

/** A balance transaction of a dispute as the order keeps it. */
export type DisputeMovement = {
  transactionId: string;
  kind: 'withdrawn' | 'reinstated';
  amount: number;
  fee: number;
  net: number;
  createdAt: string;
};
