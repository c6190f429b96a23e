import { test } from 'uvu';
import { reviewMessages } from '../../contracts/reviews/model.ts';
import type { ReviewApproved, ReviewRejected, ReviewSubmitted } from '../../contracts/reviews/events.ts';
import { Conflict, Invalid, NotFound } from '../../contracts/shared/errors.ts';
import { deciderSpec } from '../../infra/testing/decider.ts';
import { reviewDecider } from './review.ts';

const spec = deciderSpec(reviewDecider);
const reviewId = '2f1c7d0e-5b3a-4c51-9d4e-0a6b8c2d1e3f';
const at = '2026-03-01T10:00:00.000Z';
const later = '2026-03-02T09:30:00.000Z';
const review = {
  bookId: 2,
  customerName: 'Maryam',
  customerEmail: 'maryam@example.com',
  rating: 5,
  reviewText: 'My children loved it.',
};

const submitted: ReviewSubmitted = { type: 'ReviewSubmitted', data: { reviewId, ...review, submittedAt: at } };
const approved: ReviewApproved = { type: 'ReviewApproved', data: { reviewId, by: 'admin', at: later } };
const rejected: ReviewRejected = {
  type: 'ReviewRejected',
  data: { reviewId, adminMessage: 'Off topic', by: 'admin', at: later },
};

test('a shopper submits a review: it waits for approval', () => {
  spec.given([]).when({ type: 'SubmitReview', reviewId, review, at }).then([submitted]);
});

test('a review is submitted only once', () => {
  spec.given([submitted]).when({ type: 'SubmitReview', reviewId, review, at }).thenFails(Conflict);
});

test('the owner approves a pending review', () => {
  spec.given([submitted]).when({ type: 'ApproveReview', reviewId, by: 'admin', at: later }).then([approved]);
});

test('the owner approves a pending review with a message, trimmed', () => {
  spec
    .given([submitted])
    .when({ type: 'ApproveReview', reviewId, adminMessage: '  Thank you!  ', by: 'admin', at: later })
    .then([{ type: 'ReviewApproved', data: { reviewId, adminMessage: 'Thank you!', by: 'admin', at: later } }]);
});

test('the owner approves a pending review with a blank message: no message', () => {
  spec
    .given([submitted])
    .when({ type: 'ApproveReview', reviewId, adminMessage: '   ', by: 'admin', at: later })
    .then([approved]);
});

test('the owner rejects a pending review with a reason', () => {
  spec
    .given([submitted])
    .when({ type: 'RejectReview', reviewId, adminMessage: 'Off topic', by: 'admin', at: later })
    .then([rejected]);
});

test('the owner rejects a pending review only with a reason', () => {
  spec
    .given([submitted])
    .when({ type: 'RejectReview', reviewId, adminMessage: '  ', by: 'admin', at: later })
    .thenFails(Invalid, reviewMessages.rejectionReason);
});

for (const [decision, decided] of [
  ['approved', approved],
  ['rejected', rejected],
] as const) {
  test(`a review already ${decision} cannot be approved`, () => {
    spec
      .given([submitted, decided])
      .when({ type: 'ApproveReview', reviewId, by: 'admin', at: later })
      .thenFails(Conflict, /already/);
  });

  test(`a review already ${decision} cannot be rejected`, () => {
    spec
      .given([submitted, decided])
      .when({ type: 'RejectReview', reviewId, adminMessage: 'No', by: 'admin', at: later })
      .thenFails(Conflict, /already/);
  });
}

test('a review that was never submitted cannot be approved', () => {
  spec
    .given([])
    .when({ type: 'ApproveReview', reviewId, by: 'admin', at: later })
    .thenFails(NotFound, 'Review not found');
});

test('a review that was never submitted cannot be rejected', () => {
  spec
    .given([])
    .when({ type: 'RejectReview', reviewId, adminMessage: 'No', by: 'admin', at: later })
    .thenFails(NotFound, 'Review not found');
});

test.run();
