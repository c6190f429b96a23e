// The shop's VAT settings as events (decision 069): whether it is registered for VAT, with which number and from which
// day, and each product's rate from a day onward. One stream, `vat-settings`, holds them all, so the settings a sale
// is decided with are one read and one fold.
//
// - Not registered is the default: before any VatRegistered, no sale carries VAT and nothing shows any.
// - A registration is a period: VatRegistered opens it from a day, VatDeregistered closes it from a day (the first day
//   not registered). A period may open again later, with the same number or another.
// - A product's rate starts as its catalog default (contracts/content/shop.json, `vatRate`), which holds from the
//   earliest day; each VatRateChanged sets the rate from its day onward, until a later day's change. A change for a day
//   that already has one replaces it (the log keeps both; the history shows the later one); a change may be dated
//   before an existing change, which then still holds from its own day. Sales already recorded never move: each order
//   carries the VAT it was placed with.
import { shopContent } from '../catalog/content.ts';
import type { DomainEvent } from '../shared/events.ts';
import { chargedRateOn, checkDay, checkRate, STANDARD_RATE, type Day, type RateChange, type VatRate } from './rates.ts';
import type { VatRateChanged, VatSettingsEvent } from './events.ts';

/** A period of registration: from `from`, until the day before `until` (null: still registered). */
export type Registration = { vatNumber: string; from: Day; until: Day | null; by: string; at: string };

/** One entry of a product's rate history: the catalog's default, or an owner's change. */
export type RateEntry = RateChange & { source: 'catalog' | 'owner'; by: string | null; at: string | null };

export type VatSettings = {
  /** oldest first; at most the last is open */
  registrations: Registration[];
  /** the owner's changes by product, one per day (a later change for the same day replaces it), in day order */
  changes: Record<string, RateEntry[]>;
  /**
   * The catalogue's own rate of each product by id (decision 077): the rate a product the owner added starts at, from
   * the earliest day. A product without one here has the content file's rate (`catalogRateOf`).
   */
  catalogRates?: Record<string, VatRate>;
};

/** The settings with the catalogue's rates of `books` (the books read model), for deciding a sale or showing a rate. */
export const withCatalogRates = (
  settings: VatSettings,
  books: readonly { id: number; vatRate: VatRate }[],
): VatSettings => ({ ...settings, catalogRates: Object.fromEntries(books.map((b) => [String(b.id), b.vatRate])) });

export const emptyVatSettings = (): VatSettings => ({ registrations: [], changes: {} });

/** The catalog's rates hold from this day: before any sale the shop made. */
export const catalogRatesFrom: Day = '2000-01-01';

/** A product's rate as contracts/content/shop.json gives it; a product the catalog has no rate for is standard-rated. */
export function catalogRateOf(bookId: number): VatRate {
  return shopContent.books.find((book) => book.id === bookId)?.vatRate ?? STANDARD_RATE;
}

export function evolveVatSettings(settings: VatSettings, event: DomainEvent): VatSettings {
  const e = event as VatSettingsEvent;
  switch (e.type) {
    case 'VatRegistered':
      return {
        ...settings,
        registrations: [
          ...settings.registrations,
          { vatNumber: e.data.vatNumber, from: e.data.registeredFrom, until: null, by: e.data.by, at: e.data.at },
        ],
      };
    case 'VatDeregistered': {
      const last = settings.registrations.at(-1);
      if (!last || last.until !== null) return settings;
      return { ...settings, registrations: [...settings.registrations.slice(0, -1), { ...last, until: e.data.from }] };
    }
    case 'VatRateChanged': {
      const key = String(e.data.bookId);
      const entry: RateEntry = { from: e.data.from, rate: e.data.rate, source: 'owner', by: e.data.by, at: e.data.at };
      const kept = (settings.changes[key] ?? []).filter((c) => c.from !== e.data.from);
      return {
        ...settings,
        changes: { ...settings.changes, [key]: [...kept, entry].sort((a, b) => (a.from < b.from ? -1 : 1)) },
      };
    }
    default:
      return settings;
  }
}

export const foldVatSettings = (events: readonly DomainEvent[]): VatSettings =>
  events.reduce(evolveVatSettings, emptyVatSettings());

/** A product's rate history: the catalog's default from the earliest day, then the owner's changes in day order. */
export function rateHistoryOf(settings: VatSettings, bookId: number): RateEntry[] {
  const changes = settings.changes[String(bookId)] ?? [];
  const catalog: RateEntry = {
    from: catalogRatesFrom,
    rate: settings.catalogRates?.[String(bookId)] ?? catalogRateOf(bookId),
    source: 'catalog',
    by: null,
    at: null,
  };
  if (changes.some((c) => c.from === catalogRatesFrom)) return changes;
  return [catalog, ...changes].sort((a, b) => (a.from < b.from ? -1 : 1));
}

/** The registration covering `day`, or null when the shop is not registered on that day. */
export function registrationOn(settings: VatSettings, day: Day): Registration | null {
  return settings.registrations.find((r) => r.from <= day && (r.until === null || day < r.until)) ?? null;
}

/** The open registration (registered now or from a day to come), or null. */
export const openRegistration = (settings: VatSettings): Registration | null =>
  settings.registrations.at(-1)?.until === null ? settings.registrations.at(-1)! : null;

/** The rate the shop charges on a product on `day`: 0 when it is not registered that day (decision 068). */
export function chargedRateOf(settings: VatSettings, bookId: number, day: Day): VatRate {
  return chargedRateOn(rateHistoryOf(settings, bookId), registrationOn(settings, day)?.from ?? null, day);
}

/**
 * The owner sets a product's rate from a day onward: the event it records, none when that day already has this rate.
 * A rule of its own here because two screens change a rate: the VAT settings and the catalogue (decision 077).
 */
export function rateChangeFor(
  settings: VatSettings,
  change: { bookId: number; from: Day; rate: VatRate; by: string; at: string },
): VatRateChanged[] {
  const { bookId, from, rate, by, at } = change;
  checkDay(from, 'The first day of the rate');
  checkRate(rate);
  const same = settings.changes[String(bookId)]?.find((c) => c.from === from);
  if (same?.rate === rate) return [];
  return [{ type: 'VatRateChanged', data: { bookId, from, rate, by, at } }];
}

/** The VAT settings as a fold for a command over their stream: what is decided from, and each event added. */
export const vatSettingsFold = { initialState: emptyVatSettings, evolve: evolveVatSettings } as const;
