// Read model: the owner's order list, newest first, with one index per status for the tabs and their counts.
import { anyOrderStatuses, type AnyOrderStatus } from '../../contracts/constants.ts';
import type { AdminOrder, OrderStatusCounts } from '../../contracts/adminOrders.ts';
import type { RecordedEvent } from '../../contracts/events.ts';
import { formatPence } from '../../contracts/money.ts';
import type { OrderEvent, OrderPlaced, ShippingAddress } from '../../contracts/orders.ts';
import type { ReadStoreReader, Write } from '../../service/ports/readStore.ts';
import { defineProjection } from '../projection.ts';

const collection = 'adminOrders';
const newestIndex = 'adminOrders:byDate';
const statusIndex = (status: AnyOrderStatus) => `adminOrders:status:${status}`;

export function shippingAddressText(address: ShippingAddress | string): string {
  if (typeof address === 'string') return address;
  return [address.line1, address.line2, address.city, address.postcode, address.country].filter((part) => part && part.trim()).join(', ');
}

function adminOrderOf(data: OrderPlaced['data'], revision: number): AdminOrder {
  return {
    orderId: data.orderId,
    orderNumber: data.orderNumber,
    status: data.status,
    orderDate: data.placedAt,
    customerName: data.customerName,
    customerEmail: data.customerEmail,
    shippingAddress: shippingAddressText(data.shippingAddress),
    total: formatPence(data.total),
    paymentMethod: data.paymentMethod,
    totalAmount: data.total,
    shippingCost: data.shippingCost,
    items: data.items.map(({ name, quantity, price }) => ({ name, quantity, price })),
    revision,
  };
}

/** Orders placed in the same millisecond keep a stable order: the index breaks ties by id. */
const placedScore = (order: AdminOrder) => Date.parse(order.orderDate) || 0;

export const adminOrdersProjection = defineProjection({
  name: 'adminOrders',
  version: 1,
  handles: ['OrderPlaced', 'OrderStatusChanged', 'OrderCustomerDetailsAdded'],
  async apply(recorded: RecordedEvent, view): Promise<Write[]> {
    const event = recorded as unknown as RecordedEvent<OrderEvent>;
    const current = await view.get<AdminOrder>(collection, event.data.orderId);
    // Guard on the stream revision: an event delivered again changes nothing.
    if (current && current.revision >= event.revision) return [];
    if (event.type === 'OrderPlaced') {
      const order = adminOrderOf(event.data, event.revision);
      return [
        { op: 'put', collection, id: order.orderId, doc: order },
        { op: 'index', index: newestIndex, id: order.orderId, score: placedScore(order) },
        { op: 'index', index: statusIndex(order.status), id: order.orderId, score: placedScore(order) },
      ];
    }
    if (!current) return [];
    if (event.type === 'OrderCustomerDetailsAdded') {
      const added = event.data;
      const order: AdminOrder = {
        ...current,
        ...(added.customerName ? { customerName: added.customerName } : {}),
        ...(added.customerEmail ? { customerEmail: added.customerEmail } : {}),
        ...(added.shippingAddress ? { shippingAddress: shippingAddressText(added.shippingAddress) } : {}),
        revision: event.revision,
      };
      return [{ op: 'put', collection, id: order.orderId, doc: order }];
    }
    const order: AdminOrder = { ...current, status: event.data.to, revision: event.revision };
    return [
      { op: 'put', collection, id: order.orderId, doc: order },
      { op: 'unindex', index: statusIndex(current.status), id: order.orderId },
      { op: 'index', index: statusIndex(order.status), id: order.orderId, score: placedScore(order) },
    ];
  },
});

/** Newest first; only one status when given. */
export async function listAdminOrders(reader: ReadStoreReader, status?: AnyOrderStatus): Promise<AdminOrder[]> {
  const ids = await reader.range(status ? statusIndex(status) : newestIndex, { reverse: true });
  return (await reader.getMany<AdminOrder>(collection, ids)).filter((order): order is AdminOrder => order !== null);
}

export async function getAdminOrder(reader: ReadStoreReader, orderId: string): Promise<AdminOrder | null> {
  return reader.get<AdminOrder>(collection, orderId);
}

export async function countOrders(reader: ReadStoreReader): Promise<{ total: number; counts: OrderStatusCounts }> {
  const [total, ...perStatus] = await Promise.all([
    reader.count(newestIndex),
    ...anyOrderStatuses.map((s) => reader.count(statusIndex(s))),
  ]);
  const counts = Object.fromEntries(anyOrderStatuses.map((s, i) => [s, perStatus[i] ?? 0])) as OrderStatusCounts;
  return { total: total ?? 0, counts };
}
