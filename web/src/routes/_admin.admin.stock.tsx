import { createFileRoute } from '@tanstack/react-router';
import { screenError } from '../components/ScreenError.tsx';
import { adminStockQuery } from '../features/stock/admin/adminStockQuery.ts';
import { StockScreen } from '../features/stock/admin/StockScreen.tsx';
import { adminLoader } from '../lib/routeData.ts';

export const Route = createFileRoute('/_admin/admin/stock')({
  loader: adminLoader((queryClient) => queryClient.ensureQueryData(adminStockQuery)),
  component: StockScreen,
  errorComponent: screenError('Error Loading Stock'),
});
