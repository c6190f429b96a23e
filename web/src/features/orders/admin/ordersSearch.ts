// The order console's address: the tab, the search, the dates and the orders open, so a reload or a shared link shows
// the same list. Checked with valibot; anything odd in an address is treated as absent, never as an error.
import * as v from 'valibot';
import { maxSearchLength, orderIdPattern } from '#contracts/orders/consoleLimits.ts';
import { dateRangeEntries } from '../../../lib/dateRange.ts';

/**
 * The queue of orders to fulfil (paid and processing, oldest first) first; then the spec's tabs in the spec's order;
 * then the statuses the spec has no tab for (paid, which it calls completed, and cancelled); then the shoppers' open
 * requests to cancel or return (decision 086). An address without a tab shows All, as it always has.
 */
export const orderTabs = [
  'to-fulfil',
  'all',
  'pending',
  'processing',
  'shipped',
  'delivered',
  'completed',
  'cancelled',
  'requests',
] as const;
export type OrderTab = (typeof orderTabs)[number];

/** At most this many open orders are kept in the address. */
const maxOpen = 50;

// The router reads number-looking values as numbers: a search for 12345 is text all the same.
const text = v.pipe(
  v.unknown(),
  v.transform((value) =>
    typeof value === 'string' || typeof value === 'number' ? String(value).trim().slice(0, maxSearchLength) : '',
  ),
  v.transform((value) => value || undefined),
);

export const OrdersSearchSchema = v.object({
  tab: v.optional(
    v.pipe(
      v.unknown(),
      v.transform((value) => (v.is(v.picklist(orderTabs), value) ? value : undefined)),
    ),
  ),
  q: v.optional(text),
  ...dateRangeEntries,
  open: v.optional(
    v.pipe(
      v.unknown(),
      v.transform((value) => {
        const ids = (Array.isArray(value) ? value : [])
          .map((id) => String(id))
          .filter((id) => orderIdPattern.test(id))
          .slice(0, maxOpen);
        return ids.length ? ids : undefined;
      }),
    ),
  ),
});

export type OrdersSearch = v.InferOutput<typeof OrdersSearchSchema>;
