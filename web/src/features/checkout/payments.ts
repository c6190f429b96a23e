// Which payment provider the shop uses, and Stripe.js loaded only when it is Stripe (the sandbox needs no script).
import type { Stripe } from '@stripe/stripe-js';
import { useQuery } from '@tanstack/react-query';
import { paymentsConfig } from '../../../../contracts/checkout/configApi.ts';
import { queryFor } from '../../lib/api.ts';

export const paymentsConfigQuery = queryFor(paymentsConfig);

export function usePaymentsConfig() {
  return useQuery(paymentsConfigQuery).data;
}

let stripe: Promise<Stripe | null> | null = null;

/** Stripe.js for this page, fetched from js.stripe.com the first time a payment screen needs it. */
export function loadStripeOnce(publishableKey: string): Promise<Stripe | null> {
  stripe ??= import('@stripe/stripe-js').then(({ loadStripe }) => loadStripe(publishableKey));
  return stripe;
}
