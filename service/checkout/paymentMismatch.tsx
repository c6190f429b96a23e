// A payment that does not match its checkout is never left unseen (decision 102): the owner is e-mailed once, the
// shopper is told the shop will be in touch. For an order placed and flagged, these two take the place of the order's
// usual notice and confirmation (orderEmails.ts decides which are owed); a payment that could not be an order at all
// (PaymentUnmatched) sends them from its own stream.
import { shopContent } from '../../contracts/catalog/content.ts';
import type { PaymentUnmatched } from '../../contracts/checkout/model.ts';
import type { OrderPlaced } from '../../contracts/orders/model.ts';
import type { MailMessage } from '../../contracts/ports/mailer.ts';
import { clientRoutes } from '../../contracts/shared/clientRoutes.ts';
import { formatPence } from '../../contracts/shared/money.ts';
import { defineReactions, type Reactions } from '../../projections/engine/reactor.ts';
import type { ReactionDeps } from '../capability.ts';
import {
  mailOf,
  ActionButton,
  ContactLine,
  Lines,
  Para,
  ShopMail,
  shopperLetter,
  Signature,
  SubHeading,
} from '../mail/layout.tsx';
import { shopUrlOf } from '../mail/links.ts';
import { itemRows, orderDate, textRows } from '../mail/orderFacts.ts';
import { reactingTo, sendOnce } from '../reactions.ts';

type Order = OrderPlaced['data'];

/** An amount in a currency that may not be the shop's: pounds as the shop writes them, else the minor units and code. */
const amountIn = (amount: number, currency: string) =>
  currency.toLowerCase() === 'gbp' ? formatPence(amount) : `${(amount / 100).toFixed(2)} ${currency.toUpperCase()}`;

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

export function unmatchedToOwner(payment: PaymentUnmatched['data'], owner: string): Promise<MailMessage> {
  const subject = `Payment does not match: ${amountIn(payment.amount, payment.currency)} paid, no order placed`;
  const lines = [
    `A payment of ${amountIn(payment.amount, payment.currency)} arrived for checkout ${payment.checkoutId}, which was priced at ${amountIn(payment.expectedAmount, payment.expectedCurrency)}. ${payment.reason}.`,
    `Payment reference ${payment.reference}.`,
    "No order could be placed for it. Refund it in the payment provider's dashboard, or contact the customer; they were told the shop will be in touch.",
  ];
  return mailOf(
    { to: owner, subject, text: lines.join('\n\n') },
    <ShopMail preview={subject} heading="A payment does not match its checkout">
      {lines.map((line) => (
        <Para key={line}>{line}</Para>
      ))}
    </ShopMail>,
  );
}

export function unmatchedToShopper(payment: PaymentUnmatched['data'], to: string, name?: string): Promise<MailMessage> {
  const subject = `Your payment to ${shopContent.shop.name}: we will be in touch`;
  const said = `We received your payment of ${amountIn(payment.amount, payment.currency)}, but it does not match your order, so we could not place it yet. We will contact you shortly to put it right; if it cannot be, your payment is refunded in full.`;
  return shopperLetter({ to, name, subject, heading: 'We will be in touch about your payment', said });
}

export const consoleLinkOf = (deps: Pick<ReactionDeps, 'config'>, orderId: string, origin?: string | null) =>
  consoleLink(shopUrlOf(deps.config, origin), orderId);

/**
 * A payment that could not be an order: the owner's e-mail and the shopper's, each once, under `unmatched-<reference>`.
 * The shopper's address is the provider's (the event keeps nothing personal); without one, only the owner hears.
 */
export function unmatchedPaymentReactions(deps: ReactionDeps): Reactions {
  const owner = deps.config.OWNER_EMAIL ?? shopContent.shop.contactEmail;
  return defineReactions({
    PaymentUnmatched: async (event) => {
      const payment = event.data;
      const notificationId = `unmatched-${payment.reference}`;
      const meta = reactingTo(event, deps.clock());
      await sendOnce(deps, notificationId, 'payment-mismatch-to-owner', await unmatchedToOwner(payment, owner), meta);
      const verified = await deps.payments.retrievePayment(payment.reference);
      if (!verified?.customerEmail?.includes('@')) return;
      await sendOnce(
        deps,
        notificationId,
        'payment-mismatch-to-shopper',
        await unmatchedToShopper(payment, verified.customerEmail, verified.customerName),
        meta,
      );
    },
  });
}
