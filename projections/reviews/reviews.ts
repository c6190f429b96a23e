// Read models for reviews: approved reviews per book for shoppers, and every review by status, with its
// moderation history, for the owner. Newest first everywhere.
import type { ReviewStatus } from '../../contracts/shared/constants.ts';
import type { RecordedEvent } from '../../contracts/shared/events.ts';
import type { AdminReviewDto, PublicReviewDto, ReviewEvent, ReviewListFilter } from '../../contracts/reviews/model.ts';
import type { ReadStoreReader, Write } from '../../contracts/ports/readStore.ts';
import { newestFirstPage, type Page, type PageCursor } from '../../contracts/shared/paging.ts';
import { defineProjection } from '../engine/projection.ts';

const collection = 'reviews';
const allIndex = 'reviews:all';
const statusIndex = (status: ReviewStatus) => `reviews:status:${status}`;
const approvedForBookIndex = (bookId: number) => `reviews:approved:book:${bookId}`;

/** The stored document also remembers the last stream revision it folded, so a redelivered event changes nothing. */
type StoredReview = AdminReviewDto & { revision: number };

function decided(
  review: StoredReview,
  event: RecordedEvent<ReviewEvent>,
  status: 'approved' | 'rejected',
  message: string | undefined,
): Write[] {
  const at = (event.data as { at: string }).at;
  const by = (event.data as { by: string }).by;
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
  name: 'reviews',
  version: 1,
  handles: ['ReviewSubmitted', 'ReviewApproved', 'ReviewRejected'],
  async apply(recorded: RecordedEvent, view: ReadStoreReader): Promise<Write[]> {
    const event = recorded as unknown as RecordedEvent<ReviewEvent>;
    const id = event.data.reviewId;
    const current = await view.get<StoredReview>(collection, id);
    if (current && current.revision >= event.revision) return [];
    switch (event.type) {
      case 'ReviewSubmitted': {
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
      }
      case 'ReviewApproved':
        return current ? decided(current, event, 'approved', event.data.adminMessage) : [];
      case 'ReviewRejected':
        return current ? decided(current, event, 'rejected', event.data.adminMessage) : [];
    }
  },
});

async function load(reader: ReadStoreReader, index: string): Promise<StoredReview[]> {
  const ids = await reader.range(index, { reverse: true });
  return (await reader.getMany<StoredReview>(collection, ids)).filter((r): r is StoredReview => r !== null);
}

const forAdmin = ({ revision: _revision, ...review }: StoredReview): AdminReviewDto => review;

/** GET /api/reviews/book/{id}: what shoppers see of the approved reviews, newest first. */
export async function approvedReviewsForBook(reader: ReadStoreReader, bookId: number): Promise<PublicReviewDto[]> {
  return (await load(reader, approvedForBookIndex(bookId))).map(
    ({ id, bookId, customerName, rating, reviewText, createdAt }) => ({
      id,
      bookId,
      customerName,
      rating,
      reviewText,
      status: 'approved',
      createdAt,
    }),
  );
}

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
