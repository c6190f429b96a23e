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

/** "1 March 2026" */
export const reviewDate = (iso: string) => new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });
