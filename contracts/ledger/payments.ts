// What the payment provider did with the money after a payment: the processing fee it kept from each payment, and each
// payout from its balance to the shop's bank account (decision 071). Both are facts the provider reports; the shop
// records them once each, by the provider's own id, and never works them out from today's prices (the sandbox's fee,
// which no provider charged, is recorded as simulated).
import type { DomainEvent } from '../shared/events.ts';
import type * as v from 'valibot';
import type {
  FeePartV1,
  PaymentFeeRecorded,
  PayoutPaid,
  PayoutTransactionsListed,
  PayoutTransactionV1,
} from './events.ts';

export type FeePart = v.InferOutput<typeof FeePartV1>;
/** A payment's balance transaction as the provider reports it: what was charged, the fee kept, the net left. Pence. */
export type PaymentFee = Omit<PaymentFeeRecorded['data'], 'orderId' | 'paymentReference' | 'at'>;
export type PayoutTransaction = v.InferOutput<typeof PayoutTransactionV1>;
/** A payout as its `payout.paid` notice reports it. */
export type Payout = Omit<PayoutPaid['data'], 'transactions' | 'at'>;

// --- the sandbox's fee -----------------------------------------------------------------------------------------------

/**
 * Stripe's published price for a standard UK card, which the sandbox charges every test card as: 1.5% + 20p
 * (support.stripe.com, "Pricing updates for businesses in the United Kingdom", from 10 April 2023).
 */
export const simulatedCardPricing = { basisPoints: 150, fixed: 20 } as const;

/** The percentage part to the nearest penny (a half penny up), plus the fixed 20p. 2648p → 39.72p → 40p + 20p = 60p. */
export function simulatedCardFee(amount: number): number {
  if (!Number.isInteger(amount) || amount <= 0) return 0;
  const tenThousandths = amount * simulatedCardPricing.basisPoints;
  return Math.floor((tenThousandths + 5000) / 10000) + simulatedCardPricing.fixed;
}

/** The sandbox's record of a payment's fee: labelled simulated, itemised as Stripe itemises its own. */
export function simulatedPaymentFee(reference: string, amount: number, chargedAt: string): PaymentFee {
  const fee = simulatedCardFee(amount);
  return {
    transactionId: `txn_sandbox_${reference}`,
    amount,
    fee,
    net: amount - fee,
    feeDetails: [
      { type: 'stripe_fee', amount: fee, description: 'Simulated: Stripe standard UK card pricing, 1.5% + 20p' },
    ],
    chargedAt,
    availableOn: null,
    simulated: true,
  };
}

// --- the deciders ----------------------------------------------------------------------------------------------------

export type PaymentFees = { transactions: string[] };

export type RecordPaymentFee = {
  type: 'RecordPaymentFee';
  orderId: string;
  paymentReference: string;
  fee: PaymentFee;
  at: string;
};

/** An order's payment stream: each fee recorded once by its transaction's id, however often the provider reports it. */
export const paymentFeeDecider = {
  initialState: (): PaymentFees => ({ transactions: [] }),
  evolve: (state: PaymentFees, event: DomainEvent): PaymentFees =>
    event.type === 'PaymentFeeRecorded'
      ? { transactions: [...state.transactions, (event as PaymentFeeRecorded).data.transactionId] }
      : state,
  decide: (command: RecordPaymentFee, state: PaymentFees): PaymentFeeRecorded[] => {
    if (state.transactions.includes(command.fee.transactionId)) return [];
    const { orderId, paymentReference, fee, at } = command;
    return [{ type: 'PaymentFeeRecorded', data: { orderId, paymentReference, ...fee, at } }];
  },
};

export type PayoutRecord = { paid: boolean; transactions: PayoutTransaction[] | null };

export type RecordPayout =
  | { type: 'RecordPayout'; payout: Payout; transactions: PayoutTransaction[] | null; at: string }
  | { type: 'RecordPayoutTransactions'; payoutId: string; transactions: PayoutTransaction[]; at: string };

/** A payout's stream: paid once, whichever delivery of its notice comes first; its transactions listed once. */
export const payoutDecider = {
  initialState: (): PayoutRecord => ({ paid: false, transactions: null }),
  evolve: (state: PayoutRecord, event: DomainEvent): PayoutRecord =>
    event.type === 'PayoutPaid'
      ? { paid: true, transactions: (event as PayoutPaid).data.transactions }
      : event.type === 'PayoutTransactionsListed'
        ? { ...state, transactions: (event as PayoutTransactionsListed).data.transactions }
        : state,
  decide: (command: RecordPayout, state: PayoutRecord): Array<PayoutPaid | PayoutTransactionsListed> => {
    if (command.type === 'RecordPayoutTransactions') {
      if (!state.paid || state.transactions) return [];
      const { payoutId, transactions, at } = command;
      return [{ type: 'PayoutTransactionsListed', data: { payoutId, transactions, at } }];
    }
    if (state.paid) return [];
    return [{ type: 'PayoutPaid', data: { ...command.payout, transactions: command.transactions, at: command.at } }];
  },
};
