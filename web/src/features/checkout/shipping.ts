// The shipping form's data: the countries list (with the spec's fallback) and the server's cost for a country.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { fallbackCountries, fallbackShippingFor } from '../../../../contracts/shipping.ts';
import { apiRequest } from '../../lib/api.ts';

export const shippingCountriesQuery = queryOptions({
  queryKey: ['/api/shipping/countries'],
  // A failure falls back silently to the default list (spec §8); a bare array is accepted too (spec §7).
  queryFn: async (): Promise<string[]> => {
    try {
      const answer = await apiRequest<{ countries?: string[] } | string[]>('GET', '/api/shipping/countries');
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
 * spec's fallback rates apply (reading 2); when the call fails the cost stays unknown and the form cannot be sent.
 */
export function useShippingCost(country: string, quantity: number): number | undefined {
  const query = useQuery({
    queryKey: ['/api/shipping/calculate', country, quantity],
    enabled: country.length >= 2 && quantity >= 1,
    queryFn: async () => {
      const params = new URLSearchParams({ country, quantity: String(quantity) });
      const answer = await apiRequest<{ shippingCost?: number | null }>('GET', `/api/shipping/calculate?${params}`);
      return typeof answer?.shippingCost === 'number' ? answer.shippingCost : fallbackShippingFor(country);
    },
  });
  return query.isSuccess ? query.data : undefined;
}
