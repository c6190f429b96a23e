import { preOrderNoteOf } from '../../contracts/preorders/parcels.ts';
// Read model: each order as its own page shows it — the address as lines, the payment, the parcel it went out in — and
// its whole timeline: placing, status changes, buyer's details added, the shipment, internal notes, refunds, disputes,
// flags and the e-mails sent about it, oldest first. The packing slips are made from the same documents.
import type { EmailSent } from '../../contracts/checkout/events.ts';
import {
  discountViewsOf,
  type OrderGiftView,
  type OrderPageView,
  type OrderTimelineEntry,
} from '../../contracts/orders/console.ts';
import type { ShippingAddress } from '../../contracts/orders/model.ts';
import type {
  OrderCustomerDetailsAdded,
  OrderEvent,
  OrderNoteAdded,
  OrderPlaced,
  OrderShipmentRecorded,
  OrderStatusChanged,
  RefundEvent,
  OrderFlagged,
  CancellationRequested,
  ReturnRequested,
  ShopperRequestAccepted,
  ShopperRequestEvent,
  ShopperRequestDeclined,
} from '../../contracts/orders/events.ts';
import type { ReadStoreReader, Write } from '../../contracts/ports/readStore.ts';
import type { RecordedEvent } from '../../contracts/shared/events.ts';
import { defineProjection, each } from '../engine/projection.ts';
import { isErasedValue, shownText } from '../../contracts/personalData.ts';
import { shipmentFromStatusNote } from '../../contracts/orders/fulfilment.ts';
import { returnReasonLabels } from '../../contracts/orders/shopperRequests.ts';
import { shippingAddressText } from './adminOrders.ts';
import { paymentEntryOf, paymentTypes } from './orderHistory.ts';

const collection = 'orderPages';

/** The document also remembers the last log position folded into it, so an event delivered again changes nothing. */
type OrderPageDoc = OrderPageView & {
  position: number;
  /** refund id → amount, so a refund's later steps can name it */ refundAmounts?: Record<string, number>;
};

/** An address one line each; a text address stays one line. */
export function addressLinesOf(address: ShippingAddress | string): string[] {
  if (typeof address === 'string') return address.trim() ? [address.trim()] : [];
  return [address.line1, address.line2, address.city, address.postcode, address.country]
    .map((part) => part?.trim() ?? '')
    .filter(Boolean);
}

function pageOf(data: OrderPlaced['data'], position: number, by: string): OrderPageDoc {
  return {
    orderId: data.orderId,
    orderNumber: data.orderNumber,
    orderDate: data.placedAt,
    customerName: data.customerName,
    customerEmail: data.customerEmail,
    addressLines: addressLinesOf(data.shippingAddress),
    ...(data.phone ? { phone: data.phone } : {}),
    items: data.items.map(({ name, quantity, price, bookId }) => ({
      name,
      quantity,
      price,
      ...preOrderNoteOf(data.preOrders, bookId),
    })),
    ...(data.discounts?.length ? { discounts: discountViewsOf(data.discounts) } : {}),
    subtotal: data.subtotal,
    shippingCost: data.shippingCost,
    total: data.total,
    paymentMethod: data.paymentMethod,
    paymentReference: data.paymentReference,
    shipment: null,
    timeline: [{ kind: 'placed', position, at: data.placedAt, status: data.status, by }],
    ...(data.gift ? { gift: giftViewOf(data.gift) } : {}),
    position,
  };
}

/** A gift as the order's pages show it: its texts as shown once the buyer's data is erased, the address as lines. */
function giftViewOf(gift: NonNullable<OrderPlaced['data']['gift']>): OrderGiftView {
  return {
    message: shownText(gift.message),
    ...(gift.recipientName ? { recipientName: shownText(gift.recipientName) } : {}),
    ...(gift.recipientAddress ? { recipientLines: addressLinesOf(gift.recipientAddress).map(shownText) } : {}),
    ...(gift.noteToRecipient && gift.recipientEmail ? { noteTo: shownText(gift.recipientEmail) } : {}),
  };
}

type Folded = OrderEvent | RefundEvent | EmailSent | ShopperRequestEvent;

/** An order's e-mails are sent under the order's id; a purchase notice's id names no order and is passed by. */
const orderIdOf = (event: Folded) => (event.type === 'EmailSent' ? event.data.notificationId : event.data.orderId);

/** One more line on the order's timeline, made by `change`; nothing before the order was placed or for an event
 *  already folded (guarded on the log position). */
const step =
  <E extends Folded>(change: (current: OrderPageDoc, event: RecordedEvent<E>) => OrderPageDoc) =>
  async (event: RecordedEvent<E>, view: ReadStoreReader): Promise<Write[]> => {
    const orderId = orderIdOf(event);
    const current = await view.get<OrderPageDoc>(collection, orderId);
    if (!current || current.position >= event.position) return [];
    return [{ op: 'put', collection, id: orderId, doc: change(current, event) }];
  };

const withEntry = (current: OrderPageDoc, entry: OrderTimelineEntry): OrderPageDoc => ({
  ...current,
  timeline: [...current.timeline, entry],
  position: entry.position,
});

export const orderPagesProjection = defineProjection({
  name: 'orderPages',
  // 2: a text that went with the customer's data reads as removedWithCustomer.
  // 3: an order shipped or delivered by a status change alone (before shipments were recorded) reads as shipped, with
  //    the note it came from (decision 081).
  version: 3,
  handlers: {
    async OrderPlaced(event, view) {
      const orderId = event.data.orderId;
      if (await view.get<OrderPageDoc>(collection, orderId)) return [];
      return [{ op: 'put', collection, id: orderId, doc: pageOf(event.data, event.position, event.metadata.causedBy) }];
    },
    OrderStatusChanged: step<OrderStatusChanged>((current, { position, data: { from, to, notes, by, at } }) => {
      const next = withEntry(current, { kind: 'statusChanged', position, at, from, to, notes: shownText(notes), by });
      // A shipment recorded as one (in the same append, or later) takes this one's place.
      if (current.shipment || (to !== 'shipped' && to !== 'delivered')) return next;
      const { carrier, trackingNumber, trackingUrl, note } = shipmentFromStatusNote(shownText(notes));
      return { ...next, shipment: { carrier, trackingNumber, trackingUrl, by, at, fromNote: note } };
    }),
    OrderCustomerDetailsAdded: step<OrderCustomerDetailsAdded>((current, { position, data: added }) => {
      const described = [
        ...(added.customerName ? [`Name: ${added.customerName}`] : []),
        ...(added.customerEmail ? [`Email: ${added.customerEmail}`] : []),
        ...(added.shippingAddress ? [`Address: ${shippingAddressText(added.shippingAddress)}`] : []),
      ];
      return {
        ...withEntry(current, {
          kind: 'detailsAdded',
          position,
          at: added.at,
          source: added.source,
          added: described,
          reason: shownText(added.reason),
          by: added.by,
        }),
        ...(added.customerName ? { customerName: added.customerName } : {}),
        ...(added.customerEmail ? { customerEmail: added.customerEmail } : {}),
        ...(added.shippingAddress ? { addressLines: addressLinesOf(added.shippingAddress) } : {}),
      };
    }),
    OrderShipmentRecorded: step<OrderShipmentRecorded>((current, { position, data }) => {
      const { carrier, by, at } = data;
      // The tracking number goes with the customer's data; the carrier, who and when stay.
      const shipment = {
        carrier,
        trackingNumber: shownText(data.trackingNumber),
        trackingUrl: isErasedValue(data.trackingUrl) ? null : data.trackingUrl,
        by,
        at,
      };
      return { ...withEntry(current, { kind: 'shipment', position, ...shipment }), shipment };
    }),
    OrderNoteAdded: step<OrderNoteAdded>((current, { position, data: { noteId, text, by, at } }) =>
      withEntry(current, { kind: 'note', position, at, noteId, text: shownText(text), by }),
    ),
    EmailSent: step<EmailSent>((current, { position, data: { kind, to, subject, sentAt } }) =>
      withEntry(current, { kind: 'emailSent', position, at: sentAt, emailKind: kind, to: shownText(to), subject }),
    ),
    // The shopper's requests from their order page and the owner's answers (decision 086), as titled lines.
    CancellationRequested: step<CancellationRequested>((current, { position, data: { at } }) =>
      withEntry(current, {
        kind: 'payment',
        position,
        at,
        title: 'The customer asked to cancel this order',
        detail: '',
        by: 'customer',
      }),
    ),
    ReturnRequested: step<ReturnRequested>((current, { position, data: { at, reason, note } }) =>
      withEntry(current, {
        kind: 'payment',
        position,
        at,
        title: `The customer asked to return this order: ${returnReasonLabels[reason]}`,
        detail: note ? shownText(note) : '',
        by: 'customer',
      }),
    ),
    ...each(
      ['ShopperRequestAccepted', 'ShopperRequestDeclined'] as const,
      step<ShopperRequestAccepted | ShopperRequestDeclined>((current, { type, position, data: { at, message, by } }) =>
        withEntry(current, {
          kind: 'payment',
          position,
          at,
          title:
            type === 'ShopperRequestAccepted'
              ? "The customer's request was accepted"
              : "The customer's request was declined",
          detail: message ? shownText(message) : '',
          by,
        }),
      ),
    ),
    // Refunds, disputes and flags: the same lines as the order's history in the console.
    ...each(
      paymentTypes,
      step<RefundEvent | OrderFlagged>((current, payment) => {
        const amounts = new Map(Object.entries(current.refundAmounts ?? {}));
        if (payment.type === 'RefundRequested' || payment.type === 'RefundSucceeded')
          amounts.set(payment.data.refundId, amounts.get(payment.data.refundId) ?? payment.data.amount);
        const { title, detail, by, at } = paymentEntryOf(payment, amounts);
        return {
          ...withEntry(current, { kind: 'payment', position: payment.position, at, title, detail, by }),
          refundAmounts: Object.fromEntries(amounts),
        };
      }),
    ),
  },
});

export async function getOrderPage(reader: ReadStoreReader, orderId: string): Promise<OrderPageView | null> {
  const doc = await reader.get<OrderPageDoc>(collection, orderId);
  if (!doc) return null;
  const { position: _position, refundAmounts: _amounts, ...page } = doc;
  return page;
}

export async function getOrderPages(reader: ReadStoreReader, orderIds: readonly string[]): Promise<OrderPageView[]> {
  const docs = await reader.getMany<OrderPageDoc>(collection, [...orderIds]);
  return docs
    .filter((doc): doc is OrderPageDoc => doc !== null)
    .map(({ position: _position, refundAmounts: _amounts, ...page }) => page);
}

/** What goes in the box of an order, from its page (shared with the web app, which makes one order's slip itself). */
export { packingSlipOf } from '../../contracts/orders/console.ts';
