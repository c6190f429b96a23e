// /admin/accounts: the accounts and their roles; owners manage them, auditors read the list.
import { createFileRoute } from '@tanstack/react-router';
import { accountsQuery, AccountsScreen } from '../features/admin/AccountsScreen.tsx';
import { loadForScreen } from '../lib/routeData.ts';

export const Route = createFileRoute('/_admin/admin/accounts')({
  loader: ({ context: { queryClient, signedIn } }) => signedIn && loadForScreen(queryClient.ensureQueryData(accountsQuery)),
  component: AccountsScreen,
});
