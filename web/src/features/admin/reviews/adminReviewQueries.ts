// The owner's review lists and the two moderation calls.
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { AdminReviewDto, ApproveReviewBody, ModerateReviewResponse, RejectReviewBody, ReviewListFilter } from '../../../../../contracts/reviews.ts';
import { apiRequest } from '../../../lib/api.ts';
import { bookReviewsPath } from '../../reviews/reviewQueries.ts';

const listPath = (filter: ReviewListFilter) => (filter === 'all' ? '/api/admin/reviews' : `/api/admin/reviews/${filter}`);

export const adminReviewsQuery = (filter: ReviewListFilter) =>
  queryOptions({
    queryKey: [listPath(filter)],
    queryFn: () => apiRequest<AdminReviewDto[]>('GET', listPath(filter)),
  });

export const approveReview = ({ id, adminMessage }: { id: string; adminMessage: string }) =>
  apiRequest<ModerateReviewResponse>('POST', `/api/admin/reviews/${id}/approve`, (adminMessage.trim() ? { adminMessage } : {}) satisfies ApproveReviewBody);

export const rejectReview = ({ id, adminMessage }: { id: string; adminMessage: string }) =>
  apiRequest<ModerateReviewResponse>('POST', `/api/admin/reviews/${id}/reject`, { adminMessage } satisfies RejectReviewBody);

/** After a decision every list may have changed, and so may the book's public reviews. */
export function refreshAfterModeration(queryClient: QueryClient, bookId: number) {
  void queryClient.invalidateQueries({ predicate: (q) => String(q.queryKey[0]).startsWith('/api/admin/reviews') });
  void queryClient.invalidateQueries({ queryKey: [bookReviewsPath(bookId)] });
}
