// The ledger: money by the day it moved, for the owner and the auditor (decision 071).
import { endpoint } from '../shared/endpoint.ts';
import { LedgerQuerySchema, type LedgerResponse, type PaymentSetupResponse } from './model.ts';

export const ledgerApi = {
  days: endpoint<LedgerResponse>()({
    method: 'GET',
    path: '/api/admin/ledger',
    guarded: true,
    query: LedgerQuerySchema,
  }),
  paymentSetup: endpoint<PaymentSetupResponse>()({
    method: 'GET',
    path: '/api/admin/payments/setup',
    guarded: true,
  }),
} as const;
