// The ledger of a period: one query per range of UK days (none: the month so far, as the server decides).
import { ledgerApi } from '#contracts/ledger/api.ts';
import { queryFor } from '../../../lib/api.ts';

export type LedgerFilter = { from?: string; to?: string };

export const ledgerQuery = (filter: LedgerFilter) =>
  queryFor(ledgerApi.days, {
    query: { ...(filter.from ? { from: filter.from } : {}), ...(filter.to ? { to: filter.to } : {}) },
  });
