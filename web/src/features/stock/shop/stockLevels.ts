// The storefront's view of stock: one small query for every product's level.
import { useQuery } from '@tanstack/react-query';
import { stockLevelsApi, type StockLevel } from '#contracts/stock/levels.ts';
import { queryFor } from '../../../lib/api.ts';

export const stockLevelsQuery = queryFor(stockLevelsApi.levels);

/** A product's level; undefined while loading or when the levels could not be read (the product then sells as before). */
export function useStockLevel(bookId: number): StockLevel | undefined {
  const levels = useQuery(stockLevelsQuery);
  return levels.data?.products.find((p) => p.bookId === bookId);
}
