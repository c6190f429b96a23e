// The review decider: a review is submitted once, then approved or rejected once, and only while pending.
import type { ReviewStatus } from '../../contracts/shared/constants.ts';
import { reviewMessages, type SubmitReviewBody } from '../../contracts/reviews/model.ts';
import type { ReviewEvent } from '../../contracts/reviews/events.ts';
import type { Decider } from '../commands.ts';
import { conflict, invalid, notFound } from '../../contracts/shared/errors.ts';

export type ReviewState = { status: 'none' } | { status: ReviewStatus; bookId: number };

export type SubmitReview = { type: 'SubmitReview'; reviewId: string; review: SubmitReviewBody; at: string };
export type ApproveReview = { type: 'ApproveReview'; reviewId: string; adminMessage?: string; by: string; at: string };
export type RejectReview = { type: 'RejectReview'; reviewId: string; adminMessage: string; by: string; at: string };
export type ReviewCommand = SubmitReview | ApproveReview | RejectReview;

function submitReview(command: SubmitReview, state: ReviewState): ReviewEvent[] {
  if (state.status !== 'none') throw conflict('This review has already been submitted');
  return [
    { type: 'ReviewSubmitted', data: { reviewId: command.reviewId, ...command.review, submittedAt: command.at } },
  ];
}

function mustBePending(state: ReviewState, verb: string): void {
  if (state.status === 'none') throw notFound('Review not found');
  if (state.status !== 'pending') throw conflict(`This review has already been ${state.status} and cannot be ${verb}`);
}

function approveReview(command: ApproveReview, state: ReviewState): ReviewEvent[] {
  mustBePending(state, 'approved');
  const message = command.adminMessage?.trim();
  return [
    {
      type: 'ReviewApproved',
      data: {
        reviewId: command.reviewId,
        ...(message ? { adminMessage: message } : {}),
        by: command.by,
        at: command.at,
      },
    },
  ];
}

function rejectReview(command: RejectReview, state: ReviewState): ReviewEvent[] {
  mustBePending(state, 'rejected');
  const message = command.adminMessage.trim();
  if (!message) throw invalid(reviewMessages.rejectionReason);
  return [
    {
      type: 'ReviewRejected',
      data: { reviewId: command.reviewId, adminMessage: message, by: command.by, at: command.at },
    },
  ];
}

export const reviewDecider: Decider<ReviewState, ReviewCommand, ReviewEvent> = {
  initialState: () => ({ status: 'none' }),
  evolve: (state, event) => {
    switch (event.type) {
      case 'ReviewSubmitted':
        return { status: 'pending', bookId: event.data.bookId };
      case 'ReviewApproved':
        return state.status === 'none' ? state : { ...state, status: 'approved' };
      case 'ReviewRejected':
        return state.status === 'none' ? state : { ...state, status: 'rejected' };
      default:
        return state;
    }
  },
  decide: (command, state) => {
    switch (command.type) {
      case 'SubmitReview':
        return submitReview(command, state);
      case 'ApproveReview':
        return approveReview(command, state);
      case 'RejectReview':
        return rejectReview(command, state);
    }
  },
};
