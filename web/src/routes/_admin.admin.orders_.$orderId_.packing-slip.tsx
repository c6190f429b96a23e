import { createFileRoute } from '@tanstack/react-router';
import { OrderPackingSlip } from '../features/orders/PackingSlips.tsx';
import { orderPageQuery } from '../features/orders/ordersQuery.ts';
import { loadForScreen } from '../lib/routeData.ts';

export const Route = createFileRoute('/_admin/admin/orders_/$orderId_/packing-slip')({
  loader: ({ context: { queryClient, signedIn }, params }) =>
    signedIn && loadForScreen(queryClient.ensureQueryData(orderPageQuery(params.orderId))),
  component: function OrderPackingSlipRoute() {
    const { orderId } = Route.useParams();
    return <OrderPackingSlip orderId={orderId} />;
  },
});
