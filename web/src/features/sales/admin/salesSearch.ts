// The sales screen's address: a period other than days, and the range, so a reload or a shared link shows the same
// sales. In a module of its own: the route table reads it, and the sales' contracts stay out of the app's first script.
import * as v from 'valibot';
import type { SalesPeriod } from '#contracts/sales/model.ts';
import { dateRangeEntries } from '../../../lib/dateRange.ts';

const periods = ['day', 'week', 'month'] as const satisfies readonly SalesPeriod[];

/** Anything odd in the address is treated as absent. */
export const SalesSearchSchema = v.object({
  period: v.optional(
    v.pipe(
      v.unknown(),
      v.transform((value) => (v.is(v.picklist(periods), value) ? value : undefined)),
    ),
  ),
  ...dateRangeEntries,
});
