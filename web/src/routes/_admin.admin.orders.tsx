import { createFileRoute } from '@tanstack/react-router';
import { OrdersConsole } from '../features/orders/OrdersConsole.tsx';
import { adminOrderPagesQuery } from '../features/orders/ordersQuery.ts';
import { loadForScreen } from '../lib/routeData.ts';

export const Route = createFileRoute('/_admin/admin/orders')({
  // The first page of every order, fetched before the console shows.
  loader: ({ context: { queryClient, signedIn } }) =>
    signedIn && loadForScreen(queryClient.ensureInfiniteQueryData(adminOrderPagesQuery({}))),
  component: OrdersConsole,
});
