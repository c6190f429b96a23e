// The ledger: money by the UK day it moved (decision 071). Sales and shipping on the day of the sale, refunds on the day
// they were paid back, disputes on the day the bank opened them, the provider's fees on the day of the payment, and
// payouts on the day they reached the bank. Every row names the event it comes from.
import * as v from 'valibot';
import { isoDay } from '../shared/days.ts';

/** At most this many days in one answer: a year, and a leap day. */
export const maxLedgerDays = 366;

export const ledgerMessages = {
  endsBeforeStart: 'The period ends before it starts: To must be on or after From.',
  tooLong: `A ledger period is at most ${maxLedgerDays} days.`,
} as const;

const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / 86_400_000;

/** GET /api/admin/ledger?from=&to= — UK days, both counted. Without them: the month so far. */
export const LedgerQuerySchema = v.pipe(
  v.object({ from: v.optional(isoDay('From')), to: v.optional(isoDay('To')) }),
  v.check((q) => !(q.from && q.to && q.from > q.to), ledgerMessages.endsBeforeStart),
  v.check((q) => !(q.from && q.to && dayNumber(q.to) - dayNumber(q.from) + 1 > maxLedgerDays), ledgerMessages.tooLong),
);
export type LedgerQuery = v.InferInput<typeof LedgerQuerySchema>;

/**
 * `dispute`: a dispute's amount taken from the balance; `disputeFee`: the provider's fee for it (counted with the fees);
 * `reinstatement`: a won dispute's amount given back; `disputeFeeReturned`: any part of its fee given back (decision 101).
 */
export const ledgerKinds = [
  'sale',
  'refund',
  'dispute',
  'fee',
  'payout',
  'disputeFee',
  'reinstatement',
  'disputeFeeReturned',
] as const;
export type LedgerKind = (typeof ledgerKinds)[number];

/** One movement of money, traced to its event. Pence, all positive: the kind says which way it went. */
export type LedgerEntry = {
  kind: LedgerKind;
  /** the event it comes from */
  eventId: string;
  /** ISO-8601, when it happened */
  at: string;
  orderId: string | null;
  orderNumber: string | null;
  /** the provider's id: the payment, refund (`re_…`), dispute (`dp_…`), balance transaction (`txn_…`) or payout (`po_…`) */
  reference: string;
  /** a sale's goods and shipping; for the rest, 0 and 0 */
  goods: number;
  shipping: number;
  /** the whole movement: a sale's goods + shipping, a refund's or dispute's amount, a fee, a payout */
  amount: number;
  /** a fee no provider charged (the sandbox's, from Stripe's published UK card pricing) */
  simulated: boolean;
};

/** A day's or a period's sums. Pence. */
export type LedgerTotals = {
  sales: number;
  shipping: number;
  refunds: number;
  disputes: number;
  /** the provider's fees: on payments, and on disputes less any returned */
  fees: number;
  /** disputes' amounts given back (won disputes) */
  reinstated: number;
  /** sales + shipping − refunds − disputes + reinstated − fees: what the day's trading left the shop with */
  net: number;
  /** paid to the bank account: a transfer of what was already earned, not more income */
  payouts: number;
  /** how many of the fees were simulated */
  simulatedFees: number;
};

export type LedgerDay = { day: string; entries: LedgerEntry[]; totals: LedgerTotals };

/** GET /api/admin/ledger: the days with any movement, oldest first, and the period's totals. */
export type LedgerResponse = { from: string; to: string; days: LedgerDay[]; totals: LedgerTotals };

export const emptyLedgerTotals = (): LedgerTotals => ({
  sales: 0,
  shipping: 0,
  refunds: 0,
  disputes: 0,
  fees: 0,
  reinstated: 0,
  net: 0,
  payouts: 0,
  simulatedFees: 0,
});

/** What one entry adds to a day's sums. */
export function addToTotals(totals: LedgerTotals, entry: LedgerEntry): LedgerTotals {
  const next = { ...totals };
  switch (entry.kind) {
    case 'sale':
      next.sales += entry.goods;
      next.shipping += entry.shipping;
      next.net += entry.amount;
      break;
    case 'refund':
      next.refunds += entry.amount;
      next.net -= entry.amount;
      break;
    case 'dispute':
      next.disputes += entry.amount;
      next.net -= entry.amount;
      break;
    case 'fee':
      next.fees += entry.amount;
      next.net -= entry.amount;
      if (entry.simulated) next.simulatedFees += 1;
      break;
    case 'payout':
      next.payouts += entry.amount;
      break;
    case 'disputeFee':
      next.fees += entry.amount;
      next.net -= entry.amount;
      break;
    case 'reinstatement':
      next.reinstated += entry.amount;
      next.net += entry.amount;
      break;
    case 'disputeFeeReturned':
      next.fees -= entry.amount;
      next.net += entry.amount;
      break;
  }
  return next;
}

/** The sums of several days. */
export const sumTotals = (list: readonly LedgerTotals[]): LedgerTotals =>
  list.reduce(
    (sum, t) => ({
      sales: sum.sales + t.sales,
      shipping: sum.shipping + t.shipping,
      refunds: sum.refunds + t.refunds,
      disputes: sum.disputes + t.disputes,
      fees: sum.fees + t.fees,
      reinstated: sum.reinstated + (t.reinstated ?? 0),
      net: sum.net + t.net,
      payouts: sum.payouts + t.payouts,
      simulatedFees: sum.simulatedFees + t.simulatedFees,
    }),
    emptyLedgerTotals(),
  );

/**
 * GET /api/admin/payments/setup — the payment set-up as the shop is configured (decision 107): read from its settings
 * alone, never from the provider's account (`npm run events -- stripe-check` does that).
 */
export type PaymentSetupResponse = {
  provider: 'sandbox' | 'stripe';
  /** from the secret key's prefix; null for the sandbox */
  mode: 'live' | 'test' | null;
  settings: { name: string; present: boolean }[];
  /** where the provider must deliver its events: PUBLIC_URL + the webhook path; null without PUBLIC_URL */
  webhookUrl: string | null;
  events: { type: string; does: string }[];
};
