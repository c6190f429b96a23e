// The owner's review lists and the two moderation calls.
import type { QueryClient } from '@tanstack/react-query';
import { reviewsApi } from '#contracts/reviews/api.ts';
import type { ReviewListFilter } from '#contracts/reviews/model.ts';
import { call, queryFor, urlFor } from '../../../lib/api.ts';
import { bookReviewsQuery } from '../reviewQueries.ts';

export const adminReviewsQuery = (filter: ReviewListFilter) =>
  filter === 'all' ? queryFor(reviewsApi.adminAll) : queryFor(reviewsApi.adminByStatus, { params: { status: filter } });

export const approveReview = ({ id, adminMessage }: { id: string; adminMessage: string }) =>
  call(reviewsApi.approve, { params: { id }, body: adminMessage.trim() ? { adminMessage } : {} });

export const rejectReview = ({ id, adminMessage }: { id: string; adminMessage: string }) =>
  call(reviewsApi.reject, { params: { id }, body: { adminMessage } });

/** After a decision every list may have changed, and so may the book's public reviews. */
export function refreshAfterModeration(queryClient: QueryClient, bookId: number) {
  const lists = urlFor(reviewsApi.adminAll);
  void queryClient.invalidateQueries({ predicate: (q) => String(q.queryKey[0]).startsWith(lists) });
  void queryClient.invalidateQueries({ queryKey: bookReviewsQuery(bookId).queryKey });
}
