// GET /api/books
import type { Router } from '@koa/router';
import { booksProjection, listBooks } from '../../projections/books/books.ts';
import type { ShopDeps } from '../deps.ts';

export function catalogRoutes(router: Router, deps: ShopDeps) {
  // Every visit reads the catalog and it almost never changes: its JSON is kept until the read model moves on.
  let cached: { position: number; json: string } | null = null;
  router.get('/api/books', async (ctx) => {
    const position = (await deps.reads.checkpoint(booksProjection.name)) ?? 0;
    if (cached?.position !== position) cached = { position, json: JSON.stringify(await listBooks(deps.reads)) };
    ctx.type = 'json';
    ctx.body = cached.json;
  });
}
