// Read model: how each order got where it is — its placing, every status change and any buyer's details added, oldest first.
import type { OrderHistoryEntry, OrderHistoryResponse } from '../../contracts/orders/console.ts';
import type { RecordedEvent } from '../../contracts/shared/events.ts';
import type { OrderEvent, OrderFlagged } from '../../contracts/orders/model.ts';
import { shippingAddressText } from './adminOrders.ts';
import type { ReadStoreReader, Write } from '../../contracts/ports/readStore.ts';
import { defineProjection } from '../engine/projection.ts';

const collection = 'orderHistory';

function entryOf(event: RecordedEvent<Exclude<OrderEvent, OrderFlagged>>): OrderHistoryEntry {
  const { revision, position } = event;
  if (event.type === 'OrderPlaced') {
    return { kind: 'placed', revision, position, at: event.data.placedAt, status: event.data.status, by: event.metadata.causedBy };
  }
  if (event.type === 'OrderCustomerDetailsAdded') {
    const { customerName, customerEmail, shippingAddress, source, reason, by, at } = event.data;
    return {
      kind: 'detailsAdded',
      revision,
      position,
      at,
      source,
      ...(customerName ? { customerName } : {}),
      ...(customerEmail ? { customerEmail } : {}),
      ...(shippingAddress ? { shippingAddress: shippingAddressText(shippingAddress) } : {}),
      reason,
      by,
    };
  }
  const { from, to, notes, by, at } = event.data;
  return { kind: 'statusChanged', revision, position, at, from, to, notes, by };
}

export const orderHistoryProjection = defineProjection({
  name: 'orderHistory',
  version: 1,
  handles: ['OrderPlaced', 'OrderStatusChanged', 'OrderCustomerDetailsAdded'],
  async apply(recorded: RecordedEvent, view): Promise<Write[]> {
    const event = recorded as unknown as RecordedEvent<Exclude<OrderEvent, OrderFlagged>>;
    const orderId = event.data.orderId;
    const current = await view.get<OrderHistoryResponse>(collection, orderId);
    // Guard on the stream revision: an event delivered again changes nothing.
    if (current && (current.history.at(-1)?.revision ?? -1) >= event.revision) return [];
    const doc: OrderHistoryResponse = { orderId, history: [...(current?.history ?? []), entryOf(event)] };
    return [{ op: 'put', collection, id: orderId, doc }];
  },
});

export async function getOrderHistory(reader: ReadStoreReader, orderId: string): Promise<OrderHistoryResponse | null> {
  return reader.get<OrderHistoryResponse>(collection, orderId);
}
