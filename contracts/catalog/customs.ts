// What a parcel's customs declaration (CN22/CN23) needs of each product: its weight in grams, its tariff (HS) code and
// the country it was made in (decision 098). The content file holds the defaults by kind; the owner sets a product's own
// on the catalogue screen. The values' rules, and the countries an origin may name, are here.
import * as v from 'valibot';
import { isoCountries } from '../shared/countries.ts';
import { groupDigits } from '../shared/money.ts';
import type { ProductKind } from './model.ts';

/** A product's customs details: net weight of one copy, its tariff code as the owner writes it, its origin. */
export type ProductCustoms = { weightGrams: number; hsCode: string; origin: string };

/** One copy weighs at least a gram and, for the parcels the shop sends, at most 30 kg. */
export const weightLimits = { min: 1, max: 30_000 } as const;

/**
 * ISO 3166-1 alpha-2: the 249 codes assigned to countries and territories (no reserved or transitional ones such as UK,
 * EU or XK), which is what a customs declaration's origin names.
 */
export const isoCountryCodes: ReadonlySet<string> = new Set(isoCountries.keys());

/** A country's English name from its ISO code ("GB" → "United Kingdom"); the code itself when it names none. */
export const isoCountryName = (code: string) => isoCountries.get(code) ?? code;

/** A tariff code is 6 (HS), 8 (CN) or 10 (the UK's commodity code) digits, dots allowed between pairs after the first 4. */
const hsCodePattern = /^\d{4}(?:\.?\d{2}){1,3}$/;
/** The code's digits alone, as Click & Drop takes it ("4903.00.00" → "49030000"). */
export const hsDigits = (code: string) => code.replace(/\./g, '');

export const customsMessages = {
  weight: `The weight must be a whole number of grams from ${weightLimits.min} to ${groupDigits(weightLimits.max)}, like 350`,
  hsCode: 'The HS code must be 6, 8 or 10 digits, dots allowed, like 4903.00.00',
  origin: 'The country of origin must be a two-letter ISO country code, like GB',
} as const;

export const WeightGramsSchema = v.pipe(
  v.number(customsMessages.weight),
  v.integer(customsMessages.weight),
  v.minValue(weightLimits.min, customsMessages.weight),
  v.maxValue(weightLimits.max, customsMessages.weight),
);
export const HsCodeSchema = v.pipe(
  v.string(customsMessages.hsCode),
  v.trim(),
  v.regex(hsCodePattern, customsMessages.hsCode),
);
export const OriginSchema = v.pipe(
  v.string(customsMessages.origin),
  v.trim(),
  v.toUpperCase(),
  v.check((code) => isoCountryCodes.has(code), customsMessages.origin),
);

/** As an event records them (already checked when the owner sent them). */
export const ProductCustomsRecordSchema = v.object({ weightGrams: v.number(), hsCode: v.string(), origin: v.string() });

/** Click & Drop's package formats ("Package Size" in its order import), smallest first. */
export const packageSizes = ['Letter', 'Large letter', 'Small parcel', 'Medium parcel', 'Parcel'] as const;
export type PackageSize = (typeof packageSizes)[number];

const KindDefaultsSchema = v.object({
  /** the words a customs form gives the goods */
  description: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(50)),
  weightGrams: WeightGramsSchema,
  hsCode: HsCodeSchema,
  /** the smallest package one copy goes in */
  packageSize: v.picklist(packageSizes),
});
export type KindCustomsDefaults = v.InferOutput<typeof KindDefaultsSchema>;

/** What the content file says of each kind of product, and of every parcel (decision 098). */
export const CustomsDefaultsSchema = v.object({
  /** where the shop's products are made, unless the owner says otherwise for one */
  origin: OriginSchema,
  /** what the box, envelope and filling add to a parcel's weight */
  packagingGrams: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(5000)),
  kinds: v.object({ story: KindDefaultsSchema, poster: KindDefaultsSchema } satisfies Record<ProductKind, unknown>),
});
export type CustomsDefaults = v.InferOutput<typeof CustomsDefaultsSchema>;
