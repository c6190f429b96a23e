// The owner's sales view: one query per period and date range, both kept in the screen's address.
import { salesApi } from '#contracts/sales/api.ts';
import type { SalesPeriod } from '#contracts/sales/model.ts';
import { queryFor } from '../../../lib/api.ts';
import { rangeOf, type DateRange } from '../../../lib/dateRange.ts';

export type SalesFilter = { period: SalesPeriod } & DateRange;

/** What the address asks for: by day unless it says otherwise. */
export const salesFilterOf = (search: Partial<SalesFilter>): SalesFilter => ({
  period: search.period ?? 'day',
  ...rangeOf(search),
});

export const salesQuery = (filter: SalesFilter) =>
  queryFor(salesApi.summary, { query: { period: filter.period, ...rangeOf(filter) } });
