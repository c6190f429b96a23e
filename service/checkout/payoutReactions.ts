// What follows a payout the ledger recorded: the fees of its charges that were not known when their orders were placed.
import { defineReactions, type Reactions } from '../../projections/engine/reactor.ts';
import type { ReactionDeps } from '../capability.ts';
import { recordPayoutFees } from './paymentFees.ts';
import { reactingTo } from '../reactions.ts';

export function payoutReactions(deps: ReactionDeps): Reactions {
  return defineReactions({
    async PayoutPaid(event) {
      if (event.data.transactions)
        await recordPayoutFees(deps, event.data.transactions, reactingTo(event, deps.clock()));
    },
  });
}
