// The delivery table as a shopper reads it. The landing page reads it (its "Mix and Match" sentence), so it is declared
// apart from the checkout's endpoints, whose request schemas only the payment screens need to download (decision 129).
import { endpoint } from '../shared/endpoint.ts';
import type { ShippingRatesResponse } from './shippingRates.ts';

/** the delivery table a checkout started now is priced with, and the countries it serves (decision 099) */
export const shippingRates = endpoint<ShippingRatesResponse>()({
  method: 'GET',
  path: '/api/shipping/rates',
  guarded: false,
});
