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
