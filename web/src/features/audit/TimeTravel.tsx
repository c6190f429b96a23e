// An order or review as of an earlier moment (a revision stepped back to, or a date-time picked in UK time), beside what
// changed since.
import { Badge, Button, Card, Code, Flex, Heading, Table, Text } from '@radix-ui/themes';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { DiffLine } from '../../../../contracts/audit/model.ts';
import { fromLondonInput, londonText } from '../../../../contracts/shared/londonTime.ts';
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
  const [problem, setProblem] = useState<string | null>(null);
  // The picker's value is a London wall time: the instant it names goes to the server, whatever the browser's zone.
  const go = (e: FormEvent) => {
    e.preventDefault();
    const at = fromLondonInput(input);
    setProblem(at ? null : 'Pick a date and a time');
    if (at) setMoment(at);
  };
  const stepBack = () => {
    const base = moment !== null && /^\d+$/.test(moment) ? Number(moment) : last;
    setProblem(null);
    setMoment(String(Math.max(0, base - 1)));
  };
  const state = asOf.data?.state as Record<string, unknown> | null | undefined;
  return (
    <Card asChild>
      <section aria-labelledby="audit-time-travel">
        <Heading as="h2" size="4" id="audit-time-travel" mb="1">
          Time travel
        </Heading>
        <Text as="p" size="2" color="gray" mb="3">
          {stream} as of a moment in UK time, or stepped back a revision at a time (0 to {last}), beside how it is now.
        </Text>
        <form onSubmit={go} className="audit-filters">
          <LabelledField id="audit-moment" label="As of (UK time)" error={problem ?? undefined}>
            <input
              id="audit-moment"
              className="audit-select"
              type="datetime-local"
              step={1}
              value={input}
              onChange={(e) => setInput(e.target.value)}
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? 'audit-moment-error' : undefined}
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
              As of revision <strong>{asOf.data.revision}</strong> ({londonText(asOf.data.at)}): status{' '}
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
