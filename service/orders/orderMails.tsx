// The HTML halves of the order e-mails (decision 088), each in the shop's one layout. The plain-text halves are in
// orderEmails.ts; both are made from the same facts, so they say the same.
import { Link } from '@react-email/link';
import type { ReactNode } from 'react';
import { shopContent } from '../../contracts/catalog/content.ts';
import type { OrderPlaced } from '../../contracts/orders/events.ts';
import { importDutiesNotice } from '../../contracts/content/importDuties.ts';
import { formatPence } from '../../contracts/shared/money.ts';
import { exportDestinationOf } from '../../contracts/vat/exports.ts';
import {
  ActionButton,
  AddressBlock,
  ContactLine,
  Lines,
  mailColours,
  Para,
  ShopMail,
  Signature,
  SubHeading,
} from '../mail/layout.tsx';
import { addressLines, discountRows, itemRows, orderDate, shippingRow } from '../mail/orderFacts.ts';
import { deliveryOf, quotedGiftMessage } from '../../contracts/checkout/gift.ts';

type Order = OrderPlaced['data'];

/**
 * Where the parcel goes (decision 110): a gift sent to someone else to its recipient, under "A gift for …, delivering
 * to", never the buyer's own address; a gift's message quoted after it. The same facts as the text's deliveryText.
 */
function Delivery({
  order,
  heading,
  messageHeading = 'Your gift message',
}: {
  order: Order;
  heading: string;
  messageHeading?: string;
}) {
  const delivery = deliveryOf(order);
  return (
    <>
      <SubHeading>{delivery.giftFor?.replace(/:$/, '') ?? heading}</SubHeading>
      <AddressBlock lines={addressLines(delivery.address, delivery.name)} />
      {delivery.message ? (
        <>
          <SubHeading>{messageHeading}</SubHeading>
          <Para>{quotedGiftMessage(delivery.message)}</Para>
        </>
      ) : null}
    </>
  );
}

/** What each shopper's e-mail about an order shows: the order, its date, its items, its address and its page. */
function OrderFacts({ order, orderPageLink, totals }: { order: Order; orderPageLink?: string; totals?: ReactNode }) {
  return (
    <>
      <SubHeading>
        Order {order.orderNumber}, placed on {orderDate(order.placedAt)}
      </SubHeading>
      <Lines rows={itemRows(order.items, order.discounts, order.preOrders)} />
      {totals}
      <Delivery order={order} heading="Delivery address" />
      {orderPageLink ? (
        <>
          <SubHeading>Your order page</SubHeading>
          <Para>Follow your order, see its parcel on the way, or ask us about a cancellation or return.</Para>
          <ActionButton href={orderPageLink}>View your order</ActionButton>
        </>
      ) : null}
    </>
  );
}

export const confirmationMail = (order: Order, receiptLink?: string, orderPageLink?: string) => (
  <ShopMail preview={`Thank you for your order ${order.orderNumber}`} heading="Thank you for your order">
    <Para>Dear {order.customerName},</Para>
    <Para>
      Thank you for your order from {shopContent.shop.name}. Your payment was received and your order number is{' '}
      {order.orderNumber}.
    </Para>
    <OrderFacts
      order={order}
      orderPageLink={orderPageLink}
      totals={
        <Lines
          rows={[
            ...discountRows(order),
            shippingRow(order),
            { label: 'Total paid', figure: formatPence(order.total), strong: true },
          ]}
        />
      }
    />
    {receiptLink ? (
      <Para>
        Your receipt, to view, print or save as a PDF:{' '}
        <Link href={receiptLink} style={{ color: mailColours.tealDeep }}>
          {receiptLink}
        </Link>
      </Para>
    ) : null}
    {exportDestinationOf(order) ? <Para>{importDutiesNotice}</Para> : null}
    <Para>
      What happens next: we prepare your order for shipping, and e-mail you tracking information once it is on its way.
    </Para>
    <ContactLine />
    <Signature />
  </ShopMail>
);

export const shippedMail = (
  order: Order,
  shipment: { carrier: string; trackingNumber?: string; trackingUrl?: string | null },
  orderPageLink?: string,
) => (
  <ShopMail preview={`Your order ${order.orderNumber} is on its way`} heading="Your order is on its way">
    <Para>Dear {order.customerName},</Para>
    <Para>
      Good news: your {shopContent.shop.name} order {order.orderNumber} is on its way.
    </Para>
    <Lines
      rows={[
        { label: 'Carrier', figure: shipment.carrier },
        ...(shipment.trackingNumber ? [{ label: 'Tracking number', figure: shipment.trackingNumber }] : []),
      ]}
    />
    {shipment.trackingUrl ? <ActionButton href={shipment.trackingUrl}>Track your parcel here</ActionButton> : null}
    <OrderFacts order={order} orderPageLink={orderPageLink} />
    <ContactLine />
    <Signature />
  </ShopMail>
);

export const orderToOwnerMail = (order: Order) => (
  <ShopMail
    preview={`New order ${order.orderNumber} — ${formatPence(order.total)}`}
    heading={`New order ${order.orderNumber}`}
  >
    <Para>A new order was paid: {order.orderNumber}.</Para>
    <Para>
      Customer: {order.customerName} &lt;{order.customerEmail}&gt;
      {order.phone ? (
        <>
          <br />
          Phone: {order.phone}
        </>
      ) : null}
    </Para>
    <Delivery order={order} heading="Ship to" messageHeading="Gift message" />
    <SubHeading>Items</SubHeading>
    <Lines
      rows={[
        ...itemRows(order.items, order.discounts, order.preOrders),
        ...discountRows(order),
        { label: 'Subtotal', figure: formatPence(order.subtotal) },
        shippingRow(order),
        { label: 'Total', figure: formatPence(order.total), strong: true },
      ]}
    />
    <Para>
      Payment: {order.paymentMethod}, reference {order.paymentReference}
      <br />
      Placed at {order.placedAt}; status {order.status}.
    </Para>
  </ShopMail>
);

/** The gift note to a gift's recipient (decision 110): no prices, no items, no links of the buyer's. */
export const giftNoteMail = (
  order: Order,
  shipment: { carrier: string; trackingNumber?: string; trackingUrl?: string | null },
) => {
  const delivery = deliveryOf(order);
  return (
    <ShopMail preview={`A gift from ${order.customerName} is on its way to you`} heading="A gift is on its way to you">
      <Para>Dear {delivery.name},</Para>
      <Para>
        {order.customerName} has sent you a gift from {shopContent.shop.name}, and it is on its way.
      </Para>
      {delivery.message ? (
        <>
          <SubHeading>Their message</SubHeading>
          <Para>{quotedGiftMessage(delivery.message)}</Para>
        </>
      ) : null}
      <Lines
        rows={[
          { label: 'Carrier', figure: shipment.carrier },
          ...(shipment.trackingNumber ? [{ label: 'Tracking number', figure: shipment.trackingNumber }] : []),
        ]}
      />
      {shipment.trackingUrl ? <ActionButton href={shipment.trackingUrl}>Track your parcel here</ActionButton> : null}
      <SubHeading>It is going to</SubHeading>
      <AddressBlock lines={addressLines(delivery.address, delivery.name)} />
      <ContactLine />
      <Signature />
    </ShopMail>
  );
};

/**
 * The owner's purchase notice. Its safety rules are the text's (orderEmails.ts): the books and prices from the
 * catalogue only, what the shopper's page sent given as the quoted, defanged lines the text has already made — never
 * as a link, never as a figure.
 */
export const purchaseNoticeMail = (input: {
  subject: string;
  books: { name: string; price: number }[];
  quoted: string[];
  footer: string;
}) => (
  <ShopMail preview={input.subject} heading="Not paid yet">
    <Para>
      Nothing has been paid. A shopper has gone to the payment page; an order is placed only once its payment is
      confirmed, and you will get a separate e-mail about it then.
    </Para>
    {input.books.length > 0 ? (
      <>
        <SubHeading>From the catalogue, at the shop&apos;s prices</SubHeading>
        <Lines rows={input.books.map((book) => ({ label: book.name, figure: `${formatPence(book.price)} each` }))} />
      </>
    ) : (
      <Para>The notice names no book from the catalogue.</Para>
    )}
    <SubHeading>What the shopper&apos;s page sent, unchecked</SubHeading>
    <Para>Quoted as typed; links are not clickable; amounts are not shown.</Para>
    <pre
      style={{
        backgroundColor: mailColours.cream,
        border: `1px solid ${mailColours.line}`,
        color: mailColours.ink,
        fontSize: '13px',
        padding: '12px',
        whiteSpace: 'pre-wrap',
      }}
    >
      {input.quoted.join('\n')}
    </pre>
    <Para>{input.footer}</Para>
  </ShopMail>
);
