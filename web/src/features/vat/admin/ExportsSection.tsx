// Exports waiting for their proof (decision 097): a zero-rated export needs its proof of export within 3 months of the
// sale (VAT Notice 703). The screen lists those still without it as the limit nears, and past it the VAT now due, which
// the VAT return counts in the period the limit ran out; a proof recorded on the order's page takes it off the list.
import { Badge, Callout, Card, Heading, Table, Text } from '@radix-ui/themes';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { receiptsApi } from '#contracts/receipts/api.ts';
import { formatPence } from '#contracts/shared/money.ts';
import type { ExportProofView } from '#contracts/vat/exports.ts';
import { queryFor, serverMessage } from '../../../lib/api.ts';
import { longDay } from '#contracts/shared/days.ts';

const left = (e: ExportProofView) =>
  e.daysLeft === 0 ? 'today is the last day' : e.daysLeft === 1 ? '1 day left' : `${e.daysLeft} days left`;

export function ExportsSection() {
  const answer = useQuery(queryFor(receiptsApi.vatExports));
  return (
    <Card size="3" asChild>
      <section aria-labelledby="vat-exports">
        <Heading as="h2" size="4" id="vat-exports" mb="1">
          Exports awaiting proof
        </Heading>
        <Text as="p" size="2" color="gray" mb="3">
          Goods sent out of the UK are zero-rated when the shop holds proof of export within 3 months of the sale (VAT
          Notice 703): the shipment&apos;s tracking number, or a proof-of-posting reference recorded on the order. Past
          the limit the VAT a UK sale would carry is due, in the VAT return of the period the limit ran out; a proof
          that comes later gives it back in the period it comes.
        </Text>
        {answer.isError && (
          <Callout.Root color="red" role="alert">
            <Callout.Text>{serverMessage(answer.error) ?? 'Error Loading the Exports'}</Callout.Text>
          </Callout.Root>
        )}
        {answer.isPending && <Text as="p">Loading the exports...</Text>}
        {answer.data && answer.data.exports.length === 0 && (
          <Text as="p" data-testid="vat-exports-none">
            No export is within {answer.data.warningDays} days of its limit without proof.
          </Text>
        )}
        {answer.data && answer.data.exports.length > 0 && (
          <div className="vat-table">
            <Table.Root size="1" data-testid="vat-exports">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeaderCell>Order</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>Sent to</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>Proof needed by</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>Paid</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>UK VAT</Table.ColumnHeaderCell>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {answer.data.exports.map((e) => (
                  <Table.Row key={e.orderId} data-testid="vat-export" data-state={e.state}>
                    <Table.RowHeaderCell>
                      <Link to="/admin/orders/$orderId" params={{ orderId: e.orderId }}>
                        {e.orderNumber}
                      </Link>
                      {e.receiptNumber && (
                        <Text as="div" size="1" color="gray">
                          {e.receiptNumber}
                        </Text>
                      )}
                    </Table.RowHeaderCell>
                    <Table.Cell>{e.countryName}</Table.Cell>
                    <Table.Cell>
                      {longDay(e.deadline)}{' '}
                      {e.state === 'overdue' ? (
                        <Badge color="red">limit passed</Badge>
                      ) : (
                        <Badge color="amber">{left(e)}</Badge>
                      )}
                    </Table.Cell>
                    <Table.Cell>{formatPence(e.gross)}</Table.Cell>
                    <Table.Cell>
                      {e.state === 'overdue' ? (
                        <Text weight="bold">{formatPence(e.vatDue)} now due</Text>
                      ) : (
                        <Text color="gray">{formatPence(e.vatDue)} if no proof</Text>
                      )}
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </div>
        )}
        {answer.data && answer.data.waiting > 0 && (
          <Text as="p" size="2" color="gray" mt="2">
            {answer.data.waiting} more {answer.data.waiting === 1 ? 'export has' : 'exports have'} more than{' '}
            {answer.data.warningDays} days left to prove.
          </Text>
        )}
      </section>
    </Card>
  );
}
