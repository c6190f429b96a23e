// Where the shop delivers and at what rate (decision 099): the table is folded from its one stream on each read, so a
// checkout started after the owner's change is priced with it and one started before kept what it was offered. The
// spec's countries and cost calls answer from the same table; the owner changes it, an auditor reads it.
import { checkoutApi } from '../../contracts/checkout/api.ts';
import { destinationCode, type ShippingOption } from '../../contracts/checkout/shipping.ts';
import {
  countryNameOf,
  deliveryOptionFor,
  destinationsOf,
  foldShippingRates,
  shippingRatesDecider,
  tableAt,
  zoneNames,
  zoneOf,
  type AdminShippingResponse,
  type ShippingRates,
  type ShippingRatesResponse,
  type ShippingTable,
} from '../../contracts/checkout/shippingRates.ts';
import { isoCountries } from '../../contracts/shared/countries.ts';
import { shippingRatesStream } from '../../contracts/shared/streams.ts';
import { handleCommand } from '../commands.ts';
import type { ShopDeps } from '../deps.ts';
import { adminOf } from '../http/adminRouter.ts';
import { badRequest } from '../http/errors.ts';
import { commandMeta } from '../http/request.ts';
import { route, type Routers } from '../http/route.ts';

export const shippingMessages = {
  chooseDestination: 'Choose where the parcel goes',
  notServed: (country: string) =>
    `We do not deliver to ${countryNameOf(country) ?? country} yet. Choose another destination, or write to us.`,
} as const;

export const shippingRatesOf = async (deps: Pick<ShopDeps, 'events'>): Promise<ShippingRates> =>
  foldShippingRates(await deps.events.readStream(shippingRatesStream));

/** The table a checkout starting now is priced with. */
export const tableNow = async (deps: Pick<ShopDeps, 'events' | 'clock'>): Promise<ShippingTable> =>
  tableAt(await shippingRatesOf(deps), deps.clock().toISOString());

/**
 * The one option a checkout to `country` is offered, and the countries its payment page may accept (the zone's), from
 * the table in force now; no destination, or one the shop does not serve, is a 400 at `field` and nothing starts.
 */
export async function deliveryFor(
  deps: Pick<ShopDeps, 'events' | 'clock'>,
  country: string | undefined,
  parcel: { items: number; subtotal: number },
  field: string,
): Promise<{ option: ShippingOption; allowedCountries: string[] }> {
  if (!country)
    throw badRequest(shippingMessages.chooseDestination, [{ field, message: shippingMessages.chooseDestination }]);
  const table = await tableNow(deps);
  const option = deliveryOptionFor(table, country, parcel);
  const zone = zoneOf(table, country);
  if (!option || !zone) {
    const message = shippingMessages.notServed(country.toUpperCase());
    throw badRequest(message, [{ field, message }]);
  }
  const { zone: _zone, ...shippingOption } = option;
  return { option: shippingOption, allowedCountries: [...zone.countries] };
}

const publicTable = (table: ShippingTable, from: string): ShippingRatesResponse => ({
  zones: table.zones.map((zone) => ({ ...zone, name: zoneNames[zone.id] })),
  destinations: destinationsOf(table),
  from,
});

async function adminView(deps: Pick<ShopDeps, 'events' | 'clock'>): Promise<AdminShippingResponse> {
  const rates = await shippingRatesOf(deps);
  const current = tableAt(rates, deps.clock().toISOString());
  const served = new Set(current.zones.flatMap((z) => z.countries));
  const countries = [...isoCountries].map(([code, name]) => ({ code, name }));
  return {
    ...publicTable(current, current.from),
    history: rates.versions.map((version) => ({ ...version, current: version === current })).reverse(),
    notServed: countries.filter((c) => !served.has(c.code)),
    countries,
  };
}

export function shippingRoutes(routers: Routers, deps: ShopDeps) {
  route(routers, checkoutApi.shippingCountries, async (ctx) => {
    ctx.body = { success: true, countries: destinationsOf(await tableNow(deps)).map((d) => d.name) };
  });

  // The shipping dialog's cost: the table's rate for the country and the number of books, as the checkout it leads to
  // will charge. The dialog knows no basket total, so free delivery over an amount is left to the checkout's own price.
  route(routers, checkoutApi.shippingCost, async (ctx, input) => {
    const query = input.query();
    const named = destinationsOf(await tableNow(deps)).find((d) => d.name === query.country)?.code;
    const code = named ?? destinationCode(query.country) ?? query.country.toUpperCase();
    const { option } = await deliveryFor(deps, code, { items: query.quantity, subtotal: 0 }, 'country');
    ctx.body = { shippingCost: option.amount };
  });

  route(routers, checkoutApi.shippingRates, async (ctx) => {
    const rates = await shippingRatesOf(deps);
    const current = tableAt(rates, deps.clock().toISOString());
    ctx.set('Cache-Control', 'no-store');
    ctx.body = publicTable(current, current.from);
  });

  route(routers, checkoutApi.adminShipping, async (ctx) => {
    ctx.body = await adminView(deps);
  });

  route(routers, checkoutApi.changeShippingRates, async (ctx, input) => {
    const body = input.body();
    const by = adminOf(ctx);
    const meta = commandMeta(ctx, `admin:${by}`, deps.clock());
    const result = await handleCommand(
      deps.events,
      shippingRatesStream,
      shippingRatesDecider,
      { type: 'ChangeRates', zones: body.zones, reason: body.reason, from: body.from, by, at: meta.now },
      meta,
    );
    const view = await adminView(deps);
    ctx.body = {
      success: true,
      message: result.events.length ? 'The delivery rates are changed' : 'Those are the rates already in force',
      ...view,
    };
  });
}
