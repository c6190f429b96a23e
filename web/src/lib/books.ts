// The catalog as the web reads it.
import { queryOptions } from '@tanstack/react-query';
import type { BookDto } from '../../../contracts/catalog.ts';
import { apiRequest } from './api.ts';

export const booksQuery = queryOptions({
  queryKey: ['/api/books'],
  queryFn: () => apiRequest<BookDto[]>('GET', '/api/books'),
});
