// The delivery table as the web reads it: the landing page, the policies and every checkout state it.
import { shippingRates } from '#contracts/checkout/ratesApi.ts';
import { queryFor } from './api.ts';

/** The delivery table in force: zones, their countries and rates, and the destinations served, UK first. */
export const shippingRatesQuery = queryFor(shippingRates);
