// Back-in-stock requests over HTTP: a shopper asks to hear once that an out-of-stock book is back, with an explicit
// consent; the owner sees how many wait for each book (decision 091).
import { randomUUID } from 'node:crypto';
import { BookIdParamSchema } from '../../contracts/catalog/model.ts';
import { getBook, listAllBooks } from '../../contracts/catalog/books.ts';
import { restockApi } from '../../contracts/messages/restockApi.ts';
import { restockWording } from '../../contracts/messages/restock.ts';
import { conflict, notFound } from '../../contracts/shared/errors.ts';
import { restockStream } from '../../contracts/shared/streams.ts';
import { getStock, inStockAt } from '../../contracts/stock/readModel.ts';
import { waitingFor } from '../../projections/messages/restockWaiting.ts';
import { handleCommand } from '../commands.ts';
import type { ShopDeps } from '../deps.ts';
import { parseOr400 } from '../http/errors.ts';
import { limit } from '../http/limits.ts';
import { commandMeta } from '../http/request.ts';
import { route, type Routers } from '../http/route.ts';
import { unsubscribeKey, unsubscribeToken } from '../http/unsubscribeLinks.ts';
import { unsubscribePath } from '../../contracts/messages/unsubscribe.ts';
import { restockDecider } from './restockRequest.ts';

export function restockRoutes(routers: Routers, deps: ShopDeps) {
  const { request, waiting } = restockApi;
  const key = unsubscribeKey(deps.jwtSecret);

  route(routers, request, limit(deps, 'backInStock'), async (ctx, input) => {
    const bookId = parseOr400(BookIdParamSchema, ctx.params.id, 'book id');
    const { email } = input.body();
    if (!(await getBook(deps.reads, bookId))?.published) throw notFound(request.messages.unknownBook);
    const now = deps.clock();
    // Only a book out of stock is waited for: one in stock can be bought now.
    if (inStockAt(await getStock(deps.reads, bookId), now.toISOString())) throw conflict(request.messages.inStock);
    const requestId = randomUUID();
    await handleCommand(
      deps.events,
      restockStream(requestId),
      restockDecider,
      { type: 'Request', data: { requestId, bookId, email, wording: restockWording, at: now.toISOString() } },
      commandMeta(ctx, 'shopper', now),
      { waiter: deps.waiter },
    );
    ctx.status = 201;
    // The link that stops it, signed, shown to the shopper who asked: no account is needed to change their mind.
    ctx.body = {
      success: true,
      message: request.messages.requested,
      unsubscribe: unsubscribePath(unsubscribeToken(key, 'restock', requestId)),
    };
  });

  // Counts only, no addresses: not a read of anyone's data.
  route(routers, waiting, async (ctx) => {
    const counts: Record<string, number> = {};
    for (const book of await listAllBooks(deps.reads)) {
      const count = await waitingFor(deps.reads, book.id);
      if (count > 0) counts[String(book.id)] = count;
    }
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { waiting: counts };
  });
}
