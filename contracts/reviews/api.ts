// Reviews over HTTP: shoppers submit and read approved reviews; the owner lists and moderates them.
import { endpoint } from '../shared/endpoint.ts';
import {
  AdminReviewsPageQuerySchema,
  ApproveReviewBodySchema,
  RejectReviewBodySchema,
  SubmitReviewBodySchema,
  type AdminReviewDto,
  type ModerateReviewResponse,
  type SubmitReviewResponse,
} from './model.ts';
import { bookReviews } from './readApi.ts';

export const reviewsApi = {
  submit: endpoint<SubmitReviewResponse>()({
    method: 'POST',
    path: '/api/reviews/submit',
    guarded: false,
    body: SubmitReviewBodySchema,
    messages: {
      submitted: 'Thank you for your review! It has been submitted for approval.',
      unknownBook: 'Book not found',
    },
  }),
  forBook: bookReviews,
  /** Every review; with `limit` or `cursor`, one page of them (the size and next cursor in headers). */
  adminAll: endpoint<AdminReviewDto[]>()({
    method: 'GET',
    path: '/api/admin/reviews',
    guarded: true,
    query: AdminReviewsPageQuerySchema,
  }),
  adminByStatus: endpoint<AdminReviewDto[]>()({
    method: 'GET',
    path: '/api/admin/reviews/:status',
    guarded: true,
    query: AdminReviewsPageQuerySchema,
  }),
  approve: endpoint<ModerateReviewResponse>()({
    method: 'POST',
    path: '/api/admin/reviews/:id/approve',
    guarded: true,
    body: ApproveReviewBodySchema,
    messages: { approved: 'The review has been approved and published', unknownReview: 'Review not found' },
  }),
  reject: endpoint<ModerateReviewResponse>()({
    method: 'POST',
    path: '/api/admin/reviews/:id/reject',
    guarded: true,
    body: RejectReviewBodySchema,
    messages: { rejected: 'The review has been rejected', unknownReview: 'Review not found' },
  }),
} as const;
