import { createFileRoute } from '@tanstack/react-router';
import { screenError } from '../components/ScreenError.tsx';
import { LedgerScreen } from '../features/ledger/admin/LedgerScreen.tsx';
import { ledgerQuery } from '../features/ledger/admin/ledgerQuery.ts';
import * as v from 'valibot';
import { dateRangeEntries } from '../lib/dateRange.ts';
import { adminLoader, failureInScreen } from '../lib/routeData.ts';

export const Route = createFileRoute('/_admin/admin/ledger')({
  // The period lives in the address (lib/dateRange.ts); none is the month so far, as the server decides.
  validateSearch: v.object(dateRangeEntries),
  loaderDeps: ({ search: { from, to } }) => ({ from, to }),
  // A period the server refuses (too long) is said in the screen, beside the form that asked for it.
  loader: ({ deps, ...rest }) =>
    adminLoader((queryClient) => failureInScreen(queryClient.ensureQueryData(ledgerQuery(deps))))(rest),
  component: LedgerScreen,
  errorComponent: screenError('Error Loading Ledger'),
});
