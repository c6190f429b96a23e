// Which payment provider the shop uses, and Stripe.js loaded only when it is Stripe (the sandbox needs no script).
import type { Stripe } from '@stripe/stripe-js';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { paymentsConfig } from '#contracts/checkout/configApi.ts';
import { queryFor } from '../../../lib/api.ts';

export const paymentsConfigQuery = queryFor(paymentsConfig);

/** The provider, once known: for a panel on a page whose route does not load it (the landing page's purchase panel). */
export function usePaymentsConfig() {
  return useQuery(paymentsConfigQuery).data;
}

/** The provider, on a checkout page whose route's loader fetched it before the page showed. */
export function useLoadedPaymentsConfig() {
  return useSuspenseQuery(paymentsConfigQuery).data;
}

let stripe: Promise<Stripe | null> | null = null;

/** Stripe.js for this page, fetched from js.stripe.com the first time a payment screen needs it. */
export function loadStripeOnce(publishableKey: string): Promise<Stripe | null> {
  stripe ??= import('@stripe/stripe-js').then(({ loadStripe }) => loadStripe(publishableKey));
  return stripe;
}
