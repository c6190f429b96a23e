// The owner's catalogue (decision 077): the events the owner's changes to a product record on its `book-<id>` stream,
// what the owner may send, and the one fold from a book's events to the book every page reads. The catalog's decider
// and the books read model both fold with `evolveBook`, so what the owner is told and what the shop shows agree.
import * as v from 'valibot';
import { ownerText } from '../shared/ownerText.ts';
import { STANDARD_RATE, VatRateSchema } from '../vat/rates.ts';
import { shopContent } from './content.ts';
import {
  HsCodeSchema,
  OriginSchema,
  ProductCustomsRecordSchema,
  WeightGramsSchema,
  type KindCustomsDefaults,
  type ProductCustoms,
} from './customs.ts';
import { ImageRefSchema } from './images.ts';
import { AgeRangeSchema, productKinds, type BookDto, type BookFields } from './model.ts';
import type { CatalogEvent, ProductEvent } from './events.ts';
import { SlugSchema, slugOf } from './slug.ts';

/** Who changed a product and why: `by` the owner's username, `reason` the short note they gave ('' for none). */
const said = { by: v.string(), reason: v.string(), at: v.string() };
const id = v.pipe(v.number(), v.integer(), v.minValue(1));
const pence = v.pipe(v.number(), v.integer());
const details = {
  title: v.string(),
  slug: v.string(),
  kind: v.picklist(productKinds),
  description: v.string(),
  coverImage: v.string(),
  coverAlt: v.string(),
  previewPages: v.array(v.object({ image: v.string(), alt: v.string() })),
};
const ageRange = v.object({ from: v.number(), to: v.number() });

export const ProductAddedV1 = v.object({
  id,
  ...details,
  price: pence,
  vatRate: v.number(),
  sortOrder: v.number(),
  published: v.boolean(),
  ageRange: v.optional(ageRange),
  ...said,
});
/** Only the fields that changed; `ageRange: null` takes the book's age range away. */
export const ProductEditedV1 = v.object({
  id,
  changes: v.partial(v.object({ ...details, ageRange: v.nullable(ageRange) })),
  ...said,
});
/** A price from `from` to `to` pence: checkouts started after it are charged `to`; orders placed keep theirs. */
export const ProductPriceChangedV1 = v.object({ id, from: pence, to: pence, ...said });
export const ProductHiddenV1 = v.object({ id, ...said });
export const ProductPublishedV1 = v.object({ id, ...said });
/** Its place in the shop's order, `from` to `to` (lowest first). */
export const ProductReorderedV1 = v.object({ id, from: v.number(), to: v.number(), ...said });
/**
 * Its customs details (decision 098) from `from` to `to`, each whole: what they were (the content file's for its kind
 * until the owner's first change) and what they are now. Labels and slips printed after it say `to`.
 */
export const ProductCustomsChangedV1 = v.object({
  id,
  from: ProductCustomsRecordSchema,
  to: ProductCustomsRecordSchema,
  ...said,
});

export type ProductDetails = Omit<
  v.InferOutput<typeof ProductAddedV1>,
  'id' | 'price' | 'vatRate' | 'sortOrder' | 'published' | 'ageRange' | 'by' | 'reason' | 'at'
>;
/** Everything a `book-<id>` stream holds: the seed's listing and updates, and the owner's changes. */
export type BookStreamEvent = CatalogEvent | ProductEvent;

/** The prices the owner may set, in whole pence: a penny to £1,000. */
export const productPriceLimits = { min: 1, max: 100_000 } as const;

/**
 * A book the seed listed: its events carry five fields; the rest come from the content file by id (the file the seed
 * read) or, for a book the file no longer has, defaults: a slug from its title, a story, its title as the cover's text,
 * no preview pages, the standard VAT rate (decision 069), published, ordered by id.
 */
export function seededBook(fields: BookFields): BookDto {
  const entry = shopContent.books.find((b) => b.id === fields.id);
  return {
    ...fields,
    slug: entry?.slug ?? (slugOf(fields.title) || `book-${fields.id}`),
    kind: entry?.kind ?? 'story',
    coverAlt: entry?.coverAlt ?? fields.title,
    previewPages: entry?.previewPages.map((p) => ({ ...p })) ?? [],
    vatRate: entry?.vatRate ?? STANDARD_RATE,
    sortOrder: fields.id,
    published: true,
  };
}

/** A book after one more of its events; null before its first. */
export function evolveBook(book: BookDto | null, event: BookStreamEvent): BookDto | null {
  switch (event.type) {
    case 'BookListed':
    case 'BookUpdated': {
      const { title, description, price, coverImage } = event.data;
      // An update from the file changes the five fields it carries; what the book already was keeps the rest.
      return book ? { ...book, title, description, price, coverImage } : seededBook(event.data);
    }
    case 'ProductAdded': {
      const { by: _by, reason: _reason, at: _at, ...added } = event.data;
      return { ...added, previewPages: added.previewPages.map((p) => ({ ...p })) };
    }
    case 'ProductEdited': {
      if (!book) return book;
      const { ageRange, ...changes } = event.data.changes;
      const next: BookDto = { ...book, ...changes };
      if (ageRange === null) delete next.ageRange;
      else if (ageRange !== undefined) next.ageRange = ageRange;
      return next;
    }
    case 'ProductPriceChanged':
      return book && { ...book, price: event.data.to };
    case 'ProductHidden':
      return book && { ...book, published: false };
    case 'ProductPublished':
      return book && { ...book, published: true };
    case 'ProductReordered':
      return book && { ...book, sortOrder: event.data.to };
    case 'ProductCustomsChanged':
      return book && { ...book, customs: { ...event.data.to } };
  }
}

/** What a customs form says of each kind of product unless the owner said otherwise: the content file's. */
export const kindCustoms = (kind: BookDto['kind']): KindCustomsDefaults => shopContent.customs.kinds[kind];

/** A product's customs details: the owner's, or the content file's for its kind and the shop's origin. */
export function productCustomsOf(book: Pick<BookDto, 'kind' | 'customs'>): ProductCustoms {
  if (book.customs) return { ...book.customs };
  const { weightGrams, hsCode } = kindCustoms(book.kind);
  return { weightGrams, hsCode, origin: shopContent.customs.origin };
}

// What the owner sends (contracts/catalog/adminApi.ts). Bad fields are a 400 naming them.
const text = (name: string, max: number, options: { multiline?: boolean } = {}) =>
  v.pipe(
    v.string(`${name} must be text`),
    ownerText(name, options),
    v.trim(),
    v.minLength(1, `${name} cannot be empty`),
    v.maxLength(max, `${name} is at most ${max} characters`),
  );
const altText = (name: string) =>
  v.pipe(
    v.string(`${name} must be text`),
    ownerText(name),
    v.trim(),
    v.maxLength(300, `${name} is at most 300 characters`),
  );
export const ProductPriceSchema = v.pipe(
  v.number('The price must be a number of pence'),
  v.integer('The price is in whole pence, like 999 for £9.99'),
  v.minValue(productPriceLimits.min, 'The price must be at least 1p'),
  v.maxValue(productPriceLimits.max, 'The price can be at most £1,000.00'),
);
const reason = v.optional(
  v.pipe(
    v.string('A reason must be text'),
    ownerText('The reason'),
    v.trim(),
    v.maxLength(200, 'A reason is at most 200 characters'),
  ),
  '',
);
const fields = {
  title: text('The title', 120),
  slug: SlugSchema,
  kind: v.picklist(productKinds, 'The kind is "story" or "poster"'),
  description: text('The description', 5000, { multiline: true }),
  price: ProductPriceSchema,
  vatRate: VatRateSchema,
  coverImage: ImageRefSchema,
  coverAlt: altText('The cover text'),
  previewPages: v.pipe(
    v.array(v.object({ image: ImageRefSchema, alt: altText('A page text') }), 'The pages must be a list'),
    v.maxLength(24, 'A product shows at most 24 preview pages'),
  ),
  ageRange: AgeRangeSchema,
  sortOrder: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(1_000_000)),
  published: v.boolean(),
  weightGrams: WeightGramsSchema,
  hsCode: HsCodeSchema,
  origin: OriginSchema,
};

export const AddProductSchema = v.object({
  title: fields.title,
  slug: fields.slug,
  kind: fields.kind,
  description: fields.description,
  price: fields.price,
  vatRate: fields.vatRate,
  coverImage: fields.coverImage,
  coverAlt: fields.coverAlt,
  previewPages: v.optional(fields.previewPages, []),
  ageRange: v.optional(fields.ageRange),
  sortOrder: v.optional(fields.sortOrder),
  published: v.optional(fields.published, true),
  /** customs details (decision 098); left out, the content file's for its kind */
  weightGrams: v.optional(fields.weightGrams),
  hsCode: v.optional(fields.hsCode),
  origin: v.optional(fields.origin),
  reason,
});
export type AddProductInput = v.InferOutput<typeof AddProductSchema>;

/** Only what changes; anything left out stays as it is. `ageRange: null` takes it away. */
export const EditProductSchema = v.object({
  title: v.optional(fields.title),
  slug: v.optional(fields.slug),
  kind: v.optional(fields.kind),
  description: v.optional(fields.description),
  price: v.optional(fields.price),
  vatRate: v.optional(fields.vatRate),
  coverImage: v.optional(fields.coverImage),
  coverAlt: v.optional(fields.coverAlt),
  previewPages: v.optional(fields.previewPages),
  ageRange: v.optional(v.nullable(fields.ageRange)),
  sortOrder: v.optional(fields.sortOrder),
  published: v.optional(fields.published),
  weightGrams: v.optional(fields.weightGrams),
  hsCode: v.optional(fields.hsCode),
  origin: v.optional(fields.origin),
  reason,
});
export type EditProductInput = v.InferOutput<typeof EditProductSchema>;

export const ProductNoteSchema = v.object({ reason });

/** The whole catalogue's order, first to last: every product once. */
export const ReorderProductsSchema = v.object({
  ids: v.pipe(
    v.array(v.pipe(v.number(), v.integer(), v.minValue(1)), 'The order is a list of product ids'),
    v.minLength(1, 'The order lists every product'),
    v.maxLength(1000),
  ),
  reason,
});
