// Reviews over HTTP: shoppers submit and read approved reviews; the owner lists and moderates them.
import type { RouterContext } from '@koa/router';
import { randomUUID } from 'node:crypto';
import { BookIdParamSchema } from '../../contracts/catalog/model.ts';
import { reviewsApi } from '../../contracts/reviews/api.ts';
import { ReviewIdParamSchema, ReviewListFilterSchema, type ReviewListFilter } from '../../contracts/reviews/model.ts';
import type { AnswerOf, ParsedQueryOf } from '../../contracts/shared/endpoint.ts';
import { cursorFrom, defaultAdminPage } from '../../contracts/shared/paging.ts';
import { reviewStream } from '../../contracts/shared/streams.ts';
import { booksReadModel, getBook } from '../../contracts/catalog/books.ts';
import {
  adminReview,
  adminReviews,
  adminReviewsPage,
  approvedReviewsForBook,
  reviewsProjection,
} from '../../projections/reviews/reviews.ts';
import { adminOf } from '../http/adminRouter.ts';
import { handleCommand } from '../commands.ts';
import type { ShopDeps } from '../deps.ts';
import { answerCache } from '../http/answerCache.ts';
import { parseOr400 } from '../http/errors.ts';
import { notFound } from '../../contracts/shared/errors.ts';
import { limit } from '../http/limits.ts';
import { commandMeta } from '../http/request.ts';
import { cachedRoute, route, type Routers } from '../http/route.ts';
import { reviewDecider, type ReviewCommand } from './review.ts';
import { listSubject, personalReadsFor } from '../http/personalReads.ts';
import { routineReasons } from '../../contracts/audit/dataReads.ts';

export function reviewRoutes(routers: Routers, deps: ShopDeps) {
  const { submit, forBook, adminAll, adminByStatus, approve, reject } = reviewsApi;
  const knownBook = async (bookId: number) => {
    // A hidden book takes no new reviews and shows none on the shop; its reviews stay stored (decision 077).
    if (!(await getBook(deps.reads, bookId))?.published) throw notFound(submit.messages.unknownBook);
  };

  route(routers, submit, limit(deps, 'reviews'), async (ctx, input) => {
    const review = input.body();
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
    ctx.body = { success: true, message: submit.messages.submitted, reviewId };
  });

  // A book's approved reviews are read on every product page and change only with a moderation: kept per book (only
  // for books that exist, so the keys are bounded by the catalog) until the runner commits again.
  const bookReviews = answerCache<number>(deps.reads, [booksReadModel.name, reviewsProjection.name]);
  // Served from the answer lane when kept; a bad id or an unknown book goes down the chain to its 400 or 404.
  cachedRoute(routers, forBook, async (ctx) => {
    const bookId = parseOr400(BookIdParamSchema, ctx.params.id, 'book id');
    const answer = await bookReviews.get(bookId, async () =>
      (await getBook(deps.reads, bookId))?.published ? approvedReviewsForBook(deps.reads, bookId) : null,
    );
    if (!answer) throw notFound(forBook.messages.unknownBook);
    return answer;
  });

  // With limit or cursor, one page (still a list), the next page's cursor and the list's size in headers.
  // The owner's lists name each reviewer and their e-mail address: a read of personal data, recorded (decision 058).
  const reads = personalReadsFor(deps);
  const listReviews = async (
    ctx: RouterContext,
    filter: ReviewListFilter,
    { limit, cursor }: ParsedQueryOf<typeof adminAll>,
  ) => {
    await reads.view(
      ctx,
      filter === 'all' ? adminAll : adminByStatus,
      listSubject(reads, 'reviews', { status: filter, limit, cursor }),
      routineReasons.reviewList,
    );
    if (limit === undefined && cursor === undefined) {
      ctx.body = await adminReviews(deps.reads, filter);
      return;
    }
    const page = await adminReviewsPage(deps.reads, filter, limit ?? defaultAdminPage, cursorFrom(cursor));
    ctx.set('X-Total-Count', String(page.total));
    if (page.nextCursor) ctx.set('X-Next-Cursor', page.nextCursor);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = page.items;
  };

  route(routers, adminAll, (ctx, input) => listReviews(ctx, 'all', input.query()));

  route(routers, adminByStatus, (ctx, input) =>
    listReviews(ctx, parseOr400(ReviewListFilterSchema, ctx.params.status, 'status'), input.query()),
  );

  /** Runs one moderation command as the signed-in admin and answers with the review as the owner now sees it. */
  const moderate = async (
    ctx: RouterContext,
    command: (reviewId: string, by: string, at: string) => ReviewCommand,
    message: string,
    unknownReview: string,
  ) => {
    const reviewId = parseOr400(ReviewIdParamSchema, ctx.params.id, 'review id');
    const by = adminOf(ctx);
    const now = deps.clock();
    await handleCommand(
      deps.events,
      reviewStream(reviewId),
      reviewDecider,
      command(reviewId, by, now.toISOString()),
      commandMeta(ctx, `admin:${by}`, now),
      {
        waiter: deps.waiter,
      },
    );
    const review = await adminReview(deps.reads, reviewId);
    if (!review) throw notFound(unknownReview);
    ctx.body = { success: true, message, review } satisfies AnswerOf<typeof approve>;
  };

  route(routers, approve, async (ctx, input) => {
    const { adminMessage } = input.body({ absent: undefined });
    await moderate(
      ctx,
      (reviewId, by, at) => ({ type: 'ApproveReview', reviewId, ...(adminMessage ? { adminMessage } : {}), by, at }),
      approve.messages.approved,
      approve.messages.unknownReview,
    );
  });

  route(routers, reject, async (ctx, input) => {
    const { adminMessage } = input.body({ absent: {} });
    await moderate(
      ctx,
      (reviewId, by, at) => ({ type: 'RejectReview', reviewId, adminMessage, by, at }),
      reject.messages.rejected,
      reject.messages.unknownReview,
    );
  });
}
