// The Stripe adapter: hosted Checkout sessions and PaymentIntents in gbp, every create call with an idempotency key.
import type Stripe from 'stripe';
import { stripeSdk } from './stripeModule.ts';
import { CURRENCY } from '../../../contracts/shared/money.ts';
import type { ShippingAddress } from '../../../contracts/orders/model.ts';
import {
  GatewayUnavailable,
  RefundDeclined,
  type GatewayRefund,
  type PaymentGateway,
  type VerifiedPayment,
} from '../../../contracts/ports/payments.ts';
import type { FeePart, PaymentFee, PayoutTransaction } from '../../../contracts/ledger/payments.ts';
import { stripeApiVersion } from './apiVersion.ts';
import { gatewayRefundOf, isoOfSeconds, parseStripeWebhook, stripeWebhookEventList } from './webhooks.ts';

export type StripeGatewayOptions = {
  secretKey: string;
  publishableKey?: string;
  webhookSecret?: string;
  /** STRIPE_API_BASE: another API address, such as a local server answering like Stripe's API (tests, development) */
  apiBase?: string;
};

/** The SDK's host, port and protocol options for an address such as http://127.0.0.1:12111. */
export function stripeApiAddress(base: string): { host: string; port: number; protocol: 'http' | 'https' } {
  const url = new URL(base);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return {
    host: url.hostname.replace(/^\[(.*)\]$/, '$1'),
    port: url.port ? Number(url.port) : protocol === 'http' ? 80 : 443,
    protocol,
  };
}

type StripeAddress =
  | {
      line1?: string | null;
      line2?: string | null;
      city?: string | null;
      postal_code?: string | null;
      country?: string | null;
    }
  | null
  | undefined;

function addressOf(address: StripeAddress): ShippingAddress | undefined {
  if (!address?.line1) return undefined;
  return {
    line1: address.line1,
    ...(address.line2 ? { line2: address.line2 } : {}),
    city: address.city ?? '',
    postcode: address.postal_code ?? '',
    country: address.country ?? '',
  };
}

/** Stripe's metadata values hold at most 500 characters. */
/** A name and address as Stripe's `shipping` takes them. */
const stripeShippingOf = (to: { name: string; address: ShippingAddress }) => ({
  name: to.name,
  address: {
    line1: to.address.line1,
    ...(to.address.line2 ? { line2: to.address.line2 } : {}),
    city: to.address.city,
    postal_code: to.address.postcode,
    country: to.address.country,
  },
});

const metadataText = (text: string) => text.slice(0, 500);

const isMissing = (error: unknown) =>
  (error as { code?: string; statusCode?: number }).code === 'resource_missing' ||
  (error as { statusCode?: number }).statusCode === 404;

/** Stripe's own errors stay on the server; the shopper is told the payment provider could not help. */
async function guarded<T>(what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw new GatewayUnavailable(`Stripe could not ${what}: ${(error as Error).message}`);
  }
}

/**
 * Stripe's answer to a refund: a request it refused (more than is left, already refunded, no such payment) is a decline;
 * anything else (a network failure, a timeout, Stripe's own error) leaves the outcome unknown.
 */
function refundError(error: unknown): Error {
  const e = error as { type?: string; code?: string; message?: string };
  if (e.type === 'StripeInvalidRequestError' || e.type === 'StripeCardError')
    return new RefundDeclined(e.message ?? 'Stripe declined the refund.', e.code ?? 'declined');
  return new GatewayUnavailable(`Stripe could not refund: ${e.message ?? String(error)}`);
}

/**
 * Stripe's `reason` for a refund, from the owner's reason: one that begins with "Duplicate" is `duplicate`, one that
 * begins with "Fraud" (fraud, fraudulent) is `fraudulent`, which also adds the card and e-mail to Radar's block lists;
 * any other is `requested_by_customer`. Only the first word counts, so "Not fraud: …" is not taken for fraud.
 */
export function stripeRefundReason(reason: string): Stripe.RefundCreateParams.Reason {
  const first = /^[\s"'(]*([A-Za-z]+)/.exec(reason)?.[1]?.toLowerCase() ?? '';
  if (first.startsWith('duplicat')) return 'duplicate';
  if (first.startsWith('fraud')) return 'fraudulent';
  return 'requested_by_customer';
}

/** Seconds since the epoch for Stripe's `expires_at`, at least its minimum of 30 minutes (and a little) from now. */
function stripeExpiry(expiresAt: string): number {
  const earliest = Math.ceil(Date.now() / 1000) + 30 * 60 + 30;
  return Math.min(
    Math.max(Math.floor(Date.parse(expiresAt) / 1000), earliest),
    Math.floor(Date.now() / 1000) + 24 * 3600,
  );
}

const feePartsOf = (details: readonly Stripe.BalanceTransaction.FeeDetail[] | undefined): FeePart[] =>
  (details ?? []).map((d) => ({ type: d.type, amount: d.amount, description: d.description ?? '' }));

/** A payment's balance transaction as the ledger records it (decision 071). */
function paymentFeeOf(transaction: Stripe.BalanceTransaction): PaymentFee {
  return {
    transactionId: transaction.id,
    amount: transaction.amount,
    fee: transaction.fee,
    net: transaction.net,
    feeDetails: feePartsOf(transaction.fee_details),
    chargedAt: isoOfSeconds(transaction.created),
    availableOn: typeof transaction.available_on === 'number' ? isoOfSeconds(transaction.available_on) : null,
    simulated: false,
  };
}

function payoutTransactionOf(transaction: Stripe.BalanceTransaction): PayoutTransaction {
  const source = transaction.source as unknown;
  const paymentIntent =
    source && typeof source === 'object' && 'payment_intent' in source
      ? ((source as { payment_intent?: unknown }).payment_intent as string | { id: string } | null)
      : null;
  return {
    id: transaction.id,
    type: transaction.type,
    amount: transaction.amount,
    fee: transaction.fee,
    net: transaction.net,
    feeDetails: feePartsOf(transaction.fee_details),
    createdAt: isoOfSeconds(transaction.created),
    availableOn: typeof transaction.available_on === 'number' ? isoOfSeconds(transaction.available_on) : null,
    paymentIntent: typeof paymentIntent === 'string' ? paymentIntent : (paymentIntent?.id ?? null),
  };
}

/** The SDK's client at the pinned API version, pointed at STRIPE_API_BASE when one is given. */
export function stripeClient(options: Pick<StripeGatewayOptions, 'secretKey' | 'apiBase'>): Stripe {
  const Sdk = stripeSdk();
  return new Sdk(options.secretKey, {
    apiVersion: stripeApiVersion,
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    ...(options.apiBase ? stripeApiAddress(options.apiBase) : {}),
  });
}

export function createStripeGateway(options: StripeGatewayOptions): PaymentGateway {
  const stripe = stripeClient(options);

  /** The PaymentIntent behind a reference: itself, or the one a checkout session's page created. */
  async function paymentIntentOf(reference: string): Promise<string> {
    if (!reference.startsWith('cs_')) return reference;
    let session: Stripe.Checkout.Session;
    try {
      session = await stripe.checkout.sessions.retrieve(reference);
    } catch (error) {
      // Not Stripe's (a sandbox order, another account): nothing Stripe can refund.
      if (isMissing(error)) throw new RefundDeclined(`Stripe knows no payment ${reference}.`, 'resource_missing');
      throw new GatewayUnavailable(`Stripe could not look up ${reference}: ${(error as Error).message}`);
    }
    const intent = typeof session.payment_intent === 'string' ? session.payment_intent : session.payment_intent?.id;
    if (!intent) throw new RefundDeclined('This checkout has no payment to refund.', 'no_payment');
    return intent;
  }

  async function listFor(paymentIntent: string): Promise<GatewayRefund[]> {
    const refunds: GatewayRefund[] = [];
    try {
      for await (const refund of stripe.refunds.list({ payment_intent: paymentIntent, limit: 100 }))
        refunds.push(gatewayRefundOf(refund));
    } catch (error) {
      throw refundError(error);
    }
    return refunds;
  }

  return {
    provider: 'stripe',
    publishableKey: options.publishableKey ?? null,
    webhookEvents: stripeWebhookEventList,
    // https://docs.stripe.com/security/guide#content-security-policy
    browserOrigins: {
      scriptSrc: ['https://js.stripe.com', 'https://*.js.stripe.com'],
      frameSrc: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
      connectSrc: ['https://api.stripe.com'],
    },

    async createHostedCheckout(input) {
      const session = await guarded('create a checkout session', () =>
        stripe.checkout.sessions.create(
          {
            mode: 'payment',
            line_items: input.lineItems.map((item) => ({
              quantity: item.quantity,
              price_data: {
                currency: CURRENCY,
                unit_amount: item.unitAmount,
                product_data: { name: item.name, ...(item.description ? { description: item.description } : {}) },
              },
            })),
            shipping_options: input.shippingOptions.map((option) => ({
              shipping_rate_data: {
                type: 'fixed_amount',
                display_name: option.label,
                fixed_amount: { amount: option.amount, currency: CURRENCY },
                metadata: { optionId: option.id },
              },
            })),
            // A gift to someone else has its delivery address already (decision 110): the page asks the payer for their
            // billing address only, and the PaymentIntent carries the recipient as its shipping.
            ...(input.deliverTo
              ? { billing_address_collection: 'required' as const }
              : {
                  shipping_address_collection: {
                    allowed_countries: input.allowedCountries,
                  },
                }),
            // The page stops taking payments when the checkout's hold on the copies ends (decision 061). Stripe takes
            // 30 minutes to 24 hours from the session's making; a hold a moment shorter (clocks apart) is lengthened to
            // its minimum, which the hold's grace covers.
            ...(input.expiresAt ? { expires_at: stripeExpiry(input.expiresAt) } : {}),
            success_url: input.successUrl,
            cancel_url: input.cancelUrl,
            ...(input.customerEmail ? { customer_email: input.customerEmail } : {}),
            metadata: { checkoutId: input.checkoutId },
            // The PaymentIntent the page creates names the checkout too, so its own events (succeeded, failed, refunds,
            // disputes) lead back to the order.
            payment_intent_data: {
              metadata: { checkoutId: input.checkoutId },
              ...(input.deliverTo ? { shipping: stripeShippingOf(input.deliverTo) } : {}),
            },
          },
          { idempotencyKey: `checkout-session-${input.checkoutId}` },
        ),
      );
      if (!session.url) throw new GatewayUnavailable('Stripe answered a checkout session without a URL');
      return { id: session.id, url: session.url };
    },

    async createPaymentIntent(input) {
      const intent = await guarded('create a payment intent', () =>
        stripe.paymentIntents.create(
          {
            amount: input.amount,
            currency: CURRENCY,
            // Dynamic payment methods (decision 105): the methods the account enables in its dashboard (cards, Link,
            // wallets, pay by bank where offered), as Stripe picks for the shopper; no list of types here. Those that
            // settle later report `payment_intent.processing` first.
            automatic_payment_methods: { enabled: true },
            description: input.description,
            // No receipt_email: in live mode Stripe sends a receipt to it whatever the account's settings, beside the
            // shop's own confirmation. The checkout's start records the e-mail the order is placed with.
            ...(input.shipping ? { shipping: stripeShippingOf(input.shipping) } : {}),
            metadata: { checkoutId: input.checkoutId },
          },
          { idempotencyKey: `payment-intent-${input.checkoutId}` },
        ),
      );
      if (!intent.client_secret)
        throw new GatewayUnavailable('Stripe answered a payment intent without a client secret');
      return { id: intent.id, clientSecret: intent.client_secret };
    },

    async retrievePayment(reference): Promise<VerifiedPayment | null> {
      try {
        if (reference.startsWith('cs_')) {
          const session = await stripe.checkout.sessions.retrieve(reference);
          const shipping = session.collected_information?.shipping_details;
          const address = addressOf(shipping?.address) ?? addressOf(session.customer_details?.address);
          return {
            reference,
            kind: 'checkout_session',
            paid: session.payment_status === 'paid',
            // Complete with a method that settles later (a bank debit, pay by bank): paid or failed in a while.
            ...(session.status === 'complete' && session.payment_status === 'unpaid' ? { processing: true } : {}),
            amount: session.amount_total ?? 0,
            currency: session.currency ?? '',
            shippingAmount: session.shipping_cost?.amount_total ?? session.total_details?.amount_shipping ?? 0,
            ...(shipping?.name || session.customer_details?.name
              ? { customerName: (shipping?.name || session.customer_details?.name)! }
              : {}),
            ...(session.customer_details?.email ? { customerEmail: session.customer_details.email } : {}),
            ...(address ? { shippingAddress: address } : {}),
            ...(session.metadata?.checkoutId ? { checkoutId: session.metadata.checkoutId } : {}),
          };
        }
        if (reference.startsWith('pi_')) {
          const intent = await stripe.paymentIntents.retrieve(reference);
          const address = addressOf(intent.shipping?.address);
          return {
            reference,
            kind: 'payment_intent',
            paid: intent.status === 'succeeded',
            ...(intent.status === 'processing' ? { processing: true } : {}),
            amount: intent.amount_received || intent.amount,
            currency: intent.currency,
            shippingAmount: null,
            ...(intent.shipping?.name ? { customerName: intent.shipping.name } : {}),
            ...(intent.receipt_email ? { customerEmail: intent.receipt_email } : {}),
            ...(address ? { shippingAddress: address } : {}),
            ...(intent.metadata?.checkoutId ? { checkoutId: intent.metadata.checkoutId } : {}),
          };
        }
        return null;
      } catch (error) {
        if (isMissing(error)) return null;
        throw new GatewayUnavailable(`Stripe could not look up ${reference}: ${(error as Error).message}`);
      }
    },

    async refund(input) {
      const paymentIntent = await paymentIntentOf(input.paymentReference);
      // An idempotency key lasts 24 hours at Stripe; the refund's metadata lasts. A retry after that finds the refund
      // already made instead of making another.
      const made = (await listFor(paymentIntent)).find((r) => r.refundId === input.refundId);
      if (made) return made;
      try {
        const refund = await stripe.refunds.create(
          {
            payment_intent: paymentIntent,
            amount: input.amount,
            reason: stripeRefundReason(input.reason),
            metadata: { refundId: input.refundId, orderId: input.orderId, reason: metadataText(input.reason) },
          },
          { idempotencyKey: `refund-${input.refundId}` },
        );
        return gatewayRefundOf(refund);
      } catch (error) {
        throw refundError(error);
      }
    },

    async listRefunds(reference) {
      return listFor(await paymentIntentOf(reference));
    },

    async expirePayment(reference) {
      // An open session expires (its page then says so); an intent not yet paid is cancelled, so confirming it fails.
      // Stripe refuses both for a payment already complete: that payment's order takes what the shelf has, or is flagged.
      try {
        if (reference.startsWith('cs_'))
          await stripe.checkout.sessions.expire(reference, {}, { idempotencyKey: `expire-${reference}` });
        else if (reference.startsWith('pi_'))
          await stripe.paymentIntents.cancel(reference, {}, { idempotencyKey: `cancel-${reference}` });
      } catch (error) {
        const e = error as { type?: string; message?: string };
        if (e.type === 'StripeInvalidRequestError') return;
        throw new GatewayUnavailable(`Stripe could not end ${reference}: ${e.message ?? String(error)}`);
      }
    },

    async paymentFee(reference) {
      // The charge of the payment and its balance transaction, expanded in one call: amount, fee, fee_details, net.
      try {
        let intentId = reference;
        if (reference.startsWith('cs_')) {
          const session = await stripe.checkout.sessions.retrieve(reference);
          const intent = session.payment_intent;
          if (!intent) return null;
          intentId = typeof intent === 'string' ? intent : intent.id;
        } else if (!reference.startsWith('pi_')) return null;
        const intent = await stripe.paymentIntents.retrieve(intentId, {
          expand: ['latest_charge.balance_transaction'],
        });
        const charge = intent.latest_charge;
        if (!charge || typeof charge === 'string') return null;
        const transaction = charge.balance_transaction;
        if (!transaction || typeof transaction === 'string') return null;
        return paymentFeeOf(transaction);
      } catch (error) {
        if (isMissing(error)) return null;
        throw new GatewayUnavailable(`Stripe could not look up the fee of ${reference}: ${(error as Error).message}`);
      }
    },

    async payoutTransactions(payoutId) {
      const transactions: PayoutTransaction[] = [];
      await guarded(`list the transactions of payout ${payoutId}`, async () => {
        for await (const transaction of stripe.balanceTransactions.list({
          payout: payoutId,
          limit: 100,
          expand: ['data.source'],
        }))
          transactions.push(payoutTransactionOf(transaction));
      });
      return transactions;
    },

    parseWebhook(rawBody, signature, receivedAt) {
      return parseStripeWebhook(rawBody, signature, options.webhookSecret, receivedAt);
    },
  };
}
