// Catalog events and the book as the API serves it.
import * as v from 'valibot';
import { VatRateSchema } from '../vat/rates.ts';
import { ProductCustomsRecordSchema } from './customs.ts';
import { SlugSchema } from './slug.ts';

/** What the catalog seed records from the content file (BookListed, BookUpdated): the fields it had first. */
export const BookFieldsSchema = v.object({
  id: v.pipe(v.number(), v.integer(), v.minValue(1)),
  title: v.string(),
  description: v.string(),
  /** integer pence */
  price: v.pipe(v.number(), v.integer(), v.minValue(0)),
  coverImage: v.string(),
});
export type BookFields = v.InferOutput<typeof BookFieldsSchema>;

export const productKinds = ['story', 'poster'] as const;
export type ProductKind = (typeof productKinds)[number];

export const PreviewPageSchema = v.object({ image: v.string(), alt: v.string() });
export type PreviewPage = v.InferOutput<typeof PreviewPageSchema>;

/** The ages a book is for, in whole years, `from` to `to` inclusive. */
export const AgeRangeSchema = v.pipe(
  v.object({
    from: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(18)),
    to: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(18)),
  }),
  v.check((range) => range.from <= range.to, 'An age range runs from the younger age to the older one'),
);
export type AgeRange = v.InferOutput<typeof AgeRangeSchema>;

/**
 * A book as every page reads it (GET /api/books, the book's own page, checkout, the owner's catalogue). For a book
 * the seed listed, the fields its events do not carry come from the content file by id, or the defaults below.
 */
export const BookDtoSchema = v.object({
  ...BookFieldsSchema.entries,
  /** its page's address, /books/{slug}; unique in the catalogue */
  slug: SlugSchema,
  kind: v.picklist(productKinds),
  coverAlt: v.string(),
  /** in the order they are shown */
  previewPages: v.array(PreviewPageSchema),
  /** the book's own VAT rate in basis points (decision 069 decides which rate a sale on a day is charged) */
  vatRate: VatRateSchema,
  /** the shop shows books lowest first; equal ones by id */
  sortOrder: v.number(),
  /** false: hidden from the shop and refused by new checkouts; still on past orders */
  published: v.boolean(),
  ageRange: v.optional(AgeRangeSchema),
  /** the customs details the owner set (decision 098); absent, the content file's for its kind apply */
  customs: v.optional(ProductCustomsRecordSchema),
});
export type BookDto = v.InferOutput<typeof BookDtoSchema>;
export const BooksResponseSchema = v.array(BookDtoSchema);

export const BookIdParamSchema = v.pipe(
  v.string(),
  v.regex(/^[1-9][0-9]{0,8}$/, 'Book id must be a positive whole number'),
  v.transform(Number),
);
