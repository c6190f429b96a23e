// Read models for reviews: approved reviews per book for shoppers, and every review by status, with its
// moderation history, for the owner. Newest first everywhere.
import type { ReviewStatus } from '../../contracts/shared/constants.ts';
import type { RecordedEvent } from '../../contracts/shared/events.ts';
import type { AdminReviewDto, ReviewListFilter } from '../../contracts/reviews/model.ts';
import type { ReviewApproved, ReviewEvent, ReviewRejected } from '../../contracts/reviews/events.ts';
import type { ReadStoreReader, Write } from '../../contracts/ports/readStore.ts';
import { newestFirstPage, type Page, type PageCursor } from '../../contracts/shared/paging.ts';
import { defineProjection } from '../engine/projection.ts';
import { reviewsReadModel } from '../../contracts/reviews/readModel.ts';

export { approvedReviewsForBook } from '../../contracts/reviews/readModel.ts';

const { collection, approvedForBookIndex } = reviewsReadModel;
const allIndex = 'reviews:all';
const statusIndex = (status: ReviewStatus) => `reviews:status:${status}`;

/** The stored document also remembers the last stream revision it folded, so a redelivered event changes nothing. */
type StoredReview = AdminReviewDto & { revision: number };

/** The review as folded so far, unless it already folded this event (a redelivered event changes nothing). */
async function reviewBefore(
  view: ReadStoreReader,
  event: RecordedEvent<ReviewEvent>,
): Promise<{ current: StoredReview | null } | null> {
  const current = await view.get<StoredReview>(collection, event.data.reviewId);
  return current && current.revision >= event.revision ? null : { current };
}

async function decided(
  view: ReadStoreReader,
  event: RecordedEvent<ReviewApproved | ReviewRejected>,
  status: 'approved' | 'rejected',
): Promise<Write[]> {
  const review = (await reviewBefore(view, event))?.current;
  if (!review) return [];
  const { adminMessage: message, by, at } = event.data;
  const doc: StoredReview = {
    ...review,
    status,
    adminMessage: message ?? null,
    history: [...review.history, { action: status, by, at, ...(message ? { message } : {}) }],
    revision: event.revision,
  };
  const score = Date.parse(review.createdAt);
  const writes: Write[] = [
    { op: 'put', collection, id: review.id, doc },
    { op: 'unindex', index: statusIndex(review.status), id: review.id },
    { op: 'index', index: statusIndex(status), id: review.id, score },
  ];
  if (status === 'approved')
    writes.push({ op: 'index', index: approvedForBookIndex(review.bookId), id: review.id, score });
  return writes;
}

export const reviewsProjection = defineProjection({
  name: reviewsReadModel.name,
  version: 1,
  handlers: {
    async ReviewSubmitted(event, view) {
      if (!(await reviewBefore(view, event))) return [];
      const id = event.data.reviewId;
      const { bookId, customerName, customerEmail, rating, reviewText, submittedAt } = event.data;
      const doc: StoredReview = {
        id,
        bookId,
        customerName,
        customerEmail,
        rating,
        reviewText,
        status: 'pending',
        adminMessage: null,
        createdAt: submittedAt,
        history: [{ action: 'submitted', by: customerName, at: submittedAt }],
        revision: event.revision,
      };
      const score = Date.parse(submittedAt);
      return [
        { op: 'put', collection, id, doc },
        { op: 'index', index: allIndex, id, score },
        { op: 'index', index: statusIndex('pending'), id, score },
      ];
    },
    ReviewApproved: (event, view) => decided(view, event, 'approved'),
    ReviewRejected: (event, view) => decided(view, event, 'rejected'),
  },
});

async function load(reader: ReadStoreReader, index: string): Promise<StoredReview[]> {
  const ids = await reader.range(index, { reverse: true });
  return (await reader.getMany<StoredReview>(collection, ids)).filter((r): r is StoredReview => r !== null);
}

const forAdmin = ({ revision: _revision, ...review }: StoredReview): AdminReviewDto => review;

/** GET /api/admin/reviews[/{status}]: every review, or those with one status, newest first. */
export async function adminReviews(reader: ReadStoreReader, filter: ReviewListFilter): Promise<AdminReviewDto[]> {
  return (await load(reader, filter === 'all' ? allIndex : statusIndex(filter))).map(forAdmin);
}

/** One page of the owner's review list, newest first, after `cursor`. */
export async function adminReviewsPage(
  reader: ReadStoreReader,
  filter: ReviewListFilter,
  limit: number,
  cursor?: PageCursor,
): Promise<Page<AdminReviewDto>> {
  const page = await newestFirstPage<StoredReview>(reader, {
    index: filter === 'all' ? allIndex : statusIndex(filter),
    collection,
    limit,
    cursor,
    scoreOf: (review) => Date.parse(review.createdAt),
  });
  return { ...page, items: page.items.map(forAdmin) };
}

export async function adminReview(reader: ReadStoreReader, id: string): Promise<AdminReviewDto | null> {
  const review = await reader.get<StoredReview>(collection, id);
  return review ? forAdmin(review) : null;
}
