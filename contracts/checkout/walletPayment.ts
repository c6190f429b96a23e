// What the wallet page hands on once the wallet sheet is paid: the confirmation the payment provider gets (Stripe's
// confirmPayment from the Express Checkout Element, or the sandbox's confirm call, which takes the same fields) and the body of orders/save. Both
// carry the payer's name, e-mail and address, so whichever report reaches the shop first, the order has them.
import * as v from 'valibot';
import { OptionalDiscountCodeSchema } from '../discounts/model.ts';
import { CardShippingSchema, singleCheckoutBook, type CardShipping } from './model.ts';
import type { ShippingOption } from './shipping.ts';
import { deliveryOptionFor, type ShippingTable } from './shippingRates.ts';

/** What the wallet page reads of a paid sheet (the Express Checkout Element's `confirm` event, or the test wallet's). */
export type WalletPayment = {
  paymentMethodId: string;
  payerName?: string | undefined;
  payerEmail?: string | undefined;
  shippingAddress?:
    | {
        recipient?: string | undefined;
        addressLine?: string[] | undefined;
        city?: string | undefined;
        postalCode?: string | undefined;
        country?: string | undefined;
      }
    | null
    | undefined;
};

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The payer's address in Stripe's shape, only when it is whole and in a country the shop ships to. */
export function walletShipping(payment: WalletPayment): CardShipping | undefined {
  const address = payment.shippingAddress;
  if (!address) return undefined;
  const line2 = address.addressLine
    ?.slice(1)
    .filter((l) => l.trim())
    .join(', ');
  const shipping = {
    name: (address.recipient || payment.payerName || '').trim(),
    address: {
      line1: (address.addressLine?.[0] ?? '').trim(),
      ...(line2 ? { line2 } : {}),
      city: (address.city ?? '').trim(),
      postal_code: (address.postalCode ?? '').trim(),
      country: (address.country ?? '').trim().toUpperCase(),
    },
  };
  const parsed = v.safeParse(CardShippingSchema, shipping);
  return parsed.success ? parsed.output : undefined;
}

export type WalletConfirmParams = { payment_method: string; shipping?: CardShipping };

/**
 * The confirmation's data: the payment method, and the payer's address on the payment itself. Never Stripe's
 * `receipt_email`, which makes live Stripe send its own receipt beside the shop's: the e-mail goes with the intent's
 * request (`walletPayer`), and the checkout's start records it (decision 105).
 */
export function walletConfirmParams(payment: WalletPayment): WalletConfirmParams {
  const shipping = walletShipping(payment);
  return { payment_method: payment.paymentMethodId, ...(shipping ? { shipping } : {}) };
}

/** The sheet's payer for the wallet's intent request: the e-mail (when it looks like one) and the name. */
export function walletPayer(payment: WalletPayment): { email?: string; name?: string } {
  const email = payment.payerEmail?.trim();
  const name = payment.payerName?.trim().slice(0, 200);
  return { ...(email && emailPattern.test(email) ? { email } : {}), ...(name ? { name } : {}) };
}

/** The orders/save body after a wallet payment; amounts are sent as the page shows them and ignored by the server. */
export function walletSaveBody(
  payment: WalletPayment,
  paid: { paymentIntentId: string; amount: number; bookTitle: string; bookPrice: number; shippingCost: number },
) {
  const shipping = walletShipping(payment);
  return {
    ...(payment.payerName?.trim() ? { name: payment.payerName.trim() } : {}),
    ...(payment.payerEmail?.trim() ? { email: payment.payerEmail.trim() } : {}),
    ...(shipping ? { shipping } : {}),
    ...paid,
    status: 'completed' as const,
  };
}

/** The wallet sheet's total line for the single book with a delivery rate. */
export const walletTotal = (shippingPence: number, subtotal: number = singleCheckoutBook.price) => ({
  label: singleCheckoutBook.title,
  amount: subtotal + shippingPence,
});

/**
 * What the wallet sheet shows once it knows the address's country (Stripe's `shippingaddresschange`, and the sandbox's
 * sheet alike): only the rate that fits the country, with the total that follows it; a country the shop does not ship
 * to is an invalid address. The server refuses any other rate for that country (decision 073). The rate is the
 * delivery table's (decision 099), which the caller passes.
 */
export type WalletShippingUpdate =
  | {
      status: 'success';
      shippingOptions: Pick<ShippingOption, 'id' | 'label' | 'detail' | 'amount'>[];
      total: { label: string; amount: number };
    }
  | { status: 'invalid_shipping_address' };

export function walletShippingUpdate(
  table: ShippingTable,
  countryCode: string | undefined,
  subtotal: number = singleCheckoutBook.price,
): WalletShippingUpdate {
  const code = (countryCode ?? '').trim().toUpperCase();
  const option = deliveryOptionFor(table, code, { items: 1, subtotal });
  if (!option) return { status: 'invalid_shipping_address' };
  const { id, label, detail, amount } = option;
  return { status: 'success', shippingOptions: [{ id, label, detail, amount }], total: walletTotal(amount, subtotal) };
}

/** POST /api/wallet/shipping-rates: the country of the address a wallet's sheet was given. */
export const WalletShippingRatesRequestSchema = v.object({
  country: v.pipe(
    v.string('country must be a two-letter country code'),
    v.trim(),
    v.toUpperCase(),
    v.regex(/^[A-Z]{2}$/, 'country must be a two-letter country code'),
  ),
  /** the code the wallet page applied: the rates' totals are after it */
  discountCode: OptionalDiscountCodeSchema,
});
