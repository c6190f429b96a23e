// Which e-mails each event makes due: the reactor's table for the postbox. Request handlers no longer send e-mail; the
// reactor runs these once it reads the event from the log, so a crash after the event was stored still sends them.
import { defineReactions, type Reactions } from '../../projections/engine/reactor.ts';
import { reactingTo } from '../reactions.ts';
import type { Postbox } from './orderEmails.ts';

export function emailReactions(postbox: Postbox, clock: () => Date): Reactions {
  return defineReactions({
    // The order stream says which e-mails an order owes; each is sent once whatever event made it due.
    OrderPlaced: (event) => postbox.sendOrderEmails(event.data.orderId, reactingTo(event, clock())),
    // An e-mail address added after placing makes the shopper's confirmation due, and the "on its way" e-mail of an
    // order already shipped.
    OrderCustomerDetailsAdded: async (event) => {
      await postbox.sendOrderEmails(event.data.orderId, reactingTo(event, clock()));
      await postbox.sendShippedEmail(event.data.orderId, reactingTo(event, clock()));
    },
    // A shipment makes the customer's "on its way" e-mail due, with the carrier's tracking link.
    OrderShipmentRecorded: (event) => postbox.sendShippedEmail(event.data.orderId, reactingTo(event, clock())),
    PurchaseNotified: (event) => postbox.sendPurchaseNotice(event.data, reactingTo(event, clock())),
    // The owner accepted a payment that did not match: the shopper's confirmation is owed now (decision 102).
    OrderFlagCleared: (event) => postbox.sendOrderEmails(event.data.orderId, reactingTo(event, clock())),
  });
}
