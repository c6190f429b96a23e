// What follows a payout the ledger recorded: the transactions it covers, listed, and the fees of its charges that were not known when their orders were placed.
import { defineReactions, type Reactions } from '../../projections/engine/reactor.ts';
import type { ReactionDeps } from '../capability.ts';
import { listPayoutTransactions, recordPayoutFees } from './paymentFees.ts';
import { reactingTo } from '../reactions.ts';

export function payoutReactions(deps: ReactionDeps): Reactions {
  return defineReactions({
    // The webhook was answered at once; the payout's transactions are listed here, then their fees recorded (decision 107).
    async PayoutPaid(event) {
      const meta = reactingTo(event, deps.clock());
      const transactions = event.data.transactions ?? (await listPayoutTransactions(deps, event.data.payoutId, meta));
      if (transactions) await recordPayoutFees(deps, transactions, meta);
    },
  });
}
