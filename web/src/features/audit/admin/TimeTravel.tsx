// An order or review as of an earlier moment, and what changed between any two moments: each picked in UK time, or
// stepped back a revision at a time. The diff is the one `npm run events -- diff --from --to --text` prints, its fields
// in words (contracts/audit/diffText.ts).
import { Badge, Button, Card, Flex, Heading, Table, Text } from '@radix-ui/themes';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { diffRows } from '#contracts/audit/diffText.ts';
import type { DiffResponse } from '#contracts/audit/model.ts';
import { fromLondonInput, londonText } from '#contracts/shared/londonTime.ts';
import { LabelledField } from '../../../components/LabelledField.tsx';
import { serverMessage } from '../../../lib/api.ts';
import { show } from './auditFormat.ts';
import { diffQuery, stateQuery } from './auditQueries.ts';

/** Two moments: revisions or instants; `to` left out is now. */
type Range = { from: string; to?: string | undefined };

export function TimeTravel({ stream }: { stream: string }) {
  const current = useQuery(stateQuery(stream, undefined));
  const last = current.data?.lastRevision ?? 0;
  const [fromInput, setFromInput] = useState('');
  const [toInput, setToInput] = useState('');
  const [range, setRange] = useState<Range | null>(null);
  const [problem, setProblem] = useState<{ field: 'from' | 'to'; message: string } | null>(null);
  const asOf = useQuery({ ...stateQuery(stream, range?.from), enabled: range !== null });
  const diff = useQuery({ ...diffQuery(stream, range?.from ?? '0', range?.to), enabled: range !== null });
  const error = asOf.error ?? diff.error;
  // The pickers' values are London wall times: the instants they name go to the server, whatever the browser's zone.
  const go = (e: FormEvent) => {
    e.preventDefault();
    const from = fromLondonInput(fromInput);
    const to = toInput.trim() ? fromLondonInput(toInput) : undefined;
    if (!from) return setProblem({ field: 'from', message: 'Pick the date and time to compare from' });
    if (to === null) return setProblem({ field: 'to', message: 'Pick a date and time, or leave it empty for now' });
    setProblem(null);
    setRange({ from, to });
  };
  const stepBack = () => {
    const base = range !== null && /^\d+$/.test(range.from) ? Number(range.from) : last;
    setProblem(null);
    setRange({ from: String(Math.max(0, base - 1)) });
  };
  const state = asOf.data?.state as Record<string, unknown> | null | undefined;
  const picker = (id: string, label: string, value: string, set: (v: string) => void, field: 'from' | 'to') => {
    const message = problem?.field === field ? problem.message : undefined;
    return (
      <LabelledField id={id} label={label} error={message}>
        <input
          id={id}
          className="audit-select"
          type="datetime-local"
          step={1}
          value={value}
          onChange={(e) => set(e.target.value)}
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? `${id}-error` : undefined}
        />
      </LabelledField>
    );
  };
  return (
    <Card asChild>
      <section aria-labelledby="audit-time-travel">
        <Heading as="h2" size="4" id="audit-time-travel" mb="1">
          Time travel
        </Heading>
        <Text as="p" size="2" color="gray" mb="3">
          {stream} as of a moment in UK time, and what changed from then to another moment (now when left empty); or
          stepped back a revision at a time (0 to {last}).
        </Text>
        <form onSubmit={go} className="audit-filters">
          {picker('audit-moment', 'As of (UK time)', fromInput, setFromInput, 'from')}
          {picker('audit-moment-to', 'Compared with (UK time, empty for now)', toInput, setToInput, 'to')}
          <Button type="submit">Show</Button>
          <Button type="button" variant="soft" onClick={stepBack} disabled={range?.from === '0'}>
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
            {diff.data && <DiffTable diff={diff.data} />}
          </Flex>
        )}
      </section>
    </Card>
  );
}

function DiffTable({ diff }: { diff: DiffResponse }) {
  const { from, to } = diff;
  const rows = diffRows(diff);
  if (rows.length === 0)
    return (
      <Text>
        Nothing changed between revision {from.revision} and revision {to.revision}.
      </Text>
    );
  return (
    <div className="audit-scroll" tabIndex={0} role="region" aria-label="Differences">
      <Table.Root size="1">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeaderCell>Field</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>
              At revision {from.revision} ({londonText(from.at)})
            </Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>
              At revision {to.revision} ({londonText(to.at)})
            </Table.ColumnHeaderCell>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map((row, i) => (
            <Table.Row key={`${i}-${row.field}`}>
              <Table.RowHeaderCell>{row.field}</Table.RowHeaderCell>
              <Table.Cell>{row.before}</Table.Cell>
              <Table.Cell>{row.after}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </div>
  );
}
