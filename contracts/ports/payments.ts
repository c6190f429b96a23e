// The payment gateway port: hosted checkout sessions, payment intents, verifying a payment, and webhooks.
import type { PaymentProvider } from '../checkout/model.ts';
import type { ShippingAddress } from '../orders/model.ts';
import type { SandboxCard, SandboxPayRequest, SandboxSessionView } from '../checkout/sandboxPayments.ts';
import type { ShippingOption } from '../checkout/shipping.ts';

export type GatewayLineItem = { name: string; description?: string; unitAmount: number; quantity: number };

export type HostedCheckoutInput = {
  /** our checkout's id: the idempotency key of the create call, and metadata the payment carries back */
  checkoutId: string;
  lineItems: GatewayLineItem[];
  shippingOptions: ShippingOption[];
  /** ISO codes the payment page accepts a shipping address in */
  allowedCountries: string[];
  /** may hold `{CHECKOUT_SESSION_ID}`, which the gateway fills in */
  successUrl: string;
  cancelUrl: string;
  customerEmail?: string;
  /** the name the shopper gave before paying; the sandbox's page fills it in (Stripe's page asks itself) */
  customerName?: string;
};

export type PaymentIntentInput = {
  checkoutId: string;
  amount: number;
  description: string;
  receiptEmail?: string;
  shipping?: { name: string; address: ShippingAddress };
};

/** A payment as the gateway knows it, after asking the gateway (never the browser). */
export type VerifiedPayment = {
  reference: string;
  kind: 'checkout_session' | 'payment_intent';
  paid: boolean;
  /** everything charged, integer pence */
  amount: number;
  currency: string;
  /** the shipping part of a checkout session's amount; null for a payment intent */
  shippingAmount: number | null;
  customerName?: string;
  customerEmail?: string;
  shippingAddress?: ShippingAddress;
  checkoutId?: string;
};

/** What a verified webhook delivery tells the shop. */
export type PaymentNotice =
  | { eventId: string; type: 'payment_succeeded'; reference: string }
  | { eventId: string; type: 'checkout_expired'; reference: string }
  | { eventId: string; type: 'ignored'; original: string };

/** A webhook whose signature, age or body does not check out. */
export class WebhookRejected extends Error {
  override name = 'WebhookRejected';
}

/** The gateway could not be reached or refused the request (not the shopper's fault). */
export class GatewayUnavailable extends Error {
  override name = 'GatewayUnavailable';
}

/** A test card the sandbox declines, with Stripe's words for why. */
export class CardDeclined extends Error {
  override name = 'CardDeclined';
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
  }
}

/** What a confirmation may tell the provider about the payer, as Stripe's `shipping` and `receipt_email` do. */
export type PayerDetails = { shipping?: { name: string; address: ShippingAddress }; receiptEmail?: string };

/** The sandbox provider's own pages: its hosted checkout and its card confirmation (test mode only). */
export interface SandboxDesk {
  describeSession(id: string): SandboxSessionView | null;
  /** charges a test card; answers where the hosted page sends the shopper next. The caller checks the option and country. */
  paySession(id: string, request: SandboxPayRequest, now: Date): { redirectUrl: string };
  /**
   * charges a test card; false when there is no such intent or the secret is not its own. Like Stripe's confirm, the
   * payer's address and e-mail given with it are kept on the payment.
   */
  confirmIntent(id: string, clientSecret: string, card: SandboxCard, now: Date, payer?: PayerDetails): boolean;
}

export interface PaymentGateway {
  readonly provider: PaymentProvider;
  /** the key the browser's payment library needs; null when it needs none */
  readonly publishableKey: string | null;
  /** origins the browser must reach while this provider is in use, for the Content-Security-Policy */
  readonly browserOrigins: { scriptSrc: string[]; frameSrc: string[]; connectSrc: string[] };
  createHostedCheckout(input: HostedCheckoutInput): Promise<{ id: string; url: string }>;
  createPaymentIntent(input: PaymentIntentInput): Promise<{ id: string; clientSecret: string }>;
  /** null when the gateway does not know the reference */
  retrievePayment(reference: string): Promise<VerifiedPayment | null>;
  /** verifies the signature on the raw body; throws WebhookRejected */
  parseWebhook(rawBody: string, signature: string | undefined, receivedAt: Date): PaymentNotice;
  readonly sandbox?: SandboxDesk;
}
