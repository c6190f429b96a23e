// Reviews as the storefront reads and sends them.
import { queryOptions } from '@tanstack/react-query';
import type { PublicReviewDto, SubmitReviewBody, SubmitReviewResponse } from '../../../../contracts/reviews.ts';
import { apiRequest } from '../../lib/api.ts';

export const bookReviewsPath = (bookId: number) => `/api/reviews/book/${bookId}`;

export const bookReviewsQuery = (bookId: number) =>
  queryOptions({
    queryKey: [bookReviewsPath(bookId)],
    queryFn: () => apiRequest<PublicReviewDto[]>('GET', bookReviewsPath(bookId)),
  });

export const submitReview = (body: SubmitReviewBody) => apiRequest<SubmitReviewResponse>('POST', '/api/reviews/submit', body);

const months = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** "1 March 2026", in the shopper's time zone; by hand, as a browser's first Intl date format stalls the landing page. */
export function reviewDate(iso: string): string {
  const date = new Date(iso);
  return `${date.getDate()} ${months[date.getMonth()]} ${date.getFullYear()}`;
}
