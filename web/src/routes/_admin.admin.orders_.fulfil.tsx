import { createFileRoute } from '@tanstack/react-router';
import { screenError } from '../components/ScreenError.tsx';
import { BulkFulfilment } from '../features/orders/admin/BulkFulfilment.tsx';
import { ordersToFulfilQuery } from '../features/orders/admin/ordersQuery.ts';
import { adminLoader } from '../lib/routeData.ts';

export const Route = createFileRoute('/_admin/admin/orders_/fulfil')({
  loader: adminLoader((queryClient) => queryClient.ensureQueryData(ordersToFulfilQuery)),
  component: BulkFulfilment,
  errorComponent: screenError('Error Loading Fulfilment'),
});
