import { createFileRoute } from '@tanstack/react-router';
import { screenError } from '../components/ScreenError.tsx';
import { SalesScreen } from '../features/sales/admin/SalesScreen.tsx';
import { salesQuery } from '../features/sales/admin/salesQuery.ts';
import { PreOrderDemand } from '../features/preorders/admin/PreOrderDemand.tsx';
import { adminLoader } from '../lib/routeData.ts';

export const Route = createFileRoute('/_admin/admin/sales')({
  loader: adminLoader((queryClient) => queryClient.ensureQueryData(salesQuery({ period: 'day' }))),
  component: () => (
    <SalesScreen>
      <PreOrderDemand comingOnly />
    </SalesScreen>
  ),
  errorComponent: screenError('Error Loading Sales'),
});
