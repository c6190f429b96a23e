// One stream's events with who, when and why, and what else the request behind an event caused.
import { ukDateTime } from '#contracts/shared/londonTime.ts';
import { Button, Card, Code, Flex, Heading, Table, Text } from '@radix-ui/themes';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { whyOf } from './auditFormat.ts';
import { relatedQuery, streamEventsQuery } from './auditQueries.ts';

export function StreamEvents({ stream }: { stream: string }) {
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
                  <Table.Cell>{ukDateTime(e.metadata.at)}</Table.Cell>
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
          {e.stream} #{e.revision} {e.type} — {e.metadata.causedBy}, {ukDateTime(e.metadata.at)}
        </Text>
      ))}
    </Flex>
  );
}
