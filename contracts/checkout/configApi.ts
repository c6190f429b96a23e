// Which payment provider the shop uses. Every page reads it (the site-wide test-mode notice), so it is declared apart
// from the payment endpoints, whose request schemas only the payment screens need to download.
import { endpoint } from '../shared/endpoint.ts';
import type { PaymentsConfigResponse } from './model.ts';

export const paymentsConfig = endpoint<PaymentsConfigResponse>()({
  method: 'GET',
  path: '/api/payments/config',
  guarded: false,
});
