// The order notes decider: the owner keeps internal notes on a placed order, each with who and when.
import { maxNoteLength, noteEmptyMessage, noteTooLongMessage } from '../../contracts/orders/fulfilment.ts';
import type { OrderFlag } from '../../contracts/orders/model.ts';
import type { OrderEvent, OrderFlagCleared, OrderNoteAdded } from '../../contracts/orders/events.ts';
import { flagMessages } from '../../contracts/orders/console.ts';
import { invalid, notFound } from '../../contracts/shared/errors.ts';
import type { Decider } from '../commands.ts';
import { orderNotFoundMessage } from './orderStatus.ts';

export type OrderNotesState = { placed: boolean };

export type AddOrderNote = {
  type: 'AddOrderNote';
  orderId: string;
  /** the note's own id, so the timeline can name it */
  noteId: string;
  text: string;
  /** the admin's username */
  by: string;
  at: string;
};

export const orderNotesDecider: Decider<OrderNotesState, AddOrderNote, OrderEvent> = {
  initialState: () => ({ placed: false }),
  evolve: (state, event) => (event.type === 'OrderPlaced' ? { placed: true } : state),
  decide: (command, state): OrderNoteAdded[] => {
    if (!state.placed) throw notFound(orderNotFoundMessage(command.orderId));
    const text = command.text.trim();
    if (!text) throw invalid(noteEmptyMessage, [{ field: 'text', message: noteEmptyMessage }]);
    if (text.length > maxNoteLength)
      throw invalid(noteTooLongMessage, [{ field: 'text', message: noteTooLongMessage }]);
    const { orderId, noteId, by, at } = command;
    return [{ type: 'OrderNoteAdded', data: { orderId, noteId, text, by, at } }];
  },
};

export type ClearOrderFlag = { type: 'ClearOrderFlag'; orderId: string; flag: OrderFlag; by: string; at: string };

/**
 * The owner accepts a flagged order as it stands (decision 102): once per flag. A flag never raised is a 404; one already
 * accepted changes nothing.
 */
export const orderFlagsDecider: Decider<{ raised: OrderFlag[]; cleared: OrderFlag[] }, ClearOrderFlag, OrderEvent> = {
  initialState: () => ({ raised: [], cleared: [] }),
  evolve: (state, event) =>
    event.type === 'OrderFlagged'
      ? { ...state, raised: [...state.raised, event.data.flag] }
      : event.type === 'OrderFlagCleared'
        ? { ...state, cleared: [...state.cleared, event.data.flag] }
        : state,
  decide: (command, state): OrderFlagCleared[] => {
    if (!state.raised.includes(command.flag)) throw notFound(flagMessages.notFlagged);
    if (state.cleared.includes(command.flag)) return [];
    const { orderId, flag, by, at } = command;
    return [{ type: 'OrderFlagCleared', data: { orderId, flag, by, at } }];
  },
};
