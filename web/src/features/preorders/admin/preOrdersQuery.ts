// Every title announced, with its pre-orders per day and in total: read by the catalogue and sales screens.
import { preOrdersApi } from '#contracts/preorders/api.ts';
import { queryFor } from '../../../lib/api.ts';

export const preOrdersQuery = queryFor(preOrdersApi.titles);
