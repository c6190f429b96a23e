// The order status decider: the owner may move a placed order to any status but the one it has, with optional notes.
import type { AnyOrderStatus, OrderStatus } from '../../contracts/shared/constants.ts';
import type { OrderEvent, OrderStatusChanged } from '../../contracts/orders/model.ts';
import type { Decider } from '../commands.ts';
import { conflict, notFound } from '../../contracts/shared/errors.ts';

export type OrderState = { placed: false } | { placed: true; orderId: string; status: AnyOrderStatus };

export type ChangeOrderStatus = {
  type: 'ChangeOrderStatus';
  orderId: string;
  to: OrderStatus;
  notes: string;
  /** the admin's username */
  by: string;
  /** ISO-8601 UTC, from the command's clock */
  at: string;
};

/** What the owner is told when the order changed after their screen showed it (the revision it showed is stale). */
export const staleOrderMessage = 'This order was changed by someone else since you loaded it. Check its latest status and try again.';

export const orderNotFoundMessage = (orderId: string) => `No order with id ${orderId}`;

export const orderStatusDecider: Decider<OrderState, ChangeOrderStatus, OrderEvent> = {
  initialState: () => ({ placed: false }),
  evolve: (state, event) => {
    switch (event.type) {
      case 'OrderPlaced':
        return { placed: true, orderId: event.data.orderId, status: event.data.status };
      case 'OrderStatusChanged':
        return state.placed ? { ...state, status: event.data.to } : state;
      default:
        return state;
    }
  },
  decide: (command, state): OrderStatusChanged[] => {
    if (!state.placed) throw notFound(orderNotFoundMessage(command.orderId));
    if (command.to === state.status) throw conflict(`This order is already ${state.status}.`);
    const { orderId, to, notes, by, at } = command;
    return [{ type: 'OrderStatusChanged', data: { orderId, from: state.status, to, notes, by, at } }];
  },
};
