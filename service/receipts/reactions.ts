// The receipts' reactions: a placed order gets its receipt number, a refund paid back its credit note. Each runs after
// the event is in the log (a failed placement takes no number) and may run again, here or in another process: the
// year's stream says what is numbered, and a number is taken at the revision read (decision 070).
import { defineReactions, type Reactions } from '../../projections/engine/reactor.ts';
import type { ReactionDeps } from '../capability.ts';
import { reactingTo } from '../reactions.ts';
import { issueCreditNote, issueReceipt } from './issue.ts';

const causedBy = 'system:receipts';

export function receiptReactions(deps: Pick<ReactionDeps, 'events' | 'clock'>): Reactions {
  return defineReactions({
    OrderPlaced: async (event) => {
      await issueReceipt(deps, event.data.orderId, reactingTo(event, deps.clock(), causedBy));
    },
    RefundSucceeded: async (event) => {
      await issueCreditNote(deps, event.data.orderId, event.data.refundId, reactingTo(event, deps.clock(), causedBy));
    },
  });
}
