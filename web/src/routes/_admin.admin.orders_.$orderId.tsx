import { createFileRoute } from '@tanstack/react-router';
import { screenError } from '../components/ScreenError.tsx';
import { OrderPage } from '../features/orders/admin/OrderPage.tsx';
import { orderPageQuery } from '../features/orders/admin/ordersQuery.ts';
import { ApiError } from '../lib/api.ts';
import { adminParamLoader } from '../lib/routeData.ts';

export const Route = createFileRoute('/_admin/admin/orders_/$orderId')({
  loader: adminParamLoader('orderId', (queryClient, orderId) => queryClient.ensureQueryData(orderPageQuery(orderId))),
  component: function OrderRoute() {
    const { orderId } = Route.useParams();
    return <OrderPage orderId={orderId} />;
  },
  errorComponent: screenError((error) =>
    error instanceof ApiError && error.status === 404 ? 'Order Not Found' : 'Error Loading Order',
  ),
});
