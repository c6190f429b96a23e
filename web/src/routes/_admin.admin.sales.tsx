import { createFileRoute } from '@tanstack/react-router';
import { SalesScreen } from '../features/sales/SalesScreen.tsx';
import { salesQuery } from '../features/sales/salesQuery.ts';
import { loadForScreen } from '../lib/routeData.ts';

export const Route = createFileRoute('/_admin/admin/sales')({
  loader: ({ context: { queryClient, signedIn } }) =>
    signedIn && loadForScreen(queryClient.ensureQueryData(salesQuery({ period: 'day' }))),
  component: SalesScreen,
});
