// The owner's order console and the auditor's view of the log: request bodies and the answers the API gives.
import * as v from 'valibot';
import { anyOrderStatuses, orderStatuses, type AnyOrderStatus } from './constants.ts';
import type { RecordedEvent } from './events.ts';
import type { CustomerDetailsSource } from './orders.ts';
import { checkoutCountries } from './shipping.ts';

/** An order id as it appears in a path; anything else cannot name an order (404, not 400). */
export const orderIdPattern = /^[A-Za-z0-9_-]{1,100}$/;

export const maxNotesLength = 1000;

const statusMessage = `Status must be one of ${orderStatuses.join(', ')}`;

/** POST /api/admin/orders/{id}/status */
export const ChangeOrderStatusSchema = v.object(
  {
    // Optional only so that a missing status gets the same message as a wrong one, not the object's.
    status: v.pipe(v.optional(v.string(statusMessage), ''), v.picklist(orderStatuses, statusMessage)),
    notes: v.optional(
      v.pipe(v.string('Notes must be text'), v.trim(), v.maxLength(maxNotesLength, `Notes must be at most ${maxNotesLength} characters`)),
      '',
    ),
    /** the order's revision the owner's screen showed; a change against an older one is refused */
    expectedRevision: v.optional(
      v.pipe(
        v.number('Expected revision must be a whole number'),
        v.integer('Expected revision must be a whole number'),
        v.minValue(0, 'Expected revision must be a whole number'),
      ),
    ),
  },
  'Send a JSON object with a status',
);
export type ChangeOrderStatusBody = v.InferInput<typeof ChangeOrderStatusSchema>;

export const maxReasonLength = 500;
const countryCodes = checkoutCountries.map((c) => c.code) as [string, ...string[]];
const detailText = (max: number, label: string) =>
  v.pipe(v.string(`${label} must be text`), v.trim(), v.minLength(1, `${label} is required`), v.maxLength(max, `${label} is too long`));

/** POST /api/admin/orders/{id}/customer: the buyer's details an order was placed without, and why the owner adds them. */
export const AddOrderCustomerDetailsSchema = v.pipe(
  v.object(
    {
      name: v.optional(detailText(200, 'Name')),
      email: v.optional(v.pipe(v.string('Email must be text'), v.trim(), v.email('Please enter a valid email address'), v.maxLength(254, 'Email is too long'))),
      address: v.optional(
        v.object(
          {
            line1: detailText(200, 'Address line 1'),
            line2: v.optional(v.pipe(v.string('Address line 2 must be text'), v.trim(), v.maxLength(200, 'Address line 2 is too long'))),
            city: detailText(100, 'City'),
            postcode: detailText(20, 'Postcode'),
            country: v.picklist(countryCodes, 'We do not ship to that country'),
          },
          'Address must be an object with line1, city, postcode and country',
        ),
      ),
      reason: v.pipe(
        v.optional(v.string('Reason must be text'), ''),
        v.trim(),
        v.minLength(1, 'Say why you are adding these details'),
        v.maxLength(maxReasonLength, `Reason must be at most ${maxReasonLength} characters`),
      ),
      /** the order's revision the owner's screen showed; details added against an older one are refused */
      expectedRevision: v.optional(
        v.pipe(
          v.number('Expected revision must be a whole number'),
          v.integer('Expected revision must be a whole number'),
          v.minValue(0, 'Expected revision must be a whole number'),
        ),
      ),
    },
    'Send a JSON object with the details and a reason',
  ),
  v.check((body) => !!(body.name || body.email || body.address), 'Give a name, an email or an address to add'),
);
export type AddOrderCustomerDetailsBody = v.InferInput<typeof AddOrderCustomerDetailsSchema>;

/** GET /api/admin/orders?status= */
export const AdminOrdersQuerySchema = v.object({
  status: v.optional(v.picklist(anyOrderStatuses, `Status must be one of ${anyOrderStatuses.join(', ')}`)),
});

/** One line of an order as the console shows it; price is the unit price in pence. */
export type AdminOrderItem = { name: string; quantity: number; price: number };

/** The spec's Order (§3), plus the number and revision the console needs. */
export type AdminOrder = {
  orderId: string;
  orderNumber: string;
  status: AnyOrderStatus;
  /** ISO-8601 UTC */
  orderDate: string;
  customerName: string;
  customerEmail: string;
  /** display text */
  shippingAddress: string;
  /** display text, e.g. "£13.49" */
  total: string;
  paymentMethod: string;
  /** pence */
  totalAmount: number;
  /** pence */
  shippingCost: number;
  /** this API sends AdminOrderItem[]; the spec lets an order hold text or any other shape, and the console shows all three */
  items: unknown;
  /** revision of the order's stream this view was folded up to; send it back as expectedRevision */
  revision: number;
};

export type OrderStatusCounts = Record<AnyOrderStatus, number>;

/** GET /api/admin/orders */
export type AdminOrdersResponse = { orders: AdminOrder[]; totalOrders: number; counts: OrderStatusCounts };

/** POST /api/admin/orders/{id}/status */
export type ChangeOrderStatusResponse = { success: true; message: string; order: AdminOrder };

/** POST /api/admin/orders/{id}/customer */
export type AddOrderCustomerDetailsResponse = { success: true; message: string; order: AdminOrder };

/** One step of an order's life, oldest first. */
export type OrderHistoryEntry =
  | { kind: 'placed'; revision: number; position: number; at: string; status: AnyOrderStatus; by: string }
  | { kind: 'statusChanged'; revision: number; position: number; at: string; from: string; to: AnyOrderStatus; notes: string; by: string }
  | {
      kind: 'detailsAdded';
      revision: number;
      position: number;
      at: string;
      source: CustomerDetailsSource;
      /** what was added; the address as display text */
      customerName?: string;
      customerEmail?: string;
      shippingAddress?: string;
      reason: string;
      by: string;
    };

/** GET /api/admin/orders/{id}/history */
export type OrderHistoryResponse = { orderId: string; history: OrderHistoryEntry[] };

/**
 * A stream name as the auditor asks for it: `category-id`, where the id is anything but control characters, because sign-ins once named streams after
 * whatever was typed (`admin-owner@example.com`) and every stream the log holds must stay readable.
 */
export const streamNamePattern = /^[a-z]+-[^\u0000-\u001f\u007f]{1,500}$/u;
export const maxEventsPage = 1000;

const whole = (what: string) => v.pipe(v.string(), v.regex(/^\d{1,15}$/, `${what} must be a whole number`), v.transform(Number));

/** GET /api/admin/events: one stream, or the global log paged after a position. */
export const AuditEventsQuerySchema = v.object({
  stream: v.optional(v.pipe(v.string(), v.regex(streamNamePattern, 'Stream must be a stream name such as order-123'))),
  after: v.optional(whole('After'), '0'),
  limit: v.optional(
    v.pipe(
      whole('Limit'),
      v.minValue(1, `Limit must be between 1 and ${maxEventsPage}`),
      v.maxValue(maxEventsPage, `Limit must be between 1 and ${maxEventsPage}`),
    ),
    '100',
  ),
});

export type StreamEventsResponse = { stream: string; revision: number; events: RecordedEvent[] };
/** `next` is the position to pass as `after` for the following page, null at the end of the log. */
export type LogPageResponse = { events: RecordedEvent[]; next: number | null; head: number };
