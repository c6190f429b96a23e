// Whether a book is coming (decision 120): its publication date and whether pre-orders are still open, from the shop's
// one list of coming books; null for a book on the shelf.
import { useQuery } from '@tanstack/react-query';
import { preOrdersApi, type ComingBook } from '#contracts/preorders/api.ts';
import { queryFor } from '../../../lib/api.ts';

export const comingBooksQuery = { ...queryFor(preOrdersApi.coming), retryOnMount: false };

export function useComing(bookId: number): ComingBook | null {
  const coming = useQuery(comingBooksQuery);
  return coming.data?.books.find((b) => b.bookId === bookId) ?? null;
}
