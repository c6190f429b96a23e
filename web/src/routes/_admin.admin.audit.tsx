// /admin/audit: the audit console, for owners and auditors alike.
import { createFileRoute } from '@tanstack/react-router';
import { AuditConsole } from '../features/audit/AuditConsole.tsx';
import { streamsQuery } from '../features/audit/auditQueries.ts';
import { loadForScreen } from '../lib/routeData.ts';

export const Route = createFileRoute('/_admin/admin/audit')({
  loader: ({ context: { queryClient, signedIn } }) => signedIn && loadForScreen(queryClient.ensureQueryData(streamsQuery({}))),
  component: AuditConsole,
});
