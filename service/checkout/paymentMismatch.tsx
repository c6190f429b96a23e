// A payment that does not match its checkout is never left unseen (decision 102): the owner is e-mailed once, the
// shopper is told the shop will be in touch. A payment that could not be an order at all (PaymentUnmatched) sends them
// from its own stream, here; an order placed and flagged sends its own (orders/mismatchMails.tsx).
import { shopContent } from '../../contracts/catalog/content.ts';
import type { PaymentUnmatched } from '../../contracts/checkout/events.ts';
import type { MailMessage } from '../../contracts/ports/mailer.ts';
import { formatPence } from '../../contracts/shared/money.ts';
import { defineReactions, type Reactions } from '../../projections/engine/reactor.ts';
import type { ReactionDeps } from '../capability.ts';
import { mailOf, Para, ShopMail, shopperLetter } from '../mail/layout.tsx';
import { reactingTo, sendOnce } from '../reactions.ts';

/** An amount in a currency that may not be the shop's: pounds as the shop writes them, else the minor units and code. */
const amountIn = (amount: number, currency: string) =>
  currency.toLowerCase() === 'gbp' ? formatPence(amount) : `${(amount / 100).toFixed(2)} ${currency.toUpperCase()}`;

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
