// Placing an order: once per payment. The owner's console folds the same stream for status changes.
import type { OrderEvent, OrderPlaced } from '../../contracts/orders.ts';
import type { Decider } from '../commands.ts';

export type PlacementState = { placed: false } | { placed: true; order: OrderPlaced['data'] };
export type PlaceOrder = { type: 'PlaceOrder'; order: OrderPlaced['data'] };

export const orderPlacementDecider: Decider<PlacementState, PlaceOrder, OrderEvent> = {
  initialState: () => ({ placed: false }),
  evolve: (state, event) => (event.type === 'OrderPlaced' ? { placed: true, order: event.data } : state),
  decide: (command, state) => (state.placed ? [] : [{ type: 'OrderPlaced', data: command.order }]),
};
