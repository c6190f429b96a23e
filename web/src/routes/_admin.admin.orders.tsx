import { createFileRoute } from '@tanstack/react-router';
import { screenError } from '../components/ScreenError.tsx';
import { OrdersConsole } from '../features/orders/admin/OrdersConsole.tsx';
import { adminOrderPagesQuery } from '../features/orders/admin/ordersQuery.ts';
import { OrdersSearchSchema } from '../features/orders/admin/ordersSearch.ts';
import { adminLoader } from '../lib/routeData.ts';

export const Route = createFileRoute('/_admin/admin/orders')({
  // The tab, search, dates and open orders live in the address (ordersSearch.ts).
  validateSearch: OrdersSearchSchema,
  loaderDeps: ({ search: { q, from, to } }) => ({ q, from, to }),
  // The first page of every order the search and dates find, fetched before the console shows.
  loader: ({ deps, ...rest }) =>
    adminLoader((queryClient) =>
      queryClient.ensureInfiniteQueryData(
        adminOrderPagesQuery({
          ...(deps.q ? { q: deps.q } : {}),
          ...(deps.from ? { from: deps.from } : {}),
          ...(deps.to ? { to: deps.to } : {}),
        }),
      ),
    )(rest),
  component: OrdersConsole,
  errorComponent: screenError('Error Loading Orders'),
});
