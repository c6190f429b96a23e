// The books on sale.
import { catalogApi } from '../../contracts/catalog/api.ts';
import { booksProjection, listBooks } from '../../projections/catalog/books.ts';
import type { ShopDeps } from '../deps.ts';
import { answerCache } from '../http/answerCache.ts';
import { cachedRoute, route, type Routers } from '../http/route.ts';
import { catalogFileRoutes } from './pages.ts';

export function catalogRoutes(routers: Routers, deps: ShopDeps) {
  // Every visit reads the catalog and it almost never changes: its JSON is kept until the read model moves on.
  const answers = answerCache<'all'>(deps.reads, [booksProjection.name]);
  cachedRoute(routers, catalogApi.books, () => answers.get('all', () => listBooks(deps.reads)));
  // The bundle the checkouts are priced with, so the pages show its note and saving only while it is on.
  route(routers, catalogApi.offers, (ctx) => {
    ctx.body = { bundle: deps.bundle };
  });
  // sitemap.xml, robots.txt and the merchant feed, from the same read model.
  catalogFileRoutes(routers, deps);
}
