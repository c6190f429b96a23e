// VAT's HTTP slice (decision 069): the owner's settings and rates, read by every admin role and changed by an owner
// (the admin router admits no auditor to these writes). The settings are folded from their one stream on each read, so
// an answer after a change shows it.
import type { Context } from 'koa';
import { listAllBooks } from '../../contracts/catalog/books.ts';
import { notFound } from '../../contracts/shared/errors.ts';
import { vatSettingsStream } from '../../contracts/shared/streams.ts';
import { vatApi } from '../../contracts/vat/api.ts';
import { vatBookIdPattern, type VatSettingsResponse } from '../../contracts/vat/model.ts';
import { formatRate, rateOn, ukDayOf } from '../../contracts/vat/rates.ts';
import {
  chargedRateOf,
  foldVatSettings,
  openRegistration,
  rateHistoryOf,
  registrationOn,
  withCatalogRates,
} from '../../contracts/vat/settings.ts';
import { handleCommand } from '../commands.ts';
import type { ShopDeps } from '../deps.ts';
import { adminOf } from '../http/adminRouter.ts';
import { commandMeta } from '../http/request.ts';
import { route, type Routers } from '../http/route.ts';
import { vatSettingsDecider, type VatSettingsCommand } from './settings.ts';
import { longDay } from '../../contracts/shared/days.ts';

export async function vatSettingsOf(deps: Pick<ShopDeps, 'events' | 'reads' | 'clock'>): Promise<VatSettingsResponse> {
  const [folded, books] = await Promise.all([
    deps.events.readStream(vatSettingsStream).then(foldVatSettings),
    listAllBooks(deps.reads),
  ]);
  const settings = withCatalogRates(folded, books);
  const today = ukDayOf(deps.clock().toISOString());
  return {
    today,
    registered: registrationOn(settings, today) !== null,
    registration: openRegistration(settings),
    registrations: settings.registrations,
    products: books.map((book) => {
      const history = rateHistoryOf(settings, book.id);
      return {
        bookId: book.id,
        title: book.title,
        rate: rateOn(history, today),
        charged: chargedRateOf(settings, book.id, today),
        history,
      };
    }),
  };
}

export function vatRoutes(routers: Routers, deps: ShopDeps) {
  async function decide(ctx: Context, command: (by: string, at: string) => VatSettingsCommand) {
    const admin = adminOf(ctx);
    const meta = commandMeta(ctx, `admin:${admin}`, deps.clock());
    await handleCommand(deps.events, vatSettingsStream, vatSettingsDecider, command(admin, meta.now), meta);
    return vatSettingsOf(deps);
  }

  route(routers, vatApi.settings, async (ctx) => {
    ctx.body = await vatSettingsOf(deps);
  });

  route(routers, vatApi.register, async (ctx, input) => {
    const { vatNumber, registeredFrom } = input.body();
    const settings = await decide(ctx, (by, at) => ({ type: 'Register', vatNumber, registeredFrom, by, at }));
    ctx.body = {
      success: true,
      message: `Registered for VAT as ${vatNumber} from ${longDay(registeredFrom)}`,
      settings,
    };
  });

  route(routers, vatApi.deregister, async (ctx, input) => {
    const { from } = input.body();
    const settings = await decide(ctx, (by, at) => ({ type: 'Deregister', from, by, at }));
    ctx.body = { success: true, message: `No longer registered for VAT from ${longDay(from)}`, settings };
  });

  route(routers, vatApi.changeRate, async (ctx, input) => {
    const raw = String(ctx.params.bookId ?? '');
    const books = await listAllBooks(deps.reads);
    const book = vatBookIdPattern.test(raw) ? books.find((b) => b.id === Number(raw)) : undefined;
    if (!book) throw notFound(`There is no product with id ${raw.slice(0, 20)}`);
    const { from, rate } = input.body();
    const settings = await decide(ctx, (by, at) => ({ type: 'ChangeRate', bookId: book.id, from, rate, by, at }));
    ctx.body = {
      success: true,
      message: `"${book.title}" is rated ${formatRate(rate)} from ${longDay(from)}`,
      settings,
    };
  });
}
