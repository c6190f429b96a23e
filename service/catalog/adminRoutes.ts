// The owner's catalogue (decision 077): every product, hidden ones too, with today's VAT rate; adding one, editing
// the fields that changed (a VAT rate from today, through the VAT settings of decision 069), hiding, publishing and
// ordering. Each change is decided on the book's own stream and answered once the read models show it.
import type { Context } from 'koa';
import { catalogueApi, catalogueMessages, type CatalogueProduct } from '../../contracts/catalog/adminApi.ts';
import { getBook, listAllBooks } from '../../contracts/catalog/books.ts';
import type { BookDto } from '../../contracts/catalog/model.ts';
import { productCustomsOf } from '../../contracts/catalog/product.ts';
import { Conflict, invalid, notFound } from '../../contracts/shared/errors.ts';
import { bookStream, vatSettingsStream } from '../../contracts/shared/streams.ts';
import { rateOn, ukDayOf } from '../../contracts/vat/rates.ts';
import {
  foldVatSettings,
  rateChangeFor,
  rateHistoryOf,
  vatSettingsFold,
  withCatalogRates,
  type VatSettings,
} from '../../contracts/vat/settings.ts';
import type { VatSettingsEvent } from '../../contracts/vat/events.ts';
import { handleCommand, type Decider } from '../commands.ts';
import type { ShopDeps } from '../deps.ts';
import { adminOf } from '../http/adminRouter.ts';
import { commandMeta } from '../http/request.ts';
import { route, type Routers } from '../http/route.ts';
import { bookDecider, catalogMessages, type EditProduct } from './catalog.ts';

const idPattern = /^[1-9][0-9]{0,8}$/;

type RateChange = Parameters<typeof rateChangeFor>[1];
/** A product's VAT rate from a day, decided over the VAT settings' stream with decision 069's own rule. */
const rateDecider: Decider<VatSettings, RateChange, VatSettingsEvent> = {
  ...vatSettingsFold,
  decide: (change, settings) => rateChangeFor(settings, change),
};

export function catalogueRoutes(routers: Routers, deps: ShopDeps) {
  /** The books with the VAT rate each has today, and the customs details that apply to each (decision 098). */
  async function withRatesToday(books: BookDto[]): Promise<CatalogueProduct[]> {
    const settings = withCatalogRates(foldVatSettings(await deps.events.readStream(vatSettingsStream)), books);
    const today = ukDayOf(deps.clock().toISOString());
    return books.map((book) => ({
      ...book,
      vatRate: rateOn(rateHistoryOf(settings, book.id), today),
      ...productCustomsOf(book),
    }));
  }
  const productOf = async (id: number) =>
    (await withRatesToday(await listAllBooks(deps.reads))).find((b) => b.id === id)!;

  /** The book in the path, or a 404 before anything else is read. */
  async function bookOf(ctx: Context): Promise<BookDto> {
    const raw = String(ctx.params.id ?? '');
    const book = idPattern.test(raw) ? await getBook(deps.reads, Number(raw)) : null;
    if (!book) throw notFound(catalogueMessages.unknown(raw));
    return book;
  }

  /** A 409 when another product has this address already. */
  async function checkSlugFree(slug: string, id: number | null) {
    const holder = (await listAllBooks(deps.reads)).find((b) => b.slug === slug && b.id !== id);
    if (holder) throw new Conflict(catalogueMessages.slugTaken(slug, holder.title));
  }

  async function edit(ctx: Context, id: number, changes: EditProduct['changes'], reason: string) {
    const admin = adminOf(ctx);
    const meta = commandMeta(ctx, `admin:${admin}`, deps.clock());
    const command: EditProduct = { type: 'EditProduct', id, changes, by: admin, reason, at: meta.now };
    const result = await handleCommand(deps.events, bookStream(id), bookDecider, command, meta, {
      waiter: deps.waiter,
    });
    return result.events.length;
  }

  route(routers, catalogueApi.list, async (ctx) => {
    ctx.body = { products: await withRatesToday(await listAllBooks(deps.reads)) };
  });

  route(routers, catalogueApi.add, async (ctx, input) => {
    const { reason, ageRange, sortOrder, weightGrams, hsCode, origin, ...fields } = input.body();
    await checkSlugFree(fields.slug, null);
    const admin = adminOf(ctx);
    const meta = commandMeta(ctx, `admin:${admin}`, deps.clock());
    const books = await listAllBooks(deps.reads);
    let id = Math.max(0, ...books.map((b) => b.id)) + 1;
    const product = {
      ...fields,
      id,
      sortOrder: sortOrder ?? Math.max(0, ...books.map((b) => b.sortOrder)) + 1,
      ...(ageRange ? { ageRange } : {}),
    };
    // Two owners adding at once may pick the same next id: the second finds the stream taken and takes the next.
    for (let attempt = 0; ; attempt++) {
      try {
        await handleCommand(
          deps.events,
          bookStream(id),
          bookDecider,
          {
            type: 'AddProduct',
            product: { ...product, id },
            customs: { weightGrams, hsCode, origin },
            by: admin,
            reason,
            at: meta.now,
          },
          meta,
          { waiter: deps.waiter },
        );
        break;
      } catch (error) {
        if (!(error instanceof Conflict && error.message === catalogMessages.taken(id)) || attempt >= 5) throw error;
        id += 1;
      }
    }
    ctx.status = 201;
    ctx.body = {
      success: true,
      message: `"${fields.title}" is in the catalogue${fields.published ? ' and on sale' : ', hidden until you publish it'}.`,
      product: await productOf(id),
    };
  });

  route(routers, catalogueApi.edit, async (ctx, input) => {
    const book = await bookOf(ctx);
    const { reason, vatRate, ...changes } = input.body();
    if (changes.slug !== undefined) await checkSlugFree(changes.slug, book.id);
    let changed = 0;
    if (vatRate !== undefined) {
      // A rate changes from today onward (decision 069): sales already made keep theirs.
      const [today] = await withRatesToday([book]);
      if (today!.vatRate !== vatRate) {
        const admin = adminOf(ctx);
        const meta = commandMeta(ctx, `admin:${admin}`, deps.clock());
        const from = ukDayOf(meta.now);
        const result = await handleCommand(
          deps.events,
          vatSettingsStream,
          rateDecider,
          { bookId: book.id, from, rate: vatRate, by: admin, at: meta.now },
          meta,
        );
        changed += result.events.length;
      }
    }
    changed += await edit(ctx, book.id, changes, reason);
    const product = await productOf(book.id);
    ctx.body = {
      success: true,
      message: changed ? `Saved "${product.title}".` : `Nothing to change: "${product.title}" is as it was.`,
      product,
    };
  });

  route(routers, catalogueApi.hide, async (ctx, input) => {
    const book = await bookOf(ctx);
    await edit(ctx, book.id, { published: false }, input.body({ absent: {} }).reason);
    ctx.body = {
      success: true,
      message: `"${book.title}" is hidden from the shop. Past orders still show it.`,
      product: await productOf(book.id),
    };
  });

  route(routers, catalogueApi.publish, async (ctx, input) => {
    const book = await bookOf(ctx);
    await edit(ctx, book.id, { published: true }, input.body({ absent: {} }).reason);
    ctx.body = { success: true, message: `"${book.title}" is on sale.`, product: await productOf(book.id) };
  });

  route(routers, catalogueApi.reorder, async (ctx, input) => {
    const { ids, reason } = input.body();
    const books = await listAllBooks(deps.reads);
    const known = new Set(books.map((b) => b.id));
    if (ids.length !== known.size || new Set(ids).size !== ids.length || !ids.every((id) => known.has(id)))
      throw invalid(catalogueMessages.everyProductOnce);
    const byId = new Map(books.map((b) => [b.id, b]));
    for (const [index, id] of ids.entries()) {
      if (byId.get(id)!.sortOrder !== index + 1) await edit(ctx, id, { sortOrder: index + 1 }, reason);
    }
    ctx.body = {
      success: true,
      message: 'The shop shows the products in the new order.',
      products: await withRatesToday(await listAllBooks(deps.reads)),
    };
  });
}
