// The decider of one back-in-stock request: made once, withdrawn at most once (decision 091). Whether its e-mail went is
// the notification stream's business (sendOnce), not this stream's.
import type { RestockAlertRequested, RestockEvent } from '../../contracts/messages/events.ts';
import { notFound } from '../../contracts/shared/errors.ts';
import type { Decider } from '../commands.ts';

export type RestockState = { bookId: number | null; email: string | null; withdrawn: boolean };
export type RestockCommand =
  { type: 'Request'; data: RestockAlertRequested['data'] } | { type: 'Withdraw'; requestId: string; at: string };

export const restockDecider: Decider<RestockState, RestockCommand, RestockEvent> = {
  initialState: () => ({ bookId: null, email: null, withdrawn: false }),
  evolve: (state, event) =>
    event.type === 'RestockAlertRequested'
      ? { ...state, bookId: event.data.bookId, email: event.data.email }
      : event.type === 'RestockAlertWithdrawn'
        ? { ...state, withdrawn: true }
        : state,
  decide: (command, state) => {
    if (command.type === 'Request')
      return state.bookId === null ? [{ type: 'RestockAlertRequested', data: command.data }] : [];
    if (state.bookId === null) throw notFound('Request not found');
    return state.withdrawn
      ? []
      : [{ type: 'RestockAlertWithdrawn', data: { requestId: command.requestId, at: command.at } }];
  },
};
