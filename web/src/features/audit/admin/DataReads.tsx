import { ukDateTime } from '#contracts/shared/londonTime.ts';
import { Button, Card, Code, Flex, Heading, Table, Text } from '@radix-ui/themes';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { FilterField } from './FilterField.tsx';
import { serverMessage } from '../../../lib/api.ts';
import { dataReadsQuery, type DataReadsFilter } from './auditQueries.ts';

/** Who read whose data: the records of reads of personal data, newest first, a page at a time, by reader, subject and days. */
export function DataReads() {
  const [draft, setDraft] = useState<DataReadsFilter>({});
  const [filter, setFilter] = useState<DataReadsFilter>({});
  // The cursors of the pages before this one: "Newer" goes back one, "Older" forward with the page's own cursor.
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const cursor = cursors.at(-1);
  const reads = useQuery(dataReadsQuery(filter, cursor));
  const apply = (e: FormEvent) => {
    e.preventDefault();
    setFilter(Object.fromEntries(Object.entries(draft).filter(([, v]) => v)));
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
          <FilterField
            id="reads-reader"
            label="Reader"
            field="reader"
            placeholder="username"
            draft={draft}
            setDraft={setDraft}
          />
          <FilterField
            id="reads-subject"
            label="Whose (e-mail or stream)"
            field="subject"
            placeholder="order-…, or an e-mail address"
            draft={draft}
            setDraft={setDraft}
          />
          <FilterField id="reads-from" label="From (date)" field="from" type="date" draft={draft} setDraft={setDraft} />
          <FilterField id="reads-to" label="To (date)" field="to" type="date" draft={draft} setDraft={setDraft} />
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
                  <Table.Cell>{ukDateTime(r.at)}</Table.Cell>
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
