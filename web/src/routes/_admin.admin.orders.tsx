import { createFileRoute } from '@tanstack/react-router';
import { screenError } from '../components/ScreenError.tsx';
import { OrdersConsole } from '../features/orders/OrdersConsole.tsx';
import { adminOrderPagesQuery } from '../features/orders/ordersQuery.ts';
import { adminLoader } from '../lib/routeData.ts';

export const Route = createFileRoute('/_admin/admin/orders')({
  // The first page of every order, fetched before the console shows.
  loader: adminLoader((queryClient) => queryClient.ensureInfiniteQueryData(adminOrderPagesQuery({}))),
  component: OrdersConsole,
  errorComponent: screenError('Error Loading Orders'),
});
