// A product as its form holds it (words, as typed), what is wrong with it, and what the server is sent: the whole
// product when it is added, only what changed when it is edited.
import * as v from 'valibot';
import type { CatalogueProduct } from '#contracts/catalog/adminApi.ts';
import { customsMessages, HsCodeSchema, WeightGramsSchema } from '#contracts/catalog/customs.ts';
import type { PreviewPage, ProductKind } from '#contracts/catalog/model.ts';
import { productCustomsOf, productPriceLimits } from '#contracts/catalog/product.ts';
import { SlugSchema } from '#contracts/catalog/slug.ts';
import { penceToPoundsString } from '#contracts/shared/money.ts';

/** "£12.99", "12.99", "12" → pence; null for anything else. */
export function penceOf(pounds: string): number | null {
  const match = /^£?\s*(\d{1,6})(?:\.(\d{1,2}))?$/.exec(pounds.trim());
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '0').padEnd(2, '0'));
}

export type Draft = {
  title: string;
  slug: string;
  description: string;
  price: string;
  kind: ProductKind;
  vatRate: number;
  ageFrom: string;
  ageTo: string;
  coverImage: string;
  coverAlt: string;
  previewPages: PreviewPage[];
  published: boolean;
  sortOrder: string;
  /** customs (decision 098): a new product's empty fields take its kind's details from the content file */
  weightGrams: string;
  hsCode: string;
  origin: string;
  reason: string;
};

export const draftOf = (product: CatalogueProduct | undefined): Draft => ({
  title: product?.title ?? '',
  slug: product?.slug ?? '',
  description: product?.description ?? '',
  price: product ? penceToPoundsString(product.price) : '',
  kind: product?.kind ?? 'story',
  vatRate: product?.vatRate ?? 0,
  ageFrom: product?.ageRange ? String(product.ageRange.from) : '',
  ageTo: product?.ageRange ? String(product.ageRange.to) : '',
  coverImage: product?.coverImage ?? '',
  coverAlt: product?.coverAlt ?? '',
  previewPages: product?.previewPages.map((p) => ({ ...p })) ?? [],
  published: product?.published ?? true,
  sortOrder: product ? String(product.sortOrder) : '',
  weightGrams: product ? String(product.weightGrams) : '',
  hsCode: product?.hsCode ?? '',
  origin: product?.origin ?? productCustomsOf({ kind: 'story' }).origin,
  reason: '',
});

export type Errors = Partial<
  Record<'title' | 'slug' | 'description' | 'price' | 'ages' | 'cover' | 'sortOrder' | 'weight' | 'hsCode', string>
>;

/** The customs fields as sent: a number of grams, the code as written, the origin; left out when empty. */
function customsOfDraft(draft: Draft) {
  return {
    ...(draft.weightGrams.trim() ? { weightGrams: Number(draft.weightGrams.trim()) } : {}),
    ...(draft.hsCode.trim() ? { hsCode: draft.hsCode.trim() } : {}),
    origin: draft.origin,
  };
}

export function check(draft: Draft, editing: boolean): Errors {
  const errors: Errors = {};
  if (!draft.title.trim()) errors.title = 'Give the product a title.';
  if (!v.is(SlugSchema, draft.slug)) errors.slug = 'Use lower-case letters and digits joined by single hyphens.';
  if (!draft.description.trim()) errors.description = 'Say a few words about it.';
  const pence = penceOf(draft.price);
  if (pence === null || pence < productPriceLimits.min || pence > productPriceLimits.max)
    errors.price = 'Enter a price from £0.01 to £1,000.00, like 9.99.';
  const ages = [draft.ageFrom, draft.ageTo].map((a) => a.trim());
  if (ages.some((a) => a !== '')) {
    const [from, to] = ages.map(Number);
    if (ages.some((a) => !/^\d{1,2}$/.test(a)) || from! > to! || to! > 18)
      errors.ages = 'Enter both ages in whole years, the younger first, up to 18.';
  }
  if (!draft.coverImage) errors.cover = 'Upload a cover.';
  if (draft.sortOrder.trim() && !/^\d{1,6}$/.test(draft.sortOrder.trim()))
    errors.sortOrder = 'The place is a whole number: lower shows first.';
  const weight = draft.weightGrams.trim();
  if ((weight || editing) && (!/^\d+$/.test(weight) || !v.is(WeightGramsSchema, Number(weight))))
    errors.weight = `${customsMessages.weight}.`;
  if ((draft.hsCode.trim() || editing) && !v.is(HsCodeSchema, draft.hsCode))
    errors.hsCode = `${customsMessages.hsCode}.`;
  return errors;
}

/** The request's fields of a checked draft. */
export function fieldsOf(draft: Draft) {
  return {
    title: draft.title.trim(),
    slug: draft.slug,
    kind: draft.kind,
    description: draft.description.trim(),
    price: penceOf(draft.price)!,
    vatRate: draft.vatRate,
    coverImage: draft.coverImage,
    coverAlt: draft.coverAlt.trim(),
    previewPages: draft.previewPages.map((p) => ({ image: p.image, alt: p.alt.trim() })),
    published: draft.published,
    ...(draft.sortOrder.trim() ? { sortOrder: Number(draft.sortOrder) } : {}),
    ...customsOfDraft(draft),
    reason: draft.reason.trim(),
  };
}

/** The age range of a checked draft: none when no ages are given. */
export const ageRangeOf = (draft: Draft) =>
  draft.ageFrom.trim() ? { from: Number(draft.ageFrom), to: Number(draft.ageTo) } : null;

/** An edit's body: only what changed, and the reason. The server records those fields and nothing else. */
export function changesOf(product: CatalogueProduct, draft: Draft) {
  const before: Record<string, unknown> = { ...product, ageRange: product.ageRange ?? null };
  const after: Record<string, unknown> = { ...fieldsOf(draft), ageRange: ageRangeOf(draft) };
  return Object.fromEntries(
    Object.entries(after).filter(
      ([key, value]) => key === 'reason' || JSON.stringify(before[key]) !== JSON.stringify(value),
    ),
  );
}
