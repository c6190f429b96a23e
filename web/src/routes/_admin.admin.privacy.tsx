// /admin/privacy: erase a person, download what is held about them, the retention report.
import { createFileRoute } from '@tanstack/react-router';
import { PrivacyScreen } from '../features/privacy/PrivacyScreen.tsx';
import { retentionQuery } from '../features/privacy/privacyQueries.ts';
import { loadForScreen } from '../lib/routeData.ts';

export const Route = createFileRoute('/_admin/admin/privacy')({
  loader: ({ context: { queryClient, signedIn } }) => signedIn && loadForScreen(queryClient.ensureQueryData(retentionQuery)),
  component: PrivacyScreen,
});
