// The read models' health (position, lag, last error), polled; the owner may rebuild them.
import { Button, Card, Flex, Heading, Table, Text } from '@radix-ui/themes';
import { useQuery } from '@tanstack/react-query';
import { useCanChange } from '../../../lib/admin/role.ts';
import { serverMessage } from '../../../lib/api.ts';
import { projectionsQuery, useRebuild } from './auditQueries.ts';

export function ProjectionHealth() {
  // Polled, so not a suspense read: the table fills in when the first answer comes.
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
