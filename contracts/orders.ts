// Order events, shared by checkout (which places orders) and the owner's console (which runs them).
import * as v from 'valibot';
import { anyOrderStatuses, orderStatuses } from './constants.ts';
import type { DomainEvent } from './events.ts';

export const OrderItemSchema = v.object({
  name: v.string(),
  quantity: v.pipe(v.number(), v.integer(), v.minValue(1)),
  /** unit price, integer pence */
  price: v.pipe(v.number(), v.integer(), v.minValue(0)),
  bookId: v.optional(v.number()),
});
export type OrderItem = v.InferOutput<typeof OrderItemSchema>;

export const ShippingAddressSchema = v.object({
  line1: v.string(),
  line2: v.optional(v.string()),
  city: v.string(),
  postcode: v.string(),
  country: v.string(),
});
export type ShippingAddress = v.InferOutput<typeof ShippingAddressSchema>;

export type OrderPlaced = DomainEvent<
  'OrderPlaced',
  {
    orderId: string;
    orderNumber: string;
    customerName: string;
    customerEmail: string;
    shippingAddress: ShippingAddress | string;
    phone?: string;
    items: OrderItem[];
    subtotal: number;
    shippingCost: number;
    total: number;
    currency: 'gbp';
    paymentMethod: string;
    /** the gateway's id for the payment: checkout session id or payment intent id */
    paymentReference: string;
    status: (typeof anyOrderStatuses)[number];
    placedAt: string;
  }
>;

export type OrderStatusChanged = DomainEvent<
  'OrderStatusChanged',
  { orderId: string; from: string; to: (typeof orderStatuses)[number]; notes: string; by: string; at: string }
>;

export type OrderEvent = OrderPlaced | OrderStatusChanged;
