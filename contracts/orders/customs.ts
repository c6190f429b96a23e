// What a parcel says of itself (decision 098): its weight and Royal Mail package format for every order, and for a
// parcel leaving the UK the customs declaration: each line's description, quantity, weight, value, tariff code and
// origin, the totals, and whether it is a CN22 or, above £270, a CN23. Pure: the products' details are the catalogue's
// when the file or slip is made, the values what the order charged.
import { shopContent } from '../catalog/content.ts';
import { isoCountryCodes, isoCountryName, packageSizes, type PackageSize } from '../catalog/customs.ts';
import type { BookDto } from '../catalog/model.ts';
import { kindCustoms, productCustomsOf } from '../catalog/product.ts';
import type { OrderItem, ShippingAddress } from './model.ts';

/** What the shop's parcels abroad are, in the words of the customs forms' "category of item". */
export const customsContentType = 'Sale of goods';
/** A declaration of contents worth more than this (pence) is a CN23, not a CN22 (Royal Mail, UPU: £270). */
export const cn22MaxValue = 27_000;
/** Royal Mail's weight limits (grams) for a large letter and a small parcel; a medium parcel goes up to 20 kg. */
export const packageWeightLimits = { largeLetter: 750, smallParcel: 2000, mediumParcel: 20_000 } as const;
/** Destinations inside the UK's customs territory: nothing to declare. */
const home: ReadonlySet<string> = new Set(['GB', 'IM']);

export type CustomsLine = {
  /** what the goods are, as the form says it (the content file's words for the product's kind) */
  description: string;
  /** the product's name on the order, as the slip and the file's "Item name" show it */
  name: string;
  quantity: number;
  /** pence each, as charged */
  unitPrice: number;
  /** pence, the line's */
  value: number;
  /** grams, the line's (net: the goods without packaging) */
  weightGrams: number;
  hsCode: string;
  /** ISO 3166-1 alpha-2 */
  origin: string;
};

export type CustomsDeclaration = {
  form: 'CN22' | 'CN23';
  /** where the parcel goes, ISO 3166-1 alpha-2 */
  destination: string;
  contentType: typeof customsContentType;
  lines: CustomsLine[];
  totalQuantity: number;
  /** grams, net */
  totalWeightGrams: number;
  /** pence */
  totalValue: number;
  currency: 'GBP';
};

export type Parcel = {
  /** grams: the goods and their packaging */
  grossWeightGrams: number;
  packageSize: PackageSize;
};

/** An order's line as the declaration reads it. */
export type DeclaredItem = Pick<OrderItem, 'name' | 'quantity' | 'price'> & { bookId?: number | undefined };
type Catalogue = readonly Pick<BookDto, 'id' | 'title' | 'kind' | 'customs'>[];

/**
 * The product a line declares: the catalogue's by the line's id, or (a line from before lines named their product) by
 * its title; a line matching none is a picture book, which is what the shop sells.
 */
function productOf(item: DeclaredItem, catalogue: Catalogue): Pick<BookDto, 'kind' | 'customs'> {
  const byId = item.bookId === undefined ? undefined : catalogue.find((b) => b.id === item.bookId);
  return byId ?? catalogue.find((b) => b.title.trim() === item.name.trim()) ?? { kind: 'story' };
}

/** Each line with what the declaration says of it. */
export function customsLinesOf(items: readonly DeclaredItem[], catalogue: Catalogue): CustomsLine[] {
  return items.map((item) => {
    const product = productOf(item, catalogue);
    const { weightGrams, hsCode, origin } = productCustomsOf(product);
    return {
      description: kindCustoms(product.kind).description,
      name: item.name,
      quantity: item.quantity,
      unitPrice: item.price,
      value: item.price * item.quantity,
      weightGrams: weightGrams * item.quantity,
      hsCode,
      origin,
    };
  });
}

const larger = (a: PackageSize, b: PackageSize) => (packageSizes.indexOf(a) >= packageSizes.indexOf(b) ? a : b);

/**
 * The parcel: the goods' weight and the content file's packaging, in the smallest format every line fits (the content
 * file's for its kind), a large letter holding one copy up to 750 g, a small parcel up to 2 kg, a medium one to 20 kg.
 */
export function parcelOf(items: readonly DeclaredItem[], catalogue: Catalogue): Parcel {
  const lines = customsLinesOf(items, catalogue);
  const grossWeightGrams = lines.reduce((sum, l) => sum + l.weightGrams, 0) + shopContent.customs.packagingGrams;
  const copies = lines.reduce((sum, l) => sum + l.quantity, 0);
  let size: PackageSize = items.reduce<PackageSize>(
    (s, item) => larger(s, kindCustoms(productOf(item, catalogue).kind).packageSize),
    'Large letter',
  );
  if (copies > 1 || grossWeightGrams > packageWeightLimits.largeLetter) size = larger(size, 'Small parcel');
  if (grossWeightGrams > packageWeightLimits.smallParcel) size = larger(size, 'Medium parcel');
  if (grossWeightGrams > packageWeightLimits.mediumParcel) size = 'Parcel';
  return { grossWeightGrams, packageSize: size };
}

const codeByName = new Map(
  [...isoCountryCodes].map((code) => [isoCountryName(code).toLowerCase(), code] as [string, string]),
);
for (const [name, code] of [
  ['uk', 'GB'],
  ['great britain', 'GB'],
  ['england', 'GB'],
  ['scotland', 'GB'],
  ['wales', 'GB'],
  ['northern ireland', 'GB'],
] as const)
  codeByName.set(name, code);

/**
 * The country a parcel goes to, as an ISO code: a structured address's own; for an address kept as text (older
 * orders), its last part when that names a country (a code or an English name); null when nothing says.
 */
export function destinationOf(address: ShippingAddress | string): string | null {
  if (typeof address !== 'string') return address.country.trim().toUpperCase() || null;
  const last = address.split(/[,\n]/).at(-1)?.trim() ?? '';
  if (/^[A-Za-z]{2}$/.test(last) && isoCountryCodes.has(last.toUpperCase())) return last.toUpperCase();
  return codeByName.get(last.toLowerCase()) ?? null;
}

/** Whether a parcel to this country needs a customs declaration: anywhere outside the UK's customs territory. */
export const needsCustoms = (destination: string | null): destination is string =>
  destination !== null && !home.has(destination);

/** The customs declaration of a parcel to `destination`; null for a parcel that stays in the UK. */
export function customsDeclarationOf(
  destination: string | null,
  items: readonly DeclaredItem[],
  catalogue: Catalogue,
): CustomsDeclaration | null {
  if (!needsCustoms(destination)) return null;
  const lines = customsLinesOf(items, catalogue);
  const totalValue = lines.reduce((sum, l) => sum + l.value, 0);
  return {
    form: totalValue > cn22MaxValue ? 'CN23' : 'CN22',
    destination,
    contentType: customsContentType,
    lines,
    totalQuantity: lines.reduce((sum, l) => sum + l.quantity, 0),
    totalWeightGrams: lines.reduce((sum, l) => sum + l.weightGrams, 0),
    totalValue,
    currency: 'GBP',
  };
}

/** Grams as kilograms with three decimals, as Click & Drop's "Weight" takes them: 430 → "0.430". */
export const kilograms = (grams: number) => (grams / 1000).toFixed(3);
/** Grams as a form shows them: "430 g", "1.25 kg". */
export const formatGrams = (grams: number) =>
  grams < 1000 ? `${grams} g` : `${(grams / 1000).toLocaleString('en-GB', { maximumFractionDigits: 3 })} kg`;
