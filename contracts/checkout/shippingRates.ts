// Where the shop delivers and what it charges (decision 099): three zones (the United Kingdom, Europe, the rest of the
// world), each a list of countries and a rate by the number of items in the parcel (bands), with free delivery over an
// amount if the owner wants it. Countries in no zone are not served. The owner's changes are events on one stream,
// `shipping-rates`: `ShippingRatesChanged` holds the whole table, who set it, why, and from which instant it applies.
// Until the first change the seed holds: the spec's checkout rule, UK £3.50 and £5.00 elsewhere, for the countries the
// checkout form has always offered. A checkout is priced with the table in force when it starts and keeps that rate.
import * as v from 'valibot';
import { invalid } from '../shared/errors.ts';
import type { DomainEvent } from '../shared/events.ts';
import type { FieldIssue } from '../shared/http.ts';
import { formatPence } from '../shared/money.ts';
import { isoCountryName } from '../shared/countries.ts';
import type { ShippingOption } from './shipping.ts';
import { bandsText, freeText, zoneIds, type DeliveryZone, type ShippingTable, type ZoneId } from './shippingTable.ts';
import type { ShippingRatesEvent } from './events.ts';

export {
  bandsText,
  mixAndMatchShippingText,
  zoneIds,
  type DeliveryZone,
  type RateBand,
  type ShippingTable,
  type ZoneId,
} from './shippingTable.ts';

export const zoneNames: Record<ZoneId, string> = { uk: 'United Kingdom', europe: 'Europe', world: 'Rest of the world' };

/** Each zone's option as payment pages name it: the spec's two labels, and today's ids for the UK and abroad. */
export const zoneOptions: Record<ZoneId, { id: string; label: string; detail: string }> = {
  uk: { id: 'uk-shipping', label: 'UK Shipping', detail: 'Standard delivery' },
  europe: { id: 'europe-shipping', label: 'International Shipping', detail: 'Standard international delivery' },
  world: { id: 'international-shipping', label: 'International Shipping', detail: 'Standard international delivery' },
};

/** The most a band may charge: £1,000. */
export const maxRatePence = 100_000;
export const homeCountry = 'GB';

/** The table before the owner's first change: the spec's rule (GB 350 pence, elsewhere 500) for the form's countries. */
export const seedShippingTable: ShippingTable = {
  zones: [
    { id: 'uk', countries: ['GB'], bands: [{ fromItems: 1, toItems: null, pence: 350 }], freeOverPence: null },
    {
      id: 'europe',
      countries: ['BE', 'DE', 'ES', 'FR', 'IT', 'NL'],
      bands: [{ fromItems: 1, toItems: null, pence: 500 }],
      freeOverPence: null,
    },
    {
      id: 'world',
      countries: ['AU', 'CA', 'US'],
      bands: [{ fromItems: 1, toItems: null, pence: 500 }],
      freeOverPence: null,
    },
  ],
};
/** The seed holds from before the shop's first sale. */
export const seedFrom = '2000-01-01T00:00:00.000Z';

/** One table and when it applies; the seed's has no author. */
export type RatesVersion = ShippingTable & { from: string; reason: string; by: string | null; at: string | null };
/** Every version in the order it applies (by `from`, a later change for the same instant after the earlier). */
export type ShippingRates = { versions: RatesVersion[] };

const seedVersion: RatesVersion = { ...seedShippingTable, from: seedFrom, reason: '', by: null, at: null };
export const emptyShippingRates = (): ShippingRates => ({ versions: [seedVersion] });

export function evolveShippingRates(rates: ShippingRates, event: DomainEvent): ShippingRates {
  const e = event as ShippingRatesEvent;
  if (e.type !== 'ShippingRatesChanged') return rates;
  const { zones, from, reason, by, at } = e.data;
  const versions = [...rates.versions, { zones, from, reason, by, at }];
  // Stable: two changes for one instant keep the log's order, so the later one applies.
  return { versions: versions.sort((a, b) => (a.from < b.from ? -1 : a.from > b.from ? 1 : 0)) };
}

export const foldShippingRates = (events: readonly DomainEvent[]): ShippingRates =>
  events.reduce(evolveShippingRates, emptyShippingRates());

/** The table in force at an instant (ISO-8601 UTC): the last version from then or before. */
export function tableAt(rates: ShippingRates, instant: string): RatesVersion {
  let current = rates.versions[0] ?? seedVersion;
  for (const version of rates.versions) if (version.from <= instant) current = version;
  return current;
}

/** The next version to come after `instant`, if the owner set one ahead. */
export const nextVersionAfter = (rates: ShippingRates, instant: string): RatesVersion | null =>
  rates.versions.find((version) => version.from > instant) ?? null;

/** A country's name: the shop's own spelling for the countries it has always listed, else ISO's. */
export const countryNameOf = (code: string): string | undefined => isoCountryName(code);

export const zoneOf = (table: ShippingTable, country: string): DeliveryZone | undefined =>
  table.zones.find((zone) => zone.countries.includes(country.trim().toUpperCase()));

/** A zone's rate for a parcel: its band for the item count, free over the zone's amount. */
export function zoneRate(zone: DeliveryZone, items: number, subtotal: number): number {
  if (zone.freeOverPence !== null && subtotal >= zone.freeOverPence) return 0;
  const band = zone.bands.find((b) => b.fromItems <= items && (b.toItems === null || items <= b.toItems));
  return (band ?? zone.bands.at(-1))?.pence ?? 0;
}

export type DeliveryOption = { id: string; label: string; detail: string; amount: number; zone: ZoneId };

/** The one option a destination is offered, or null where the shop does not deliver. */
export function deliveryOptionFor(
  table: ShippingTable,
  country: string,
  parcel: { items: number; subtotal: number },
): DeliveryOption | null {
  const zone = zoneOf(table, country);
  if (!zone) return null;
  return { ...zoneOptions[zone.id], amount: zoneRate(zone, parcel.items, parcel.subtotal), zone: zone.id };
}

/** The seed table's option for a parcel of one item: what a log with no owner's change charges. */
export const seedOptionFor = (country: string): ShippingOption => {
  const option = deliveryOptionFor(seedShippingTable, country, { items: 1, subtotal: 0 });
  if (!option) throw new Error(`The seed table does not serve ${country}`);
  const { zone: _zone, ...rest } = option;
  return rest;
};

export type Destination = { code: string; name: string; zone: ZoneId };

/** Every country served, the United Kingdom first and the rest by name: the list each checkout asks from. */
export function destinationsOf(table: ShippingTable): Destination[] {
  const all = table.zones.flatMap((zone) =>
    zone.countries.map((code) => ({ code, name: countryNameOf(code) ?? code, zone: zone.id })),
  );
  const home = all.filter((d) => d.code === homeCountry);
  const rest = all.filter((d) => d.code !== homeCountry).sort((a, b) => a.name.localeCompare(b.name, 'en-GB'));
  return [...home, ...rest];
}

// --- what the pages say, from the table ---------------------------------------------------------------------------

/** The delivery page's sentences: one per zone served. */
export function deliveryRatesText(table: ShippingTable): string[] {
  return table.zones
    .filter((zone) => zone.countries.length > 0)
    .map((zone) => {
      const where =
        zone.id === 'uk'
          ? 'Delivery in the United Kingdom'
          : `Delivery to ${zone.id === 'europe' ? 'Europe' : 'the rest of the world'} (${zone.countries
              .map((c) => countryNameOf(c) ?? c)
              .sort((a, b) => a.localeCompare(b, 'en-GB'))
              .join(', ')})`;
      return `${where} costs ${bandsText(zone)}${freeText(zone)}.`;
    });
}

/** The wallet page's range for one book ("£3.50 - £5.00"), or one figure when every zone charges the same. */
export function oneItemRangeText(table: ShippingTable, subtotal: number): string | null {
  const rates = table.zones.filter((z) => z.countries.length).map((zone) => zoneRate(zone, 1, subtotal));
  if (!rates.length) return null;
  const low = Math.min(...rates);
  const high = Math.max(...rates);
  return low === high ? formatPence(low) : `${formatPence(low)} - ${formatPence(high)}`;
}

// --- the owner's change ---------------------------------------------------------------------------------------------

const whole = (field: string) =>
  v.pipe(v.number(`${field} must be a number`), v.integer(`${field} must be a whole number`));

const BandSchema = v.object({
  fromItems: v.pipe(whole('fromItems'), v.minValue(1, 'A band starts at 1 item or more')),
  toItems: v.nullable(v.pipe(whole('toItems'), v.minValue(1, 'A band ends at 1 item or more'))),
  pence: v.pipe(
    whole('The rate'),
    v.minValue(0, 'A rate cannot be negative'),
    v.maxValue(maxRatePence, `A rate cannot be more than ${formatPence(maxRatePence)}`),
  ),
});

const ZoneSchema = v.object({
  id: v.picklist(zoneIds, 'Unknown zone'),
  countries: v.pipe(
    v.array(v.pipe(v.string('A country is a two-letter code'), v.trim(), v.toUpperCase()), 'countries must be a list'),
    v.maxLength(249, 'Too many countries'),
  ),
  bands: v.pipe(v.array(BandSchema, 'bands must be a list'), v.maxLength(20, 'Too many bands')),
  freeOverPence: v.nullable(
    v.pipe(whole('The free delivery amount'), v.minValue(1, 'Free delivery needs an amount of at least 1p')),
  ),
});

/** POST /api/admin/shipping: the whole table, why, and from when (blank: now). */
export const ChangeShippingRatesSchema = v.object({
  zones: v.pipe(v.array(ZoneSchema, 'zones must be a list'), v.length(3, 'Give the three zones')),
  reason: v.optional(v.pipe(v.string('reason must be text'), v.trim(), v.maxLength(300, 'The reason is too long')), ''),
  from: v.optional(
    v.pipe(
      v.string('from must be a date and time'),
      v.isoTimestamp('from must be an ISO date and time, such as 2026-05-01T00:00:00Z'),
    ),
  ),
});
export type ChangeShippingRates = v.InferOutput<typeof ChangeShippingRatesSchema>;

export const shippingRatesMessages = {
  unknownCountry: (code: string) => `${code} is not a country code we know`,
  twoZones: (code: string, zone: ZoneId) => `${countryNameOf(code) ?? code} is already in ${zoneNames[zone]}`,
  noBands: 'Give at least one rate',
  firstBand: 'The first band starts at 1 item',
  gap: (from: number) => `This band must start at ${from} items, right after the one before`,
  overlap: 'This band overlaps the one before',
  order: 'A band cannot end before it starts',
  lastOpen: 'The last band covers every larger parcel: leave its end empty',
  openBeforeLast: 'Only the last band can be open-ended',
  zonesOnce: 'Each zone once: United Kingdom, Europe, Rest of the world',
  past: 'A change applies from now or later, never before',
  same: 'Those are the rates already in force',
  invalid: 'The delivery rates are not valid',
} as const;

/** Every problem with a table, each naming its field (`zones.1.bands.0.pence`). */
export function tableProblems(zones: readonly DeliveryZone[]): FieldIssue[] {
  const m = shippingRatesMessages;
  const issues: FieldIssue[] = [];
  if (new Set(zones.map((z) => z.id)).size !== zones.length) issues.push({ field: 'zones', message: m.zonesOnce });
  const seen = new Map<string, ZoneId>();
  zones.forEach((zone, z) => {
    zone.countries.forEach((code, c) => {
      const field = `zones.${z}.countries.${c}`;
      if (!isoCountryName(code)) issues.push({ field, message: m.unknownCountry(code) });
      else if (seen.has(code)) issues.push({ field, message: m.twoZones(code, seen.get(code)!) });
      else seen.set(code, zone.id);
    });
    if (zone.bands.length === 0) issues.push({ field: `zones.${z}.bands`, message: m.noBands });
    zone.bands.forEach((band, b) => {
      const field = `zones.${z}.bands.${b}`;
      const before = zone.bands[b - 1];
      if (band.toItems !== null && band.toItems < band.fromItems)
        issues.push({ field: `${field}.toItems`, message: m.order });
      if (b === 0 && band.fromItems !== 1) issues.push({ field: `${field}.fromItems`, message: m.firstBand });
      if (before) {
        const next = (before.toItems ?? Infinity) + 1;
        if (before.toItems === null)
          issues.push({ field: `zones.${z}.bands.${b - 1}.toItems`, message: m.openBeforeLast });
        else if (band.fromItems < next) issues.push({ field: `${field}.fromItems`, message: m.overlap });
        else if (band.fromItems > next) issues.push({ field: `${field}.fromItems`, message: m.gap(next) });
      }
      if (b === zone.bands.length - 1 && band.toItems !== null)
        issues.push({ field: `${field}.toItems`, message: m.lastOpen });
    });
  });
  return issues;
}

export type ChangeRatesCommand = {
  type: 'ChangeRates';
  zones: DeliveryZone[];
  reason: string;
  /** when it applies; the decision's instant when the owner gave none */
  from: string | undefined;
  by: string;
  at: string;
};

const sameTable = (a: readonly DeliveryZone[], b: readonly DeliveryZone[]) => JSON.stringify(a) === JSON.stringify(b);

/** The zones as the table keeps them: in zone order, countries sorted. */
const normalised = (zones: readonly DeliveryZone[]): DeliveryZone[] =>
  zoneIds.flatMap((id) => {
    const zone = zones.find((z) => z.id === id);
    return zone ? [{ ...zone, countries: [...zone.countries].sort() }] : [];
  });

function decide(command: ChangeRatesCommand, rates: ShippingRates): ShippingRatesEvent[] {
  const issues = tableProblems(command.zones);
  if (issues.length) throw invalid(issues[0]!.message, issues);
  const from = command.from ?? command.at;
  if (from < command.at)
    throw invalid(shippingRatesMessages.past, [{ field: 'from', message: shippingRatesMessages.past }]);
  const zones = normalised(command.zones);
  if (sameTable(tableAt(rates, from).zones, zones) && !nextVersionAfter(rates, from)) return [];
  return [
    { type: 'ShippingRatesChanged', data: { zones, from, reason: command.reason, by: command.by, at: command.at } },
  ];
}

/** The delivery rates over their one stream: what is decided from, and each change added. */
export const shippingRatesDecider = {
  initialState: emptyShippingRates,
  evolve: evolveShippingRates,
  decide,
};

/** GET /api/shipping/rates: the table a checkout started now is priced with, and the countries it serves. */
export type ShippingRatesResponse = {
  zones: (DeliveryZone & { name: string })[];
  destinations: Destination[];
  from: string;
};
/** GET /api/admin/shipping: the table now, every version (newest first), and the countries no zone serves. */
export type AdminShippingResponse = ShippingRatesResponse & {
  history: (RatesVersion & { current: boolean })[];
  notServed: { code: string; name: string }[];
  countries: { code: string; name: string }[];
};
