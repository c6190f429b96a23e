// The ledger of a period: one query per range of UK days (none: the month so far, as the server decides).
import { ledgerApi } from '#contracts/ledger/api.ts';
import { queryFor } from '../../../lib/api.ts';
import { rangeOf, type DateRange } from '../../../lib/dateRange.ts';

export const ledgerQuery = (period: DateRange) => queryFor(ledgerApi.days, { query: rangeOf(period) });
