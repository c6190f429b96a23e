// The e-mails of the shopper's order page (decision 086), sent by the reactor from the log: a fresh link once it is
// asked for, and each step of a request (asked, accepted, declined), each with a fresh link to the order page, good for
// the standard lifetime from when it is sent; and, for each new request, a notice to the owner with where to answer
// it. Each once, by the shared `sendOnce`.
import { shopContent } from '../../contracts/catalog/content.ts';
import { orderOnRecord } from '../../contracts/orders/model.ts';
import type { OrderPlaced, OrderLinkRequested, ShopperRequestAccepted } from '../../contracts/orders/events.ts';
import { refundDecider } from '../../contracts/orders/refunds.ts';
import { evolveRequests, type ShopperRequest } from '../../contracts/orders/shopperRequests.ts';
import type { OrderPageEmailKind } from '../../contracts/checkout/model.ts';
import { clientRoutes } from '../../contracts/shared/clientRoutes.ts';
import type { DomainEvent, RecordedEvent } from '../../contracts/shared/events.ts';
import { orderStream } from '../../contracts/shared/streams.ts';
import { defineReactions, type Reactions } from '../../projections/engine/reactor.ts';
import type { ReactionDeps } from '../capability.ts';
import { fold } from '../commands.ts';
import { orderLinkLifetimeDays } from '../http/orderLinks.ts';
import { orderPageLinks, originOnRecord, shopUrlOf } from '../mail/links.ts';
import { reactingTo, sendOnce } from '../reactions.ts';
import {
  orderLinkEmail,
  requestAcceptedEmail,
  requestDeclinedEmail,
  requestReceivedEmail,
  requestToOwnerEmail,
  type ConsoleLinks,
} from './requestEmails.ts';

const causedBy = 'system:order-page';

export function requestReactions(deps: ReactionDeps): Reactions {
  const linkFor = orderPageLinks(deps);
  const owner = deps.config.OWNER_EMAIL ?? shopContent.shop.contactEmail;
  const consoleLinks = (orderId: string, origin: string | null): ConsoleLinks => {
    const shopUrl = shopUrlOf(deps.config, origin);
    return {
      requests: `${shopUrl}${clientRoutes.adminOrders[0]}?tab=requests`,
      order: `${shopUrl}${clientRoutes.adminOrder[0].replace(':orderId', encodeURIComponent(orderId))}`,
    };
  };

  /** The order as it stood at `event`, and the request the event names. */
  async function requestAt(event: RecordedEvent<{ type: string; data: { orderId: string; requestId: string } }>) {
    const events = (await deps.events.readStream(orderStream(event.data.orderId))).filter(
      (e) => e.position <= event.position,
    );
    const order = orderOnRecord(events);
    let requests: ShopperRequest[] = [];
    for (const e of events) requests = evolveRequests(requests, e);
    const request = requests.find((r) => r.requestId === event.data.requestId);
    // Without PUBLIC_URL, links go where the request reached the shop, else where the order's checkout did.
    return { order, request, events, origin: originOnRecord([event], events) };
  }

  const mailable = (order: OrderPlaced['data'] | null): order is OrderPlaced['data'] =>
    !!order && order.customerEmail.includes('@');

  const send = (
    notificationId: string,
    kind: OrderPageEmailKind,
    message: Parameters<typeof sendOnce>[3],
    event: RecordedEvent,
  ) => sendOnce(deps, notificationId, kind, message, reactingTo(event, deps.clock(), causedBy));

  /**
   * A new request: the shopper's letter that we have it, when the order has an address to write to, and the owner's
   * notice whether or not it has, under a notification of its own (`owner-request-<id>`, never the shopper's).
   */
  async function received(event: RecordedEvent<DomainEvent<string, { orderId: string; requestId: string }>>) {
    const { order, request, origin } = await requestAt(event);
    if (!order || !request) return;
    if (mailable(order)) {
      const kind = request.kind === 'cancel' ? 'cancellation-requested' : 'return-requested';
      await send(
        `request-${request.requestId}`,
        kind,
        await requestReceivedEmail(order, request, linkFor(order.orderId, origin)),
        event,
      );
    }
    await send(
      `owner-request-${request.requestId}`,
      'request-to-owner',
      await requestToOwnerEmail(order, request, owner, consoleLinks(order.orderId, origin)),
      event,
    );
  }

  return defineReactions({
    OrderLinkRequested: async (event: RecordedEvent<OrderLinkRequested>) => {
      const events = await deps.events.readStream(orderStream(event.data.orderId));
      const order = orderOnRecord(events);
      if (!mailable(order)) return;
      const origin = originOnRecord([event], events);
      await send(
        `orderlink-${event.id}`,
        'order-link',
        await orderLinkEmail(order, linkFor(order.orderId, origin), orderLinkLifetimeDays),
        event,
      );
    },
    CancellationRequested: received,
    ReturnRequested: received,
    ShopperRequestAccepted: async (event: RecordedEvent<ShopperRequestAccepted>) => {
      const { order, request, origin } = await requestAt(event);
      if (!mailable(order) || !request) return;
      // The refunds a cancellation asked for are appended with its acceptance, after it: read from the whole stream.
      // Their own e-mails fold into this one (service/orders/shopperEmails.ts), so it names each amount and the total.
      const ledger = fold(refundDecider, await deps.events.readStream(orderStream(order.orderId)));
      const asked = ledger.placed ? ledger.refunds.filter((r) => event.data.refundIds.includes(r.refundId)) : [];
      const byLines = asked.some((r) => r.lines.length > 0);
      const refunds = asked.map((r) => ({
        label:
          r.lines.length > 0
            ? 'Refund for the items'
            : byLines
              ? 'Refund of the delivery'
              : 'Refund of the amount paid',
        amount: r.amount,
      }));
      await send(
        `request-${request.requestId}`,
        'request-accepted',
        await requestAcceptedEmail(order, request, refunds, linkFor(order.orderId, origin)),
        event,
      );
    },
    ShopperRequestDeclined: async (event) => {
      const { order, request, origin } = await requestAt(event);
      if (!mailable(order) || !request) return;
      await send(
        `request-${request.requestId}`,
        'request-declined',
        await requestDeclinedEmail(order, request, linkFor(order.orderId, origin)),
        event,
      );
    },
  });
}
