// Catalog events and the book as the API serves it.
import * as v from 'valibot';
import type { DomainEvent } from '../shared/events.ts';

export const BookFieldsSchema = v.object({
  id: v.pipe(v.number(), v.integer(), v.minValue(1)),
  title: v.string(),
  description: v.string(),
  /** integer pence */
  price: v.pipe(v.number(), v.integer(), v.minValue(0)),
  coverImage: v.string(),
});
export type BookFields = v.InferOutput<typeof BookFieldsSchema>;

export type BookListed = DomainEvent<'BookListed', BookFields>;
export type BookUpdated = DomainEvent<'BookUpdated', BookFields>;
export type CatalogEvent = BookListed | BookUpdated;

/** GET /api/books */
export const BookDtoSchema = BookFieldsSchema;
export type BookDto = BookFields;
export const BooksResponseSchema = v.array(BookDtoSchema);

export const BookIdParamSchema = v.pipe(
  v.string(),
  v.regex(/^[1-9][0-9]{0,8}$/, 'Book id must be a positive whole number'),
  v.transform(Number),
);
