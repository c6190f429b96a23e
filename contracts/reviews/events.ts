// The reviews' events, declared once: the payload schemas of stream review-<uuid>, and the types derived from them.
import * as v from 'valibot';
import { at, causes, defineEvents, text, type EventsOf } from '../shared/eventDefinitions.ts';

const { owner, shopper } = causes;

export const ReviewSubmittedV1 = v.object({
  reviewId: text,
  bookId: v.number(),
  customerName: text,
  customerEmail: text,
  rating: v.number(),
  reviewText: text,
  submittedAt: at,
});

export const ReviewApprovedV1 = v.object({ reviewId: text, adminMessage: v.optional(text), by: text, at });

export const ReviewRejectedV1 = v.object({ reviewId: text, adminMessage: text, by: text, at });

export const reviewEvents = defineEvents([
  {
    type: 'ReviewSubmitted',
    stream: 'review',
    causedBy: shopper,
    description: 'A shopper wrote a review; it waits for the owner.',
    versions: [{ schema: ReviewSubmittedV1 }],
  },
  {
    type: 'ReviewApproved',
    stream: 'review',
    causedBy: owner,
    description: 'The owner published a review, with an optional message.',
    versions: [{ schema: ReviewApprovedV1 }],
  },
  {
    type: 'ReviewRejected',
    stream: 'review',
    causedBy: owner,
    description: 'The owner rejected a review, giving a reason.',
    versions: [{ schema: ReviewRejectedV1 }],
  },
]);

export type ReviewEvent = EventsOf<typeof reviewEvents>;
export type ReviewSubmitted = Extract<ReviewEvent, { type: 'ReviewSubmitted' }>;
export type ReviewApproved = Extract<ReviewEvent, { type: 'ReviewApproved' }>;
export type ReviewRejected = Extract<ReviewEvent, { type: 'ReviewRejected' }>;
