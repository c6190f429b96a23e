// The e-mails an order and a purchase notice send, each through the mailer once and recorded as EmailSent.
import type { PaymentCheckEmailKind, SentEmailKind } from '../../contracts/checkout/model.ts';
import type { EmailSent, PurchaseNotified } from '../../contracts/checkout/events.ts';
import { shopContent } from '../../contracts/catalog/content.ts';
import { importDutiesNotice } from '../../contracts/content/importDuties.ts';
import { formatPence } from '../../contracts/shared/money.ts';
import { exportDestinationOf } from '../../contracts/vat/exports.ts';
import { mailOf } from '../mail/layout.tsx';
import { addressLines, discountRows, itemRows, orderDate, shippingRow, textRows } from '../mail/orderFacts.ts';
import { confirmationMail, giftNoteMail, orderToOwnerMail, purchaseNoticeMail, shippedMail } from './orderMails.tsx';
import { deliveryOf, giftMessageHeading, quotedGiftMessage } from '../../contracts/checkout/gift.ts';
import type { ShopEvent } from '../../contracts/eventCatalog.ts';
import { carrierLabels } from '../../contracts/orders/fulfilment.ts';
import { orderOnRecord } from '../../contracts/orders/model.ts';
import type { OrderFlagged, OrderPlaced, OrderShipmentRecorded } from '../../contracts/orders/events.ts';
import { consoleLinkOf, mismatchToOwner, mismatchToShopper } from './mismatchMails.tsx';
import { notificationStream, orderStream } from '../../contracts/shared/streams.ts';
import type { CommandMeta } from '../commands.ts';
import { sendOnce as sendMail } from '../reactions.ts';
import type { ShopDeps } from '../deps.ts';
import type { MailMessage } from '../../contracts/ports/mailer.ts';
import { quotedInput } from '../mail/quotedInput.ts';
import { isNumbered } from '../../contracts/receipts/model.ts';
import { receiptLinkKey, receiptPath } from '../http/receiptLinks.ts';
import { orderPageLinks, originOnRecord, shopUrlOf } from '../mail/links.ts';

type Order = OrderPlaced['data'];

/**
 * The shopper's confirmation. `receiptLink`, when the order is numbered, is the signed address of its receipt (no
 * account needed): the e-mail says where the receipt is rather than carrying its number, which is issued just after.
 */
export function orderConfirmation(order: Order, receiptLink?: string, orderPageLink?: string): Promise<MailMessage> {
  return mailOf(
    {
      to: order.customerEmail,
      subject: `Your ${shopContent.shop.name} order ${order.orderNumber}`,
      text: [
        `Dear ${order.customerName},`,
        '',
        `Thank you for your order from ${shopContent.shop.name}. Your payment was received and your order number is ${order.orderNumber}.`,
        '',
        `Order ${order.orderNumber}, placed on ${orderDate(order.placedAt)}:`,
        ...textRows(itemRows(order.items, order.discounts, order.preOrders)),
        ...textRows(discountRows(order)),
        ...textRows([shippingRow(order)]),
        `  Total paid — ${formatPence(order.total)}`,
        '',
        ...(receiptLink ? ['Your receipt, to view, print or save as a PDF:', `  ${receiptLink}`, ''] : []),
        ...(orderPageLink
          ? ['Follow your order, or ask us to cancel it, on its own page:', `  ${orderPageLink}`, '']
          : []),
        ...deliveryText(order, 'We will send it to:'),
        ...(exportDestinationOf(order) ? [importDutiesNotice, ''] : []),
        'What happens next: we prepare your order for shipping, and e-mail you tracking information once it is on its way.',
        '',
        `If you have any questions, write to us at ${shopContent.shop.contactEmail}.`,
        '',
        'With warm wishes,',
        shopContent.shop.name,
      ].join('\n'),
    },
    confirmationMail(order, receiptLink, orderPageLink),
  );
}

/**
 * Where the parcel goes, as the plain text says it (decision 110): a gift sent to someone else to its recipient, under
 * "A gift for …, delivering to:", never the buyer's own address; then a gift's message, quoted.
 */
function deliveryText(order: Order, heading: string, messageHeading: string = giftMessageHeading): string[] {
  const delivery = deliveryOf(order);
  return [
    delivery.giftFor ?? heading,
    ...addressLines(delivery.address, delivery.name).map((line) => `  ${line}`),
    '',
    ...(delivery.message ? [messageHeading, `  ${quotedGiftMessage(delivery.message)}`, ''] : []),
  ];
}

/**
 * The gift note to a gift's recipient (decision 110), when the buyer asked for one: that a gift from the buyer is on
 * its way, the buyer's message, the carrier and its tracking. No prices, no items (it is a present) and no link to the
 * buyer's order page or receipt, which are the buyer's.
 */
export function giftNote(order: Order, shipment: OrderShipmentRecorded['data']): Promise<MailMessage> {
  const delivery = deliveryOf(order);
  const carrier = carrierLabels[shipment.carrier];
  const trackingUrl = shipment.trackingNumber ? shipment.trackingUrl : null;
  return mailOf(
    {
      to: order.gift?.recipientEmail ?? '',
      subject: `A gift from ${order.customerName} is on its way to you`,
      text: [
        `Dear ${delivery.name},`,
        '',
        `${order.customerName} has sent you a gift from ${shopContent.shop.name}, and it is on its way.`,
        '',
        ...(delivery.message ? ['Their message:', `  ${quotedGiftMessage(delivery.message)}`, ''] : []),
        `Carrier: ${carrier}`,
        ...(shipment.trackingNumber ? [`Tracking number: ${shipment.trackingNumber}`] : []),
        ...(trackingUrl ? ['', 'Track your parcel here:', trackingUrl] : []),
        '',
        'It is going to:',
        ...addressLines(delivery.address, delivery.name).map((line) => `  ${line}`),
        '',
        `If you have any questions, write to us at ${shopContent.shop.contactEmail}.`,
        '',
        'With warm wishes,',
        shopContent.shop.name,
      ].join('\n'),
    },
    giftNoteMail(order, { carrier, trackingNumber: shipment.trackingNumber, trackingUrl }),
  );
}

/**
 * The gift note an order owes (decision 110): once it has a recorded shipment, when the buyer asked for one and gave the
 * recipient's address (an erased one is no address), unless already sent.
 */
export function owedGiftNote(
  orderEvents: readonly ShopEvent[],
  notificationEvents: readonly ShopEvent[],
): { order: Order; shipment: OrderShipmentRecorded['data'] } | null {
  const order = orderOnRecord(orderEvents);
  const shipment = orderEvents.find((e): e is OrderShipmentRecorded => e.type === 'OrderShipmentRecorded');
  if (!order?.gift?.noteToRecipient || !order.gift.recipientEmail?.includes('@') || !shipment) return null;
  if (notificationEvents.some((e) => e.type === 'EmailSent' && e.data.kind === 'gift-note')) return null;
  return { order, shipment: shipment.data };
}

/** The customer's "your order is on its way" e-mail: the carrier, the tracking number and the carrier's tracking link. */
export function orderShipped(
  order: Order,
  shipment: OrderShipmentRecorded['data'],
  orderPageLink?: string,
): Promise<MailMessage> {
  const carrier = carrierLabels[shipment.carrier];
  const tracking = shipment.trackingNumber
    ? [
        `Carrier: ${carrier}`,
        `Tracking number: ${shipment.trackingNumber}`,
        ...(shipment.trackingUrl ? ['', 'Track your parcel here:', shipment.trackingUrl] : []),
      ]
    : [`Carrier: ${carrier}`];
  return mailOf(
    {
      to: order.customerEmail,
      subject: `Your order ${order.orderNumber} is on its way`,
      text: [
        `Dear ${order.customerName},`,
        '',
        `Good news: your ${shopContent.shop.name} order ${order.orderNumber} is on its way.`,
        '',
        ...tracking,
        '',
        ...deliveryText(order, 'It is going to:'),
        `Order ${order.orderNumber}, placed on ${orderDate(order.placedAt)}:`,
        ...textRows(itemRows(order.items, order.discounts, order.preOrders)),
        '',
        ...(orderPageLink ? ['Your order page, with its tracking and returns:', `  ${orderPageLink}`, ''] : []),
        `If you have any questions, write to us at ${shopContent.shop.contactEmail}.`,
        '',
        'With warm wishes,',
        shopContent.shop.name,
      ].join('\n'),
    },
    shippedMail(order, { ...shipment, carrier }, orderPageLink),
  );
}

/**
 * The "on its way" e-mail an order owes: once it has a recorded shipment and an e-mail address, unless already sent.
 * The first shipment is the one the customer hears of; the order page shows any later one.
 */
export function owedShippedEmail(
  orderEvents: readonly ShopEvent[],
  notificationEvents: readonly ShopEvent[],
): { order: Order; shipment: OrderShipmentRecorded['data'] } | null {
  const order = orderOnRecord(orderEvents);
  const shipment = orderEvents.find((e): e is OrderShipmentRecorded => e.type === 'OrderShipmentRecorded');
  if (!order || !shipment || !order.customerEmail.includes('@')) return null;
  if (notificationEvents.some((e) => e.type === 'EmailSent' && e.data.kind === 'order-shipped')) return null;
  return { order, shipment: shipment.data };
}

export function orderToOwner(order: Order, owner: string): Promise<MailMessage> {
  return mailOf(
    {
      to: owner,
      subject: `New order ${order.orderNumber} — ${formatPence(order.total)}`,
      text: [
        `A new order was paid: ${order.orderNumber}.`,
        '',
        `Customer: ${order.customerName} <${order.customerEmail}>`,
        ...(order.phone ? [`Phone: ${order.phone}`] : []),
        ...deliveryText(order, 'Ship to:', 'Gift message:'),
        ...textRows(itemRows(order.items, order.discounts, order.preOrders)),
        ...textRows(discountRows(order)),
        `  Subtotal — ${formatPence(order.subtotal)}`,
        ...textRows([shippingRow(order)]),
        `  Total — ${formatPence(order.total)}`,
        '',
        `Payment: ${order.paymentMethod}, reference ${order.paymentReference}`,
        `Placed at ${order.placedAt}; status ${order.status}.`,
      ].join('\n'),
    },
    orderToOwnerMail(order),
  );
}

/** The subject of a purchase notice's e-mail: the catalogue's titles only, and plainly not a payment. */
export function purchaseNoticeSubject(notice: Pick<PurchaseNotified['data'], 'catalogItems'>): string {
  const titles = (notice.catalogItems ?? []).map((item) => item.name);
  return titles.length > 0
    ? `Not paid yet — a shopper opened the payment page for ${titles.join(', ')}`
    : 'Not paid yet — a shopper opened the payment page';
}

/**
 * The owner's heads-up that a shopper went to the payment page. Anyone can send one, so everything in it that the
 * owner might act on comes from the shop: the subject and the books with their prices from the catalogue (recorded
 * with the notice), and the plain statement that nothing was paid. What the shopper's page sent follows, quoted and
 * labelled as unchecked, with its links defanged; its amounts are not shown at all.
 */
export function purchaseNotice(notice: PurchaseNotified['data'], owner: string): Promise<MailMessage> {
  const books = notice.catalogItems ?? [];
  // The shopper's words, quoted and defanged once: the text and the HTML show these same lines.
  const quoted = [
    `> Name: ${quotedInput(notice.customerName)}`,
    `> E-mail: ${quotedInput(notice.customerEmail)}`,
    `> Address: ${quotedInput(notice.shippingAddress)}`,
    ...notice.items.slice(0, 10).map((item) => `> Item: ${quotedInput(item.name)}`),
    ...(notice.items.length > 10 ? [`> (${notice.items.length - 10} more items not shown)`] : []),
    `> Payment method: ${quotedInput(notice.paymentMethod, 40)}`,
  ];
  const footer = `Notice ${notice.notificationId}, recorded at ${notice.notifiedAt}.`;
  const subject = purchaseNoticeSubject(notice);
  return mailOf(
    {
      to: owner,
      subject,
      text: [
        'Nothing has been paid. A shopper has gone to the payment page; an order is placed only once its payment is confirmed, and you will get a separate e-mail about it then.',
        '',
        books.length > 0 ? "From the catalogue, at the shop's prices:" : 'The notice names no book from the catalogue.',
        ...books.map((book) => `  ${book.name} — ${formatPence(book.price)} each`),
        '',
        "What the shopper's page sent, unchecked (quoted as typed; links are not clickable; amounts are not shown):",
        ...quoted.map((line) => `  ${line}`),
        '',
        footer,
      ].join('\n'),
    },
    purchaseNoticeMail({ subject, books, quoted, footer }),
  );
}

export type OrderEmailKind = 'order-to-owner' | 'order-confirmation' | PaymentCheckEmailKind;

/** The flag of a payment that does not match its checkout, and whether the owner has accepted it (decision 102). */
export function paymentMismatchOf(orderEvents: readonly ShopEvent[]): { message: string; cleared: boolean } | null {
  const flag = orderEvents.find(
    (e): e is OrderFlagged => e.type === 'OrderFlagged' && e.data.flag === 'payment-mismatch',
  );
  if (!flag) return null;
  const cleared = orderEvents.some((e) => e.type === 'OrderFlagCleared' && e.data.flag === 'payment-mismatch');
  return { message: flag.data.message, cleared };
}

/**
 * The e-mails an order owes, from its two streams alone: the owner's once it is placed, the shopper's confirmation once
 * an e-mail address is known (at placing, or added later); a kind already recorded as EmailSent is owed no more. A
 * payment that does not match its checkout (decision 102) owes the owner its own notice instead, and the shopper word
 * that the shop will be in touch; the confirmation follows only once the owner accepts the payment. Pure, so whatever
 * calls it (a request, a reaction to OrderPlaced, OrderCustomerDetailsAdded or OrderFlagCleared, a replay) gets one
 * answer.
 */
export function owedOrderEmails(
  orderEvents: readonly ShopEvent[],
  notificationEvents: readonly ShopEvent[],
): { order: Order | null; owed: OrderEmailKind[] } {
  const order = orderOnRecord(orderEvents);
  if (!order) return { order, owed: [] };
  const sent = new Set(
    notificationEvents.filter((e): e is EmailSent => e.type === 'EmailSent').map((e) => e.data.kind),
  );
  const mismatch = paymentMismatchOf(orderEvents);
  const reachable = order.customerEmail.includes('@');
  const owed: OrderEmailKind[] = [];
  const owner = mismatch ? 'payment-mismatch-to-owner' : 'order-to-owner';
  if (!sent.has(owner)) owed.push(owner);
  if (mismatch && !mismatch.cleared) {
    if (!sent.has('payment-mismatch-to-shopper') && reachable) owed.push('payment-mismatch-to-shopper');
  } else if (!sent.has('order-confirmation') && reachable) owed.push('order-confirmation');
  return { order, owed };
}

export type Postbox = {
  /**
   * the owner's and the shopper's e-mails for a placed order, each at most once: whatever owedOrderEmails says is owed.
   * Call it after OrderPlaced and after OrderCustomerDetailsAdded.
   */
  sendOrderEmails(orderId: string, meta: CommandMeta): Promise<void>;
  sendPurchaseNotice(notice: PurchaseNotified['data'], meta: CommandMeta): Promise<void>;
  /**
   * the customer's "on its way" e-mail once the order has a shipment, and a gift's note to its recipient when the buyer
   * asked for one, each at most once; call it after OrderShipmentRecorded
   */
  sendShippedEmail(orderId: string, meta: CommandMeta): Promise<void>;
};

/** What the postbox needs: it runs in the service and in the projection process alike. */
export type PostboxDeps = Pick<ShopDeps, 'config' | 'events' | 'mailer' | 'clock' | 'logger' | 'jwtSecret'>;

export function createPostbox(deps: PostboxDeps): Postbox {
  const owner = deps.config.OWNER_EMAIL ?? shopContent.shop.contactEmail;
  const linkKey = receiptLinkKey(deps.jwtSecret);
  // Without PUBLIC_URL, each order's links go where its checkout reached the shop (decision 112).
  const receiptLink = (order: Order, origin: string | null) =>
    isNumbered(order.placedAt) ? `${shopUrlOf(deps.config, origin)}${receiptPath(linkKey, order.orderId)}` : undefined;
  const pageLink = orderPageLinks(deps);
  const orderPageLink = (order: Order, origin: string | null) => pageLink(order.orderId, origin);
  // One sender per notification stream at a time, so two triggers in this process never send the same e-mail twice.
  const queues = new Map<string, Promise<void>>();
  const serially = (key: string, work: () => Promise<void>) => {
    const next = (queues.get(key) ?? Promise.resolve()).then(work);
    const settled = next.catch(() => {});
    queues.set(key, settled);
    void settled.then(() => queues.get(key) === settled && queues.delete(key));
    return next;
  };

  const sendOnce = (notificationId: string, kind: SentEmailKind, message: MailMessage, meta: CommandMeta) =>
    sendMail(deps, notificationId, kind, message, meta);

  return {
    sendOrderEmails(orderId, meta) {
      return serially(orderId, async () => {
        const [orderEvents, notificationEvents] = await Promise.all([
          deps.events.readStream(orderStream(orderId)),
          deps.events.readStream(notificationStream(orderId)),
        ]);
        const { order, owed } = owedOrderEmails(orderEvents, notificationEvents);
        if (!order) return;
        const origin = originOnRecord(orderEvents);
        for (const kind of owed) {
          await sendOnce(
            orderId,
            kind,
            kind === 'order-to-owner'
              ? await orderToOwner(order, owner)
              : kind === 'payment-mismatch-to-owner'
                ? await mismatchToOwner(
                    order,
                    paymentMismatchOf(orderEvents)?.message ?? '',
                    owner,
                    consoleLinkOf(deps, orderId, origin),
                  )
                : kind === 'payment-mismatch-to-shopper'
                  ? await mismatchToShopper(order)
                  : await orderConfirmation(order, receiptLink(order, origin), orderPageLink(order, origin)),
            meta,
          );
        }
      });
    },
    sendShippedEmail(orderId, meta) {
      return serially(orderId, async () => {
        const [orderEvents, notificationEvents] = await Promise.all([
          deps.events.readStream(orderStream(orderId)),
          deps.events.readStream(notificationStream(orderId)),
        ]);
        const owed = owedShippedEmail(orderEvents, notificationEvents);
        if (owed)
          await sendOnce(
            orderId,
            'order-shipped',
            await orderShipped(owed.order, owed.shipment, orderPageLink(owed.order, originOnRecord(orderEvents))),
            meta,
          );
        // The buyer hears first; the recipient's gift note, when asked for, follows (decision 110).
        const note = owedGiftNote(orderEvents, notificationEvents);
        if (note) await sendOnce(orderId, 'gift-note', await giftNote(note.order, note.shipment), meta);
      });
    },
    sendPurchaseNotice(notice, meta) {
      return serially(notice.notificationId, async () =>
        sendOnce(notice.notificationId, 'purchase-notice', await purchaseNotice(notice, owner), meta),
      );
    },
  };
}
