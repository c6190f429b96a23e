import { createFileRoute } from '@tanstack/react-router';
import { screenError } from '../components/ScreenError.tsx';
import { OrderPackingSlip } from '../features/orders/admin/PackingSlips.tsx';
import { orderPageQuery } from '../features/orders/admin/ordersQuery.ts';
import { ApiError } from '../lib/api.ts';
import { adminParamLoader } from '../lib/routeData.ts';

export const Route = createFileRoute('/_admin/admin/orders_/$orderId_/packing-slip')({
  loader: adminParamLoader('orderId', (queryClient, orderId) => queryClient.ensureQueryData(orderPageQuery(orderId))),
  component: function OrderPackingSlipRoute() {
    const { orderId } = Route.useParams();
    return <OrderPackingSlip orderId={orderId} />;
  },
  errorComponent: screenError((error) =>
    error instanceof ApiError && error.status === 404 ? 'Order Not Found' : 'Error Loading Packing Slip',
  ),
});
