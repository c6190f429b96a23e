// A book's approved reviews. The landing page reads them, so they are declared apart from the endpoints that carry
// the review form's and the moderation's schemas.
import { endpoint } from '../shared/endpoint.ts';
import type { PublicReviewDto } from './model.ts';

export const bookReviews = endpoint<PublicReviewDto[]>()({
  method: 'GET',
  path: '/api/reviews/book/:id',
  guarded: false,
  messages: { unknownBook: 'Book not found' },
});
