// Which e-mails each event makes due: the reactor's table for the postbox. Request handlers no longer send e-mail; the
// reactor runs these once it reads the event from the log, so a crash after the event was stored still sends them.
import type { PurchaseNotified } from '../../contracts/checkout/model.ts';
import type { RecordedEvent } from '../../contracts/shared/events.ts';
import type { OrderCustomerDetailsAdded, OrderPlaced, OrderShipmentRecorded } from '../../contracts/orders/model.ts';
import type { Reactions } from '../../projections/engine/reactor.ts';
import type { CommandMeta } from '../commands.ts';
import type { Postbox } from './orderEmails.ts';

/** The e-mail's EmailSent is caused by the event that made it due, within that event's user action. */
const reactingTo = (event: RecordedEvent, now: Date): CommandMeta => ({
  causedBy: 'system:reactor',
  requestId: event.id,
  correlationId: event.metadata.correlationId,
  now: now.toISOString(),
});

export function emailReactions(postbox: Postbox, clock: () => Date): Reactions {
  return {
    // The order stream says which e-mails an order owes; each is sent once whatever event made it due.
    OrderPlaced: (event) =>
      postbox.sendOrderEmails((event.data as OrderPlaced['data']).orderId, reactingTo(event, clock())),
    // An e-mail address added after placing makes the shopper's confirmation due, and the "on its way" e-mail of an
    // order already shipped.
    OrderCustomerDetailsAdded: async (event) => {
      const { orderId } = event.data as OrderCustomerDetailsAdded['data'];
      await postbox.sendOrderEmails(orderId, reactingTo(event, clock()));
      await postbox.sendShippedEmail(orderId, reactingTo(event, clock()));
    },
    // A shipment makes the customer's "on its way" e-mail due, with the carrier's tracking link.
    OrderShipmentRecorded: (event) =>
      postbox.sendShippedEmail((event.data as OrderShipmentRecorded['data']).orderId, reactingTo(event, clock())),
    PurchaseNotified: (event) =>
      postbox.sendPurchaseNotice(event.data as PurchaseNotified['data'], reactingTo(event, clock())),
  };
}
