// Delivery as every checkout names it: an option's shape, the spec's fallback list of countries, and the names of the
// countries the checkout form has always listed. What the shop charges, and where it delivers, is the delivery table's
// (contracts/checkout/shippingRates.ts, decision 099): the page text's £3.99/£4.99 and the client's fallback prices
// the spec also describes are gone, as no till ever charged them.
import { isoCountryName } from '../shared/countries.ts';

/** A shipping option as a checkout records it (a provider may name its options otherwise). */
export type ShippingOption = { id: string; label: string; detail: string; amount: number };

/** What the web shows if the countries call fails. */
export const fallbackCountries = ['United Kingdom', 'United States', 'Canada', 'Other'] as const;

/** Country choices on the custom checkout form. */
export const checkoutCountries = [
  { code: 'GB', name: 'United Kingdom' },
  { code: 'US', name: 'United States' },
  { code: 'CA', name: 'Canada' },
  { code: 'AU', name: 'Australia' },
  { code: 'DE', name: 'Germany' },
  { code: 'FR', name: 'France' },
  { code: 'ES', name: 'Spain' },
  { code: 'IT', name: 'Italy' },
  { code: 'NL', name: 'Netherlands' },
] as const;

/** The countries the shop has always listed, with their names: the delivery table's seed serves exactly these. */
export const shippingDestinations = [...checkoutCountries, { code: 'BE', name: 'Belgium' }] as const;
export type DestinationCode = (typeof shippingDestinations)[number]['code'];
export const destinationCodes = shippingDestinations.map((d) => d.code) as [DestinationCode, ...DestinationCode[]];

/** The name shipping forms show for an ISO code, and back. */
export function destinationName(code: string): string | undefined {
  return shippingDestinations.find((d) => d.code === code)?.name;
}
/** The country's name for a code the shop ships to, as an address reads; any other text as it was given. */
export const countryName = (country: string) =>
  destinationName(country.trim().toUpperCase()) ??
  (/^[A-Za-z]{2}$/.test(country.trim()) ? isoCountryName(country) : undefined) ??
  country;
export function destinationCode(name: string): DestinationCode | undefined {
  return shippingDestinations.find((d) => d.name === name)?.code;
}

export type ShippingCountriesResponse = { success: true; countries: string[] };
export type ShippingCostResponse = { shippingCost: number };
