// The order's refund ledger in figures: paid, refunded and what the shop keeps (net); the disputes the card's bank
// opened, where each stands and where to answer it; and what placing the order found for the owner to look at.
import { Box, Callout, DataList, Link, Text } from '@radix-ui/themes';
import type { AdminDispute, AdminOrder } from '../../../../../contracts/orders/console.ts';
import { formatPence } from '../../../../../contracts/shared/money.ts';
import { formatOrderDate } from '../orderDate.ts';

export function RefundSummary({ order }: { order: AdminOrder }) {
  const refunded = order.refunded ?? 0;
  return (
    <>
      <Box role="group" aria-label={`Money of order #${order.orderId}`}>
        <DataList.Root orientation={{ initial: 'vertical', sm: 'horizontal' }} size="2">
          <DataList.Item>
            <DataList.Label minWidth="120px">Paid</DataList.Label>
            <DataList.Value>{formatPence(order.totalAmount)}</DataList.Value>
          </DataList.Item>
          <DataList.Item>
            <DataList.Label minWidth="120px">Refunded</DataList.Label>
            <DataList.Value>{formatPence(refunded)}</DataList.Value>
          </DataList.Item>
          <DataList.Item>
            <DataList.Label minWidth="120px">Net</DataList.Label>
            <DataList.Value>
              <Text weight="bold">{formatPence(order.totalAmount - refunded)}</Text>
            </DataList.Value>
          </DataList.Item>
        </DataList.Root>
      </Box>
      {(order.flags ?? []).map((flag) => (
        <Callout.Root key={`${flag.flag}-${flag.at}`} color="amber" size="1" mt="3">
          <Callout.Text>Check before shipping: {flag.message}</Callout.Text>
        </Callout.Root>
      ))}
      {(order.disputes ?? []).map((dispute) => (
        <DisputeCallout key={dispute.disputeId} dispute={dispute} />
      ))}
    </>
  );
}

/** A dispute: where it stands, the evidence deadline while an answer is awaited, the money it moved, and where to answer. */
function DisputeCallout({ dispute }: { dispute: AdminDispute }) {
  const won = dispute.status === 'won' || dispute.status === 'warning_closed';
  return (
    <Callout.Root color={won ? 'green' : 'red'} size="1" mt="3" data-testid="order-dispute">
      <Callout.Text>
        The card's bank opened a dispute on {formatPence(dispute.amount)} ({dispute.reason}) on{' '}
        {formatOrderDate(dispute.at)}.{' '}
        <Text weight="bold">{dispute.statusText ?? "Answer it in the payment provider's dashboard."}</Text>
      </Callout.Text>
      {dispute.awaitsResponse && dispute.deadline && <Callout.Text>Evidence due by {dispute.deadline}.</Callout.Text>}
      {(dispute.movements ?? []).map((m) => (
        <Callout.Text key={m.transactionId} size="1">
          {m.kind === 'withdrawn'
            ? `${formatPence(-m.amount)}${m.fee > 0 ? ` and a ${formatPence(m.fee)} dispute fee` : ''} taken on ${formatOrderDate(m.createdAt)}`
            : `${formatPence(m.amount)} given back on ${formatOrderDate(m.createdAt)}`}
        </Callout.Text>
      ))}
      {dispute.respondUrl && (
        <Callout.Text>
          <Link href={dispute.respondUrl} target="_blank" rel="noopener noreferrer">
            {dispute.awaitsResponse ? "Respond in Stripe's dashboard" : "Open the dispute in Stripe's dashboard"}
          </Link>
        </Callout.Text>
      )}
    </Callout.Root>
  );
}
