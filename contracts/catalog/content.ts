// The shop's editable content: products, story-world copy and contact details live in content/shop.json.
import * as v from 'valibot';
import raw from '../content/shop.json' with { type: 'json' };
import { VatRateSchema } from '../vat/rates.ts';
import { BundleRuleSchema } from './bundle.ts';
import { CustomsDefaultsSchema } from './customs.ts';
import { SlugSchema } from './slug.ts';

export const CatalogEntrySchema = v.object({
  id: v.pipe(v.number(), v.integer(), v.minValue(1)),
  kind: v.picklist(['story', 'poster']),
  title: v.pipe(v.string(), v.minLength(1)),
  /** the book's own page, /books/{slug}; unique in the catalogue */
  slug: SlugSchema,
  description: v.pipe(v.string(), v.minLength(1)),
  /** integer pence */
  price: v.pipe(v.number(), v.integer(), v.minValue(0)),
  /**
   * The product's VAT rate in basis points when the shop is registered (decision 069): 0 for a children's picture book
   * (VAT Notice 701/10, paragraph 3.7), 2000 for the poster (paragraph 4.1). The owner changes it from a day onward.
   */
  vatRate: VatRateSchema,
  coverImage: v.string(),
  coverAlt: v.string(),
  previewPages: v.array(v.object({ image: v.string(), alt: v.string() })),
});
export type CatalogEntry = v.InferOutput<typeof CatalogEntrySchema>;

export const ShopContentSchema = v.object({
  shop: v.object({
    name: v.string(),
    contactEmail: v.pipe(v.string(), v.email()),
    /** the seller's postal address, line by line, as receipts and VAT invoices show it */
    address: v.array(v.pipe(v.string(), v.minLength(1))),
    instagramUrl: v.pipe(v.string(), v.url()),
    facebookUrl: v.string(),
    twitterUrl: v.string(),
  }),
  books: v.array(CatalogEntrySchema),
  /** the bundle saving the owner offers (decision 072); absent or `enabled: false`, none */
  bundle: v.optional(BundleRuleSchema),
  /** what a customs declaration says of each kind of product, and what packaging adds to a parcel (decision 098) */
  customs: CustomsDefaultsSchema,
  about: v.object({
    heading: v.string(),
    verse: v.array(v.string()),
    verseAuthor: v.string(),
    paragraphs: v.array(v.string()),
  }),
  characters: v.array(
    v.object({
      name: v.string(),
      description: v.string(),
      traits: v.array(v.string()),
      image: v.string(),
      imageAlt: v.string(),
    }),
  ),
  testimonials: v.array(
    v.object({
      author: v.string(),
      role: v.string(),
      rating: v.pipe(v.number(), v.minValue(0), v.maxValue(5)),
      text: v.string(),
    }),
  ),
});
export type ShopContent = v.InferOutput<typeof ShopContentSchema>;

export const shopContent: ShopContent = v.parse(ShopContentSchema, raw);
