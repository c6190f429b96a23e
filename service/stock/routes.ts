// Stock's HTTP slice: the storefront's levels, and the owner's stock screen with receipts and corrections.
import { randomUUID } from 'node:crypto';
import type { Context } from 'koa';
import { shelveReceipt } from './preOrderReceipt.ts';
import { listAllBooks, listBooks } from '../../contracts/catalog/books.ts';
import { notFound } from '../../contracts/shared/errors.ts';
import { preOrderStream, stockStream } from '../../contracts/shared/streams.ts';
import { preOrderMessages } from '../../contracts/preorders/model.ts';
import type { PreOrderEvent } from '../../contracts/preorders/events.ts';
import { comingTitleDecider, copiesForSale, waitingPreOrders } from '../../contracts/preorders/title.ts';
import { stockApi } from '../../contracts/stock/api.ts';
import {
  holdCheckoutIdPattern,
  lowStockThreshold,
  stockBookIdPattern,
  type AdminStockProduct,
  type StockLevel,
} from '../../contracts/stock/model.ts';
import {
  availableAt,
  emptyShelf,
  freeAt,
  reservedAt,
  runningHolds,
  shelfDecider,
  type ShelfCommand,
  type ShelfState,
} from '../../contracts/stock/shelf.ts';
import { getStock, listStock, type StockDoc } from '../../projections/stock/stock.ts';
import { fold, handleCommand, type CommandMeta } from '../commands.ts';
import type { ShopDeps } from '../deps.ts';
import { adminOf } from '../http/adminRouter.ts';
import { commandMeta } from '../http/request.ts';
import { route, type Routers } from '../http/route.ts';

/** Races with shoppers' reservations on the same stream are decided again, never refused for the race alone. */
const raceRetries = 64;

export function levelOf(bookId: number, shelf: ShelfState, now: string): StockLevel {
  const available = availableAt(shelf, now);
  if (available <= 0) return { bookId, state: 'out', left: 0 };
  if (available < lowStockThreshold) return { bookId, state: 'low', left: available };
  return { bookId, state: 'available' };
}

export function adminProductOf(bookId: number, title: string, doc: StockDoc | null, now: string): AdminStockProduct {
  const shelf = doc?.shelf ?? emptyShelf();
  const reserved = shelf.tracked ? reservedAt(shelf, now) : 0;
  return {
    bookId,
    title,
    tracked: shelf.tracked,
    onHand: shelf.onHand,
    reserved,
    available: shelf.tracked ? freeAt(shelf, now) : 0,
    forSale: shelf.tracked ? availableAt(shelf, now) : 0,
    holds: shelf.tracked
      ? runningHolds(shelf, now).map(([checkoutId, r]) => ({
          checkoutId,
          quantity: r.quantity,
          since: r.at ?? '',
          ageSeconds: r.at ? Math.max(0, Math.floor((Date.parse(now) - Date.parse(r.at)) / 1000)) : 0,
          expiresAt: r.expiresAt,
          secured: !!r.secured,
        }))
      : [],
    threshold: lowStockThreshold,
    shortfalls: Object.entries(shelf.shortfalls).map(([orderId, quantity]) => {
      const flagged = doc?.movements.find((m) => m.kind === 'shortfall' && m.detail === orderId);
      return { orderId, quantity, at: flagged?.at ?? '' };
    }),
    movements: doc?.movements ?? [],
  };
}

async function bookOf(deps: ShopDeps, ctx: Context) {
  const raw = String(ctx.params.bookId ?? '');
  const books = await listAllBooks(deps.reads);
  const book = stockBookIdPattern.test(raw) ? books.find((b) => b.id === Number(raw)) : undefined;
  if (!book) throw notFound(`There is no product with id ${raw.slice(0, 20)}`);
  return book;
}

type ShelfBook = Awaited<ReturnType<typeof bookOf>>;

export function stockRoutes(routers: Routers, deps: ShopDeps) {
  /**
   * The owner's change to the shelf of the book in the path (404 before the body is read): decided and appended, then
   * answered with the book's stock as the read model has it now.
   */
  async function shelve<C extends ShelfCommand>(
    ctx: Context,
    commandFor: (book: ShelfBook, by: string, at: string, meta: CommandMeta) => C | Promise<C>,
  ) {
    const book = await bookOf(deps, ctx);
    const admin = adminOf(ctx);
    const meta = commandMeta(ctx, `admin:${admin}`, deps.clock());
    const command = await commandFor(book, admin, meta.now, meta);
    await handleCommand(deps.events, stockStream(book.id), shelfDecider, command, meta, {
      waiter: deps.waiter,
      raceRetries,
    });
    const product = adminProductOf(
      book.id,
      book.title,
      await getStock(deps.reads, book.id),
      deps.clock().toISOString(),
    );
    return { ...command, book, product };
  }

  route(routers, stockApi.levels, async (ctx) => {
    const now = deps.clock().toISOString();
    const [books, docs] = await Promise.all([listBooks(deps.reads), listStock(deps.reads)]);
    const byBook = new Map(docs.map((d) => [d.bookId, d]));
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { products: books.map((b) => levelOf(b.id, byBook.get(b.id)?.shelf ?? emptyShelf(), now)) };
  });

  route(routers, stockApi.list, async (ctx) => {
    const now = deps.clock().toISOString();
    const [books, docs] = await Promise.all([listAllBooks(deps.reads), listStock(deps.reads)]);
    const byBook = new Map(docs.map((d) => [d.bookId, d]));
    ctx.body = { products: books.map((b) => adminProductOf(b.id, b.title, byBook.get(b.id) ?? null, now)) };
  });

  // Copies received for a coming title go to its paid pre-orders first, in the order placed (decision 120): decided
  // on the title's stream under its revision, which records the receipt in the same append (decision 131), so no
  // shopper can buy a copy a pre-order was owed and the title takes no pre-order once its copies are here. The shelf
  // records only the rest as received, once per receipt (the reactor does it again should the shop stop in between);
  // its note says how many arrived and where the others went. A book not coming is the shelf's alone.
  route(routers, stockApi.received, async (ctx, input) => {
    const { quantity: received, note } = input.body();
    let waiting = 0;
    const book = await bookOf(deps, ctx);
    const admin = adminOf(ctx);
    const meta = commandMeta(ctx, `admin:${admin}`, deps.clock());
    const at = meta.now;
    const title = await handleCommand(
      deps.events,
      preOrderStream(book.id),
      comingTitleDecider,
      {
        type: 'AllocateCopies',
        bookId: book.id,
        copies: received,
        receiptId: randomUUID(),
        by: admin,
        reason: note,
        at,
      },
      meta,
      { raceRetries },
    );
    const allocated: PreOrderEvent[] = title.events;
    const receipt = title.events.find((e) => e.type === 'PreOrderStockReceived');
    if (receipt) {
      waiting = waitingPreOrders(
        fold(comingTitleDecider, await deps.events.readStream(preOrderStream(book.id))),
      ).length;
      await shelveReceipt(deps.events, receipt.data, meta, { raceRetries, waiter: deps.waiter });
    } else {
      await handleCommand(
        deps.events,
        stockStream(book.id),
        shelfDecider,
        { type: 'ReceiveStock', bookId: book.id, quantity: received, note, by: admin, at },
        meta,
        { waiter: deps.waiter, raceRetries },
      );
    }
    const product = adminProductOf(
      book.id,
      book.title,
      await getStock(deps.reads, book.id),
      deps.clock().toISOString(),
    );
    const copies = (n: number) => `${n} ${n === 1 ? 'copy' : 'copies'}`;
    const toPreOrders = received - copiesForSale(received, allocated);
    ctx.body = {
      success: true,
      message:
        toPreOrders > 0 || waiting > 0
          ? `${copies(received)} of "${book.title}" received: ${preOrderMessages.allocated(toPreOrders, waiting)}`
          : `${copies(received)} of "${book.title}" received`,
      product,
    };
  });

  route(routers, stockApi.correct, async (ctx, input) => {
    const { book, product, delta } = await shelve(ctx, (book, by, at) => {
      const { delta, reason } = input.body();
      return { type: 'CorrectStock', bookId: book.id, delta, reason, by, at };
    });
    ctx.body = {
      success: true,
      message: `Stock of "${book.title}" corrected by ${delta > 0 ? '+' : ''}${delta}`,
      product,
    };
  });

  // The owner ends a hold: one StockHoldReleased, the copies back at once; the reactor expires its payment page.
  route(routers, stockApi.releaseHold, async (ctx) => {
    const book = await bookOf(deps, ctx);
    const checkoutId = String(ctx.params.checkoutId ?? '');
    if (!holdCheckoutIdPattern.test(checkoutId)) throw notFound(stockApi.releaseHold.messages.unknownHold);
    const admin = adminOf(ctx);
    const meta = commandMeta(ctx, `admin:${admin}`, deps.clock());
    const { events } = await handleCommand(
      deps.events,
      stockStream(book.id),
      shelfDecider,
      { type: 'ReleaseHold', bookId: book.id, checkoutId, reason: 'owner', by: admin, at: meta.now },
      meta,
      { waiter: deps.waiter, raceRetries },
    );
    const quantity = events.reduce((sum, e) => sum + (e.type === 'StockHoldReleased' ? e.data.quantity : 0), 0);
    const product = adminProductOf(
      book.id,
      book.title,
      await getStock(deps.reads, book.id),
      deps.clock().toISOString(),
    );
    ctx.body = {
      success: true,
      message: `${quantity} ${quantity === 1 ? 'copy' : 'copies'} of "${book.title}" released back to the shelf`,
      product,
    };
  });
}
