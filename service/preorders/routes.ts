// Pre-orders' HTTP slice (decision 120): the owner announces a title, moves its date or limit, releases it and reads
// the demand per title; the shop's pages read which books are coming. Each change is decided on the title's own
// stream and answered once the read model shows it.
import type { Context } from 'koa';
import { getBook } from '../../contracts/catalog/books.ts';
import type { BookDto } from '../../contracts/catalog/model.ts';
import { preOrdersApi } from '../../contracts/preorders/api.ts';
import { comingTitleDecider, type ComingTitleCommand } from '../../contracts/preorders/title.ts';
import { notFound } from '../../contracts/shared/errors.ts';
import { preOrderStream } from '../../contracts/shared/streams.ts';
import { ukDayOf } from '../../contracts/vat/rates.ts';
import { listPreOrderTitles, preOrdersOf } from '../../contracts/preorders/readModel.ts';
import { handleCommand } from '../commands.ts';
import type { ShopDeps } from '../deps.ts';
import { adminOf } from '../http/adminRouter.ts';
import { commandMeta } from '../http/request.ts';
import { route, type Routers } from '../http/route.ts';

const idPattern = /^[1-9][0-9]{0,8}$/;
/** Two shoppers' pre-orders racing for one title are decided again on the fresh stream, never refused for the race. */
export const preOrderRaceRetries = 64;

export function preOrderRoutes(routers: Routers, deps: ShopDeps) {
  /** The book in the path, or a 404 before anything else is read. */
  async function bookOf(ctx: Context): Promise<BookDto> {
    const raw = String(ctx.params.id ?? '');
    const book = idPattern.test(raw) ? await getBook(deps.reads, Number(raw)) : null;
    if (!book) throw notFound(`There is no product with id ${raw.slice(0, 20)}`);
    return book;
  }

  /** Decides the owner's command on the title's stream; answers with the title as the read model has it now. */
  async function decide(
    ctx: Context,
    book: BookDto,
    commandFor: (by: string, at: string, today: string) => ComingTitleCommand,
  ) {
    const admin = adminOf(ctx);
    const meta = commandMeta(ctx, `admin:${admin}`, deps.clock());
    const command = commandFor(admin, meta.now, ukDayOf(meta.now));
    const result = await handleCommand(deps.events, preOrderStream(book.id), comingTitleDecider, command, meta, {
      waiter: deps.waiter,
      raceRetries: preOrderRaceRetries,
    });
    const title = await preOrdersOf(deps.reads, book.id, deps.clock().toISOString());
    return { events: result.events, title: title! };
  }

  route(routers, preOrdersApi.coming, async (ctx) => {
    const titles = await listPreOrderTitles(deps.reads, deps.clock().toISOString());
    ctx.set('Cache-Control', 'no-store');
    ctx.body = {
      books: titles
        // A title whose copies have arrived is on sale from its shelf (decision 131): its pages offer Add to Cart.
        .filter((t) => t.coming && !t.onSale)
        .map((t) => ({ bookId: t.bookId, publicationDate: t.publicationDate, open: t.left !== 0 })),
    };
  });

  route(routers, preOrdersApi.titles, async (ctx) => {
    ctx.body = { titles: await listPreOrderTitles(deps.reads, deps.clock().toISOString()) };
  });

  route(routers, preOrdersApi.announce, async (ctx, input) => {
    const book = await bookOf(ctx);
    const { publicationDate, limit, reason } = input.body();
    const { title } = await decide(ctx, book, (by, at, today) => ({
      type: 'AnnounceTitle',
      bookId: book.id,
      title: book.title,
      publicationDate,
      limit,
      today,
      by,
      reason,
      at,
    }));
    ctx.status = 201;
    ctx.body = { success: true, message: `"${book.title}" is coming: pre-orders are open.`, title };
  });

  route(routers, preOrdersApi.change, async (ctx, input) => {
    const book = await bookOf(ctx);
    const { publicationDate, limit, reason } = input.body();
    const { events, title } = await decide(ctx, book, (by, at, today) => ({
      type: 'ChangeComingTitle',
      bookId: book.id,
      title: book.title,
      ...(publicationDate !== undefined ? { publicationDate } : {}),
      ...(limit !== undefined ? { limit } : {}),
      today,
      by,
      reason,
      at,
    }));
    const moved = events.find((e) => e.type === 'PublicationDateChanged');
    const message =
      events.length === 0
        ? `Nothing changed for "${book.title}".`
        : moved && moved.data.waiting > 0
          ? `"${book.title}" is saved; ${moved.data.waiting} waiting ${moved.data.waiting === 1 ? 'pre-order is' : 'pre-orders are'} e-mailed the new date.`
          : `"${book.title}" is saved.`;
    ctx.body = { success: true, message, title };
  });

  route(routers, preOrdersApi.release, async (ctx, input) => {
    const book = await bookOf(ctx);
    const { reason } = input.body({ absent: {} });
    const { title } = await decide(ctx, book, (by, at) => ({
      type: 'ReleaseTitle',
      bookId: book.id,
      title: book.title,
      by,
      reason,
      at,
    }));
    ctx.body = { success: true, message: `"${book.title}" is released and on sale as any other book.`, title };
  });
}
