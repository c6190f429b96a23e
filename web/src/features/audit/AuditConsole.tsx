// The audit console (/admin/audit): the streams with filters, a stream's events with who, when and why and what else
// their request caused, an order or review as of an earlier moment beside its diff, the export and its check, verify,
// who read whose data (decision 058), and the read models' health. Nothing here changes what the shop sells or shows; verify only adds its result to the
// log. An auditor and an owner see the same screen.
import { Badge, Button, Card, Code, Flex, Heading, Table, Text, TextField } from '@radix-ui/themes';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { DiffLine } from '../../../../contracts/audit/model.ts';
import { timeTravelKinds } from '../../../../contracts/audit/model.ts';
import type { RecordedEvent } from '../../../../contracts/shared/events.ts';
import { AdminLink, AdminPage } from '../../components/AdminPage.tsx';
import { LabelledField } from '../../components/LabelledField.tsx';
import { serverMessage } from '../../lib/api.ts';
import { useCanChange } from '../../lib/admin/role.ts';
import { useLogOut } from '../../lib/session.tsx';
import {
  checkExport,
  dataReadsQuery,
  diffQuery,
  downloadExport,
  meQuery,
  projectionsQuery,
  relatedQuery,
  stateQuery,
  streamEventsQuery,
  streamsQuery,
  useBackup,
  useRebuild,
  useVerify,
  type DataReadsFilter,
  type DownloadedExport,
  type StreamFilter,
} from './auditQueries.ts';
import './audit.css';

const show = (value: unknown) =>
  value === undefined || value === null ? '—' : typeof value === 'string' ? value : JSON.stringify(value);

/** Why an event happened, in its own words: notes, a reason, a message to the reviewer. */
function whyOf(event: RecordedEvent): string {
  const data = event.data as Record<string, unknown>;
  const why = ['notes', 'reason', 'adminMessage']
    .map((key) => data[key])
    .filter((v) => typeof v === 'string' && v !== '');
  return why.join(' · ');
}

export function AuditConsole() {
  const logOut = useLogOut();
  const me = useQuery(meQuery);
  const [filter, setFilter] = useState<StreamFilter>({});
  const [draft, setDraft] = useState<StreamFilter>({});
  const [stream, setStream] = useState<string | null>(null);
  const streams = useQuery(streamsQuery(filter));

  const applyFilter = (e: FormEvent) => {
    e.preventDefault();
    setFilter(Object.fromEntries(Object.entries(draft).filter(([, v]) => v)) as StreamFilter);
  };

  return (
    <AdminPage
      title="Audit Console"
      subtitle={me.data && `Signed in as ${me.data.username} (${me.data.role})`}
      links={
        <>
          <AdminLink to="/admin/orders">Orders</AdminLink>
          <AdminLink to="/admin/dashboard">Reviews Dashboard</AdminLink>
          <AdminLink to="/admin/accounts">Accounts</AdminLink>
          <AdminLink to="/admin/privacy">Privacy</AdminLink>
        </>
      }
      onLogOut={logOut}
    >
      <Flex direction="column" gap="5" pb="8">
        <Card asChild>
          <section aria-labelledby="audit-streams">
            <Heading as="h2" size="4" id="audit-streams" mb="3">
              Streams
            </Heading>
            <form onSubmit={applyFilter} className="audit-filters">
              <LabelledField id="audit-kind" label="Kind">
                <select
                  id="audit-kind"
                  className="audit-select"
                  value={draft.kind ?? ''}
                  onChange={(e) => setDraft({ ...draft, kind: e.target.value })}
                >
                  <option value="">Every kind</option>
                  {(streams.data?.kinds ?? []).map((kind) => (
                    <option key={kind} value={kind}>
                      {kind}
                    </option>
                  ))}
                </select>
              </LabelledField>
              <LabelledField id="audit-from" label="From (date)">
                <TextField.Root
                  id="audit-from"
                  type="date"
                  value={draft.from ?? ''}
                  onChange={(e) => setDraft({ ...draft, from: e.target.value })}
                />
              </LabelledField>
              <LabelledField id="audit-to" label="To (date)">
                <TextField.Root
                  id="audit-to"
                  type="date"
                  value={draft.to ?? ''}
                  onChange={(e) => setDraft({ ...draft, to: e.target.value })}
                />
              </LabelledField>
              <LabelledField id="audit-actor" label="Who acted">
                <TextField.Root
                  id="audit-actor"
                  placeholder="admin:owner, shopper, webhook…"
                  value={draft.actor ?? ''}
                  onChange={(e) => setDraft({ ...draft, actor: e.target.value })}
                />
              </LabelledField>
              <Button type="submit" size="2">
                Filter
              </Button>
            </form>
            {streams.error && (
              <Text as="p" color="red" role="alert">
                {serverMessage(streams.error) ?? 'The streams could not be loaded.'}
              </Text>
            )}
            <div className="audit-scroll" tabIndex={0} role="region" aria-label="Streams found">
              <Table.Root size="1">
                <Table.Header>
                  <Table.Row>
                    <Table.ColumnHeaderCell>Stream</Table.ColumnHeaderCell>
                    <Table.ColumnHeaderCell>Events</Table.ColumnHeaderCell>
                    <Table.ColumnHeaderCell>Last change</Table.ColumnHeaderCell>
                    <Table.ColumnHeaderCell>Who acted</Table.ColumnHeaderCell>
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {(streams.data?.streams ?? []).map((s) => (
                    <Table.Row key={s.stream}>
                      <Table.Cell>
                        <Button
                          variant={stream === s.stream ? 'solid' : 'ghost'}
                          size="1"
                          onClick={() => setStream(s.stream)}
                          aria-pressed={stream === s.stream}
                        >
                          {s.stream}
                        </Button>
                      </Table.Cell>
                      <Table.Cell>{s.events}</Table.Cell>
                      <Table.Cell>{s.lastAt}</Table.Cell>
                      <Table.Cell>{s.actors.join(', ')}</Table.Cell>
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table.Root>
            </div>
          </section>
        </Card>

        {stream && <StreamEvents key={stream} stream={stream} />}
        {stream && (timeTravelKinds as readonly string[]).includes(stream.split('-')[0]!) && (
          <TimeTravel key={`tt-${stream}`} stream={stream} />
        )}
        <DataReads />
        <Proof />
        <ProjectionHealth />
        <Backup />
      </Flex>
    </AdminPage>
  );
}

function StreamEvents({ stream }: { stream: string }) {
  const events = useQuery(streamEventsQuery(stream));
  const [correlation, setCorrelation] = useState<string | null>(null);
  const list = events.data && 'stream' in events.data ? events.data.events : [];
  return (
    <Card asChild>
      <section aria-labelledby="audit-events">
        <Heading as="h2" size="4" id="audit-events" mb="3">
          Events of {stream}
        </Heading>
        <div className="audit-scroll" tabIndex={0} role="region" aria-label={`Events of ${stream}`}>
          <Table.Root size="1">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeaderCell>Revision</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>Event</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>When</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>Who</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>Why</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>Request</Table.ColumnHeaderCell>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {list.map((e) => (
                <Table.Row key={e.id}>
                  <Table.Cell>{e.revision}</Table.Cell>
                  <Table.Cell>{e.type}</Table.Cell>
                  <Table.Cell>{e.metadata.at}</Table.Cell>
                  <Table.Cell>{e.metadata.causedBy}</Table.Cell>
                  <Table.Cell>{whyOf(e)}</Table.Cell>
                  <Table.Cell>
                    <Button
                      variant="ghost"
                      size="1"
                      onClick={() => setCorrelation(e.metadata.correlationId)}
                      title="What else this request caused"
                    >
                      Related to {e.metadata.correlationId.slice(0, 8)}…
                    </Button>
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </div>
        {correlation && <Related correlationId={correlation} />}
      </section>
    </Card>
  );
}

function Related({ correlationId }: { correlationId: string }) {
  const related = useQuery(relatedQuery(correlationId));
  return (
    <Flex direction="column" gap="1" mt="3" aria-live="polite">
      <Text weight="bold">
        Everything request <Code>{correlationId}</Code> caused
      </Text>
      {(related.data?.events ?? []).map((e) => (
        <Text key={e.id} size="2">
          {e.stream} #{e.revision} {e.type} — {e.metadata.causedBy}, {e.metadata.at}
        </Text>
      ))}
    </Flex>
  );
}

function TimeTravel({ stream }: { stream: string }) {
  const current = useQuery(stateQuery(stream, undefined));
  const last = current.data?.lastRevision ?? 0;
  const [input, setInput] = useState('');
  const [moment, setMoment] = useState<string | null>(null);
  const asOf = useQuery({ ...stateQuery(stream, moment ?? undefined), enabled: moment !== null });
  const diff = useQuery({ ...diffQuery(stream, moment ?? '0', undefined), enabled: moment !== null });
  const error = asOf.error ?? diff.error;
  const go = (e: FormEvent) => {
    e.preventDefault();
    if (input.trim()) setMoment(input.trim());
  };
  const stepBack = () => {
    const base = moment !== null && /^\d+$/.test(moment) ? Number(moment) : last;
    const next = String(Math.max(0, base - 1));
    setInput(next);
    setMoment(next);
  };
  const state = asOf.data?.state as Record<string, unknown> | null | undefined;
  return (
    <Card asChild>
      <section aria-labelledby="audit-time-travel">
        <Heading as="h2" size="4" id="audit-time-travel" mb="1">
          Time travel
        </Heading>
        <Text as="p" size="2" color="gray" mb="3">
          {stream} as of a revision (0 to {last}) or a date-time, beside how it is now.
        </Text>
        <form onSubmit={go} className="audit-filters">
          <LabelledField id="audit-moment" label="As of (revision or date-time)">
            <TextField.Root
              id="audit-moment"
              value={input}
              onChange={(e) => setInput(e.target.value)}
              placeholder={`${last} or 2026-03-01T10:00:00Z`}
            />
          </LabelledField>
          <Button type="submit">Show</Button>
          <Button type="button" variant="soft" onClick={stepBack} disabled={moment === '0'}>
            Step back
          </Button>
        </form>
        {error && (
          <Text as="p" color="red" role="alert">
            {serverMessage(error) ?? 'That moment could not be shown.'}
          </Text>
        )}
        {asOf.data && (
          <Flex direction="column" gap="2" mt="3" aria-live="polite">
            <Text>
              As of revision <strong>{asOf.data.revision}</strong> ({asOf.data.at}): status{' '}
              <Badge>{show(state?.status)}</Badge>
            </Text>
            {diff.data && (
              <DiffTable changes={diff.data.changes} from={diff.data.from.revision} to={diff.data.to.revision} />
            )}
          </Flex>
        )}
      </section>
    </Card>
  );
}

function DiffTable({ changes, from, to }: { changes: DiffLine[]; from: number; to: number }) {
  if (changes.length === 0)
    return (
      <Text>
        Nothing changed between revision {from} and revision {to}.
      </Text>
    );
  return (
    <div className="audit-scroll" tabIndex={0} role="region" aria-label="Differences">
      <Table.Root size="1">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeaderCell>Field</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>At revision {from}</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>At revision {to}</Table.ColumnHeaderCell>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {changes.map((c) => (
            <Table.Row key={c.path}>
              <Table.Cell>
                <Code>{c.path}</Code>
              </Table.Cell>
              <Table.Cell>{show(c.before)}</Table.Cell>
              <Table.Cell>{show(c.after)}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </div>
  );
}

function Proof() {
  const [exported, setExported] = useState<DownloadedExport | null>(null);
  const [exportError, setExportError] = useState<string | null>(null);
  const [head, setHead] = useState('');
  const [checked, setChecked] = useState<{ ok: boolean; message: string } | null>(null);
  const verify = useVerify();
  const download = async () => {
    setExportError(null);
    try {
      const file = await downloadExport();
      setExported(file);
      setHead(file.head);
    } catch (error) {
      setExportError(serverMessage(error) ?? 'The export could not be made.');
    }
  };
  const check = async (file: File | undefined) => {
    if (!file) return;
    setChecked(await checkExport(await file.text(), head.trim() || undefined));
  };
  return (
    <Card asChild>
      <section aria-labelledby="audit-proof">
        <Heading as="h2" size="4" id="audit-proof" mb="3">
          Proof
        </Heading>
        <Flex direction="column" gap="3">
          <Flex gap="3" wrap="wrap" align="center">
            <Button onClick={() => void download()}>Export the log</Button>
            {exported && (
              <a className="audit-download" href={exported.url} download={exported.name}>
                Download {exported.name} ({exported.lines} events)
              </a>
            )}
          </Flex>
          {exportError && (
            <Text color="red" role="alert">
              {exportError}
            </Text>
          )}
          {exported && (
            <Text size="2">
              Chain head: <Code className="audit-hash">{exported.head}</Code>
            </Text>
          )}
          <div className="audit-filters">
            <LabelledField id="audit-check-file" label="Check an export (NDJSON file)">
              <input
                id="audit-check-file"
                type="file"
                accept=".ndjson,application/x-ndjson,text/plain"
                onChange={(e) => void check(e.target.files?.[0])}
              />
            </LabelledField>
            <LabelledField id="audit-check-head" label="Chain head (optional)">
              <TextField.Root id="audit-check-head" value={head} onChange={(e) => setHead(e.target.value)} />
            </LabelledField>
          </div>
          {checked && (
            <Text role="status" color={checked.ok ? 'green' : 'red'} className="audit-result">
              {checked.message}
            </Text>
          )}
          <Flex gap="3" wrap="wrap" align="center">
            <Button onClick={() => verify.mutate()} loading={verify.isPending}>
              Verify read models
            </Button>
            {verify.data && (
              <Text role="status" color={verify.data.match ? 'green' : 'red'} className="audit-result">
                {verify.data.match ? 'MATCH' : 'MISMATCH'}: {verify.data.result.events} events folded up to position{' '}
                {verify.data.result.position}. {verify.data.message}
              </Text>
            )}
            {verify.error && (
              <Text role="alert" color="red">
                {serverMessage(verify.error) ?? 'Verify failed.'}
              </Text>
            )}
          </Flex>
        </Flex>
      </section>
    </Card>
  );
}

/** The owner's alone: a backup of everything the shop cannot rebuild, written on the server with its manifest. */
function Backup() {
  const canChange = useCanChange();
  const backup = useBackup();
  if (!canChange) return null;
  const made = backup.data?.backup;
  return (
    <Card asChild>
      <section aria-labelledby="audit-backup">
        <Heading as="h2" size="4" id="audit-backup" mb="3">
          Backup
        </Heading>
        <Text as="p" size="2" mb="3">
          The log, the key file, the accounts and the rest the shop cannot rebuild, copied while the shop runs, with a
          manifest of checksums. The data key is never in it: keep it apart, a restore needs it.
        </Text>
        <Flex gap="3" wrap="wrap" align="center">
          <Button variant="soft" onClick={() => backup.mutate()} loading={backup.isPending}>
            Back up now
          </Button>
          {backup.error && (
            <Text role="alert" color="red">
              {serverMessage(backup.error) ?? 'The backup failed.'}
            </Text>
          )}
        </Flex>
        {made && (
          <Flex direction="column" gap="1" mt="3" role="status">
            <Text>{backup.data!.message}</Text>
            <Text size="2">
              Folder <Code>{made.folder}</Code>: {made.files} files, {made.events} events up to position {made.head}
              {made.encrypted ? ', encrypted with the passphrase' : ''}.
            </Text>
            <Text size="2">
              Chain head <Code>{made.chainHead}</Code>
            </Text>
            {made.dataKeyFingerprint && (
              <Text size="2">
                Needs the data key with fingerprint <Code>{made.dataKeyFingerprint.slice(0, 16)}…</Code>
              </Text>
            )}
          </Flex>
        )}
      </section>
    </Card>
  );
}

function ProjectionHealth() {
  const health = useQuery({ ...projectionsQuery, refetchInterval: 5000 });
  const canChange = useCanChange();
  const rebuild = useRebuild();
  return (
    <Card asChild>
      <section aria-labelledby="audit-health">
        <Heading as="h2" size="4" id="audit-health" mb="3">
          Read models
        </Heading>
        <div className="audit-scroll" tabIndex={0} role="region" aria-label="Read model health">
          <Table.Root size="1">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeaderCell>Read model</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>Position</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>Lag</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>Last error</Table.ColumnHeaderCell>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {(health.data?.projections ?? []).map((p) => (
                <Table.Row key={p.name}>
                  <Table.Cell>
                    {p.name}@{p.version}
                  </Table.Cell>
                  <Table.Cell>
                    {p.position} of {p.head}
                  </Table.Cell>
                  <Table.Cell>{p.lag}</Table.Cell>
                  <Table.Cell>{p.lastError ?? 'none'}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </div>
        {canChange && (
          <Flex gap="3" wrap="wrap" align="center" mt="3">
            <Button variant="soft" onClick={() => rebuild.mutate()} loading={rebuild.isPending}>
              Rebuild read models
            </Button>
            {rebuild.data && <Text role="status">{rebuild.data.message}</Text>}
            {rebuild.error && (
              <Text role="alert" color="red">
                {serverMessage(rebuild.error) ?? 'The rebuild could not be started.'}
              </Text>
            )}
          </Flex>
        )}
      </section>
    </Card>
  );
}

/** Who read whose data: the records of reads of personal data, newest first, a page at a time, by reader, subject and days. */
function DataReads() {
  const [draft, setDraft] = useState<DataReadsFilter>({});
  const [filter, setFilter] = useState<DataReadsFilter>({});
  // The cursors of the pages before this one: "Newer" goes back one, "Older" forward with the page's own cursor.
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const cursor = cursors.at(-1);
  const reads = useQuery(dataReadsQuery(filter, cursor));
  const apply = (e: FormEvent) => {
    e.preventDefault();
    setFilter(Object.fromEntries(Object.entries(draft).filter(([, v]) => v)) as DataReadsFilter);
    setCursors([undefined]);
  };
  const page = reads.data;
  return (
    <Card asChild>
      <section aria-labelledby="audit-reads">
        <Heading as="h2" size="4" id="audit-reads" mb="1">
          Reads of personal data
        </Heading>
        <Text as="p" size="2" color="gray" mb="3">
          Who read whose data through the admin, when and why. Downloads are listed each time with the reader’s reason;
          routine views once an hour per reader. A person is shown by a keyed hash of their e-mail address: search by
          the address to find them.
        </Text>
        <form onSubmit={apply} className="audit-filters">
          <LabelledField id="reads-reader" label="Reader">
            <TextField.Root
              id="reads-reader"
              placeholder="username"
              value={draft.reader ?? ''}
              onChange={(e) => setDraft({ ...draft, reader: e.target.value })}
            />
          </LabelledField>
          <LabelledField id="reads-subject" label="Whose (e-mail or stream)">
            <TextField.Root
              id="reads-subject"
              placeholder="order-…, or an e-mail address"
              value={draft.subject ?? ''}
              onChange={(e) => setDraft({ ...draft, subject: e.target.value })}
            />
          </LabelledField>
          <LabelledField id="reads-from" label="From (date)">
            <TextField.Root
              id="reads-from"
              type="date"
              value={draft.from ?? ''}
              onChange={(e) => setDraft({ ...draft, from: e.target.value })}
            />
          </LabelledField>
          <LabelledField id="reads-to" label="To (date)">
            <TextField.Root
              id="reads-to"
              type="date"
              value={draft.to ?? ''}
              onChange={(e) => setDraft({ ...draft, to: e.target.value })}
            />
          </LabelledField>
          <Button type="submit" size="2">
            Show reads
          </Button>
        </form>
        {reads.error && (
          <Text as="p" color="red" role="alert">
            {serverMessage(reads.error) ?? 'The reads could not be loaded.'}
          </Text>
        )}
        {page && (
          <Text as="p" size="2" mb="2" role="status">
            {page.total === 0
              ? 'No reads recorded for this filter.'
              : `${page.total} read${page.total === 1 ? '' : 's'} recorded.`}
          </Text>
        )}
        <div className="audit-scroll" tabIndex={0} role="region" aria-label="Reads of personal data">
          <Table.Root size="1" className="audit-reads">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeaderCell>When</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>Who</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>What</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>Whose</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>Why</Table.ColumnHeaderCell>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {(page?.reads ?? []).map((r) => (
                <Table.Row key={r.id}>
                  <Table.Cell>{r.at}</Table.Cell>
                  <Table.Cell>
                    {r.reader} ({r.role})
                  </Table.Cell>
                  <Table.Cell>
                    <Code>{r.endpoint}</Code>
                  </Table.Cell>
                  <Table.Cell>{r.subject}</Table.Cell>
                  <Table.Cell>{r.routine ? <Text color="gray">{r.reason}</Text> : r.reason}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </div>
        <Flex gap="3" mt="3">
          <Button
            variant="soft"
            size="1"
            disabled={cursors.length <= 1}
            onClick={() => setCursors(cursors.slice(0, -1))}
          >
            Newer
          </Button>
          <Button
            variant="soft"
            size="1"
            disabled={!page?.nextCursor}
            onClick={() => page?.nextCursor && setCursors([...cursors, page.nextCursor])}
          >
            Older
          </Button>
        </Flex>
      </section>
    </Card>
  );
}
