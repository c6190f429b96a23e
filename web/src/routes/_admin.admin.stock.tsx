import { createFileRoute } from '@tanstack/react-router';
import { adminStockQuery } from '../features/stock/admin/adminStockQuery.ts';
import { StockScreen } from '../features/stock/admin/StockScreen.tsx';
import { loadForScreen } from '../lib/routeData.ts';

export const Route = createFileRoute('/_admin/admin/stock')({
  loader: ({ context: { queryClient, signedIn } }) =>
    signedIn && loadForScreen(queryClient.ensureQueryData(adminStockQuery)),
  component: StockScreen,
});
