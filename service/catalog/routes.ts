// GET /api/books
import type { Router } from '@koa/router';
import { booksProjection, listBooks } from '../../projections/books/books.ts';
import type { ShopDeps } from '../deps.ts';
import { answerCache, sendJsonAnswer } from '../http/answerCache.ts';

export function catalogRoutes(router: Router, deps: ShopDeps) {
  // Every visit reads the catalog and it almost never changes: its JSON is kept until the read model moves on.
  const answers = answerCache<'all'>(deps.reads, [booksProjection.name]);
  router.get('/api/books', async (ctx) => {
    sendJsonAnswer(ctx, (await answers.get('all', () => listBooks(deps.reads)))!);
  });
}
