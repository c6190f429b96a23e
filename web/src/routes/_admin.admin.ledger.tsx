import { createFileRoute } from '@tanstack/react-router';
import { screenError } from '../components/ScreenError.tsx';
import { LedgerScreen } from '../features/ledger/admin/LedgerScreen.tsx';
import { ledgerQuery } from '../features/ledger/admin/ledgerQuery.ts';
import { adminLoader } from '../lib/routeData.ts';

export const Route = createFileRoute('/_admin/admin/ledger')({
  loader: adminLoader((queryClient) => queryClient.ensureQueryData(ledgerQuery({}))),
  component: LedgerScreen,
  errorComponent: screenError('Error Loading Ledger'),
});
