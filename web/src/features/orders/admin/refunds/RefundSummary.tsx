// The order's refund ledger in figures: paid, refunded and what the shop keeps (net); the disputes the card's bank
// opened, where each stands and where to answer it; and what placing the order found for the owner to look at.
import { Box, Button, Callout, DataList, Flex, Link, Text } from '@radix-ui/themes';
import type { AdminDispute, AdminOrder } from '#contracts/orders/console.ts';
import { formatPence } from '#contracts/shared/money.ts';
import { formatOrderDate } from '../orderDate.ts';
import { useAcceptPayment, useRefund } from '../ordersQuery.ts';

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
      {(order.flags ?? []).map((flag) =>
        flag.flag === 'payment-mismatch' ? (
          <PaymentMismatch key={`${flag.flag}-${flag.at}`} order={order} flag={flag} />
        ) : (
          <Callout.Root key={`${flag.flag}-${flag.at}`} color="amber" size="1" mt="3">
            <Callout.Text>Check before shipping: {flag.message}</Callout.Text>
          </Callout.Root>
        ),
      )}
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

/**
 * A payment that does not match its checkout (decision 102): one answer, refund it in full through the usual refund, or
 * accept it and ship. Settled once accepted, or once nothing is left to refund.
 */
function PaymentMismatch({ order, flag }: { order: AdminOrder; flag: AdminOrder['flags'][number] }) {
  const refund = useRefund(order);
  const accept = useAcceptPayment(order.orderId);
  const left = order.totalAmount - (order.refunded ?? 0);
  const refunding = (order.refunds ?? []).some((r) => r.progress === 'pending');
  const open = !flag.cleared && left > 0 && !refunding;
  const failure = refund.error ?? accept.error;
  return (
    <Callout.Root color={open ? 'red' : 'gray'} size="1" mt="3" role="group" aria-label="Payment does not match">
      <Callout.Text>
        Payment does not match: {flag.message}
        {flag.cleared ? ` Accepted by ${flag.cleared.by} on ${formatOrderDate(flag.cleared.at)}.` : ''}
        {!flag.cleared && left === 0 ? ' Refunded in full.' : ''}
      </Callout.Text>
      {open ? (
        <Flex gap="2" mt="2" wrap="wrap">
          <Button
            size="1"
            color="red"
            disabled={refund.isPending || accept.isPending}
            onClick={() => refund.mutate({ amount: left, reason: 'The payment did not match the order' })}
          >
            Refund {formatPence(left)} in full
          </Button>
          <Button
            size="1"
            variant="soft"
            disabled={refund.isPending || accept.isPending}
            onClick={() => accept.mutate()}
          >
            Accept the payment
          </Button>
        </Flex>
      ) : null}
      {failure ? (
        <Callout.Text color="red" role="alert">
          {failure.message}
        </Callout.Text>
      ) : null}
    </Callout.Root>
  );
}
