// The owner's sales view: one query per period and date range.
import { salesApi } from '#contracts/sales/api.ts';
import type { SalesPeriod } from '#contracts/sales/model.ts';
import { queryFor } from '../../../lib/api.ts';

export type SalesFilter = { period: SalesPeriod; from?: string; to?: string };

export const salesQuery = (filter: SalesFilter) =>
  queryFor(salesApi.summary, {
    query: {
      period: filter.period,
      ...(filter.from ? { from: filter.from } : {}),
      ...(filter.to ? { to: filter.to } : {}),
    },
  });
