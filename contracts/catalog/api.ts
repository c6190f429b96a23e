// The catalog's endpoint: the books on sale, with the prices the checkout charges.
import { endpoint } from '../shared/endpoint.ts';
import type { BookDto } from './model.ts';
import type { BundleOffer } from './bundle.ts';
import { acceptedImageTypes, type UploadImageResponse } from './images.ts';

export const catalogApi = {
  books: endpoint<BookDto[]>()({ method: 'GET', path: '/api/books', guarded: false }),
  /** the savings every checkout is priced with (decision 072): the bundle, or null when the owner switched it off */
  offers: endpoint<{ bundle: BundleOffer }>()({ method: 'GET', path: '/api/offers', guarded: false }),
  /** an owner uploads a cover or a page: the image's bytes as the body, with its type (decision 078) */
  uploadImage: endpoint<UploadImageResponse>()({
    method: 'POST',
    path: '/api/admin/images',
    guarded: true,
    rawBody: acceptedImageTypes,
  }),
  /** one variant of an uploaded image, /media/<sha256>-<width>.<webp|avif> (the API's one path outside /api but the health check) */
  media: endpoint<Uint8Array>()({ method: 'GET', path: '/media/:name', guarded: false }),
} as const;
