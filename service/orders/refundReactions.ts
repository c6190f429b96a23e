// The side effects of refunds and disputes, run by the reactor (decision 019): the refund is asked of the payment
// gateway once the request is in the log, its answer is recorded on the order, and the e-mails it makes due are sent.
// Each is safe to run again: the gateway call is idempotent on the refund's id, and every e-mail is recorded once.
import { shopContent } from '../../contracts/catalog/content.ts';
import type { PaymentEmailKind } from '../../contracts/checkout/model.ts';
import { orderOnRecord } from '../../contracts/orders/model.ts';
import type {
  OrderPlaced,
  OrderDisputed,
  RefundRequested,
  RefundRetried,
  RefundSucceeded,
} from '../../contracts/orders/events.ts';
import { refundDecider, type GatewayRefundOutcome } from '../../contracts/orders/refunds.ts';
import type { MailMessage } from '../../contracts/ports/mailer.ts';
import { GatewayUnavailable, RefundDeclined } from '../../contracts/ports/payments.ts';
import type { RecordedEvent } from '../../contracts/shared/events.ts';
import { formatPence } from '../../contracts/shared/money.ts';
import { orderStream } from '../../contracts/shared/streams.ts';
import { defineReactions, type Reactions } from '../../projections/engine/reactor.ts';
import type { ReactionDeps } from '../capability.ts';
import { fold, handleCommand, idFromReference, type CommandMeta } from '../commands.ts';
import { reactingTo, sendOnce as sendMail } from '../reactions.ts';
import { mailOf } from '../mail/layout.tsx';
import { orderPageLinks, originOnRecord } from '../mail/links.ts';
import { emailsOnItsOwn } from './shopperEmails.ts';
import { addressLines, itemRows, orderDate, textRows } from '../mail/orderFacts.ts';
import { deliveryOf } from '../../contracts/checkout/gift.ts';
import { disputeToOwnerMail, refundConfirmationMail } from './refundMails.tsx';

/** What the owner is told when the gateway could not be reached: the refund may or may not have been made. */
export const unknownOutcomeMessage =
  'The payment provider could not be reached, so it is not known whether this refund was made. Retry it: a retry never pays twice.';

export const declinedMessage = (why: string) => `The payment provider declined the refund: ${why}`;

/** The shopper's refund e-mail: how much, for what, and, like every e-mail about an order, the order and its page. */
export function refundConfirmation(
  order: OrderPlaced['data'],
  refund: RefundSucceeded['data'],
  lines: { name: string; quantity: number }[],
  orderPageLink?: string,
): Promise<MailMessage> {
  return mailOf(
    {
      to: order.customerEmail,
      subject: `Your refund for ${shopContent.shop.name} order ${order.orderNumber}`,
      text: [
        `Dear ${order.customerName},`,
        '',
        `We have refunded ${formatPence(refund.amount)} for your order ${order.orderNumber}. It goes back to the card or wallet you paid with; banks usually take 5 to 10 working days to show it.`,
        ...(lines.length ? ['', 'The refund covers:', ...lines.map((l) => `  ${l.quantity} × ${l.name}`)] : []),
        '',
        `Order ${order.orderNumber}, placed on ${orderDate(order.placedAt)}:`,
        ...textRows(itemRows(order.items, order.discounts)),
        '',
        // A gift sent to someone else is delivered to them (decision 110), never to the buyer's own address.
        deliveryOf(order).giftFor ?? 'Delivery address:',
        ...addressLines(deliveryOf(order).address, deliveryOf(order).name).map((line) => `  ${line}`),
        '',
        ...(orderPageLink ? ['Your order page:', `  ${orderPageLink}`, ''] : []),
        `If you have any questions, write to us at ${shopContent.shop.contactEmail}.`,
        '',
        'With warm wishes,',
        shopContent.shop.name,
      ].join('\n'),
    },
    refundConfirmationMail(order, refund.amount, lines, orderPageLink),
  );
}

export function disputeToOwner(
  order: OrderPlaced['data'],
  dispute: OrderDisputed['data'],
  owner: string,
): Promise<MailMessage> {
  return mailOf(
    {
      to: owner,
      subject: `A payment was disputed: order ${order.orderNumber} — ${formatPence(dispute.amount)}`,
      text: [
        `The bank of ${order.customerName} <${order.customerEmail}> opened a dispute on the payment for order ${order.orderNumber}.`,
        '',
        `Disputed: ${formatPence(dispute.amount)} of ${formatPence(order.total)}; reason given: ${dispute.reason}.`,
        `Payment reference ${order.paymentReference}; dispute ${dispute.disputeId}.`,
        '',
        "Answer it in the payment provider's dashboard before its deadline, with the order's proof of delivery if it has shipped.",
      ].join('\n'),
    },
    disputeToOwnerMail(order, dispute),
  );
}

export function refundReactions(deps: ReactionDeps): Reactions {
  const owner = deps.config.OWNER_EMAIL ?? shopContent.shop.contactEmail;
  const orderPageLink = orderPageLinks(deps);

  const sendOnce = (notificationId: string, kind: PaymentEmailKind, message: MailMessage, meta: CommandMeta) =>
    sendMail(deps, notificationId, kind, message, meta);

  /** Asks the gateway for a refund still waiting for its answer, and records the answer on the order. */
  async function askGateway(event: RecordedEvent<RefundRequested | RefundRetried>) {
    const { orderId, refundId } = event.data;
    const stream = orderStream(orderId);
    const ledger = fold(refundDecider, await deps.events.readStream(stream));
    if (!ledger.placed) return;
    const entry = ledger.refunds.find((r) => r.refundId === refundId);
    // Answered already (by this reaction before a restart, or by a webhook): the gateway is not asked again.
    if (!entry || entry.status !== 'pending') return;
    let outcome: GatewayRefundOutcome;
    try {
      const refund = await deps.payments.refund({
        paymentReference: ledger.paymentReference,
        orderId,
        refundId,
        amount: entry.amount,
        reason: entry.reason,
      });
      outcome =
        refund.status === 'succeeded'
          ? { status: 'succeeded', gatewayRefundId: refund.id }
          : refund.status === 'failed' || refund.status === 'canceled'
            ? {
                status: 'failed',
                failure: 'declined',
                message: declinedMessage(`the refund ${refund.status === 'failed' ? 'failed' : 'was cancelled'}.`),
              }
            : { status: 'pending', gatewayRefundId: refund.id };
    } catch (error) {
      if (error instanceof RefundDeclined)
        outcome = { status: 'failed', failure: 'declined', message: declinedMessage(error.message) };
      else if (error instanceof GatewayUnavailable) {
        deps.logger.error({ err: error.message, orderId, refundId }, 'refund outcome unknown');
        outcome = { status: 'failed', failure: 'unavailable', message: unknownOutcomeMessage };
      } else throw error;
    }
    // One answer per attempt: the same attempt answered twice (a crash between call and record) is the same event.
    await handleCommand(
      deps.events,
      stream,
      refundDecider,
      { type: 'SettleRefund', orderId, refundId, outcome, at: deps.clock().toISOString() },
      reactingTo(event, deps.clock()),
      {
        eventIds: (e) => idFromReference(e.type, `${refundId}:${entry.attempts}`),
      },
    );
  }

  async function orderOf(
    orderId: string,
  ): Promise<{ order: OrderPlaced['data'] | null; events: readonly RecordedEvent[] }> {
    const events = await deps.events.readStream(orderStream(orderId));
    return { order: orderOnRecord(events), events };
  }

  return defineReactions({
    RefundRequested: askGateway,
    RefundRetried: askGateway,
    RefundSucceeded: async (event) => {
      const refund = event.data;
      const { order, events } = await orderOf(refund.orderId);
      if (!order || !order.customerEmail.includes('@')) return;
      // A refund a cancellation asked for is told in the cancellation's e-mail: one e-mail per thing that happened.
      if (!emailsOnItsOwn(event, events)) return;
      const requested = events.find(
        (e): e is RecordedEvent & RefundRequested =>
          e.type === 'RefundRequested' && (e.data as RefundRequested['data']).refundId === refund.refundId,
      );
      const lines = (requested?.data.lines ?? []).flatMap(({ line, quantity }) =>
        order.items[line] ? [{ name: order.items[line].name, quantity }] : [],
      );
      await sendOnce(
        `refund-${refund.refundId}`,
        'refund-confirmation',
        await refundConfirmation(order, refund, lines, orderPageLink(order.orderId, originOnRecord(events))),
        reactingTo(event, deps.clock()),
      );
    },
    OrderDisputed: async (event) => {
      const dispute = event.data;
      const { order } = await orderOf(dispute.orderId);
      if (!order) return;
      await sendOnce(
        `dispute-${dispute.disputeId}`,
        'dispute-to-owner',
        await disputeToOwner(order, dispute, owner),
        reactingTo(event, deps.clock()),
      );
    },
  });
}
