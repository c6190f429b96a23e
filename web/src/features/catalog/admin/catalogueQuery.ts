// The owner's catalogue, read by the catalogue screen and fetched by its route before it shows.
import { catalogueApi } from '#contracts/catalog/adminApi.ts';
import { queryFor } from '../../../lib/api.ts';

export const catalogueQuery = queryFor(catalogueApi.list);
