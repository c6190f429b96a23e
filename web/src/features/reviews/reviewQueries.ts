// Reviews as the storefront reads them.
import { bookReviews } from '#contracts/reviews/readApi.ts';
import { monthNames } from '#contracts/shared/days.ts';
import { queryFor } from '../../lib/api.ts';

export const bookReviewsQuery = (bookId: number) => queryFor(bookReviews, { params: { id: bookId } });

/** "1 March 2026", in the shopper's time zone; by hand, as a browser's first Intl date format stalls the landing page. */
export function reviewDate(iso: string): string {
  const date = new Date(iso);
  return `${date.getDate()} ${monthNames[date.getMonth()]} ${date.getFullYear()}`;
}
