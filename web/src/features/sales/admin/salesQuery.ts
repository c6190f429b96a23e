// The owner's sales view: one query per period and date range, both kept in the screen's address.
import * as v from 'valibot';
import { salesApi } from '#contracts/sales/api.ts';
import { salesPeriods, type SalesPeriod } from '#contracts/sales/model.ts';
import { queryFor } from '../../../lib/api.ts';
import { dateRangeEntries, rangeOf, type DateRange } from '../../../lib/dateRange.ts';

export type SalesFilter = { period: SalesPeriod } & DateRange;

/** The address: a period other than days, and the range; anything odd is treated as absent. */
export const SalesSearchSchema = v.object({
  period: v.optional(
    v.pipe(
      v.unknown(),
      v.transform((value) => (v.is(v.picklist(salesPeriods), value) ? value : undefined)),
    ),
  ),
  ...dateRangeEntries,
});

/** What the address asks for: by day unless it says otherwise. */
export const salesFilterOf = (search: Partial<SalesFilter>): SalesFilter => ({
  period: search.period ?? 'day',
  ...rangeOf(search),
});

export const salesQuery = (filter: SalesFilter) =>
  queryFor(salesApi.summary, { query: { period: filter.period, ...rangeOf(filter) } });
