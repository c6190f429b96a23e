// The catalog's endpoint: the books on sale, with the prices the checkout charges.
import { endpoint } from '../shared/endpoint.ts';
import type { BookDto } from './model.ts';

export const catalogApi = {
  books: endpoint<BookDto[]>()({ method: 'GET', path: '/api/books', guarded: false }),
} as const;
