// The books on sale.
import { booksProjection } from '../../projections/catalog/books.ts';
import type { Capability } from '../capability.ts';
import { catalogRoutes } from './routes.ts';

export const catalog: Capability = { name: 'catalog', routes: catalogRoutes, projections: [booksProjection] };
