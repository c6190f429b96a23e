// The catalogue's events, declared once: the seed's listings and the owner's changes to a product (stream book-<id>),
// and the images added for it (stream image-<sha256>), with the types derived from their schemas.
import * as v from 'valibot';
import { at, causes, defineEvents, text, whole, type EventsOf } from '../shared/eventDefinitions.ts';
import { BookFieldsSchema } from './model.ts';
import {
  ProductAddedV1,
  ProductCustomsChangedV1,
  ProductEditedV1,
  ProductHiddenV1,
  ProductPriceChangedV1,
  ProductPublishedV1,
  ProductReorderedV1,
} from './product.ts';

const { owner } = causes;
const seed = 'the catalog seed at start (`system:catalog-seed`)';
const count = whole;

export const bookEvents = defineEvents([
  {
    type: 'BookListed',
    stream: 'book',
    causedBy: seed,
    description: 'A book of the catalog file is in the shop for the first time.',
    versions: [{ schema: BookFieldsSchema }],
  },
  {
    type: 'BookUpdated',
    stream: 'book',
    causedBy: seed,
    description: "A book's fields in the catalog file changed between two starts.",
    versions: [{ schema: BookFieldsSchema }],
  },
]);

export type CatalogEvent = EventsOf<typeof bookEvents>;
export type BookListed = Extract<CatalogEvent, { type: 'BookListed' }>;
export type BookUpdated = Extract<CatalogEvent, { type: 'BookUpdated' }>;

export const productEvents = defineEvents([
  {
    type: 'ProductAdded',
    stream: 'book',
    causedBy: owner,
    description:
      'The owner added a product to the catalogue, with every field the shop shows, its price, its VAT rate from the earliest day, its place and whether it is on sale.',
    versions: [{ schema: ProductAddedV1 }],
  },
  {
    type: 'ProductEdited',
    stream: 'book',
    causedBy: owner,
    description:
      "The owner changed a product's text, address or pictures: only the fields that changed; from then on the catalog file no longer updates it.",
    versions: [{ schema: ProductEditedV1 }],
  },
  {
    type: 'ProductPriceChanged',
    stream: 'book',
    causedBy: owner,
    description:
      'The owner changed a price (pence, from and to): checkouts started after it are charged the new one; orders already placed keep theirs.',
    versions: [{ schema: ProductPriceChangedV1 }],
  },
  {
    type: 'ProductHidden',
    stream: 'book',
    causedBy: owner,
    description:
      'The owner took a product off the shop: new checkouts refuse it; past orders, receipts and the console still show it.',
    versions: [{ schema: ProductHiddenV1 }],
  },
  {
    type: 'ProductPublished',
    stream: 'book',
    causedBy: owner,
    description: 'The owner put a hidden product back on the shop.',
    versions: [{ schema: ProductPublishedV1 }],
  },
  {
    type: 'ProductReordered',
    stream: 'book',
    causedBy: owner,
    description: "The owner moved a product in the shop's order (from and to, lowest shown first).",
    versions: [{ schema: ProductReorderedV1 }],
  },
  {
    type: 'ProductCustomsChanged',
    stream: 'book',
    causedBy: owner,
    description:
      "The owner changed a product's customs details (weight in grams, tariff code, country of origin; from and to, each whole): Click & Drop files and packing slips made after it declare the new ones.",
    versions: [{ schema: ProductCustomsChangedV1 }],
  },
]);
export type ProductEvent = EventsOf<typeof productEvents>;
export type ProductAdded = Extract<ProductEvent, { type: 'ProductAdded' }>;
export type ProductEdited = Extract<ProductEvent, { type: 'ProductEdited' }>;
export const productEventTypes = productEvents.map((d) => d.type);

/** The owner added an image (its first upload; the same image again adds nothing). */
export const ImageUploadedV1 = v.object({
  /** media:<sha256 of the normalised original> */
  ref: v.pipe(v.string(), v.regex(/^media:[0-9a-f]{64}$/)),
  width: count,
  height: count,
  /** the format the original is kept in (the uploaded one) */
  format: v.picklist(['jpeg', 'png', 'webp']),
  /** size of the kept original */
  bytes: count,
  by: text,
  at,
});

export const imageEvents = defineEvents([
  {
    type: 'ImageUploaded',
    stream: 'image',
    causedBy: owner,
    description:
      'An owner added an image (a cover or a page) for the catalogue: its reference (`media:` and the sha256 of the kept original, with EXIF and other metadata stripped), its size in pixels, the format it is kept in and its bytes. Recorded at its first upload only: the same image again is the same file and adds nothing. One stream per image, `image-<sha256>`.',
    versions: [{ schema: ImageUploadedV1 }],
  },
]);

export type ImageEvent = EventsOf<typeof imageEvents>;
export type ImageUploaded = Extract<ImageEvent, { type: 'ImageUploaded' }>;
