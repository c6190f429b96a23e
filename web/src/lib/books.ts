// The catalog as the web reads it.
import { catalogApi } from '../../../contracts/catalog/api.ts';
import { queryFor } from './api.ts';

export const booksQuery = queryFor(catalogApi.books);

/** The bundle every checkout is priced with; null when it is off. */
export const offersQuery = queryFor(catalogApi.offers);
