// The audit console (/admin/audit): the streams with filters, a stream's events with who, when and why and what else
// their request caused, an order or review as of an earlier moment beside its diff, the export and its check, verify,
// who read whose data (decision 058), and the read models' health. Nothing here changes what the shop sells or shows;
// verify only adds its result to the log. An auditor and an owner see the same screen. Each section is its own module.
import { Flex } from '@radix-ui/themes';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { timeTravelKinds } from '../../../../contracts/audit/model.ts';
import { AdminPage } from '../../components/AdminPage.tsx';
import { meQuery } from '../../lib/admin/role.ts';
import { useLogOut } from '../../lib/session.tsx';
import { BackupSection } from './BackupSection.tsx';
import { DataReads } from './DataReads.tsx';
import { ProjectionHealth } from './ProjectionHealth.tsx';
import { ProofSection } from './ProofSection.tsx';
import { StreamEvents } from './StreamEvents.tsx';
import { StreamsSection } from './StreamsSection.tsx';
import { TimeTravel } from './TimeTravel.tsx';
import './audit.css';

export function AuditConsole() {
  const logOut = useLogOut();
  // Fetched by the admin pages' guard before any of them shows.
  const me = useSuspenseQuery(meQuery).data;
  const [stream, setStream] = useState<string | null>(null);
  const travels = stream !== null && (timeTravelKinds as readonly string[]).includes(stream.split('-')[0]!);

  return (
    <AdminPage title="Audit Console" subtitle={`Signed in as ${me.username} (${me.role})`} onLogOut={logOut}>
      <Flex direction="column" gap="5" pb="8">
        <StreamsSection chosen={stream} onChoose={setStream} />
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
