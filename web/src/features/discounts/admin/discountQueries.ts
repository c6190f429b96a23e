// The owner's discount codes (decision 075), read by the discounts screens and fetched by their routes before they show.
import { discountsApi } from '#contracts/discounts/api.ts';
import { queryFor } from '../../../lib/api.ts';

export const discountCodesQuery = queryFor(discountsApi.list);

export const discountCodeQuery = (code: string) => queryFor(discountsApi.detail, { params: { code } });
