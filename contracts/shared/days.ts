// A calendar day in a query (`from`, `to`): the one rule the sales view, the order console, the ledger and the
// bookkeeping files check their dates by.
import * as v from 'valibot';

/** A calendar day written YYYY-MM-DD, refused with `<what> must be a date such as 2026-03-01`. */
export const isoDay = (what: string) =>
  v.pipe(
    v.string(),
    v.regex(/^\d{4}-\d{2}-\d{2}$/, `${what} must be a date such as 2026-03-01`),
    v.check(
      (day) =>
        !Number.isNaN(Date.parse(`${day}T00:00:00Z`)) && new Date(`${day}T00:00:00Z`).toISOString().startsWith(day),
      `${what} must be a date such as 2026-03-01`,
    ),
  );

/** The months' English names, January first. */
export const monthNames = 'January February March April May June July August September October November December'.split(
  ' ',
);

/**
 * A day as people read it: `2026-11-27` is "27 November 2026", what en-GB's long date gives, written by hand so that
 * showing one loads no locale data (see lazily.ts).
 */
export function longDay(day: string): string {
  const [year, month, date] = day.split('-');
  return `${Number(date)} ${monthNames[Number(month) - 1]} ${year}`;
}
