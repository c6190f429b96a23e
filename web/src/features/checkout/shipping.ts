// The shipping form's data: the countries list (with a fallback list) and the server's cost for a country.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { checkoutApi } from '../../../../contracts/checkout/api.ts';
import { fallbackCountries, fallbackShippingFor } from '../../../../contracts/checkout/shipping.ts';
import { call, urlFor } from '../../lib/api.ts';

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

/**
 * The shipping cost in pence for the form, or undefined while unknown. When the server answers without a cost the
 * shop's fallback rates apply (reading 2); when the call fails the cost stays unknown and the form cannot be sent.
 */
export function useShippingCost(country: string, quantity: number): number | undefined {
  const query = useQuery({
    queryKey: [urlFor(checkoutApi.shippingCost), country, quantity],
    enabled: country.length >= 2 && quantity >= 1,
    queryFn: async () => {
      const answer: { shippingCost?: number | null } = await call(checkoutApi.shippingCost, {
        query: { country, quantity: String(quantity) },
      });
      return typeof answer?.shippingCost === 'number' ? answer.shippingCost : fallbackShippingFor(country);
    },
  });
  return query.isSuccess ? query.data : undefined;
}
