// Checkout over HTTP: shipping for the forms, starting payments at the server's price, the three ways a payment becomes
// an order, the owner's purchase notice, and the sandbox provider's own calls (served only in test mode).
import * as v from 'valibot';
import { endpoint } from '../shared/endpoint.ts';
import { paymentsConfig } from './configApi.ts';
import { shippingRates } from './ratesApi.ts';
import {
  CancelCheckoutRequestSchema,
  CardPaymentIntentRequestSchema,
  CartCheckoutRequestSchema,
  ConfirmCheckoutRequestSchema,
  CreateCheckoutSessionRequestSchema,
  DirectNotifyRequestSchema,
  SaveOrderRequestSchema,
  WalletPaymentIntentRequestSchema,
  type CancelCheckoutResponse,
  type CheckoutUrlResponse,
  type OrderNumberResponse,
  type PaymentIntentResponse,
} from './model.ts';
import { WalletShippingRatesRequestSchema, type WalletShippingUpdate } from './walletPayment.ts';
import {
  SandboxConfirmIntentRequestSchema,
  SandboxPayRequestSchema,
  type SandboxConfirmIntentResponse,
  type SandboxPayResponse,
  type SandboxSessionView,
} from './sandboxPayments.ts';
import type { ShippingCostResponse, ShippingCountriesResponse } from './shipping.ts';
import { ChangeShippingRatesSchema, type AdminShippingResponse } from './shippingRates.ts';

/** GET /api/shipping/calculate?country=&quantity= — a country by name or code (served or not is the table's), and how many books. */
export const ShippingCostQuerySchema = v.object({
  country: v.pipe(v.string('country is required'), v.trim(), v.minLength(2, 'Please select your country')),
  // The shipping form's quantity has no maximum, only sanity.
  quantity: v.pipe(
    v.string('quantity is required'),
    v.regex(/^[1-9][0-9]{0,3}$/, 'Quantity must be a whole number of at least 1'),
    v.transform(Number),
  ),
});

export const checkoutApi = {
  shippingCountries: endpoint<ShippingCountriesResponse>()({
    method: 'GET',
    path: '/api/shipping/countries',
    guarded: false,
  }),
  shippingCost: endpoint<ShippingCostResponse>()({
    method: 'GET',
    path: '/api/shipping/calculate',
    guarded: false,
    query: ShippingCostQuerySchema,
  }),
  shippingRates,
  /** the owner's delivery zones and rates with their history; an auditor reads it */
  adminShipping: endpoint<AdminShippingResponse>()({ method: 'GET', path: '/api/admin/shipping', guarded: true }),
  changeShippingRates: endpoint<AdminShippingResponse & { success: true; message: string }>()({
    method: 'POST',
    path: '/api/admin/shipping',
    guarded: true,
    body: ChangeShippingRatesSchema,
  }),
  paymentsConfig,
  /** The cart drawer: lines by book id. */
  cartCheckout: endpoint<CheckoutUrlResponse>()({
    method: 'POST',
    path: '/api/cart/checkout',
    guarded: false,
    body: CartCheckoutRequestSchema,
  }),
  /** The direct purchase: lines by title. */
  createCheckoutSession: endpoint<CheckoutUrlResponse>()({
    method: 'POST',
    path: '/api/create-checkout-session',
    guarded: false,
    body: CreateCheckoutSessionRequestSchema,
  }),
  /** The custom card form sends the shopper and their address (no amount); the wallet page only the amount it showed. */
  createPaymentIntent: endpoint<PaymentIntentResponse>()({
    method: 'POST',
    path: '/api/create-payment-intent',
    guarded: false,
    body: v.union([CardPaymentIntentRequestSchema, WalletPaymentIntentRequestSchema]),
    messages: { amountMismatch: 'The amount does not match the price of this order' },
  }),
  /** the rate a wallet's sheet offers for its address's country, and the total with it (decision 073) */
  walletShippingRates: endpoint<WalletShippingUpdate>()({
    method: 'POST',
    path: '/api/wallet/shipping-rates',
    guarded: false,
    body: WalletShippingRatesRequestSchema,
  }),
  saveOrder: endpoint<OrderNumberResponse>()({
    method: 'POST',
    path: '/api/orders/save',
    guarded: false,
    body: SaveOrderRequestSchema,
  }),
  confirmCheckout: endpoint<OrderNumberResponse>()({
    method: 'POST',
    path: '/api/checkout/confirm',
    guarded: false,
    body: ConfirmCheckoutRequestSchema,
  }),
  cancelCheckout: endpoint<CancelCheckoutResponse>()({
    method: 'POST',
    path: '/api/checkout/cancel',
    guarded: false,
    body: CancelCheckoutRequestSchema,
  }),
  /** The gateway's deliveries; the body is read as it arrived, to check its signature. */
  /** `warning`: the event was made for another API version than the shop's (decision 073); it was acted on all the same */
  paymentsWebhook: endpoint<{ received: true; warning?: string }>()({
    method: 'POST',
    path: '/api/payments/webhook',
    guarded: false,
    messages: { empty: 'Webhook body is empty' },
  }),
  directNotify: endpoint<{ success: true }>()({
    method: 'POST',
    path: '/api/direct-notify',
    guarded: false,
    body: DirectNotifyRequestSchema,
  }),
  sandboxSession: endpoint<SandboxSessionView>()({
    method: 'GET',
    path: '/api/sandbox/checkout-sessions/:id',
    guarded: false,
    messages: { unknownSession: 'There is no such checkout session' },
  }),
  sandboxPay: endpoint<SandboxPayResponse>()({
    method: 'POST',
    path: '/api/sandbox/checkout-sessions/:id/pay',
    guarded: false,
    body: SandboxPayRequestSchema,
    messages: {
      unknownSession: 'There is no such checkout session',
      chooseShipping: 'Choose a shipping option',
      notShipped: 'We do not ship to that country from this checkout',
      shippingForCountry: 'Choose the shipping option for your country',
    },
  }),
  sandboxConfirmIntent: endpoint<SandboxConfirmIntentResponse>()({
    method: 'POST',
    path: '/api/sandbox/payment-intents/:id/confirm',
    guarded: false,
    body: SandboxConfirmIntentRequestSchema,
    messages: { unknownIntent: 'There is no such payment intent' },
  }),
} as const;
