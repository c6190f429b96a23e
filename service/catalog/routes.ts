// GET /api/books
import type { Router } from '@koa/router';
import { listBooks } from '../../projections/books/books.ts';
import type { ShopDeps } from '../deps.ts';

export function catalogRoutes(router: Router, deps: ShopDeps) {
  router.get('/api/books', async (ctx) => {
    ctx.body = await listBooks(deps.reads);
  });
}
