// The two e-mails of an order placed and flagged because its payment does not match its checkout (decision 102): the
// owner is e-mailed once with what was paid, what was due and where to act, and the shopper is told the shop will be in
// touch. They take the place of the order's usual notice and confirmation (orderEmails.ts decides which are owed).
import { shopContent } from '../../contracts/catalog/content.ts';
import type { OrderPlaced } from '../../contracts/orders/events.ts';
import type { MailMessage } from '../../contracts/ports/mailer.ts';
import { clientRoutes } from '../../contracts/shared/clientRoutes.ts';
import { formatPence } from '../../contracts/shared/money.ts';
import type { ReactionDeps } from '../capability.ts';
import { mailOf, ActionButton, ContactLine, Lines, Para, ShopMail, Signature, SubHeading } from '../mail/layout.tsx';
import { shopUrlOf } from '../mail/links.ts';
import { itemRows, orderDate, textRows } from '../mail/orderFacts.ts';

type Order = OrderPlaced['data'];

const consoleLink = (shopUrl: string, orderId: string) =>
  `${shopUrl}${clientRoutes.adminOrder[0].replace(':orderId', encodeURIComponent(orderId))}`;

/** The owner's one e-mail about an order whose payment does not match: what was paid, what was due, and where to act. */
export function mismatchToOwner(order: Order, flag: string, owner: string, link: string): Promise<MailMessage> {
  const subject = `Payment does not match: order ${order.orderNumber} — ${formatPence(order.total)} paid`;
  return mailOf(
    {
      to: owner,
      subject,
      text: [
        `The payment for order ${order.orderNumber} does not match its checkout. ${flag}`,
        '',
        `Customer: ${order.customerName} <${order.customerEmail}>`,
        ...textRows(itemRows(order.items, order.discounts)),
        `  Paid — ${formatPence(order.total)}`,
        '',
        `Payment: ${order.paymentMethod}, reference ${order.paymentReference}`,
        'The order is placed and flagged. In the order console, refund the payment in full or accept it:',
        `  ${link}`,
        'The customer was told that the shop will contact them.',
      ].join('\n'),
    },
    <ShopMail preview={subject} heading={`Payment does not match: order ${order.orderNumber}`}>
      <Para>
        The payment for order {order.orderNumber} does not match its checkout. {flag}
      </Para>
      <Lines
        rows={[
          { label: `Customer: ${order.customerName} <${order.customerEmail}>` },
          ...itemRows(order.items, order.discounts),
          { label: 'Paid', figure: formatPence(order.total), strong: true },
          { label: `Payment: ${order.paymentMethod}, reference ${order.paymentReference}` },
        ]}
      />
      <Para>The order is placed and flagged. The customer was told that the shop will contact them.</Para>
      <ActionButton href={link}>Refund in full or accept</ActionButton>
    </ShopMail>,
  );
}

/** The shopper's e-mail in place of the confirmation: the payment arrived, it is not what was priced, the shop will write. */
export function mismatchToShopper(order: Order): Promise<MailMessage> {
  const subject = `Your payment for ${shopContent.shop.name} order ${order.orderNumber}: we will be in touch`;
  const said = `We received your payment of ${formatPence(order.total)} for order ${order.orderNumber}, placed on ${orderDate(order.placedAt)}, but it does not match the price of the order. We will contact you shortly to put it right; if it cannot be, your payment is refunded in full.`;
  return mailOf(
    {
      to: order.customerEmail,
      subject,
      text: [
        `Dear ${order.customerName},`,
        '',
        said,
        '',
        'What you ordered:',
        ...textRows(itemRows(order.items, order.discounts)),
        '',
        `If you have any questions, write to us at ${shopContent.shop.contactEmail}.`,
        '',
        'With warm wishes,',
        shopContent.shop.name,
      ].join('\n'),
    },
    <ShopMail preview="We will be in touch about your payment" heading="We will be in touch about your payment">
      <Para>Dear {order.customerName},</Para>
      <Para>{said}</Para>
      <SubHeading>What you ordered</SubHeading>
      <Lines rows={itemRows(order.items, order.discounts)} />
      <ContactLine />
      <Signature />
    </ShopMail>,
  );
}

export const consoleLinkOf = (deps: Pick<ReactionDeps, 'config'>, orderId: string, origin?: string | null) =>
  consoleLink(shopUrlOf(deps.config, origin), orderId);
