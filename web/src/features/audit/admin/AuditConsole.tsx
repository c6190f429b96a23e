// The audit console (/admin/audit): the streams with filters, a stream's events with who, when and why and what else
// their request caused, an order or review as of an earlier moment beside its diff, the export and its check, verify,
// who read whose data (decision 058), and the read models' health. Nothing here changes what the shop sells or shows;
// verify only adds its result to the log. An auditor and an owner see the same screen. Each section is its own module.
import { Flex } from '@radix-ui/themes';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { timeTravelKinds } from '#contracts/audit/model.ts';
import { AdminPage } from '../../../components/AdminPage.tsx';
import { meQuery } from '../../../lib/admin/role.ts';
import { useLogOut } from '../../../lib/session.tsx';
import { BackupSection } from './BackupSection.tsx';
import { DataReads } from './DataReads.tsx';
import { ProjectionHealth } from './ProjectionHealth.tsx';
import { ProofSection } from './ProofSection.tsx';
import { StreamEvents } from './StreamEvents.tsx';
import { StreamsSection } from './StreamsSection.tsx';
import { TimeTravel } from './TimeTravel.tsx';
import type { AuditSearch } from './auditSearch.ts';
import './audit.css';

export function AuditConsole() {
  const logOut = useLogOut();
  // Fetched by the admin pages' guard before any of them shows.
  const me = useSuspenseQuery(meQuery).data;
  // The streams' search and page and the stream open are the address's (auditSearch.ts): a reload or a shared link
  // shows the same. Each change replaces the address rather than adding to the history.
  const search = useSearch({ from: '/_admin/admin/audit' });
  const navigate = useNavigate({ from: '/admin/audit' });
  const change = (next: Partial<AuditSearch>) =>
    void navigate({ search: (prev) => ({ ...prev, ...next }), replace: true, resetScroll: false });
  const stream = search.stream ?? null;
  const travels = stream !== null && (timeTravelKinds as readonly string[]).includes(stream.split('-')[0]!);

  return (
    <AdminPage title="Audit Console" subtitle={`Signed in as ${me.username} (${me.role})`} onLogOut={logOut}>
      <Flex direction="column" gap="5" pb="8">
        <StreamsSection
          search={search}
          onSearch={change}
          chosen={stream}
          onChoose={(next) => change({ stream: next })}
        />
        {stream && <StreamEvents key={stream} stream={stream} />}
        {stream && travels && <TimeTravel key={`tt-${stream}`} stream={stream} />}
        <DataReads />
        <ProofSection />
        <ProjectionHealth />
        <BackupSection />
      </Flex>
    </AdminPage>
  );
}
