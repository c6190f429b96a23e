// The streams of the log, filtered by kind, dates and who acted; choosing one opens its events.
import { Button, Card, Heading, Table, Text } from '@radix-ui/themes';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { LabelledField } from '../../components/LabelledField.tsx';
import { FilterField } from './FilterField.tsx';
import { serverMessage } from '../../lib/api.ts';
import { streamsQuery, type StreamFilter } from './auditQueries.ts';

type Props = { chosen: string | null; onChoose: (stream: string) => void };

export function StreamsSection({ chosen, onChoose }: Props) {
  const [filter, setFilter] = useState<StreamFilter>({});
  const [draft, setDraft] = useState<StreamFilter>({});
  // Not a suspense read: the route's loader fetches the unfiltered list; a filter's list loads in place, with its
  // failure shown in the section.
  const streams = useQuery(streamsQuery(filter));

  const applyFilter = (e: FormEvent) => {
    e.preventDefault();
    setFilter(Object.fromEntries(Object.entries(draft).filter(([, v]) => v)) as StreamFilter);
  };

  return (
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
          <FilterField id="audit-from" label="From (date)" field="from" type="date" draft={draft} setDraft={setDraft} />
          <FilterField id="audit-to" label="To (date)" field="to" type="date" draft={draft} setDraft={setDraft} />
          <FilterField
            id="audit-actor"
            label="Who acted"
            field="actor"
            placeholder="admin:owner, shopper, webhook…"
            draft={draft}
            setDraft={setDraft}
          />
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
                      variant={chosen === s.stream ? 'solid' : 'ghost'}
                      size="1"
                      onClick={() => onChoose(s.stream)}
                      aria-pressed={chosen === s.stream}
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
  );
}
