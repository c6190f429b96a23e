// The payment gateway port: hosted checkout sessions, payment intents, verifying a payment, and webhooks.
import type { PaymentProvider } from '../checkout/model.ts';
import type { ShippingAddress } from '../orders/model.ts';
import type { PaymentFee, Payout, PayoutTransaction } from '../ledger/payments.ts';
import type { ReportedDispute } from '../orders/disputes.ts';
import {
  paymentExpiredMessage,
  type SandboxCard,
  type SandboxPayRequest,
  type SandboxSessionView,
} from '../checkout/sandboxPayments.ts';
import type { ShippingOption } from '../checkout/shipping.ts';

export type GatewayLineItem = { name: string; description?: string; unitAmount: number; quantity: number };

export type HostedCheckoutInput = {
  /** our checkout's id: the idempotency key of the create call, and metadata the payment carries back */
  checkoutId: string;
  /**
   * ISO-8601: when the payment page stops taking payments, which is when the checkout's copies stop being held
   * (decision 061). Stripe takes 30 minutes to 24 hours after the session is made.
   */
  expiresAt?: string;
  lineItems: GatewayLineItem[];
  shippingOptions: ShippingOption[];
  /** ISO codes the payment page accepts a shipping address in */
  allowedCountries: string[];
  /**
   * A gift sent to someone else (decision 110): the parcel's name and address are known before paying, so the page asks
   * for no shipping address; it takes the payer's own (billing) address instead, in any country, and the payment carries
   * the recipient as its shipping.
   */
  deliverTo?: { name: string; address: ShippingAddress };
  /** may hold `{CHECKOUT_SESSION_ID}`, which the gateway fills in */
  successUrl: string;
  cancelUrl: string;
  customerEmail?: string;
  /** the name the shopper gave before paying; the sandbox's page fills it in (Stripe's page asks itself) */
  customerName?: string;
};

export type PaymentIntentInput = {
  checkoutId: string;
  /**
   * ISO-8601: when the checkout's copies stop being held. The sandbox refuses to confirm after it; Stripe's intents
   * have no expiry of their own, so a late payment finds the copies as the stock decider leaves them (decision 061).
   */
  expiresAt?: string;
  amount: number;
  description: string;
  shipping?: { name: string; address: ShippingAddress };
};

/** A payment as the gateway knows it, after asking the gateway (never the browser). */
export type VerifiedPayment = {
  reference: string;
  kind: 'checkout_session' | 'payment_intent';
  paid: boolean;
  /**
   * not paid yet, but on its way: a method that settles later (a bank debit, pay by bank) was used, and the payment
   * will succeed or fail in a while (decision 105). Absent: false.
   */
  processing?: boolean;
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

/** A refund the shop asks the gateway for: its own id makes the call idempotent, so asking again never pays twice. */
export type RefundInput = {
  /** the order's payment: a checkout session or a payment intent */
  paymentReference: string;
  orderId: string;
  /** the shop's id for the refund; the idempotency key and the refund's metadata derive from it */
  refundId: string;
  /** integer pence */
  amount: number;
  reason: string;
};

/** A refund as the gateway knows it. `refundId` is the shop's id when the shop made it (from its metadata). */
export type GatewayRefund = {
  id: string;
  refundId?: string;
  amount: number;
  status: 'succeeded' | 'pending' | 'failed' | 'canceled' | 'requires_action';
};

/** The gateway refused the refund (more than is left, a payment that cannot be refunded): nothing was paid back. */
export class RefundDeclined extends Error {
  override name = 'RefundDeclined';
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
  }
}

/**
 * What a verified webhook delivery tells the shop. `versionMismatch`: the event was rendered for another API version
 * than the shop's pinned one; it is acted on all the same (decision 073) and the mismatch is logged and answered.
 */
export type PaymentNotice = PaymentNoticeBody & { versionMismatch?: { expected: string; received: string | null } };

type PaymentNoticeBody =
  | { eventId: string; type: 'payment_succeeded'; reference: string }
  | { eventId: string; type: 'checkout_expired'; reference: string }
  /** paid with a method that settles later: not paid yet, so no order; its copies stay held (decision 105) */
  | { eventId: string; type: 'payment_processing'; reference: string }
  /** the payment will not complete (a session's delayed method failed, or its intent was cancelled): its hold ends */
  | { eventId: string; type: 'payment_failed'; reference: string; reason: string }
  /** one attempt was declined; the shopper may try again, so the checkout keeps its hold */
  | { eventId: string; type: 'attempt_failed'; reference: string; reason: string }
  /** the refunds of a payment changed: one refund as the event carries it, or (a charge's report) the payment's refunds to look up */
  | { eventId: string; type: 'refunds_changed'; paymentIntent: string; refund?: GatewayRefund }
  /** a dispute was opened, changed, decided, or moved money (decision 101): the dispute as the provider has it now */
  | { eventId: string; type: 'dispute_reported'; paymentIntent: string; dispute: ReportedDispute }
  /** the provider paid its balance out to the shop's bank account */
  | { eventId: string; type: 'payout_paid'; payout: Payout }
  | { eventId: string; type: 'ignored'; original: string };

/** A webhook whose signature, age or body does not check out. */
export class WebhookRejected extends Error {
  override name = 'WebhookRejected';
}

/** The gateway could not be reached or refused the request (not the shopper's fault). */
export class GatewayUnavailable extends Error {
  override name = 'GatewayUnavailable';
}

/** The sandbox's payment page or intent is past its expiry: nothing was charged (Stripe's page says the same). */
export class PaymentExpired extends Error {
  override name = 'PaymentExpired';
  constructor(message = paymentExpiredMessage) {
    super(message);
  }
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
  /** the session as its page shows it; `now` decides whether it has expired */
  describeSession(id: string, now?: Date): SandboxSessionView | null;
  /** charges a test card; answers where the hosted page sends the shopper next. The caller checks the option and country. */
  paySession(id: string, request: SandboxPayRequest, now: Date): { redirectUrl: string };
  /**
   * charges a test card; false when there is no such intent or the secret is not its own. Like Stripe's confirm, the
   * payer's address and e-mail given with it are kept on the payment.
   */
  confirmIntent(id: string, clientSecret: string, card: SandboxCard, now: Date, payer?: PayerDetails): boolean;
  /** whether the intent exists, the secret is its own, and it is not paid yet (charges nothing) */
  awaitsPayment(id: string, clientSecret: string): boolean;
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
  /**
   * Pays `amount` of the payment back. Idempotent on `refundId`: the same refund asked again answers the refund already
   * made. Throws RefundDeclined when the gateway refuses, GatewayUnavailable when it cannot be reached (outcome unknown).
   */
  refund(input: RefundInput): Promise<GatewayRefund>;
  /** the refunds of a payment (a session or an intent), as the gateway knows them now */
  listRefunds(paymentReference: string): Promise<GatewayRefund[]>;
  /** the webhook events the shop acts on and what it does with each, from the handler table (decision 107) */
  readonly webhookEvents?: readonly { type: string; does: string }[];
  /** verifies the signature on the raw body; throws WebhookRejected */
  parseWebhook(rawBody: string, signature: string | undefined, receivedAt: Date): PaymentNotice;
  /**
   * Removes the payer's name, e-mail and address from what the gateway keeps of these payments (sessions or intents),
   * keeping amounts and statuses; answers how many records changed. Absent where the shop keeps no such record (with
   * Stripe, the payer's copy is Stripe's, deleted from its dashboard).
   */
  forgetPayer?(references: readonly string[]): Promise<number>;
  /**
   * Makes an unpaid payment page (a session) or intent unpayable from now on, as its hold on the copies has ended
   * (decision 061); one already paid, expired or cancelled is left as it is. Never throws for a payment it cannot end.
   */
  expirePayment?(reference: string): Promise<void>;
  /**
   * The fee kept from a paid payment (a session or an intent), from its balance transaction; null when the provider
   * does not know the payment or has no balance transaction for it yet. The sandbox's is simulated and says so.
   */
  paymentFee?(reference: string): Promise<PaymentFee | null>;
  /** The balance transactions a payout covers, as the provider lists them (Stripe: `balanceTransactions.list({ payout })`). */
  payoutTransactions?(payoutId: string): Promise<PayoutTransaction[]>;
  readonly sandbox?: SandboxDesk;
}
