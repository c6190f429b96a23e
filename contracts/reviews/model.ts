// Reviews: the shopper's submission, the owner's decisions, their events and what the API answers.
import * as v from 'valibot';
import { ownerText } from '../shared/ownerText.ts';
import { AdminPageQueryEntries } from '../shared/paging.ts';
import { rating, reviewStatuses, type ReviewStatus } from '../shared/constants.ts';
import { requestBody } from '../shared/http.ts';

export const reviewMessages = {
  name: 'Name must be at least 2 characters',
  nameTooLong: 'Name must be at most 100 characters',
  email: 'Please enter a valid email address',
  reviewText: 'Review must be at least 5 characters',
  reviewTextTooLong: 'Review must be at most 2000 characters',
  rating: `Please choose a rating from ${rating.min} to ${rating.max} stars`,
  bookId: 'Book id must be a number',
  rejectionReason: 'Please provide a reason for rejection',
  adminMessage: 'Message must be text',
  adminMessageTooLong: 'Message must be at most 1000 characters',
} as const;

const trimmedText = (min: number, minMessage: string, max: number, maxMessage: string) =>
  v.pipe(v.string(minMessage), v.trim(), v.minLength(min, minMessage), v.maxLength(max, maxMessage));

/** POST /api/reviews/submit — also the "Write a Review" form's schema. */
export const SubmitReviewBodySchema = requestBody(
  {
    bookId: v.pipe(
      v.number(reviewMessages.bookId),
      v.integer(reviewMessages.bookId),
      v.minValue(1, reviewMessages.bookId),
    ),
    customerName: trimmedText(2, reviewMessages.name, 100, reviewMessages.nameTooLong),
    customerEmail: v.pipe(
      v.string(reviewMessages.email),
      v.trim(),
      v.email(reviewMessages.email),
      v.maxLength(254, reviewMessages.email),
    ),
    rating: v.pipe(
      v.number(reviewMessages.rating),
      v.integer(reviewMessages.rating),
      v.minValue(rating.min, reviewMessages.rating),
      v.maxValue(rating.max, reviewMessages.rating),
    ),
    reviewText: trimmedText(5, reviewMessages.reviewText, 2000, reviewMessages.reviewTextTooLong),
  },
  {
    bookId: reviewMessages.bookId,
    customerName: reviewMessages.name,
    customerEmail: reviewMessages.email,
    rating: reviewMessages.rating,
    reviewText: reviewMessages.reviewText,
  },
);
export type SubmitReviewBody = v.InferOutput<typeof SubmitReviewBodySchema>;

const adminMessage = v.pipe(
  v.string(reviewMessages.adminMessage),
  ownerText('The message', { multiline: true }),
  v.trim(),
  v.maxLength(1000, reviewMessages.adminMessageTooLong),
);

/** POST /api/admin/reviews/{id}/approve — the message is optional. */
export const ApproveReviewBodySchema = v.optional(
  v.object({ adminMessage: v.optional(v.nullable(adminMessage)) }, 'Request body must be a JSON object'),
  {},
);
export type ApproveReviewBody = v.InferOutput<typeof ApproveReviewBodySchema>;

/** POST /api/admin/reviews/{id}/reject — a reason is required. */
export const RejectReviewBodySchema = v.object(
  {
    adminMessage: v.pipe(
      v.optional(v.string(reviewMessages.rejectionReason), ''),
      adminMessage,
      v.minLength(1, reviewMessages.rejectionReason),
    ),
  },
  reviewMessages.rejectionReason,
);
export type RejectReviewBody = v.InferOutput<typeof RejectReviewBodySchema>;

export const ReviewIdParamSchema = v.pipe(v.string(), v.uuid('Review id must be a UUID'));

export const reviewListFilters = [...reviewStatuses, 'all'] as const;
export type ReviewListFilter = (typeof reviewListFilters)[number];
/**
 * GET /api/admin/reviews[/{status}]?limit=&cursor=: without them every review, as the list has always answered; with
 * them one page, still a list, with the next page's cursor in the X-Next-Cursor header (absent on the last page) and
 * the number of reviews in the list in X-Total-Count.
 */
export const AdminReviewsPageQuerySchema = v.object({ ...AdminPageQueryEntries });

export const ReviewListFilterSchema = v.picklist(
  reviewListFilters,
  `Status must be one of ${reviewListFilters.join(', ')}`,
);

/** One line of a review's moderation history, read from its events. */
export type ModerationEntry = {
  action: 'submitted' | 'approved' | 'rejected';
  by: string;
  at: string;
  message?: string;
};

/** A review as the owner sees it, with its history. */
export type AdminReviewDto = {
  id: string;
  bookId: number;
  customerName: string;
  customerEmail: string;
  rating: number;
  reviewText: string;
  status: ReviewStatus;
  adminMessage: string | null;
  createdAt: string;
  history: ModerationEntry[];
};

/** A review as shoppers see it: no e-mail address, no moderation notes. */
export type PublicReviewDto = Pick<
  AdminReviewDto,
  'id' | 'bookId' | 'customerName' | 'rating' | 'reviewText' | 'createdAt'
> & { status: 'approved' };

export type SubmitReviewResponse = { success: true; message: string; reviewId: string };
export type ModerateReviewResponse = { success: true; message: string; review: AdminReviewDto };
