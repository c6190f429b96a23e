// The sandbox payment provider's own calls: its hosted checkout page and its test card form (test mode only).
import * as v from 'valibot';
import { normalisePostcode, postcodeMessage, postcodeProblem } from '../shared/postcode.ts';
import { CardShippingSchema } from './model.ts';
import type { ShippingOption } from './shipping.ts';
import type { ShippingAddress } from '../orders/model.ts';

/** A card as the test forms take it; messages as Stripe's card element words them. */
export const SandboxCardSchema = v.object({
  number: v.pipe(
    v.string('Your card number is incomplete.'),
    v.transform((s) => s.replace(/[\s-]/g, '')),
    v.regex(/^\d{12,19}$/, 'Your card number is incomplete.'),
  ),
  expiry: v.pipe(
    v.string("Your card's expiration date is incomplete."),
    v.trim(),
    v.regex(/^(0[1-9]|1[0-2])\s*\/\s*\d{2}$/, "Your card's expiration date is incomplete."),
  ),
  cvc: v.pipe(
    v.string("Your card's security code is incomplete."),
    v.trim(),
    v.regex(/^\d{3,4}$/, "Your card's security code is incomplete."),
  ),
});
export type SandboxCard = v.InferOutput<typeof SandboxCardSchema>;

const field = (max: number, label: string) =>
  v.pipe(
    v.string(`${label} is required`),
    v.trim(),
    v.minLength(1, `${label} is required`),
    v.maxLength(max, `${label} is too long`),
  );

/** What a payment page past its expiry says (410), and what its page shows: its hold on the copies has ended (decision 061). */
export const paymentExpiredMessage =
  'This payment page has expired and your card has not been charged. Please start the checkout again from your basket.';

// GET /api/sandbox/checkout-sessions/:id — what the hosted page shows.
export type SandboxSessionView = {
  id: string;
  /** 'expired' once the page is past its expiry unpaid (its copies are no longer held) */
  status: 'open' | 'paid' | 'expired';
  /** ISO-8601; absent on sessions made before pages expired */
  expiresAt?: string;
  lineItems: { name: string; description?: string; quantity: number; unitAmount: number }[];
  subtotal: number;
  shippingOptions: ShippingOption[];
  allowedCountries: { code: string; name: string }[];
  /**
   * a gift sent to someone else (decision 110): where the parcel goes, known before paying; the page then asks for the
   * payer's billing address, in any country
   */
  deliverTo?: { name: string; address: ShippingAddress };
  customerEmail: string | null;
  customerName: string | null;
  cancelUrl: string;
};

// POST /api/sandbox/checkout-sessions/:id/pay
export const SandboxPayRequestSchema = v.object({
  shippingOptionId: v.pipe(v.string('Choose a shipping option'), v.minLength(1, 'Choose a shipping option')),
  email: v.pipe(
    v.string('Email is required'),
    v.trim(),
    v.email('Please enter a valid email address'),
    v.maxLength(254, 'Email is too long'),
  ),
  name: field(200, 'Name'),
  address: v.pipe(
    v.object({
      line1: field(200, 'Address'),
      line2: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(200, 'Address line 2 is too long'))),
      city: field(100, 'City'),
      postcode: field(20, 'Postcode'),
      country: v.pipe(v.string('Country is required'), v.regex(/^[A-Z]{2}$/, 'Country is required')),
    }),
    // A UK address needs a UK postcode (decision 089), kept as the Royal Mail writes it.
    v.forward(
      v.check((a) => postcodeProblem(a.country, a.postcode) === null, postcodeMessage),
      ['postcode'],
    ),
    v.transform((a) => ({ ...a, postcode: normalisePostcode(a.country, a.postcode) })),
  ),
  card: SandboxCardSchema,
});
export type SandboxPayRequest = v.InferOutput<typeof SandboxPayRequestSchema>;
export type SandboxPayResponse = { success: true; redirectUrl: string };

// POST /api/sandbox/payment-intents/:id/confirm — the test card form's and the test wallet's confirmPayment, with
// Stripe's optional `shipping` and `receipt_email`, which the payment then carries.
export const SandboxConfirmIntentRequestSchema = v.object({
  clientSecret: v.pipe(v.string('clientSecret is required'), v.maxLength(300, 'clientSecret is too long')),
  card: SandboxCardSchema,
  shipping: v.optional(CardShippingSchema),
  receipt_email: v.optional(
    v.pipe(
      v.string('receipt_email must be text'),
      v.trim(),
      v.email('Please enter a valid email address'),
      v.maxLength(254, 'Email is too long'),
    ),
  ),
});
export type SandboxConfirmIntentRequest = v.InferOutput<typeof SandboxConfirmIntentRequestSchema>;
/** `processing`: the sandbox's processing card, a payment that settles later (decision 105) */
export type SandboxConfirmIntentResponse = { status: 'succeeded' | 'processing'; paymentIntentId: string };
