// The shop's VAT settings, read by the VAT screen and fetched by its route before it shows.
import { vatApi } from '#contracts/vat/api.ts';
import { queryFor } from '../../../lib/api.ts';

export const vatSettingsQuery = queryFor(vatApi.settings);
