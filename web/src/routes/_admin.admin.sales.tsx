import { createFileRoute } from '@tanstack/react-router';
import { screenError } from '../components/ScreenError.tsx';
import { SalesScreen } from '../features/sales/admin/SalesScreen.tsx';
import { salesFilterOf, salesQuery } from '../features/sales/admin/salesQuery.ts';
import { SalesSearchSchema } from '../features/sales/admin/salesSearch.ts';
import { PreOrderDemand } from '../features/preorders/admin/PreOrderDemand.tsx';
import { adminLoader, failureInScreen } from '../lib/routeData.ts';

export const Route = createFileRoute('/_admin/admin/sales')({
  // The period and the range live in the address (salesSearch.ts); a range the server refuses is said in the screen.
  validateSearch: SalesSearchSchema,
  loaderDeps: ({ search: { period, from, to } }) => ({ period, from, to }),
  loader: ({ deps, ...rest }) =>
    adminLoader((queryClient) => failureInScreen(queryClient.ensureQueryData(salesQuery(salesFilterOf(deps)))))(rest),
  component: () => (
    <SalesScreen>
      <PreOrderDemand comingOnly />
    </SalesScreen>
  ),
  errorComponent: screenError('Error Loading Sales'),
});
