import { createFileRoute } from '@tanstack/react-router';
import { OrderPage } from '../features/orders/OrderPage.tsx';
import { orderPageQuery } from '../features/orders/ordersQuery.ts';
import { loadForScreen } from '../lib/routeData.ts';

export const Route = createFileRoute('/_admin/admin/orders_/$orderId')({
  loader: ({ context: { queryClient, signedIn }, params }) =>
    signedIn && loadForScreen(queryClient.ensureQueryData(orderPageQuery(params.orderId))),
  component: function OrderRoute() {
    const { orderId } = Route.useParams();
    return <OrderPage orderId={orderId} />;
  },
});
