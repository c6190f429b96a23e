// The owner's delivery zones and rates with their history, read by the shipping screen and fetched by its route.
import { checkoutApi } from '#contracts/checkout/api.ts';
import { queryFor } from '../../../lib/api.ts';

export const adminShippingQuery = queryFor(checkoutApi.adminShipping);
