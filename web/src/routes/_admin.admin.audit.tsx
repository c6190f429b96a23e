// /admin/audit: the audit console, for owners and auditors alike.
import { createFileRoute } from '@tanstack/react-router';
import { screenError } from '../components/ScreenError.tsx';
import { AuditConsole } from '../features/audit/AuditConsole.tsx';
import { adminLoader } from '../lib/routeData.ts';

export const Route = createFileRoute('/_admin/admin/audit')({
  // The queries' module is loaded with the screen, not imported: a loader is part of the scripts every page starts with.
  loader: adminLoader((queryClient) =>
    import('../features/audit/auditQueries.ts').then(({ streamsQuery }) =>
      queryClient.ensureQueryData(streamsQuery({})),
    ),
  ),
  component: AuditConsole,
  errorComponent: screenError('Error Loading Audit'),
});
