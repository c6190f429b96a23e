// A range of UK days in a screen's address (?from=2026-03-01&to=2026-03-31), so a reload or a shared link shows the
// same days: the ledger's period, the sales' range, the order console's dates. Read with valibot; a day that is not a
// day is treated as absent, never as an error.
import * as v from 'valibot';
import { isoDay } from '#contracts/shared/days.ts';

export type DateRange = { from?: string | undefined; to?: string | undefined };

/** A day from the address, or nothing. */
export const searchDay = v.pipe(
  v.unknown(),
  v.transform((value) => (v.is(isoDay('Day'), value) ? value : undefined)),
);

/** The range's entries of a screen's search schema. */
export const dateRangeEntries = { from: v.optional(searchDay), to: v.optional(searchDay) };

/** The range with only the ends chosen: what a query asks for and an address holds. */
export const rangeOf = ({ from, to }: DateRange): { from?: string; to?: string } => ({
  ...(from ? { from } : {}),
  ...(to ? { to } : {}),
});
