// Reviews over HTTP: shoppers submit and read approved reviews; the owner lists and moderates them.
import type { Router, RouterContext } from '@koa/router';
import { randomUUID } from 'node:crypto';
import { BookIdParamSchema } from '../../contracts/catalog.ts';
import {
  AdminReviewsPageQuerySchema,
  ApproveReviewBodySchema,
  RejectReviewBodySchema,
  ReviewIdParamSchema,
  ReviewListFilterSchema,
  SubmitReviewBodySchema,
  type ModerateReviewResponse,
  type SubmitReviewResponse,
} from '../../contracts/reviews.ts';
import { decodeCursor, defaultAdminPage } from '../../contracts/adminOrders.ts';
import type { ReviewListFilter } from '../../contracts/reviews.ts';
import { reviewStream } from '../../contracts/streams.ts';
import { booksProjection, getBook } from '../../projections/books/books.ts';
import { adminReview, adminReviews, adminReviewsPage, approvedReviewsForBook, reviewsProjection } from '../../projections/reviews/reviews.ts';
import { adminOf } from '../admin/guard.ts';
import { handleCommand } from '../commands.ts';
import type { ShopDeps } from '../deps.ts';
import { answerCache, sendJsonAnswer } from '../http/answerCache.ts';
import { notFound, parseOr400 } from '../http/errors.ts';
import { limit } from '../http/limits.ts';
import { commandMeta } from '../http/request.ts';
import { reviewDecider, type ReviewCommand } from './review.ts';

export const reviewSubmittedMessage = 'Thank you for your review! It has been submitted for approval.';

export function reviewRoutes(router: Router, deps: ShopDeps, admin: Router) {
  const knownBook = async (bookId: number) => {
    if (!(await getBook(deps.reads, bookId))) throw notFound('Book not found');
  };

  router.post('/api/reviews/submit', limit(deps, 'reviews'), async (ctx) => {
    const review = parseOr400(SubmitReviewBodySchema, ctx.request.body, 'review');
    await knownBook(review.bookId);
    const now = deps.clock();
    const reviewId = randomUUID();
    await handleCommand(
      deps.events,
      reviewStream(reviewId),
      reviewDecider,
      { type: 'SubmitReview', reviewId, review, at: now.toISOString() },
      commandMeta(ctx, 'shopper', now),
      { waiter: deps.waiter },
    );
    ctx.status = 201;
    ctx.body = { success: true, message: reviewSubmittedMessage, reviewId } satisfies SubmitReviewResponse;
  });

  // A book's approved reviews are read on every product page and change only with a moderation: kept per book (only
  // for books that exist, so the keys are bounded by the catalog) until the runner commits again.
  const bookReviews = answerCache<number>(deps.reads, [booksProjection.name, reviewsProjection.name]);
  router.get('/api/reviews/book/:id', async (ctx) => {
    const bookId = parseOr400(BookIdParamSchema, ctx.params.id, 'book id');
    const answer = await bookReviews.get(bookId, async () => ((await getBook(deps.reads, bookId)) ? approvedReviewsForBook(deps.reads, bookId) : null));
    if (!answer) throw notFound('Book not found');
    sendJsonAnswer(ctx, answer);
  });

  // With limit or cursor, one page (still a list), the next page's cursor and the list's size in headers.
  const listReviews = async (ctx: RouterContext, filter: ReviewListFilter) => {
    const { limit, cursor } = parseOr400(AdminReviewsPageQuerySchema, ctx.query, 'query');
    if (limit === undefined && cursor === undefined) {
      ctx.body = await adminReviews(deps.reads, filter);
      return;
    }
    const page = await adminReviewsPage(deps.reads, filter, limit ?? defaultAdminPage, cursor ? (decodeCursor(cursor) ?? undefined) : undefined);
    ctx.set('X-Total-Count', String(page.total));
    if (page.nextCursor) ctx.set('X-Next-Cursor', page.nextCursor);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = page.items;
  };

  admin.get('/api/admin/reviews', (ctx) => listReviews(ctx, 'all'));

  admin.get('/api/admin/reviews/:status', (ctx) => listReviews(ctx, parseOr400(ReviewListFilterSchema, ctx.params.status, 'status')));

  /** Runs one moderation command as the signed-in admin and answers with the review as the owner now sees it. */
  const moderate = async (ctx: RouterContext, command: (reviewId: string, by: string, at: string) => ReviewCommand, message: string) => {
    const reviewId = parseOr400(ReviewIdParamSchema, ctx.params.id, 'review id');
    const by = adminOf(ctx);
    const now = deps.clock();
    await handleCommand(deps.events, reviewStream(reviewId), reviewDecider, command(reviewId, by, now.toISOString()), commandMeta(ctx, `admin:${by}`, now), {
      waiter: deps.waiter,
    });
    const review = await adminReview(deps.reads, reviewId);
    if (!review) throw notFound('Review not found');
    ctx.body = { success: true, message, review } satisfies ModerateReviewResponse;
  };

  admin.post('/api/admin/reviews/:id/approve', async (ctx) => {
    const { adminMessage } = parseOr400(ApproveReviewBodySchema, ctx.request.body ?? undefined, 'approval');
    await moderate(
      ctx,
      (reviewId, by, at) => ({ type: 'ApproveReview', reviewId, ...(adminMessage ? { adminMessage } : {}), by, at }),
      'The review has been approved and published',
    );
  });

  admin.post('/api/admin/reviews/:id/reject', async (ctx) => {
    const { adminMessage } = parseOr400(RejectReviewBodySchema, ctx.request.body ?? {}, 'rejection');
    await moderate(ctx, (reviewId, by, at) => ({ type: 'RejectReview', reviewId, adminMessage, by, at }), 'The review has been rejected');
  });
}
