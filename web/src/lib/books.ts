// The catalog as the web reads it.
import { catalogApi } from '#contracts/catalog/api.ts';
import { queryFor } from './api.ts';

/**
 * The cards, the cart and the reviews all read the books. When the catalogue could not be loaded, a part of the page
 * mounting later must not fetch it again: with no books yet, a refetch puts the query back to loading, and the
 * shopper would see the error message vanish and return.
 */
export const booksQuery = { ...queryFor(catalogApi.books), retryOnMount: false };

/** The bundle every checkout is priced with; null when it is off. */
export const offersQuery = queryFor(catalogApi.offers);
