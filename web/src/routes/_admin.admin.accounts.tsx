// /admin/accounts: the accounts and their roles; owners manage them, auditors read the list.
import { createFileRoute } from '@tanstack/react-router';
import { screenError } from '../components/ScreenError.tsx';
import { AccountsScreen } from '../features/admin/admin/AccountsScreen.tsx';
import { adminLoader } from '../lib/routeData.ts';

export const Route = createFileRoute('/_admin/admin/accounts')({
  // The screen's module (with the accounts query) is loaded here, not imported: a loader is part of the scripts every
  // page starts with, and the admin's API with its sign-in messages stays out of them.
  loader: adminLoader((queryClient) =>
    import('../features/admin/admin/AccountsScreen.tsx').then(({ accountsQuery }) =>
      queryClient.ensureQueryData(accountsQuery),
    ),
  ),
  component: AccountsScreen,
  errorComponent: screenError('Error Loading Accounts'),
});
