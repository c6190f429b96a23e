// The books on sale.
import { catalogApi } from '../../contracts/catalog/api.ts';
import { booksProjection, listBooks } from '../../projections/catalog/books.ts';
import type { ShopDeps } from '../deps.ts';
import { answerCache } from '../http/answerCache.ts';
import { cachedRoute, type Routers } from '../http/route.ts';

export function catalogRoutes(routers: Routers, deps: ShopDeps) {
  // Every visit reads the catalog and it almost never changes: its JSON is kept until the read model moves on.
  const answers = answerCache<'all'>(deps.reads, [booksProjection.name]);
  cachedRoute(routers, catalogApi.books, () => answers.get('all', () => listBooks(deps.reads)));
}
