// The order status decider: the owner may move a placed order to any status but the one it has, with optional notes.
import type { AnyOrderStatus, OrderStatus } from '../../contracts/constants.ts';
import type { OrderEvent, OrderStatusChanged } from '../../contracts/orders.ts';
import type { Decider } from '../commands.ts';
import { conflict, notFound } from '../http/errors.ts';

export type OrderState = { placed: false; revision: number } | { placed: true; orderId: string; status: AnyOrderStatus; revision: number };

export type ChangeOrderStatus = {
  type: 'ChangeOrderStatus';
  orderId: string;
  to: OrderStatus;
  notes: string;
  /** the admin's username */
  by: string;
  /** ISO-8601 UTC, from the command's clock */
  at: string;
  /** the revision the owner's screen showed; absent when the caller does not care */
  expectedRevision?: number;
};

export const staleOrderMessage = 'This order was changed by someone else since you loaded it. Check its latest status and try again.';

export const orderNotFoundMessage = (orderId: string) => `No order with id ${orderId}`;

export const orderStatusDecider: Decider<OrderState, ChangeOrderStatus, OrderEvent> = {
  // Revision counts the events folded (0-based, -1 for none), as the store numbers them.
  initialState: () => ({ placed: false, revision: -1 }),
  evolve: (state, event) => {
    const revision = state.revision + 1;
    switch (event.type) {
      case 'OrderPlaced':
        return { placed: true, orderId: event.data.orderId, status: event.data.status, revision };
      case 'OrderStatusChanged':
        return state.placed ? { ...state, status: event.data.to, revision } : { ...state, revision };
      default:
        return { ...state, revision };
    }
  },
  decide: (command, state): OrderStatusChanged[] => {
    if (!state.placed) throw notFound(orderNotFoundMessage(command.orderId));
    if (command.expectedRevision !== undefined && command.expectedRevision !== state.revision) throw conflict(staleOrderMessage);
    if (command.to === state.status) throw conflict(`This order is already ${state.status}.`);
    const { orderId, to, notes, by, at } = command;
    return [{ type: 'OrderStatusChanged', data: { orderId, from: state.status, to, notes, by, at } }];
  },
};
