// The order status decider: the owner may move a placed order to any status but the one it has, with optional notes.
import type { AnyOrderStatus, OrderStatus } from '../../contracts/shared/constants.ts';
import type { OrderEvent, OrderShipmentRecorded, OrderStatusChanged } from '../../contracts/orders/events.ts';
import {
  carrierMessage,
  carriers,
  trackingNumberMessage,
  trackingNumberPattern,
  maxTrackingNumberLength,
  trackingUrl,
  type Shipment,
} from '../../contracts/orders/fulfilment.ts';
import { isBackwardMove, statusMoveMessages } from '../../contracts/orders/statusMoves.ts';
import type { Decider } from '../commands.ts';
import { conflict, invalid, notFound } from '../../contracts/shared/errors.ts';

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
  /** the carrier and tracking number, only with a change to "shipped" */
  shipment?: Shipment | undefined;
  /** the owner confirmed a move back (shipped → pending, out of cancelled); without it such a move is refused */
  confirmBackward?: boolean | undefined;
};

export const shipmentOnlyWhenShippedMessage = 'A carrier and tracking number go only with a change to shipped';

/** What the owner is told when the order changed after their screen showed it (the revision it showed is stale). */
export const staleOrderMessage =
  'This order was changed by someone else since you loaded it. Check its latest status and try again.';

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
  decide: (command, state): (OrderStatusChanged | OrderShipmentRecorded)[] => {
    if (!state.placed) throw notFound(orderNotFoundMessage(command.orderId));
    const { orderId, to, notes, by, at, shipment } = command;
    if (shipment) {
      if (to !== 'shipped')
        throw invalid(shipmentOnlyWhenShippedMessage, [{ field: 'shipment', message: shipmentOnlyWhenShippedMessage }]);
      if (!(carriers as readonly string[]).includes(shipment.carrier))
        throw invalid(carrierMessage, [{ field: 'shipment.carrier', message: carrierMessage }]);
      const number = shipment.trackingNumber.trim();
      if (number.length > maxTrackingNumberLength || (number && !trackingNumberPattern.test(number))) {
        throw invalid(trackingNumberMessage, [{ field: 'shipment.trackingNumber', message: trackingNumberMessage }]);
      }
    }
    if (to === state.status) throw conflict(`This order is already ${state.status}.`);
    if (isBackwardMove(state.status, to) && !command.confirmBackward)
      throw conflict(statusMoveMessages.unconfirmed(state.status, to));
    const changed: OrderStatusChanged = {
      type: 'OrderStatusChanged',
      data: { orderId, from: state.status, to, notes, by, at },
    };
    if (!shipment) return [changed];
    const trackingNumber = shipment.trackingNumber.trim();
    return [
      changed,
      {
        type: 'OrderShipmentRecorded',
        data: {
          orderId,
          carrier: shipment.carrier,
          trackingNumber,
          trackingUrl: trackingUrl(shipment.carrier, trackingNumber),
          by,
          at,
        },
      },
    ];
  },
};
