// An order or review as of an earlier moment (a revision or a date-time), beside what changed since.
import { Badge, Button, Card, Code, Flex, Heading, Table, Text, TextField } from '@radix-ui/themes';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { DiffLine } from '../../../../contracts/audit/model.ts';
import { LabelledField } from '../../components/LabelledField.tsx';
import { serverMessage } from '../../lib/api.ts';
import { show } from './auditFormat.ts';
import { diffQuery, stateQuery } from './auditQueries.ts';

export function TimeTravel({ stream }: { stream: string }) {
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
