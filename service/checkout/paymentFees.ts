// What the payment provider did with a payment's money afterwards: the fee it kept (asked for when the order is placed,
// or learnt from a payout's list of transactions when it was not known then) and its payouts to the bank (decision 071).
import {
  paymentFeeDecider,
  payoutDecider,
  type PaymentFee,
  type Payout,
  type PayoutTransaction,
} from '../../contracts/ledger/payments.ts';
import { GatewayUnavailable } from '../../contracts/ports/payments.ts';
import { paymentStream, payoutStream } from '../../contracts/shared/streams.ts';
import { fold, handleCommand, idFromReference, type CommandMeta } from '../commands.ts';
import type { ShopDeps } from '../deps.ts';
import { orderOfPayment } from './placeOrder.ts';

/** Records a payment's fee on the order's payment stream, once per provider transaction. */
export async function recordPaymentFee(
  deps: Pick<ShopDeps, 'events'>,
  orderId: string,
  paymentReference: string,
  fee: PaymentFee,
  meta: CommandMeta,
): Promise<void> {
  await handleCommand(
    deps.events,
    paymentStream(orderId),
    paymentFeeDecider,
    { type: 'RecordPaymentFee', orderId, paymentReference, fee, at: meta.now },
    meta,
    { eventIds: () => idFromReference('PaymentFeeRecorded', fee.transactionId) },
  );
}

/**
 * Asks the provider for the fee of an order's payment just placed and records it. The order stands whatever the answer:
 * a provider that cannot say now (no balance transaction yet, or out of reach) leaves the fee to the payout that covers it.
 */
export async function learnPaymentFee(
  deps: Pick<ShopDeps, 'events' | 'payments' | 'logger'>,
  orderId: string,
  paymentReference: string,
  meta: CommandMeta,
): Promise<void> {
  if (!deps.payments.paymentFee) return;
  try {
    const fee = await deps.payments.paymentFee(paymentReference);
    if (fee) await recordPaymentFee(deps, orderId, paymentReference, fee, meta);
  } catch (error) {
    if (!(error instanceof GatewayUnavailable)) throw error;
    deps.logger.warn(
      { orderId, err: error.message },
      'payment fee not known yet; the payout that covers it records it',
    );
  }
}

/**
 * A payout reached the bank: recorded once, and answered at once (decision 107). The transactions it covers are listed
 * by the reactor afterwards (`listPayoutTransactions`), as are the fees among them (`recordPayoutFees`).
 */
export async function recordPayout(deps: Pick<ShopDeps, 'events'>, payout: Payout, meta: CommandMeta): Promise<void> {
  await handleCommand(
    deps.events,
    payoutStream(payout.payoutId),
    payoutDecider,
    { type: 'RecordPayout', payout, transactions: null, at: meta.now },
    meta,
    { eventIds: () => idFromReference('PayoutPaid', payout.payoutId) },
  );
}

/**
 * The transactions of a recorded payout: as its stream has them (listed with its webhook before decision 107, or by an
 * earlier run of the reactor), else asked of the provider (one call a hundred transactions) and recorded once. Null
 * where the provider cannot list them. A provider out of reach throws, and the reactor tries again.
 */
export async function listPayoutTransactions(
  deps: Pick<ShopDeps, 'events' | 'payments'>,
  payoutId: string,
  meta: CommandMeta,
): Promise<PayoutTransaction[] | null> {
  const stream = payoutStream(payoutId);
  const known = fold(payoutDecider, await deps.events.readStream(stream)).transactions;
  if (known) return known;
  if (!deps.payments.payoutTransactions) return null;
  const transactions = await deps.payments.payoutTransactions(payoutId);
  await handleCommand(
    deps.events,
    stream,
    payoutDecider,
    { type: 'RecordPayoutTransactions', payoutId, transactions, at: meta.now },
    meta,
    { eventIds: () => idFromReference('PayoutTransactionsListed', payoutId) },
  );
  return transactions;
}

/**
 * A payout's charges whose fee the shop did not learn when their order was placed get it now, from the payout's list:
 * every fee is on the books by the payout that took it. Each charge's order may take a look-up at the provider (a hosted
 * page's PaymentIntent names its checkout), so the reactor does this, not the webhook. Each fee is recorded once by its
 * transaction, so doing it again (a restart, a lost checkpoint) records nothing new.
 */
export async function recordPayoutFees(
  deps: Pick<ShopDeps, 'events' | 'payments' | 'logger'>,
  transactions: readonly PayoutTransaction[],
  meta: CommandMeta,
): Promise<void> {
  for (const t of transactions) {
    if ((t.type !== 'charge' && t.type !== 'payment') || !t.paymentIntent) continue;
    const orderId = await orderOfPayment(deps, t.paymentIntent);
    if (!orderId) continue;
    const fee: PaymentFee = {
      transactionId: t.id,
      amount: t.amount,
      fee: t.fee,
      net: t.net,
      feeDetails: t.feeDetails,
      chargedAt: t.createdAt,
      availableOn: t.availableOn,
      simulated: false,
    };
    await recordPaymentFee(deps, orderId, orderId, fee, meta);
  }
}
