import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { ReviewEvent } from '../../contracts/reviews/events.ts';
import { reviewStream } from '../../contracts/shared/streams.ts';
import { fold, isIdempotent, recorded } from '../../infra/testing/projections.ts';
import { adminReview, adminReviews, approvedReviewsForBook, reviewsProjection } from './reviews.ts';

const ids = [
  '0b5f5a2e-0000-4000-8000-000000000001',
  '0b5f5a2e-0000-4000-8000-000000000002',
  '0b5f5a2e-0000-4000-8000-000000000003',
  '0b5f5a2e-0000-4000-8000-000000000004',
] as const;

const submitted = (reviewId: string, bookId: number, day: number): ReviewEvent => ({
  type: 'ReviewSubmitted',
  data: {
    reviewId,
    bookId,
    customerName: `Reader ${day}`,
    customerEmail: `r${day}@example.com`,
    rating: 4,
    reviewText: `Lovely story ${day}`,
    submittedAt: `2026-03-0${day}T10:00:00.000Z`,
  },
});

function story() {
  const [a, b, c, d] = ids;
  return [
    recorded(reviewStream(a), submitted(a, 2, 1)),
    recorded(reviewStream(b), submitted(b, 2, 2)),
    recorded(reviewStream(c), submitted(c, 1, 3)),
    recorded(reviewStream(d), submitted(d, 2, 4)),
    recorded(reviewStream(a), {
      type: 'ReviewApproved',
      data: { reviewId: a, adminMessage: 'Thank you', by: 'admin', at: '2026-03-05T09:00:00.000Z' },
    }),
    recorded(reviewStream(d), {
      type: 'ReviewApproved',
      data: { reviewId: d, by: 'owner', at: '2026-03-05T09:05:00.000Z' },
    }),
    recorded(reviewStream(b), {
      type: 'ReviewRejected',
      data: { reviewId: b, adminMessage: 'Not about the book', by: 'admin', at: '2026-03-05T09:10:00.000Z' },
    }),
  ];
}

test('reviews: shoppers see only approved reviews of the book asked for, newest first, without e-mail addresses', async () => {
  const store = await fold([reviewsProjection], story());
  const forBook2 = await approvedReviewsForBook(store, 2);
  assert.equal(
    forBook2.map((r) => r.id),
    [ids[3], ids[0]],
  );
  assert.equal(Object.keys(forBook2[0]!).sort(), [
    'bookId',
    'createdAt',
    'customerName',
    'id',
    'rating',
    'reviewText',
    'status',
  ]);
  assert.equal(await approvedReviewsForBook(store, 1), []);
});

test('reviews: the owner sees reviews by status and all of them, each with its moderation history', async () => {
  const store = await fold([reviewsProjection], story());
  assert.equal(
    (await adminReviews(store, 'pending')).map((r) => r.id),
    [ids[2]],
  );
  assert.equal(
    (await adminReviews(store, 'approved')).map((r) => r.id),
    [ids[3], ids[0]],
  );
  assert.equal(
    (await adminReviews(store, 'rejected')).map((r) => r.id),
    [ids[1]],
  );
  assert.equal(
    (await adminReviews(store, 'all')).map((r) => r.id),
    [ids[3], ids[2], ids[1], ids[0]],
  );
  const rejected = await adminReview(store, ids[1]);
  assert.is(rejected?.status, 'rejected');
  assert.is(rejected?.adminMessage, 'Not about the book');
  assert.is(rejected?.customerEmail, 'r2@example.com');
  assert.equal(rejected?.history, [
    { action: 'submitted', by: 'Reader 2', at: '2026-03-02T10:00:00.000Z' },
    { action: 'rejected', by: 'admin', at: '2026-03-05T09:10:00.000Z', message: 'Not about the book' },
  ]);
  assert.equal((await adminReview(store, ids[3]))?.history.at(-1), {
    action: 'approved',
    by: 'owner',
    at: '2026-03-05T09:05:00.000Z',
  });
  assert.is((await adminReview(store, ids[3]))?.adminMessage, null);
  assert.not.ok('revision' in (await adminReview(store, ids[0]))!);
});

test('reviews: folding every event twice gives the same read model', async () => {
  assert.ok(await isIdempotent([reviewsProjection], story()));
});

test.run();
