// Stripe's webhook format: a signature over the raw body, at most 300 s old, and the events the shop acts on.
import { WebhookRejected, type GatewayRefund, type PaymentNotice } from '../../../contracts/ports/payments.ts';
import type { ReportedDispute } from '../../../contracts/orders/disputes.ts';
import { stripeApiVersion } from './apiVersion.ts';
import { stripeSdk } from './stripeModule.ts';

/** Stripe's own default; a delivery signed longer ago than this is refused as a possible replay. */
export const webhookToleranceSeconds = 300;

export function parseStripeWebhook(
  rawBody: string,
  signature: string | undefined,
  secret: string | undefined,
  receivedAt: Date,
): PaymentNotice {
  if (!secret) throw new WebhookRejected('Webhooks are not configured: set STRIPE_WEBHOOK_SECRET');
  if (!signature) throw new WebhookRejected('Missing Stripe-Signature header');
  let event: { id: string; type: string; api_version?: unknown; data: { object: { id?: unknown } } };
  try {
    event = stripeSdk().webhooks.constructEvent(
      rawBody,
      signature,
      secret,
      webhookToleranceSeconds,
      undefined,
      receivedAt.getTime(),
    ) as typeof event;
  } catch (error) {
    if (error instanceof SyntaxError) throw new WebhookRejected('Webhook body is not JSON');
    const message = (error as Error).message ?? '';
    throw new WebhookRejected(
      /timestamp outside the tolerance/i.test(message)
        ? 'Webhook signature is too old'
        : 'Webhook signature does not match',
    );
  }
  const object = event?.data?.object as Record<string, unknown> | undefined;
  const reference = object?.id;
  if (typeof event?.id !== 'string' || typeof event.type !== 'string' || typeof reference !== 'string') {
    throw new WebhookRejected('Webhook body is not a Stripe event');
  }
  const notice = noticeOf(event, object!, reference, receivedAt);
  // Stripe renders an event for its endpoint's API version. Another version than the pinned one (an endpoint left on
  // the account's default, or the second endpoint of an upgrade) is still acted on: the shop reads only ids, amounts
  // and statuses from events, and looks payments up again at the pinned version (decision 073).
  const received = typeof event.api_version === 'string' ? event.api_version : null;
  return received === stripeApiVersion
    ? notice
    : { ...notice, versionMismatch: { expected: stripeApiVersion, received } };
}

type StripeEvent = { id: string; type: string };
type Handler = {
  /** what the shop does with it, as the README's list and the console say */
  does: string;
  /** the notice it makes of the event's object (whose `id` is `reference`); null: nothing the shop can act on */
  notice: (event: StripeEvent, o: Record<string, unknown>, reference: string, receivedAt: Date) => PaymentNotice | null;
};

const paid: Handler['notice'] = (event, _o, reference) => ({ eventId: event.id, type: 'payment_succeeded', reference });

/** Paid with a method that settles later: the order waits for its success, the copies stay held (decision 105). */
const processing: Handler['notice'] = (event, _o, reference) => ({
  eventId: event.id,
  type: 'payment_processing',
  reference,
});

/** A refund's own event carries it; the shop records it against the payment's order. */
const refundChanged: Handler['notice'] = (event, o, reference) => {
  const paymentIntent = idOf(o.payment_intent);
  if (!paymentIntent || typeof o.amount !== 'number') return null;
  return {
    eventId: event.id,
    type: 'refunds_changed',
    paymentIntent,
    refund: gatewayRefundOf({
      id: reference,
      amount: o.amount,
      status: typeof o.status === 'string' ? o.status : null,
      metadata: (o.metadata as Record<string, string> | null) ?? null,
    }),
  };
};

/** Every step of a dispute carries the whole Dispute object; each is read as the dispute now stands (decision 101). */
const disputeReported: Handler['notice'] = (event, o, reference) => {
  const paymentIntent = idOf(o.payment_intent);
  if (!paymentIntent) return null;
  return {
    eventId: event.id,
    type: 'dispute_reported',
    paymentIntent,
    dispute: disputeOf(o, reference, paymentIntent),
  };
};

/**
 * Every Stripe event the shop acts on, and how: the one place that says so. The webhook endpoint at Stripe must send
 * each of these (`npm run events -- stripe-check` compares), and the README's list is written from it
 * (`npm run events -- stripe-events --readme README.md`). Any other event is answered 200 and changes nothing.
 */
export const stripeWebhookHandlers = {
  'checkout.session.completed': {
    does: 'places the order of a paid hosted Checkout; one paid by a method that settles later keeps its copies held and tells the shopper the payment is processing',
    notice: (event, o, reference, receivedAt) =>
      o.payment_status === 'unpaid'
        ? processing(event, o, reference, receivedAt)
        : paid(event, o, reference, receivedAt),
  },
  'checkout.session.async_payment_succeeded': {
    does: 'places the order of a hosted Checkout whose payment completed later',
    notice: paid,
  },
  'checkout.session.async_payment_failed': {
    does: "records that a hosted Checkout's payment failed and releases its copies",
    notice: (event, _o, reference) => ({
      eventId: event.id,
      type: 'payment_failed',
      reference,
      reason: 'The payment of this checkout failed.',
    }),
  },
  'checkout.session.expired': {
    does: 'cancels the checkout of an expired hosted Checkout and releases its copies',
    notice: (event, _o, reference) => ({ eventId: event.id, type: 'checkout_expired', reference }),
  },
  'payment_intent.succeeded': {
    does: 'places the order of a card or wallet payment (or of the hosted Checkout that made the PaymentIntent)',
    notice: paid,
  },
  'payment_intent.processing': {
    does: 'keeps the copies of a card-form or wallet payment that settles later held, and tells the shopper the payment is processing',
    notice: processing,
  },
  'payment_intent.payment_failed': {
    does: 'logs a declined card or wallet attempt, the checkout keeping its copies while the shopper may try again; a payment that was processing and failed releases its copies',
    // One declined attempt: the shopper may try again on the same intent, so the checkout keeps its hold until the intent
    // is cancelled or the hold runs out (decision 102).
    notice: (event, o, reference) => {
      const error = o.last_payment_error as { message?: unknown } | null | undefined;
      return {
        eventId: event.id,
        type: 'attempt_failed',
        reference,
        reason: typeof error?.message === 'string' ? error.message : 'The payment failed.',
      };
    },
  },
  'payment_intent.canceled': {
    does: 'records that a card or wallet payment was cancelled and releases its copies',
    notice: (event, _o, reference) => ({
      eventId: event.id,
      type: 'payment_failed',
      reference,
      reason: 'The payment was cancelled.',
    }),
  },
  'charge.refunded': {
    does: "records the refunds of the charge's payment, asked for from Stripe (those made in the dashboard too)",
    // The list is not in the event (Stripe leaves it out since API version 2022-11-15); the shop asks.
    notice: (event, o) => {
      const paymentIntent = idOf(o.payment_intent);
      return paymentIntent ? { eventId: event.id, type: 'refunds_changed', paymentIntent } : null;
    },
  },
  'refund.created': { does: 'records a refund on its order', notice: refundChanged },
  'refund.updated': { does: "records a refund's new status (pending to succeeded)", notice: refundChanged },
  'refund.failed': { does: 'records that a refund failed', notice: refundChanged },
  'charge.dispute.created': {
    does: 'records the dispute on its order, with its deadline, and e-mails the owner',
    notice: disputeReported,
  },
  'charge.dispute.updated': {
    does: "records the dispute's new status or deadline",
    notice: disputeReported,
  },
  'charge.dispute.closed': {
    does: 'records how the dispute ended (won or lost)',
    notice: disputeReported,
  },
  'charge.dispute.funds_withdrawn': {
    does: 'books the disputed amount and the dispute fee in the ledger on the day Stripe took them',
    notice: disputeReported,
  },
  'charge.dispute.funds_reinstated': {
    does: 'books the money Stripe gave back for a won dispute on the day it did',
    notice: disputeReported,
  },
  'payout.paid': {
    does: 'records the payout in the ledger on its arrival day, answered at once; the reactor then lists the transactions it covers and records their fees',
    // Money from Stripe's balance reached the bank: its amount and arrival day, which the bank statement shows.
    notice: (event, o, reference, receivedAt) => {
      if (typeof o.amount !== 'number' || typeof o.arrival_date !== 'number') return null;
      return {
        eventId: event.id,
        type: 'payout_paid',
        payout: {
          payoutId: reference,
          amount: o.amount,
          currency: typeof o.currency === 'string' ? o.currency : '',
          arrivalDate: isoOfSeconds(o.arrival_date),
          createdAt: typeof o.created === 'number' ? isoOfSeconds(o.created) : receivedAt.toISOString(),
        },
      };
    },
  },
} satisfies Record<string, Handler>;

/** Each event with what the shop does with it, in the table's order: the admin's payment set-up shows them. */
export const stripeWebhookEventList = Object.entries(stripeWebhookHandlers as Record<string, Handler>).map(
  ([type, handler]) => ({ type, does: handler.does }),
);

/** The events the shop's webhook endpoint must be sent, in the table's order. */
export const stripeWebhookEvents = Object.keys(stripeWebhookHandlers) as (keyof typeof stripeWebhookHandlers)[];

function noticeOf(event: StripeEvent, o: Record<string, unknown>, reference: string, receivedAt: Date): PaymentNotice {
  const handler = (stripeWebhookHandlers as Record<string, Handler>)[event.type];
  return (
    (handler && Object.hasOwn(stripeWebhookHandlers, event.type)
      ? handler.notice(event, o, reference, receivedAt)
      : null) ?? { eventId: event.id, type: 'ignored', original: event.type }
  );
}

/** Stripe's Dispute object as the port knows it: its state now and the balance transactions it caused. */
function disputeOf(o: Record<string, unknown>, disputeId: string, paymentIntent: string): ReportedDispute {
  const evidence = o.evidence_details as { due_by?: unknown } | null | undefined;
  const transactions = Array.isArray(o.balance_transactions) ? (o.balance_transactions as unknown[]) : [];
  return {
    disputeId,
    amount: typeof o.amount === 'number' ? o.amount : 0,
    reason: typeof o.reason === 'string' ? o.reason : 'unknown',
    status: typeof o.status === 'string' ? o.status : null,
    evidenceDueBy: typeof evidence?.due_by === 'number' ? isoOfSeconds(evidence.due_by) : null,
    paymentIntent,
    livemode: typeof o.livemode === 'boolean' ? o.livemode : null,
    transactions: transactions.flatMap((t) => {
      const x = t as Record<string, unknown> | null;
      if (!x || typeof x.id !== 'string' || typeof x.amount !== 'number' || typeof x.created !== 'number') return [];
      const fee = typeof x.fee === 'number' ? x.fee : 0;
      return [
        {
          transactionId: x.id,
          amount: x.amount,
          fee,
          net: typeof x.net === 'number' ? x.net : x.amount - fee,
          feeDetails: (Array.isArray(x.fee_details) ? (x.fee_details as Record<string, unknown>[]) : []).map((d) => ({
            type: typeof d.type === 'string' ? d.type : '',
            amount: typeof d.amount === 'number' ? d.amount : 0,
            description: typeof d.description === 'string' ? d.description : '',
          })),
          createdAt: isoOfSeconds(x.created),
          reportingCategory: typeof x.reporting_category === 'string' ? x.reporting_category : '',
        },
      ];
    }),
  };
}

/** Stripe's times are seconds since the epoch. */
export const isoOfSeconds = (seconds: number) => new Date(seconds * 1000).toISOString();

/** An id, whether the event carries it as a string or as an expanded object. */
function idOf(value: unknown): string | null {
  if (typeof value === 'string' && value) return value;
  if (value && typeof value === 'object' && typeof (value as { id?: unknown }).id === 'string')
    return (value as { id: string }).id;
  return null;
}

/** Stripe's refund as the port knows it; the shop's id is in its metadata when the shop made it. */
export function gatewayRefundOf(refund: {
  id: string;
  amount: number;
  status?: string | null;
  metadata?: Record<string, string> | null;
}): GatewayRefund {
  const status =
    (['succeeded', 'pending', 'failed', 'canceled', 'requires_action'] as const).find((s) => s === refund.status) ??
    'pending';
  return {
    id: refund.id,
    amount: refund.amount,
    status,
    ...(refund.metadata?.refundId ? { refundId: refund.metadata.refundId } : {}),
  };
}
