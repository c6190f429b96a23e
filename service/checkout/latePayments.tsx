// What follows a payment that does not complete at once (decision 105) or comes too late (decision 106): the shopper is
// told once that a payment which settles later is processing; a payment refused for books no longer in stock is paid
// back in full through the provider, recorded, and the shopper told.
import { shopContent } from '../../contracts/catalog/content.ts';
import type {
  CheckoutPaymentProcessing,
  CheckoutStarted,
  LatePaymentRefunded,
  LatePaymentRefused,
} from '../../contracts/checkout/events.ts';
import { RefundDeclined } from '../../contracts/ports/payments.ts';
import type { RecordedEvent } from '../../contracts/shared/events.ts';
import { formatPence } from '../../contracts/shared/money.ts';
import { orderNumberFrom } from '../../contracts/shared/constants.ts';
import { checkoutStream, paymentStream } from '../../contracts/shared/streams.ts';
import { defineReactions, type Reactions } from '../../projections/engine/reactor.ts';
import type { ReactionDeps } from '../capability.ts';
import { handleCommand, idFromReference, type Decider } from '../commands.ts';
import { shopperLetter } from '../mail/layout.tsx';
import { reactingTo, sendOnce } from '../reactions.ts';

/** The subject and words of the shopper's e-mail about a payment that settles later. */
export const processingMail = {
  subject: (orderNumber: string) => `Your payment is processing: order ${orderNumber}`,
  said: 'Your payment is processing. Some payment methods take a few days to complete; your books are held for you meanwhile. We will e-mail your order confirmation as soon as the payment completes, and let you know if it does not.',
};

/** The subject and words of the shopper's e-mail about a late payment refused and refunded. */
export const lateRefundMail = {
  subject: `Your payment to ${shopContent.shop.name} has been refunded`,
  said: (amount: string) =>
    `Your payment of ${amount} arrived after your checkout had ended, and the books in it are no longer in stock, so we could not place your order. We have refunded the ${amount} in full to the way you paid; it usually shows within 5 to 10 days.`,
};

const letter = (to: string, name: string | undefined, subject: string, heading: string, said: string) =>
  shopperLetter({ to, name, subject, heading, said });

/** The shopper's e-mail about a payment that settles later. */
export const processingLetter = (to: string, name: string | undefined, orderNumber: string) =>
  letter(
    to,
    name,
    processingMail.subject(orderNumber),
    'Your payment is processing',
    `${processingMail.said} Your order number will be ${orderNumber}.`,
  );

/** The shopper's e-mail about a late payment refused and refunded. */
export const lateRefundLetter = (to: string, name: string | undefined, paid: string) =>
  letter(to, name, lateRefundMail.subject, 'Your payment has been refunded', lateRefundMail.said(paid));

/** A late payment's refund is recorded once, whichever run of the reactor gets the provider's answer first. */
const lateRefundDecider: Decider<
  boolean,
  { type: 'RecordLateRefund'; data: LatePaymentRefunded['data'] },
  LatePaymentRefunded
> = {
  initialState: () => false,
  evolve: (done, event) => done || event.type === 'LatePaymentRefunded',
  decide: (command, done) => (done ? [] : [{ type: 'LatePaymentRefunded', data: command.data }]),
};

export function latePaymentReactions(deps: ReactionDeps): Reactions {
  /** The shopper's address and name: the provider's for the payment, else what the checkout was started with. */
  async function shopperOf(reference: string, checkoutId: string): Promise<{ to?: string; name?: string }> {
    const payment = await deps.payments.retrievePayment(reference);
    const started = (await deps.events.readStream(checkoutStream(checkoutId))).find(
      (e): e is RecordedEvent<CheckoutStarted> => e.type === 'CheckoutStarted',
    );
    const to = payment?.customerEmail ?? started?.data.customerEmail;
    const name = payment?.customerName ?? started?.data.customerName;
    return { ...(to?.includes('@') ? { to } : {}), ...(name ? { name } : {}) };
  }

  return defineReactions({
    async CheckoutPaymentProcessing(event: RecordedEvent<CheckoutPaymentProcessing>) {
      const { checkoutId, paymentReference, processingReference } = event.data;
      const { to, name } = await shopperOf(processingReference, checkoutId);
      if (!to) return;
      const orderNumber = orderNumberFrom(paymentReference);
      await sendOnce(
        deps,
        `processing-${checkoutId}`,
        'payment-processing',
        await processingLetter(to, name, orderNumber),
        reactingTo(event, deps.clock()),
      );
    },

    async LatePaymentRefused(event: RecordedEvent<LatePaymentRefused>) {
      const { reference, checkoutId, amount, currency, refundId } = event.data;
      const meta = reactingTo(event, deps.clock());
      let refund;
      try {
        // Idempotent on the shop's refund id: a run again after a crash answers the refund already made.
        refund = await deps.payments.refund({
          paymentReference: reference,
          orderId: reference,
          refundId,
          amount,
          reason: 'Out of stock: the payment came after its checkout had ended',
        });
      } catch (error) {
        if (!(error instanceof RefundDeclined)) throw error;
        // Nothing more the shop can do by itself: the owner refunds it from the provider's dashboard.
        deps.logger.error({ reference, err: error.message }, 'a refused late payment could not be refunded');
        return;
      }
      await handleCommand(
        deps.events,
        paymentStream(reference),
        lateRefundDecider,
        {
          type: 'RecordLateRefund',
          data: {
            reference,
            refundId,
            gatewayRefundId: refund.id,
            amount: refund.amount,
            status: refund.status,
            at: meta.now,
          },
        },
        meta,
        { eventIds: () => idFromReference('LatePaymentRefunded', reference) },
      );
      const { to, name } = await shopperOf(reference, checkoutId);
      if (!to) return;
      const paid = currency.toLowerCase() === 'gbp' ? formatPence(amount) : `${(amount / 100).toFixed(2)} ${currency}`;
      await sendOnce(deps, `late-${reference}`, 'late-payment-refunded', await lateRefundLetter(to, name, paid), meta);
    },
  });
}
