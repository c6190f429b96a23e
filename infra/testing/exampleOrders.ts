// Orders as checkout places them, for tests of the owner's console: realistic OrderPlaced payloads appended
// straight to the log, the way the checkout slice appends them after a payment.
import { orderNumberFrom } from '../../contracts/shared/constants.ts';
import type { PurchaseNotified } from '../../contracts/checkout/events.ts';
import type { OrderPlaced } from '../../contracts/orders/events.ts';
import { orderStream } from '../../contracts/shared/streams.ts';
import type { TestShop } from './shop.ts';
import { newEventId } from '../../service/commands.ts';

export type OrderPlacedData = OrderPlaced['data'];

export function orderPlacedData(overrides: Partial<OrderPlacedData> & { orderId: string }): OrderPlacedData {
  const items = overrides.items ?? [{ name: 'The Kindness Basket', quantity: 1, price: 999, bookId: 1 }];
  const subtotal = items.reduce((sum, item) => sum + item.price * item.quantity, 0);
  const shippingCost = overrides.shippingCost ?? 350;
  return {
    orderNumber: orderNumberFrom(overrides.orderId),
    customerName: 'Maryam Hussain',
    customerEmail: 'maryam@example.com',
    shippingAddress: { line1: '12 Rosewood Close', city: 'Leicester', postcode: 'LE2 3AB', country: 'GB' },
    items,
    subtotal,
    shippingCost,
    total: subtotal + shippingCost,
    currency: 'gbp',
    paymentMethod: 'Card via the test sandbox',
    // Checkout names an order after the payment that placed it.
    paymentReference: overrides.orderId,
    status: 'pending',
    placedAt: '2026-03-02T10:15:00.000Z',
    ...overrides,
  };
}

/** The owner's heads-up of a direct purchase of one story book through Stripe, before the shopper has given an address. */
export const purchaseNoticeData = (notifiedAt: string): PurchaseNotified['data'] => ({
  notificationId: 'n-1',
  customerName: 'Website Customer',
  customerEmail: 'customer@example.com',
  shippingAddress: 'To be provided during checkout',
  items: [{ name: 'Together We Shine', quantity: 1, price: 999 }],
  totalAmount: 999,
  shippingCost: 0,
  paymentMethod: 'Stripe',
  notifiedAt,
  catalogItems: [{ bookId: 2, name: 'Together We Shine', price: 999 }],
});

/** Appends OrderPlaced to each order's stream and waits until the read models show them. */
export async function placeOrders(shop: TestShop, orders: OrderPlacedData[]): Promise<void> {
  let position = 0;
  for (const data of orders) {
    const result = await shop.shop.deps.events.append(
      orderStream(data.orderId),
      [
        {
          id: newEventId(),
          type: 'OrderPlaced',
          data,
          metadata: {
            causedBy: 'webhook:stripe',
            causationId: data.paymentReference,
            correlationId: data.paymentReference,
            at: data.placedAt,
          },
        },
      ],
      'no_stream',
    );
    position = Math.max(position, result.position);
  }
  if (!(await shop.shop.deps.waiter.waitFor(position, 30_000)))
    throw new Error('read models did not catch up with the placed orders');
  // Each order owes its e-mails, which the reactor sends (appending EmailSent): done before the test counts events.
  if (!(await shop.shop.deps.effects.waitFor(position, 30_000)))
    throw new Error("the reactor did not send the placed orders' e-mails");
}
