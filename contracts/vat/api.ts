// VAT's endpoints: the owner's settings and rates (decision 069). Reading is open to every admin role; the changes are
// an owner's (the admin router admits no auditor to a write not declared auditorMay).
import { endpoint } from '../shared/endpoint.ts';
import {
  ChangeVatRateSchema,
  DeregisterVatSchema,
  RegisterVatSchema,
  type VatChangeResponse,
  type VatSettingsResponse,
} from './model.ts';

export const vatApi = {
  settings: endpoint<VatSettingsResponse>()({ method: 'GET', path: '/api/admin/vat', guarded: true }),
  register: endpoint<VatChangeResponse>()({
    method: 'POST',
    path: '/api/admin/vat/registration',
    guarded: true,
    body: RegisterVatSchema,
  }),
  deregister: endpoint<VatChangeResponse>()({
    method: 'POST',
    path: '/api/admin/vat/deregistration',
    guarded: true,
    body: DeregisterVatSchema,
  }),
  changeRate: endpoint<VatChangeResponse>()({
    method: 'POST',
    path: '/api/admin/vat/rates/:bookId',
    guarded: true,
    body: ChangeVatRateSchema,
  }),
} as const;
