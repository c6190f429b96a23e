// The approved reviews of each book as every capability reads them: the reviews projection writes these keys, the
// reviews endpoint and the book's own page (its rating, in the HTML the server sends) read them.
import type { ReadStoreReader } from '../ports/readStore.ts';
import type { PublicReviewDto } from './model.ts';

export const reviewsReadModel = {
  name: 'reviews',
  /** one document per review, by its id */
  collection: 'reviews',
  /** a book's approved reviews, scored by when they were written */
  approvedForBookIndex: (bookId: number) => `reviews:approved:book:${bookId}`,
} as const;

type StoredReview = Omit<PublicReviewDto, 'status'>;

/** GET /api/reviews/book/{id}: what shoppers see of the approved reviews, newest first. */
export async function approvedReviewsForBook(reader: ReadStoreReader, bookId: number): Promise<PublicReviewDto[]> {
  const ids = await reader.range(reviewsReadModel.approvedForBookIndex(bookId), { reverse: true });
  return (await reader.getMany<StoredReview>(reviewsReadModel.collection, ids))
    .filter((r): r is StoredReview => r !== null)
    .map(({ id, bookId, customerName, rating, reviewText, createdAt }) => ({
      id,
      bookId,
      customerName,
      rating,
      reviewText,
      status: 'approved',
      createdAt,
    }));
}
