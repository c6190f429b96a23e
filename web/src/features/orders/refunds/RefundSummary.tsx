// The order's refund ledger in figures: paid, refunded and what the shop keeps (net); the disputes the card's bank
// opened and what placing the order found for the owner to look at.
import { Box, Callout, DataList, Text } from '@radix-ui/themes';
import type { AdminOrder } from '../../../../../contracts/orders/console.ts';
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
        <Callout.Root key={dispute.disputeId} color="red" size="1" mt="3">
          <Callout.Text>
            The card's bank opened a dispute on {formatPence(dispute.amount)} ({dispute.reason}) on{' '}
            {formatOrderDate(dispute.at)}. Answer it in the payment provider's dashboard.
          </Callout.Text>
        </Callout.Root>
      ))}
    </>
  );
}
