// The shopper's order page (decision 086): what their signed link shows, folded from the order's own stream. Only
// what the shopper entered or was told: the items, the money, the address, the parcel and its tracking, refunds, and
// their own requests with the owner's answers. Never the owner's notes, a status change's notes, flags, the payment
// reference or the e-mail address.
import { countryName } from '../checkout/shipping.ts';
import { deliveryOf } from '../checkout/gift.ts';
import type { ShopEvent } from '../eventCatalog.ts';
import { carrierLabels, shipmentFromStatusNote } from './fulfilment.ts';
import { discountViewsOf, type OrderDiscountView } from './console.ts';
import { orderOnRecord, type ShippingAddress } from './model.ts';
import { evolveRefundBook, emptyRefundBook, refundedAmount, refundableAmount } from './refunds.ts';
import {
  cancelRefusal,
  emptyProgress,
  evolveProgress,
  returnDeadline,
  returnReasonLabels,
  returnRefusal,
  type ReturnReason,
  type OrderProgress,
  type ShopperRequestKind,
} from './shopperRequests.ts';
import { unhandledStatus } from '../shared/constants.ts';
import type { ShopperPreOrder } from '../preorders/cancel.ts';

export type ShopperOrderStatus = 'received' | 'preparing' | 'shipped' | 'delivered' | 'cancelled' | 'refunded';

export const shopperStatusLabels: Record<ShopperOrderStatus, string> = {
  received: 'Order received',
  preparing: 'Being prepared',
  shipped: 'On its way',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
};

/** What the shopper is told of an order's status, before refunds: an order that left has shipped, whatever it says. */
function shopperStatusOf(progress: OrderProgress): ShopperOrderStatus {
  switch (progress.status) {
    case 'cancelled':
      return 'cancelled';
    case 'delivered':
      return 'delivered';
    case 'shipped':
      return 'shipped';
    case 'processing':
      return progress.shippedAt ? 'shipped' : 'preparing';
    case 'pending':
    case 'completed':
      return progress.shippedAt ? 'shipped' : 'received';
    default:
      return unhandledStatus(progress.status);
  }
}

export type ShopperTimelineEntry = {
  kind:
    | 'placed'
    | 'preparing'
    | 'shipped'
    | 'delivered'
    | 'cancelled'
    | 'refund-pending'
    | 'refunded'
    | 'cancel-requested'
    | 'return-requested'
    | 'request-accepted'
    | 'request-declined';
  at: string;
  title: string;
  /** more words: the carrier and number, the refund's amount, the owner's message */
  detail?: string;
  link?: { href: string; label: string };
};

export type ShopperShipment = { carrier: string; trackingNumber: string; trackingUrl: string | null };

export type ShopperRequestView = {
  requestId: string;
  kind: ShopperRequestKind;
  reason?: string;
  note?: string;
  at: string;
  outcome: 'open' | 'accepted' | 'declined';
  message?: string;
};

export type ShopperOrderView = {
  orderNumber: string;
  placedAt: string;
  status: ShopperOrderStatus;
  statusLabel: string;
  customerName: string;
  /** the address the order was paid with, as answers before decision 110 gave it; not where a gift goes */
  addressLines: string[];
  /** where the parcel goes: a gift sent to someone else to its recipient (decision 110), never the buyer's own */
  deliveryLines: string[];
  /** "This is a gift": its message, and whom it is for when it goes to someone else */
  gift?: { message: string; recipientName?: string };
  items: { name: string; quantity: number; price: number }[];
  savings: OrderDiscountView[];
  subtotal: number;
  shippingCost: number;
  total: number;
  /** pence paid back, as the payment provider confirmed */
  refunded: number;
  shipment: ShopperShipment | null;
  timeline: ShopperTimelineEntry[];
  requests: ShopperRequestView[];
  /** what the shopper may ask now; the reason when not */
  cancel: { allowed: boolean; why?: string };
  returns: { allowed: boolean; why?: string; until?: string };
  reasons: { value: ReturnReason; label: string }[];
  /**
   * the token of the order's receipt link (`/receipt/<token>`) once the order is numbered; its number and credit notes
   * are the receipt's own answer (GET /api/receipts/:token), which is 404 until the number is issued
   */
  receiptToken: string | null;
  /** the order's stream revision the page showed: a request is made against it */
  revision: number;
  /** its pre-orders still standing (decision 132), and whether they may be cancelled now; absent when it has none */
  preOrder?: ShopperPreOrder;
};

export type ShopperDocuments = { receiptToken: string | null };

const addressLinesOf = (address: ShippingAddress | string): string[] =>
  typeof address === 'string'
    ? address.trim()
      ? [address.trim()]
      : []
    : [address.line1, address.line2, address.city, address.postcode, countryName(address.country)]
        .map((part) => part?.trim() ?? '')
        .filter(Boolean);

const money = (pence: number) => `£${(pence / 100).toFixed(2)}`;

/** The shopper's page of an order from its stream, at `now`; null before the order is placed. */
export function shopperOrderView(
  events: readonly (ShopEvent & { revision?: number })[],
  now: Date,
  documents: ShopperDocuments,
): ShopperOrderView | null {
  const order = orderOnRecord(events);
  if (!order) return null;
  let progress = emptyProgress(order.status);
  let book = emptyRefundBook();
  let shipment: ShopperShipment | null = null;
  const timeline: ShopperTimelineEntry[] = [{ kind: 'placed', at: order.placedAt, title: 'Order placed' }];
  const refundAt = new Map<string, number>();
  for (const event of events) {
    progress = evolveProgress(progress, event);
    book = evolveRefundBook(book, event);
    switch (event.type) {
      case 'OrderStatusChanged': {
        const { to, at, notes } = event.data;
        switch (to) {
          case 'pending':
            break;
          case 'processing':
            timeline.push({ kind: 'preparing', at, title: 'Being prepared' });
            break;
          case 'delivered':
            timeline.push({ kind: 'delivered', at, title: 'Delivered' });
            break;
          case 'cancelled': {
            // A cancellation the shopper asked for says so already, in the same moment.
            const asked = progress.requests.some(
              (r) => r.kind === 'cancel' && r.outcome === 'accepted' && r.answeredAt === at,
            );
            if (!asked) timeline.push({ kind: 'cancelled', at, title: 'Order cancelled' });
            break;
          }
          case 'shipped': {
            // Shipped before shipments were recorded: the carrier and number the status note held, never the note.
            const fromNote = shipmentFromStatusNote(notes);
            const next = events[events.indexOf(event) + 1];
            if (next?.type !== 'OrderShipmentRecorded') {
              shipment = {
                carrier: carrierLabels[fromNote.carrier],
                trackingNumber: fromNote.trackingNumber,
                trackingUrl: fromNote.trackingUrl,
              };
              timeline.push(shippedEntry(at, shipment));
            }
            break;
          }
          default:
            unhandledStatus(to);
        }
        break;
      }
      case 'OrderShipmentRecorded': {
        const { carrier, trackingNumber, trackingUrl, at } = event.data;
        shipment = { carrier: carrierLabels[carrier], trackingNumber, trackingUrl };
        timeline.push(shippedEntry(at, shipment));
        break;
      }
      case 'RefundRequested': {
        const { refundId, amount, at } = event.data;
        refundAt.set(refundId, timeline.length);
        timeline.push({
          kind: 'refund-pending',
          at,
          title: 'Refund on its way',
          detail: `${money(amount)} is on its way back to the card or wallet you paid with.`,
        });
        break;
      }
      case 'RefundSucceeded': {
        const { refundId, amount, at } = event.data;
        const entry: ShopperTimelineEntry = {
          kind: 'refunded',
          at,
          title: 'Refunded',
          detail: `${money(amount)} was refunded. Banks usually take 5 to 10 working days to show it.`,
        };
        const pending = refundAt.get(refundId);
        if (pending !== undefined) timeline[pending] = entry;
        else timeline.push(entry);
        break;
      }
      case 'CancellationRequested':
        timeline.push({
          kind: 'cancel-requested',
          at: event.data.at,
          title: 'You asked us to cancel',
        });
        break;
      case 'ReturnRequested': {
        const { at, reason } = event.data;
        timeline.push({
          kind: 'return-requested',
          at,
          title: 'You asked to return it',
          detail: returnReasonLabels[reason],
        });
        break;
      }
      case 'ShopperRequestAccepted':
      case 'ShopperRequestDeclined': {
        const { at, message, requestId } = event.data;
        const kind = progress.requests.find((r) => r.requestId === requestId)?.kind;
        const accepted = event.type === 'ShopperRequestAccepted';
        timeline.push({
          kind: accepted ? 'request-accepted' : 'request-declined',
          at,
          title: accepted
            ? kind === 'cancel'
              ? 'We cancelled your order'
              : 'We accepted your return'
            : kind === 'cancel'
              ? 'We could not cancel your order'
              : 'We could not accept your return',
          ...(message ? { detail: message } : {}),
        });
        break;
      }
    }
  }
  const refunded = refundedAmount(book.refunds);
  const fullyRefunded = refundableAmount(order.total, book.refunds) <= 0;
  const status: ShopperOrderStatus =
    progress.status !== 'cancelled' && refunded >= order.total && order.total > 0
      ? 'refunded'
      : shopperStatusOf(progress);
  const cancelWhy = cancelRefusal(progress, fullyRefunded);
  const returnWhy = returnRefusal(progress, fullyRefunded, now);
  const deadline = returnDeadline(progress);
  const last = events.at(-1);
  const delivery = deliveryOf(order);
  return {
    orderNumber: order.orderNumber,
    placedAt: order.placedAt,
    status,
    statusLabel: shopperStatusLabels[status],
    customerName: order.customerName,
    // The address on the order, as every earlier answer gave it (golden log v3); where the parcel goes is
    // `deliveryLines`, which the page shows.
    addressLines: addressLinesOf(order.shippingAddress),
    deliveryLines: addressLinesOf(delivery.address),
    ...(order.gift
      ? {
          gift: {
            message: order.gift.message,
            ...(delivery.giftFor ? { recipientName: delivery.name } : {}),
          },
        }
      : {}),
    items: order.items.map(({ name, quantity, price }) => ({ name, quantity, price })),
    savings: discountViewsOf(order.discounts),
    subtotal: order.subtotal,
    shippingCost: order.shippingCost,
    total: order.total,
    refunded,
    shipment,
    timeline,
    requests: progress.requests.map((r) => ({
      requestId: r.requestId,
      kind: r.kind,
      ...(r.reason ? { reason: returnReasonLabels[r.reason] } : {}),
      ...(r.note ? { note: r.note } : {}),
      at: r.at,
      outcome: r.outcome,
      ...(r.message ? { message: r.message } : {}),
    })),
    cancel: cancelWhy ? { allowed: false, why: cancelWhy } : { allowed: true },
    returns: {
      allowed: !returnWhy,
      ...(returnWhy ? { why: returnWhy } : {}),
      ...(deadline ? { until: deadline.toISOString() } : {}),
    },
    reasons: Object.entries(returnReasonLabels).map(([value, label]) => ({ value: value as ReturnReason, label })),
    receiptToken: documents.receiptToken,
    revision: last?.revision ?? 0,
  };
}

function shippedEntry(at: string, shipment: ShopperShipment): ShopperTimelineEntry {
  return {
    kind: 'shipped',
    at,
    title: 'On its way',
    detail: shipment.trackingNumber
      ? `${shipment.carrier}, tracking number ${shipment.trackingNumber}`
      : `Sent with ${shipment.carrier}`,
    ...(shipment.trackingUrl ? { link: { href: shipment.trackingUrl, label: 'Track your parcel' } } : {}),
  };
}

/** An open request as the owner's Requests tab lists it. */
export type OpenShopperRequest = {
  orderId: string;
  orderNumber: string;
  requestId: string;
  kind: ShopperRequestKind;
  reason?: string;
  note?: string;
  at: string;
  customerName: string;
  /** the order's stream revision: the answer is made against it */
  revision: number;
};

export type ShopperRequestsResponse = { requests: OpenShopperRequest[]; count: number };
export type AnswerRequestResponse = { success: true; message: string };
export type OrderPageActionResponse = { success: true; message: string; page: ShopperOrderView };
export type OrderLinkAnswer = { success: true; message: string };
