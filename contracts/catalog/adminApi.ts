// The owner's catalogue (decision 077): every product, hidden ones too, and the owner's changes to them. Reading is
// open to every admin role; the changes are an owner's (the admin router admits no auditor to a write).
import { endpoint } from '../shared/endpoint.ts';
import type { ProductCustoms } from './customs.ts';
import type { BookDto } from './model.ts';
import { AddProductSchema, EditProductSchema, ProductNoteSchema, ReorderProductsSchema } from './product.ts';

/**
 * A product as the owner's catalogue shows it: `vatRate` is the rate it has today (decision 069); weight, tariff code
 * and origin are those a customs form declares for it (its own, or the content file's for its kind; decision 098).
 */
export type CatalogueProduct = BookDto & ProductCustoms;
export type CatalogueResponse = { products: CatalogueProduct[] };
export type CatalogueChangeResponse = { success: true; message: string; product: CatalogueProduct };
export type CatalogueOrderResponse = { success: true; message: string; products: CatalogueProduct[] };

export const catalogueMessages = {
  slugTaken: (slug: string, title: string) => `The address /books/${slug} is already ${title}'s. Choose another.`,
  unknown: (raw: string) => `There is no product with id ${raw.slice(0, 20)}`,
  everyProductOnce: 'The new order must list every product in the catalogue once.',
} as const;

export const catalogueApi = {
  list: endpoint<CatalogueResponse>()({ method: 'GET', path: '/api/admin/catalogue', guarded: true }),
  add: endpoint<CatalogueChangeResponse>()({
    method: 'POST',
    path: '/api/admin/catalogue',
    guarded: true,
    body: AddProductSchema,
  }),
  edit: endpoint<CatalogueChangeResponse>()({
    method: 'PATCH',
    path: '/api/admin/catalogue/:id',
    guarded: true,
    body: EditProductSchema,
  }),
  hide: endpoint<CatalogueChangeResponse>()({
    method: 'POST',
    path: '/api/admin/catalogue/:id/hide',
    guarded: true,
    body: ProductNoteSchema,
  }),
  publish: endpoint<CatalogueChangeResponse>()({
    method: 'POST',
    path: '/api/admin/catalogue/:id/publish',
    guarded: true,
    body: ProductNoteSchema,
  }),
  reorder: endpoint<CatalogueOrderResponse>()({
    method: 'POST',
    path: '/api/admin/catalogue/order',
    guarded: true,
    body: ReorderProductsSchema,
  }),
} as const;
