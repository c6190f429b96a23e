// Every event type the log may hold, assembled from the capabilities that declare them. Each capability declares its
// own types once, in contracts/<capability>/events.ts: their stream, who causes them, a valibot schema for each version
// of the payload with the upcasters to the newest, and the TypeScript types derived from those schemas. Readers only
// ever see the newest shape. contracts/shared/eventDefinitions.ts says what a definition is; docs/events.md is
// generated from this list, in its order.
import { accountEvents, downloadGrantEvents, sessionEvents } from './admin/events.ts';
import { auditEvents } from './audit/events.ts';
import { bookEvents, imageEvents, productEvents } from './catalog/events.ts';
import { checkoutEvents, notificationEvents, paymentCheckEvents, shippingRatesEvents } from './checkout/events.ts';
import { discountEvents } from './discounts/events.ts';
import { paymentsEvents } from './ledger/events.ts';
import { messageEvents, messageMailEvents, newsletterEvents, restockEvents } from './messages/events.ts';
import { disputeEvents, orderEvents, orderLinkEvents, refundEvents, shopperRequestEvents } from './orders/events.ts';
import { preOrderEvents } from './preorders/events.ts';
import { privacyEvents } from './privacy/events.ts';
import { receiptEvents } from './receipts/events.ts';
import { reviewEvents } from './reviews/events.ts';
import { EventCatalog, type EventsOf } from './shared/eventDefinitions.ts';
import { stockEvents } from './stock/events.ts';
import { vatSettingsEvents } from './vat/events.ts';

export {
  EventCatalog,
  UnknownEventVersion,
  type AnySchema,
  type EventDefinition,
  type EventVersion,
} from './shared/eventDefinitions.ts';

/** Every event type the shop writes, capability by capability. A new type is one entry in its capability's list. */
export const shopEvents = [
  ...bookEvents,
  ...productEvents,
  ...imageEvents,
  ...reviewEvents,
  ...checkoutEvents,
  ...notificationEvents,
  ...paymentCheckEvents,
  ...shippingRatesEvents,
  ...orderEvents,
  ...refundEvents,
  ...disputeEvents,
  ...shopperRequestEvents,
  ...orderLinkEvents,
  ...stockEvents,
  ...preOrderEvents,
  ...discountEvents,
  ...receiptEvents,
  ...vatSettingsEvents,
  ...paymentsEvents,
  ...messageEvents,
  ...messageMailEvents,
  ...newsletterEvents,
  ...restockEvents,
  ...sessionEvents,
  ...accountEvents,
  ...downloadGrantEvents,
  ...auditEvents,
  ...privacyEvents,
];

/** Every event the log holds, in its newest shape: what projections and reactions are typed by. */
export type ShopEvent = EventsOf<typeof shopEvents>;
/** The name of every event type in the catalogue. */
export type ShopEventType = ShopEvent['type'];
/** The event of one type (or of a union of types). */
export type ShopEventOf<T extends ShopEventType> = Extract<ShopEvent, { type: T }>;

export const eventCatalog = new EventCatalog(shopEvents);
