// The owner's stock list, read by the stock screen and fetched by its route before it shows.
import { stockApi } from '#contracts/stock/api.ts';
import { queryFor } from '../../../lib/api.ts';

export const adminStockQuery = queryFor(stockApi.list);
