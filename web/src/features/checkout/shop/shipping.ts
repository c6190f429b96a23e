// Delivery in the browser (decision 099): the countries list (with the spec's fallback list), the server's cost for a
// country, the live delivery table every page states its prices from, and the destination the shopper chose, kept for
// the visit. No price is ever made up here: without the server's answer there is no price and nothing can be sent.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { checkoutApi } from '#contracts/checkout/api.ts';
import { fallbackCountries } from '#contracts/checkout/shipping.ts';
import { call, urlFor } from '../../../lib/api.ts';
import { shippingRatesQuery } from '../../../lib/shippingRates.ts';

export const shippingCountriesQuery = queryOptions({
  queryKey: [urlFor(checkoutApi.shippingCountries)],
  // A failure falls back silently to the default list, so the form stays usable; a bare array of names is accepted too.
  queryFn: async (): Promise<string[]> => {
    try {
      const answer: { countries?: string[] } | string[] = await call(checkoutApi.shippingCountries);
      const countries = Array.isArray(answer) ? answer : answer?.countries;
      return countries?.length ? countries : [...fallbackCountries];
    } catch (error) {
      console.error('Could not load the shipping countries', error);
      return [...fallbackCountries];
    }
  },
});

export { shippingRatesQuery };

/**
 * The shipping cost in pence for the form, or undefined while unknown: when the call fails, or answers without a cost,
 * the cost stays unknown and the form cannot be sent (spec, section 8).
 */
export function useShippingCost(country: string, quantity: number): number | undefined {
  const query = useQuery({
    queryKey: [urlFor(checkoutApi.shippingCost), country, quantity],
    enabled: country.length >= 2 && quantity >= 1,
    retry: false,
    queryFn: async () => {
      const answer: { shippingCost?: number | null } = await call(checkoutApi.shippingCost, {
        query: { country, quantity: String(quantity) },
      });
      return typeof answer?.shippingCost === 'number' ? answer.shippingCost : null;
    },
  });
  return query.isSuccess && query.data !== null ? query.data : undefined;
}

// The destination the shopper chose, by ISO code, for the visit (session storage), shared by every page that asks.
const storageKey = 'shippingDestination';
const listeners = new Set<() => void>();

function stored(): string | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage.getItem(storageKey);
  } catch {
    return null;
  }
}

export function setDestination(code: string): void {
  try {
    window.sessionStorage.setItem(storageKey, code);
  } catch {
    // A browser that keeps nothing still has the choice for this page.
  }
  memory = code;
  for (const listener of listeners) listener();
}

let memory: string | null = null;
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/**
 * The destination chosen this visit, and a setter that every page sees. Until one is chosen, `fallback` (the table's
 * first destination, the United Kingdom, where a page shows its select already set) or null.
 */
export function useDestination(fallback: string | null = null): [string | null, (code: string) => void] {
  const value = useSyncExternalStore(
    subscribe,
    () => memory ?? stored(),
    () => null,
  );
  return [value ?? fallback, setDestination];
}

/** The destination a page with its own "Deliver to" select uses: the one chosen, else the table's first. */
export function useShownDestination(): [string | null, (code: string) => void] {
  return useDestination(useQuery(shippingRatesQuery).data?.destinations[0]?.code ?? null);
}
