// Stripe's webhook format: a signature over the raw body, at most 300 s old, and the events the shop acts on.
import Stripe from 'stripe';
import { WebhookRejected, type PaymentNotice } from '../../../contracts/ports/payments.ts';

/** Stripe's own default; a delivery signed longer ago than this is refused as a possible replay. */
export const webhookToleranceSeconds = 300;

const succeeded = new Set(['checkout.session.completed', 'checkout.session.async_payment_succeeded', 'payment_intent.succeeded']);

export function parseStripeWebhook(rawBody: string, signature: string | undefined, secret: string | undefined, receivedAt: Date): PaymentNotice {
  if (!secret) throw new WebhookRejected('Webhooks are not configured: set STRIPE_WEBHOOK_SECRET');
  if (!signature) throw new WebhookRejected('Missing Stripe-Signature header');
  let event: { id: string; type: string; data: { object: { id?: unknown } } };
  try {
    event = Stripe.webhooks.constructEvent(rawBody, signature, secret, webhookToleranceSeconds, undefined, receivedAt.getTime()) as typeof event;
  } catch (error) {
    if (error instanceof SyntaxError) throw new WebhookRejected('Webhook body is not JSON');
    const message = (error as Error).message ?? '';
    throw new WebhookRejected(/timestamp outside the tolerance/i.test(message) ? 'Webhook signature is too old' : 'Webhook signature does not match');
  }
  const reference = event?.data?.object?.id;
  if (typeof event?.id !== 'string' || typeof event.type !== 'string' || typeof reference !== 'string') {
    throw new WebhookRejected('Webhook body is not a Stripe event');
  }
  if (succeeded.has(event.type)) return { eventId: event.id, type: 'payment_succeeded', reference };
  if (event.type === 'checkout.session.expired') return { eventId: event.id, type: 'checkout_expired', reference };
  return { eventId: event.id, type: 'ignored', original: event.type };
}
