// Stripe's webhook format: a signature over the raw body, at most 300 s old, and the events the shop acts on.
import Stripe from 'stripe';
import { WebhookRejected, type GatewayRefund, type PaymentNotice } from '../../../contracts/ports/payments.ts';
import { stripeApiVersion } from './apiVersion.ts';

/** Stripe's own default; a delivery signed longer ago than this is refused as a possible replay. */
export const webhookToleranceSeconds = 300;

const succeeded = new Set([
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'payment_intent.succeeded',
]);

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
    event = Stripe.webhooks.constructEvent(
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
  const notice = noticeOf(event as { id: string; type: string }, object!, reference, receivedAt);
  // Stripe renders an event for its endpoint's API version. Another version than the pinned one (an endpoint left on
  // the account's default, or the second endpoint of an upgrade) is still acted on: the shop reads only ids, amounts
  // and statuses from events, and looks payments up again at the pinned version (decision 073).
  const received = typeof event.api_version === 'string' ? event.api_version : null;
  return received === stripeApiVersion
    ? notice
    : { ...notice, versionMismatch: { expected: stripeApiVersion, received } };
}

function noticeOf(
  event: { id: string; type: string },
  o: Record<string, unknown>,
  reference: string,
  receivedAt: Date,
): PaymentNotice {
  if (succeeded.has(event.type)) return { eventId: event.id, type: 'payment_succeeded', reference };
  if (event.type === 'checkout.session.expired') return { eventId: event.id, type: 'checkout_expired', reference };
  if (event.type === 'checkout.session.async_payment_failed')
    return { eventId: event.id, type: 'payment_failed', reference, reason: 'The payment of this checkout failed.' };
  if (event.type === 'payment_intent.payment_failed') {
    const error = o.last_payment_error as { message?: unknown } | null | undefined;
    return {
      eventId: event.id,
      type: 'payment_failed',
      reference,
      reason: typeof error?.message === 'string' ? error.message : 'The payment failed.',
    };
  }
  // Money from Stripe's balance reached the bank: its amount and arrival day, which the bank statement shows.
  if (event.type === 'payout.paid' && typeof o.amount === 'number' && typeof o.arrival_date === 'number') {
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
  }
  const paymentIntent = idOf(o.payment_intent);
  // A charge's refunds: the list is not in the event (Stripe leaves it out since API version 2022-11-15); the shop asks.
  if (event.type === 'charge.refunded' && paymentIntent)
    return { eventId: event.id, type: 'refunds_changed', paymentIntent };
  if (
    (event.type === 'refund.created' || event.type === 'refund.updated' || event.type === 'refund.failed') &&
    paymentIntent &&
    typeof o.amount === 'number'
  ) {
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
  }
  if (event.type === 'charge.dispute.created' && paymentIntent) {
    return {
      eventId: event.id,
      type: 'dispute_opened',
      paymentIntent,
      disputeId: reference,
      amount: typeof o.amount === 'number' ? o.amount : 0,
      reason: typeof o.reason === 'string' ? o.reason : 'unknown',
    };
  }
  return { eventId: event.id, type: 'ignored', original: event.type };
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
