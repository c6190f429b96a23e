// The streams of the log a page at a time, counted, searched by name and filtered by kind, dates and who acted; the
// search, filters and page are the address's (auditSearch.ts). Choosing a stream opens its events.
import { Button, Card, Flex, Heading, Table, Text, TextField } from '@radix-ui/themes';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { londonText } from '#contracts/shared/londonTime.ts';
import { LabelledField } from '../../../components/LabelledField.tsx';
import { FilterField } from './FilterField.tsx';
import { serverMessage } from '../../../lib/api.ts';
import { streamsQuery } from './auditQueries.ts';
import { streamsPageSize, streamsQueryOf, type AuditSearch } from './auditSearch.ts';

type Filter = Pick<AuditSearch, 'q' | 'kind' | 'from' | 'to' | 'actor'>;
type Props = {
  search: AuditSearch;
  onSearch: (next: Partial<AuditSearch>) => void;
  chosen: string | null;
  onChoose: (stream: string) => void;
};

export function StreamsSection({ search, onSearch, chosen, onChoose }: Props) {
  const filter: Filter = { q: search.q, kind: search.kind, from: search.from, to: search.to, actor: search.actor };
  const [draft, setDraft] = useState<Filter>(filter);
  // Not a suspense read: the route's loader fetches the address's page; another page or filter loads in place, with
  // its failure shown in the section. The page shown stays until the next one is there.
  const streams = useQuery({ ...streamsQuery(streamsQueryOf(search)), placeholderData: (previous) => previous });
  const page = search.page ?? 1;
  const total = streams.data?.total ?? 0;
  const shown = streams.data?.streams ?? [];
  const first = total === 0 ? 0 : (page - 1) * streamsPageSize + 1;
  const last = (page - 1) * streamsPageSize + shown.length;

  const applyFilter = (e: FormEvent) => {
    e.preventDefault();
    const clean = (value: string | undefined) => value?.trim() || undefined;
    onSearch({
      q: clean(draft.q),
      kind: clean(draft.kind),
      from: clean(draft.from),
      to: clean(draft.to),
      actor: clean(draft.actor),
      page: undefined,
    });
  };
  const toPage = (next: number) => onSearch({ page: next > 1 ? next : undefined });

  return (
    <Card asChild>
      <section aria-labelledby="audit-streams">
        <Heading as="h2" size="4" id="audit-streams" mb="3">
          Streams
        </Heading>
        <form onSubmit={applyFilter} className="audit-filters" role="search" aria-label="Streams">
          <LabelledField id="audit-search" label="Stream name contains">
            <TextField.Root
              id="audit-search"
              type="search"
              value={draft.q ?? ''}
              placeholder="order-, AH-6w2d, owner…"
              onChange={(e) => setDraft({ ...draft, q: e.target.value })}
            />
          </LabelledField>
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
            Search
          </Button>
        </form>
        {streams.error && (
          <Text as="p" color="red" role="alert">
            {serverMessage(streams.error) ?? 'The streams could not be loaded.'}
          </Text>
        )}
        <Flex align="center" gap="3" my="2" wrap="wrap">
          <Text as="p" size="2" aria-live="polite" data-testid="streams-count">
            {streams.data
              ? total === 0
                ? 'No streams found'
                : `Streams ${first}–${last} of ${total}`
              : 'Loading streams…'}
          </Text>
          <Button size="1" variant="soft" disabled={page <= 1} onClick={() => toPage(page - 1)}>
            Previous
          </Button>
          <Button size="1" variant="soft" disabled={last >= total} onClick={() => toPage(page + 1)}>
            Next
          </Button>
        </Flex>
        <div className="audit-scroll" tabIndex={0} role="region" aria-label="Streams found">
          <Table.Root size="1" className="audit-streams">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeaderCell>Stream</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>Events</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>Last change (UK time)</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>Who acted</Table.ColumnHeaderCell>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {shown.map((s) => (
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
                  <Table.Cell>{londonText(s.lastAt)}</Table.Cell>
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
