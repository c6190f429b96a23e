// VAT rates and how they change over time (decision 068).
//
// A rate is a whole number of basis points: 2000 is 20%, 0 is 0%. Integers keep every VAT sum exact, and they hold a
// rate such as the 17.5% of 1991–2008 and 2010 (1750) that whole percents cannot.
//
// The shop's goods, as HMRC rates them:
// - children's picture books are zero-rated: VAT Act 1994, Schedule 8, Group 3, item 3 ("Children's picture books and
//   painting books"); VAT Notice 701/10 "Zero-rating of books and other forms of printed matter", paragraph 3.7;
// - a poster is standard-rated (20% since 4 January 2011): Notice 701/10, paragraph 4.1 puts posters among the items
//   not within any of the Group 3 items.
// - A business below the VAT registration threshold (£90,000 of taxable turnover over 12 months since 1 April 2024)
//   is not registered and charges no VAT at all: `chargedRateOn` answers 0 for any day before the registration.
//
// A product's rate is a history of changes, each from a day onward. A sale takes the rate of its day and keeps it: a
// later change adds an entry from a later day, so no past day's answer moves.
import * as v from 'valibot';
import { invalid } from '../shared/errors.ts';
import { lazily } from '../shared/lazily.ts';

/** Basis points: 2000 is 20%. */
export type VatRate = number;

export const ZERO_RATE: VatRate = 0;
export const STANDARD_RATE: VatRate = 2000;
export const BASIS_POINTS_IN_WHOLE = 10_000;

export const vatRateMessage = 'A VAT rate must be a whole number of basis points from 0 (0%) to 10000 (100%).';

export const VatRateSchema = v.pipe(
  v.number(vatRateMessage),
  v.integer(vatRateMessage),
  v.minValue(0, vatRateMessage),
  v.maxValue(BASIS_POINTS_IN_WHOLE, vatRateMessage),
);

/** The rate, or a refusal (400) saying what a rate may be. */
export function checkRate(rate: VatRate): VatRate {
  if (!v.is(VatRateSchema, rate)) throw invalid(`${vatRateMessage} Got ${String(rate)}.`);
  return rate;
}

/** 1750 → "17.5%". */
export const formatRate = (rate: VatRate): string => `${rate / 100}%`;

/** A calendar day, YYYY-MM-DD. */
export type Day = string;
const dayPattern = /^\d{4}-\d{2}-\d{2}$/;

export function checkDay(day: Day, what = 'A day'): Day {
  const parsed = dayPattern.test(day) ? new Date(`${day}T00:00:00Z`) : null;
  if (!parsed || Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== day)
    throw invalid(`${what} must be a date written YYYY-MM-DD. Got "${day}".`);
  return day;
}

const londonDay = lazily(
  () =>
    new Intl.DateTimeFormat('en-CA', {
      timeZone: 'Europe/London',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }),
);

/** The day in the UK of an instant (ISO 8601): a sale at 23:30 UTC on 31 March in summer time is a 1 April sale. */
export function ukDayOf(instant: string): Day {
  const at = new Date(instant);
  if (Number.isNaN(at.getTime())) throw invalid(`"${instant}" is not a date and time.`);
  return londonDay().format(at);
}

/** One change of a product's rate: `rate` from `from` onward, until a later change. */
export type RateChange = { from: Day; rate: VatRate };

/** The product's rate on `day`: the latest change from that day or before. */
export function rateOn(history: readonly RateChange[], day: Day): VatRate {
  checkDay(day);
  const seen = new Set<Day>();
  let current: RateChange | null = null;
  for (const change of history) {
    checkDay(change.from, "A rate's first day");
    checkRate(change.rate);
    if (seen.has(change.from)) throw invalid(`Two VAT rates start on ${change.from}; a day has one rate.`);
    seen.add(change.from);
    if (change.from <= day && (current === null || change.from > current.from)) current = change;
  }
  if (current === null) throw invalid(`No VAT rate is set for ${day}: the first rate starts later or none is set.`);
  return current.rate;
}

/**
 * The rate the shop charges on `day`: the product's rate once the shop is registered for VAT, and 0 before (or when it
 * is not registered: `registeredFrom` null), since a business below the registration threshold charges no VAT.
 */
export function chargedRateOn(history: readonly RateChange[], registeredFrom: Day | null, day: Day): VatRate {
  checkDay(day);
  if (registeredFrom === null || day < checkDay(registeredFrom, 'The registration day')) return ZERO_RATE;
  return rateOn(history, day);
}
