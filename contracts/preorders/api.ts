// Pre-orders over HTTP (decision 120): the owner announces a title, moves its date or limit, releases it and reads the
// demand; the shop's pages learn which books are coming and when.
import { endpoint } from '../shared/endpoint.ts';
import { AnnounceTitleSchema, ChangeComingTitleSchema, ReleaseTitleSchema } from './model.ts';
import type { ComingTitleSummary } from './summary.ts';

/** A coming book as the shop's pages show it: its date, and whether pre-orders are still open (not at the limit). */
export type ComingBook = { bookId: number; publicationDate: string; open: boolean };
export type ComingBooksResponse = { books: ComingBook[] };
export type PreOrderTitlesResponse = { titles: ComingTitleSummary[] };
export type PreOrderTitleResponse = { success: true; message: string; title: ComingTitleSummary };

export const preOrdersApi = {
  coming: endpoint<ComingBooksResponse>()({ method: 'GET', path: '/api/books/coming', guarded: false }),
  titles: endpoint<PreOrderTitlesResponse>()({ method: 'GET', path: '/api/admin/preorders', guarded: true }),
  announce: endpoint<PreOrderTitleResponse>()({
    method: 'POST',
    path: '/api/admin/preorders/:id',
    guarded: true,
    body: AnnounceTitleSchema,
  }),
  change: endpoint<PreOrderTitleResponse>()({
    method: 'PATCH',
    path: '/api/admin/preorders/:id',
    guarded: true,
    body: ChangeComingTitleSchema,
  }),
  release: endpoint<PreOrderTitleResponse>()({
    method: 'POST',
    path: '/api/admin/preorders/:id/release',
    guarded: true,
    body: ReleaseTitleSchema,
  }),
} as const;
