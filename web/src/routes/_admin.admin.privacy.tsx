// /admin/privacy: erase a person, download what is held about them, the retention report.
import { createFileRoute } from '@tanstack/react-router';
import { screenError } from '../components/ScreenError.tsx';
import { PrivacyScreen } from '../features/privacy/admin/PrivacyScreen.tsx';
import { adminLoader } from '../lib/routeData.ts';

export const Route = createFileRoute('/_admin/admin/privacy')({
  // The queries' module is loaded with the screen, not imported: a loader is part of the scripts every page starts with.
  loader: adminLoader((queryClient) =>
    import('../features/privacy/admin/privacyQueries.ts').then(({ retentionQuery }) =>
      queryClient.ensureQueryData(retentionQuery),
    ),
  ),
  component: PrivacyScreen,
  errorComponent: screenError('Error Loading Privacy'),
});
