// The delivery table's shape and the landing page's sentence about it, apart from the rest of the rates (shippingRates.ts:
// their history, the owner's change, the countries): the landing page's books section reads only these (decision 129).
import { formatPence } from '../shared/money.ts';

export const zoneIds = ['uk', 'europe', 'world'] as const;
export type ZoneId = (typeof zoneIds)[number];

/** A rate for parcels of `fromItems` to `toItems` items (null: and more). */
export type RateBand = { fromItems: number; toItems: number | null; pence: number };
export type DeliveryZone = {
  id: ZoneId;
  /** ISO 3166-1 codes */
  countries: string[];
  /** from 1 item up, without gaps or overlaps, the last open-ended */
  bands: RateBand[];
  /** a basket (after its savings) of at least this many pence travels free; null: never free */
  freeOverPence: number | null;
};
export type ShippingTable = { zones: DeliveryZone[] };

const itemsText = (band: RateBand) =>
  band.toItems === null
    ? `${band.fromItems}+ books`
    : band.fromItems === band.toItems
      ? `${band.fromItems} ${band.fromItems === 1 ? 'book' : 'books'}`
      : `${band.fromItems}-${band.toItems} books`;

/** "£3.50 for 1+ books", "£3.99 for 1-2 books and £4.99 for 3+ books": a zone's bands in the page's sentence shape. */
export function bandsText(zone: DeliveryZone): string {
  const parts = zone.bands.map((band) => `${formatPence(band.pence)} for ${itemsText(band)}`);
  return parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}` : (parts[0] ?? '');
}

/** ", free on orders of £40.00 or more" when the zone has a free-delivery threshold. */
export const freeText = (zone: DeliveryZone) =>
  zone.freeOverPence === null ? '' : `, free on orders of ${formatPence(zone.freeOverPence)} or more`;

/** The landing page's "Mix and Match" sentence: "UK shipping is £3.50 for 1+ books. International rates are …". */
export function mixAndMatchShippingText(table: ShippingTable): string {
  const uk = table.zones.find((z) => z.id === 'uk');
  const ukText = uk && uk.countries.length ? `UK shipping is ${bandsText(uk)}${freeText(uk)}. ` : '';
  return `${ukText}International rates are calculated at checkout.`;
}
