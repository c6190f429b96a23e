// /admin/audit: the audit console, for owners and auditors alike.
import { createFileRoute } from '@tanstack/react-router';
import { screenError } from '../components/ScreenError.tsx';
import { AuditConsole } from '../features/audit/admin/AuditConsole.tsx';
import { AuditSearchSchema, streamsQueryOf } from '../features/audit/admin/auditSearch.ts';
import { adminLoader } from '../lib/routeData.ts';

export const Route = createFileRoute('/_admin/admin/audit')({
  // The streams' search, filters and page, and the stream open, live in the address (auditSearch.ts).
  validateSearch: AuditSearchSchema,
  loaderDeps: ({ search: { q, kind, from, to, actor, page } }) => ({ q, kind, from, to, actor, page }),
  // The queries' module is loaded with the screen, not imported: a loader is part of the scripts every page starts with.
  loader: ({ deps, ...rest }) =>
    adminLoader((queryClient) =>
      import('../features/audit/admin/auditQueries.ts').then(({ streamsQuery }) =>
        queryClient.ensureQueryData(streamsQuery(streamsQueryOf(deps))),
      ),
    )(rest),
  component: AuditConsole,
  errorComponent: screenError('Error Loading Audit'),
});
