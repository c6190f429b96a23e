// The shop keeps three shipping readings that disagree; each is named and used where that reading applies.
import { formatPence } from '../shared/money.ts';

/** Reading 1 — cart checkout (card and wallet flows): 350 pence for GB, 500 otherwise. */
export const cartCheckoutShipping = {
  gbPence: 350,
  otherPence: 500,
  ukOption: { id: 'uk-shipping', label: 'UK Shipping', detail: 'Standard delivery' },
  internationalOption: {
    id: 'international-shipping',
    label: 'International Shipping',
    detail: 'Standard international delivery',
  },
} as const;

/** The cart checkout's shipping options, by id. */
export const cartShippingOptionIds = [
  cartCheckoutShipping.ukOption.id,
  cartCheckoutShipping.internationalOption.id,
] as const;
export type ShippingOptionId = (typeof cartShippingOptionIds)[number];

/** A shipping option as a checkout records it (a provider may name its options otherwise). */
export type ShippingOption = { id: string; label: string; detail: string; amount: number };
/** One of the cart checkout's own options. */
export type CartShippingOption = ShippingOption & { id: ShippingOptionId };

/** Reading 1 as a priced option: what a payment page offers for a destination. */
export function cartShippingOptionFor(countryCode: string): CartShippingOption {
  const { ukOption, internationalOption } = cartCheckoutShipping;
  const option = countryCode.toUpperCase() === 'GB' ? ukOption : internationalOption;
  return { ...option, amount: cartCheckoutShippingPence(countryCode) };
}

/** Both reading-1 options, UK first: the wallet sheet and a checkout whose destination is not known yet. */
export function cartShippingOptions(): CartShippingOption[] {
  return [cartShippingOptionFor('GB'), cartShippingOptionFor('US')];
}

export function cartCheckoutShippingPence(countryCode: string): number {
  return countryCode.toUpperCase() === 'GB' ? cartCheckoutShipping.gbPence : cartCheckoutShipping.otherPence;
}

/** Reading 2 — the fallback rates when the server gives no cost, by country name. */
export const fallbackShippingPence = {
  'United Kingdom': 299,
  'United States': 899,
  Canada: 899,
  France: 699,
  Germany: 699,
  Italy: 699,
  Spain: 699,
  Netherlands: 699,
  Belgium: 699,
  other: 1299,
} as const;

export function fallbackShippingFor(countryName: string): number {
  return (fallbackShippingPence as Record<string, number>)[countryName] ?? fallbackShippingPence.other;
}

/** Reading 3 — the landing page's "Mix and Match" text: UK £3.99 for 1–2 books, £4.99 for 3+. */
export const mixAndMatchUkShipping = { upToTwoBooksPence: 399, threeOrMoreBooksPence: 499 } as const;

export function mixAndMatchUkShippingPence(bookCount: number): number {
  return bookCount >= 3 ? mixAndMatchUkShipping.threeOrMoreBooksPence : mixAndMatchUkShipping.upToTwoBooksPence;
}

/** What the web shows if the countries call fails. */
export const fallbackCountries = ['United Kingdom', 'United States', 'Canada', 'Other'] as const;

/** The wallet page's displayed range. */
export const walletShippingRangeText = '£3.50 - £5.00';

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

/** Where the shop ships: every country the checkout form lists, plus Belgium from the fallback rates. */
export const shippingDestinations = [...checkoutCountries, { code: 'BE', name: 'Belgium' }] as const;
export type DestinationCode = (typeof shippingDestinations)[number]['code'];
export const destinationCodes = shippingDestinations.map((d) => d.code) as [DestinationCode, ...DestinationCode[]];

/** The name shipping forms show for an ISO code, and back. */
export function destinationName(code: string): string | undefined {
  return shippingDestinations.find((d) => d.code === code)?.name;
}
/** The country's name for a code the shop ships to, as an address reads; any other text as it was given. */
export const countryName = (country: string) => destinationName(country.trim().toUpperCase()) ?? country;
export function destinationCode(name: string): DestinationCode | undefined {
  return shippingDestinations.find((d) => d.name === name)?.code;
}

const home = 'United Kingdom';

/** The shipping form's countries: United Kingdom first, the rest in alphabetical order. */
export const shippingCountryNames = [
  home,
  ...shippingDestinations
    .map((d) => d.name)
    .filter((n) => n !== home)
    .sort((a, b) => a.localeCompare(b, 'en-GB')),
];
export type ShippingCountriesResponse = { success: true; countries: string[] };
export type ShippingCostResponse = { shippingCost: number };

/** The wallet page's refusal of a rate picked for an address it does not fit (decision 073), or null when it fits. */
export function rateRefusal(option: ShippingOption, countryCode: string): string | null {
  const name = destinationName(countryCode.toUpperCase());
  if (!name) return 'We do not ship to that country';
  const due = cartShippingOptionFor(countryCode);
  return option.id === due.id
    ? null
    : `${option.label} does not deliver to ${name}; ${due.label} (${formatPence(due.amount)}) does`;
}
