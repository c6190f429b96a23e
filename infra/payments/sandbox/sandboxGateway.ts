// The sandbox payment provider, the default test mode: it plays Stripe's part inside the shop. Its sessions and
// intents are the provider's records, not the shop's, so they are kept as files of their own beside the event log.
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CURRENCY } from '../../../contracts/shared/money.ts';
import { lazily } from '../../../contracts/shared/lazily.ts';
import { erased } from '../../../contracts/personalData.ts';
import type { ShippingAddress } from '../../../contracts/orders/model.ts';
import { clientRoutes } from '../../../contracts/shared/clientRoutes.ts';
import type { SandboxSessionView } from '../../../contracts/checkout/sandboxPayments.ts';
import type { ShippingOption } from '../../../contracts/checkout/shipping.ts';
import { countryNameOf } from '../../../contracts/checkout/shippingRates.ts';
import { isoCountries } from '../../../contracts/shared/countries.ts';
import { upgradeJson, writeVersionedJson, type JsonFileFormat } from '../../../service/dataFiles.ts';
import {
  PaymentExpired,
  RefundDeclined,
  type GatewayLineItem,
  type GatewayRefund,
  type PaymentGateway,
  type VerifiedPayment,
} from '../../../contracts/ports/payments.ts';
import { formatPence } from '../../../contracts/shared/money.ts';
import { simulatedPaymentFee } from '../../../contracts/ledger/payments.ts';
import { parseStripeWebhook, stripeWebhookEventList } from '../stripe/webhooks.ts';
import { chargeTestCard, processingFor, refundsDeclinedFor } from './testCards.ts';

/** A refund of a sandbox payment; `refundId` is the shop's id, which makes asking twice answer the same refund. */
type RefundRecord = { id: string; refundId: string; amount: number; status: 'succeeded'; at: string };

/** What paying with a test card left on the payment for later: Stripe's card that takes payments but not refunds. */
type PaymentTraits = { refundsDeclined?: boolean; refunds?: RefundRecord[] };

type SessionRecord = PaymentTraits & {
  kind: 'session';
  id: string;
  checkoutId: string;
  status: 'open' | 'paid';
  /** absent in sessions written before pages expired: those never expire */
  expiresAt?: string;
  /** when the shop ended it early (its hold released or taken over): it takes no payment from then on */
  endedAt?: string;
  lineItems: GatewayLineItem[];
  shippingOptions: ShippingOption[];
  allowedCountries: string[];
  /** a gift's recipient, known before paying (decision 110): the page then takes the payer's billing address */
  deliverTo?: { name: string; address: ShippingAddress } | null;
  successUrl: string;
  cancelUrl: string;
  customerEmail: string | null;
  /** absent in sessions written before the name was kept */
  customerName?: string | null;
  payment?: {
    amount: number;
    shippingAmount: number;
    customerName: string;
    customerEmail: string;
    address: ShippingAddress;
    paidAt: string;
  };
};

type IntentRecord = PaymentTraits & {
  kind: 'intent';
  id: string;
  checkoutId: string;
  clientSecret: string;
  /** `processing`: confirmed with the sandbox's processing card, a payment that settles later (decision 105) */
  status: 'requires_payment_method' | 'processing' | 'succeeded';
  /** absent in intents written before they expired */
  expiresAt?: string;
  /** when the shop ended it early, as for a session */
  endedAt?: string;
  amount: number;
  description: string;
  receiptEmail: string | null;
  shipping: { name: string; address: ShippingAddress } | null;
  /** when the test card was charged; absent in intents paid before it was kept */
  paidAt?: string;
};

const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const randomId = (length = 24) => Array.from(randomBytes(length), (b) => alphabet[b % alphabet.length]).join('');
const safeId = /^(cs|pi)_sandbox_[A-Za-z0-9]{24}$/;

/** The format of one session or intent file; files written before formats were recorded are version 1. */
export const sandboxRecordFormat: JsonFileFormat = { newest: 1, upgrades: {} };

/** Every country a payer's billing address may be in: the United Kingdom first, then by name. */
const billingCountries = lazily(() =>
  [...isoCountries]
    .map(([code, name]) => ({ code, name }))
    .sort((a, b) => (a.code === 'GB' ? -1 : b.code === 'GB' ? 1 : a.name.localeCompare(b.name))),
);

export type SandboxGatewayOptions = { dir: string; webhookSecret?: string };

export function createSandboxGateway(options: SandboxGatewayOptions): PaymentGateway {
  const records = new Map<string, SessionRecord | IntentRecord>();
  const byCheckout = new Map<string, string>();

  const save = (record: SessionRecord | IntentRecord) => {
    writeVersionedJson(join(options.dir, `${record.id}.json`), sandboxRecordFormat, record);
    records.set(record.id, record);
  };
  const load = (id: string): SessionRecord | IntentRecord | null => {
    if (!safeId.test(id)) return null;
    const cached = records.get(id);
    if (cached) return cached;
    const file = join(options.dir, `${id}.json`);
    if (!existsSync(file)) return null;
    // An older record is upgraded in memory and written in the newest format the next time it changes.
    const record = upgradeJson<SessionRecord | IntentRecord>(
      file,
      JSON.parse(readFileSync(file, 'utf8')),
      sandboxRecordFormat,
    ).value;
    records.set(id, record);
    return record;
  };
  const session = (id: string) => {
    const record = load(id);
    return record?.kind === 'session' ? record : null;
  };
  const intent = (id: string) => {
    const record = load(id);
    return record?.kind === 'intent' ? record : null;
  };
  /** Read from the file, not the cache: refunds may be asked for from another process (the reactor's). */
  const fresh = (id: string): SessionRecord | IntentRecord | null => {
    records.delete(id);
    return load(id);
  };
  /** Past its expiry and still unpaid: the page takes no payment, as Stripe's expired session does not. */
  const expired = (record: { expiresAt?: string; endedAt?: string }, now: Date) =>
    !!record.endedAt || (!!record.expiresAt && Date.parse(record.expiresAt) <= now.getTime());
  const refundOf = (r: RefundRecord): GatewayRefund => ({
    id: r.id,
    refundId: r.refundId,
    amount: r.amount,
    status: r.status,
  });
  const subtotalOf = (record: SessionRecord) =>
    record.lineItems.reduce((sum, item) => sum + item.unitAmount * item.quantity, 0);

  const erasedAddress = (address: ShippingAddress): ShippingAddress => ({
    ...address,
    line1: erased.text,
    ...(address.line2 === undefined ? {} : { line2: erased.text }),
    city: erased.text,
    postcode: erased.text,
  });

  return {
    provider: 'sandbox',
    async forgetPayer(references) {
      let changed = 0;
      for (const reference of references) {
        const record = fresh(reference);
        if (!record) continue;
        if (record.kind === 'session') {
          save({
            ...record,
            customerEmail: null,
            customerName: null,
            ...(record.deliverTo
              ? { deliverTo: { name: erased.name, address: erasedAddress(record.deliverTo.address) } }
              : {}),
            ...(record.payment
              ? {
                  payment: {
                    ...record.payment,
                    customerName: erased.name,
                    customerEmail: erased.email,
                    address: erasedAddress(record.payment.address),
                  },
                }
              : {}),
          });
        } else {
          save({
            ...record,
            receiptEmail: null,
            shipping: record.shipping ? { name: erased.name, address: erasedAddress(record.shipping.address) } : null,
          });
        }
        changed += 1;
      }
      return changed;
    },
    publishableKey: null,
    webhookEvents: stripeWebhookEventList,
    browserOrigins: { scriptSrc: [], frameSrc: [], connectSrc: [] },

    async createHostedCheckout(input) {
      // Like an idempotency key: the same checkout asks twice, it gets the same session.
      const existing = byCheckout.get(`session:${input.checkoutId}`);
      const id = existing ?? `cs_sandbox_${randomId()}`;
      if (!existing) {
        save({
          kind: 'session',
          id,
          checkoutId: input.checkoutId,
          status: 'open',
          ...(input.expiresAt ? { expiresAt: input.expiresAt } : {}),
          lineItems: input.lineItems,
          shippingOptions: input.shippingOptions,
          allowedCountries: input.allowedCountries,
          ...(input.deliverTo ? { deliverTo: input.deliverTo } : {}),
          successUrl: input.successUrl,
          cancelUrl: input.cancelUrl,
          customerEmail: input.customerEmail ?? null,
          customerName: input.customerName ?? null,
        });
        byCheckout.set(`session:${input.checkoutId}`, id);
      }
      const page = new URL(clientRoutes.sandboxCheckout[0], new URL(input.successUrl).origin);
      page.searchParams.set('session', id);
      return { id, url: page.toString() };
    },

    async createPaymentIntent(input) {
      const existing = intent(byCheckout.get(`intent:${input.checkoutId}`) ?? '');
      if (existing) return { id: existing.id, clientSecret: existing.clientSecret };
      const id = `pi_sandbox_${randomId()}`;
      const record: IntentRecord = {
        kind: 'intent',
        id,
        checkoutId: input.checkoutId,
        clientSecret: `${id}_secret_${randomId()}`,
        status: 'requires_payment_method',
        ...(input.expiresAt ? { expiresAt: input.expiresAt } : {}),
        amount: input.amount,
        description: input.description,
        // As Stripe's card-form intents: no receipt address until a confirmation brings one (the wallet's).
        receiptEmail: null,
        shipping: input.shipping ?? null,
      };
      save(record);
      byCheckout.set(`intent:${input.checkoutId}`, id);
      return { id, clientSecret: record.clientSecret };
    },

    async retrievePayment(reference): Promise<VerifiedPayment | null> {
      const s = session(reference);
      if (s) {
        const paid = s.payment;
        return {
          reference,
          kind: 'checkout_session',
          paid: s.status === 'paid',
          amount: paid?.amount ?? subtotalOf(s),
          currency: CURRENCY,
          shippingAmount: paid?.shippingAmount ?? 0,
          checkoutId: s.checkoutId,
          ...(paid
            ? { customerName: paid.customerName, customerEmail: paid.customerEmail, shippingAddress: paid.address }
            : {}),
        };
      }
      const i = intent(reference);
      if (!i) return null;
      return {
        reference,
        kind: 'payment_intent',
        paid: i.status === 'succeeded',
        ...(i.status === 'processing' ? { processing: true } : {}),
        amount: i.amount,
        currency: CURRENCY,
        shippingAmount: null,
        checkoutId: i.checkoutId,
        ...(i.shipping ? { customerName: i.shipping.name, shippingAddress: i.shipping.address } : {}),
        ...(i.receiptEmail ? { customerEmail: i.receiptEmail } : {}),
      };
    },

    async refund(input) {
      const record = fresh(input.paymentReference);
      if (!record) throw new RefundDeclined(`No such payment: '${input.paymentReference}'`, 'resource_missing');
      const made = record.refunds?.find((r) => r.refundId === input.refundId);
      if (made) return refundOf(made);
      const paid =
        record.kind === 'session' ? record.payment?.amount : record.status === 'succeeded' ? record.amount : undefined;
      if (paid === undefined)
        throw new RefundDeclined(
          'This payment has not been completed, so there is nothing to refund.',
          'charge_not_paid',
        );
      if (record.refundsDeclined) throw new RefundDeclined("The card's bank declined the refund.", 'refund_declined');
      const left = paid - (record.refunds ?? []).reduce((sum, r) => sum + r.amount, 0);
      if (input.amount > left) {
        throw new RefundDeclined(
          `Refund amount (${formatPence(input.amount)}) is greater than unrefunded amount on charge (${formatPence(left)})`,
          'amount_too_large',
        );
      }
      const refund: RefundRecord = {
        id: `re_sandbox_${randomId()}`,
        refundId: input.refundId,
        amount: input.amount,
        status: 'succeeded',
        at: new Date().toISOString(),
      };
      save({ ...record, refunds: [...(record.refunds ?? []), refund] });
      return refundOf(refund);
    },

    // No provider charged a fee: the one a standard UK card would cost at Stripe's published price, labelled simulated
    // (decision 071). A payment paid before the time of payment was kept has none: no fee is made up for it.
    async paymentFee(reference) {
      const record = load(reference);
      if (record?.kind === 'session')
        return record.status === 'paid' && record.payment
          ? simulatedPaymentFee(reference, record.payment.amount, record.payment.paidAt)
          : null;
      if (record?.kind === 'intent')
        return record.status === 'succeeded' && record.paidAt
          ? simulatedPaymentFee(reference, record.amount, record.paidAt)
          : null;
      return null;
    },

    async expirePayment(reference) {
      const record = fresh(reference);
      // As at Stripe, a processing intent cannot be cancelled: its outcome is the bank's.
      const unpaid =
        record && (record.kind === 'session' ? record.status === 'open' : record.status === 'requires_payment_method');
      if (unpaid && !record.endedAt) save({ ...record, endedAt: new Date().toISOString() });
    },

    async listRefunds(reference) {
      return (fresh(reference)?.refunds ?? []).map(refundOf);
    },

    parseWebhook(rawBody, signature, receivedAt) {
      // The sandbox takes deliveries in Stripe's signed format, so the same tools can drive both providers.
      return parseStripeWebhook(rawBody, signature, options.webhookSecret, receivedAt);
    },

    sandbox: {
      describeSession(id, now = new Date()): SandboxSessionView | null {
        const s = session(id);
        if (!s) return null;
        return {
          id: s.id,
          status: s.status === 'open' && expired(s, now) ? 'expired' : s.status,
          ...(s.expiresAt ? { expiresAt: s.expiresAt } : {}),
          lineItems: s.lineItems.map((item) => ({ ...item })),
          subtotal: subtotalOf(s),
          shippingOptions: s.shippingOptions,
          // Where the parcel's address is known (a gift to someone else), the page takes the payer's billing address,
          // in any country, as Stripe's page does with billing_address_collection (decision 110).
          allowedCountries: s.deliverTo
            ? billingCountries()
            : s.allowedCountries.map((code) => ({ code, name: countryNameOf(code) ?? code })),
          ...(s.deliverTo ? { deliverTo: s.deliverTo } : {}),
          customerEmail: s.customerEmail,
          customerName: s.customerName ?? null,
          cancelUrl: s.cancelUrl,
        };
      },

      paySession(id, request, now) {
        const s = session(id);
        if (!s) throw new Error(`No sandbox session ${id}`);
        const redirectUrl = s.successUrl.replace('{CHECKOUT_SESSION_ID}', s.id);
        if (s.status === 'paid') return { redirectUrl };
        if (expired(s, now)) throw new PaymentExpired();
        const option = s.shippingOptions.find((o) => o.id === request.shippingOptionId);
        const { line1, line2, city, postcode, country } = request.address;
        if (!option || !(s.deliverTo ? isoCountries.has(country) : s.allowedCountries.includes(country)))
          throw new Error('Shipping option or country not offered by this session');
        chargeTestCard(request.card, now);
        save({
          ...s,
          status: 'paid',
          ...(refundsDeclinedFor(request.card) ? { refundsDeclined: true } : {}),
          payment: {
            amount: subtotalOf(s) + option.amount,
            shippingAmount: option.amount,
            customerName: request.name,
            customerEmail: request.email,
            address: { line1, ...(line2 ? { line2 } : {}), city, postcode, country },
            paidAt: now.toISOString(),
          },
        });
        return { redirectUrl };
      },

      awaitsPayment(id, clientSecret) {
        const i = intent(id);
        return !!i && i.clientSecret === clientSecret && i.status === 'requires_payment_method';
      },

      confirmIntent(id, clientSecret, card, now, payer = {}) {
        const i = intent(id);
        if (!i || i.clientSecret !== clientSecret) return false;
        if (i.status !== 'requires_payment_method') return true;
        if (expired(i, now)) throw new PaymentExpired();
        chargeTestCard(card, now);
        if (processingFor(card)) {
          save({
            ...i,
            status: 'processing',
            ...(payer.shipping ? { shipping: payer.shipping } : {}),
            ...(payer.receiptEmail ? { receiptEmail: payer.receiptEmail } : {}),
          });
          return true;
        }
        save({
          ...i,
          status: 'succeeded',
          paidAt: now.toISOString(),
          ...(refundsDeclinedFor(card) ? { refundsDeclined: true } : {}),
          ...(payer.shipping ? { shipping: payer.shipping } : {}),
          ...(payer.receiptEmail ? { receiptEmail: payer.receiptEmail } : {}),
        });
        return true;
      },
    },
  };
}
