// An order's money after it was paid: what was paid, refunded and what is left (net), the refunds asked for with their
// outcome, disputes and flags; and the form that gives money back, per line or as an amount, with a reason. Self-
// contained: it needs only the order as the console's list (the admin read model) gives it.
import {
  Badge,
  Box,
  Button,
  Callout,
  Card,
  DataList,
  Flex,
  Heading,
  RadioGroup,
  Text,
  TextArea,
  TextField,
} from '@radix-ui/themes';
import { useId, useState } from 'react';
import type { AdminOrder, AdminOrderItem, AdminRefund } from '../../../../contracts/orders/console.ts';
import { linesLeft, maxRefundReasonLength, type RefundStatus } from '../../../../contracts/orders/refunds.ts';
import { formatPence, poundsToPence } from '../../../../contracts/shared/money.ts';
import { LabelledField } from '../../components/LabelledField.tsx';
import { toast } from '../../components/toast/toasts.ts';
import { serverMessage } from '../../lib/api.ts';
import { useSessionExpiry } from '../../lib/useSessionExpiry.ts';
import { formatOrderDate } from './orderDate.ts';
import { useCanChange } from '../../lib/admin/role.ts';
import { useRefund, useRetryRefund } from './ordersQuery.ts';

const statusText: Record<RefundStatus, { label: string; color: 'green' | 'blue' | 'red' | 'amber' }> = {
  succeeded: { label: 'Refunded', color: 'green' },
  pending: { label: 'With the payment provider', color: 'blue' },
  declined: { label: 'Declined', color: 'red' },
  unknown: { label: 'Outcome unknown', color: 'amber' },
};

/** The order's lines when it holds a list of them (an order may hold text or another shape). */
function linesOf(items: unknown): AdminOrderItem[] {
  if (!Array.isArray(items)) return [];
  return items.every(
    (i) =>
      i &&
      typeof i === 'object' &&
      typeof i.name === 'string' &&
      Number.isInteger(i.quantity) &&
      Number.isInteger(i.price),
  )
    ? (items as AdminOrderItem[])
    : [];
}

type Notice = { tone: 'refusal' | 'outcome'; text: string } | null;

export function RefundPanel({ order }: { order: AdminOrder }) {
  const id = useId();
  const refund = useRefund(order);
  const retry = useRetryRefund(order);
  const sessionExpired = useSessionExpiry();
  // An auditor sees the money and the refunds, and none of the controls that would change them.
  const canChange = useCanChange();
  const items = linesOf(order.items);
  const refunds = order.refunds ?? [];
  const refunded = order.refunded ?? 0;
  const held = refunds.filter((r) => r.status !== 'declined').reduce((sum, r) => sum + r.amount, 0);
  const left = Math.max(0, order.totalAmount - held);
  const remaining = linesLeft(items, refunds);
  const [mode, setMode] = useState<'lines' | 'amount'>(items.length ? 'lines' : 'amount');
  const [quantities, setQuantities] = useState<Record<number, string>>({});
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [notice, setNotice] = useState<Notice>(null);

  const chosenLines = items
    .map((_, line) => ({ line, quantity: Number(quantities[line] || 0) }))
    .filter((l) => Number.isFinite(l.quantity) && l.quantity > 0);
  const linesTotal = chosenLines.reduce((sum, l) => sum + (items[l.line]?.price ?? 0) * l.quantity, 0);
  const amountPence = amount.trim() === '' ? null : poundsToPence(Number(amount));
  const preview = mode === 'lines' ? linesTotal : amountPence;

  function outcome(result: { message: string; refund: AdminRefund }) {
    if (result.refund.status === 'succeeded') {
      setNotice(null);
      toast({ title: 'Refund Made', description: result.message });
    } else {
      setNotice({
        tone: result.refund.status === 'pending' ? 'outcome' : 'refusal',
        text: result.message,
      });
    }
  }

  function refused(error: unknown) {
    if (sessionExpired(error)) return;
    setNotice({
      tone: 'refusal',
      text: serverMessage(error) ?? 'The refund could not be made. Please try again.',
    });
  }

  function submit(event: React.FormEvent) {
    event.preventDefault();
    setNotice(null);
    const body = mode === 'lines' ? { lines: chosenLines, reason } : { amount: amountPence ?? Number.NaN, reason };
    refund.mutate(body, {
      onSuccess: (result) => {
        setQuantities({});
        setAmount('');
        setReason('');
        outcome(result);
      },
      onError: refused,
    });
  }

  return (
    <Card size="2" className="order-panel refund-panel">
      <Heading as="h4" size="3" mb="2">
        Payment and Refunds
      </Heading>
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

      {refunds.length > 0 && (
        <Flex direction="column" gap="2" mt="3" asChild>
          <ul className="refund-panel__list" aria-label="Refunds">
            {refunds.map((r) => (
              <li key={r.refundId}>
                <Flex gap="2" align="center" wrap="wrap">
                  <Text weight="bold">{formatPence(r.amount)}</Text>
                  <Badge color={statusText[r.status].color}>{statusText[r.status].label}</Badge>
                  <Text size="2" color="gray">
                    {formatOrderDate(r.at)}
                  </Text>
                </Flex>
                {r.reason && (
                  <Text as="p" size="2">
                    {r.reason}
                  </Text>
                )}
                {r.message && (
                  <Text as="p" size="2" color={r.status === 'declined' ? 'red' : 'amber'}>
                    {r.message}
                  </Text>
                )}
                {canChange && r.status === 'unknown' && (
                  <Button
                    type="button"
                    size="1"
                    variant="soft"
                    mt="1"
                    disabled={retry.isPending}
                    onClick={() => {
                      setNotice(null);
                      retry.mutate(r.refundId, {
                        onSuccess: outcome,
                        onError: refused,
                      });
                    }}
                  >
                    {retry.isPending ? 'Retrying...' : 'Retry Refund'}
                  </Button>
                )}
              </li>
            ))}
          </ul>
        </Flex>
      )}

      {canChange && (
        <form onSubmit={submit} aria-label={`Refund for order #${order.orderId}`} noValidate>
          <Flex direction="column" gap="3" mt="3">
            <Heading as="h5" size="2">
              Give money back
            </Heading>
            <Text size="2" color="gray">
              Up to {formatPence(left)} can still be refunded.
            </Text>
            {items.length > 0 && (
              <RadioGroup.Root
                value={mode}
                onValueChange={(value) => setMode(value as 'lines' | 'amount')}
                aria-label="Refund by"
                orientation="horizontal"
              >
                <Flex gap="4" wrap="wrap">
                  <RadioGroup.Item value="lines">By line</RadioGroup.Item>
                  <RadioGroup.Item value="amount">By amount</RadioGroup.Item>
                </Flex>
              </RadioGroup.Root>
            )}
            {mode === 'lines' ? (
              items.map((item, line) => (
                <LabelledField
                  key={line}
                  id={`${id}-line-${line}`}
                  label={`${item.name}: quantity to refund (up to ${remaining[line] ?? 0})`}
                >
                  <TextField.Root
                    id={`${id}-line-${line}`}
                    className="refund-panel__number"
                    type="number"
                    inputMode="numeric"
                    min={0}
                    max={remaining[line] ?? 0}
                    value={quantities[line] ?? ''}
                    placeholder="0"
                    onChange={(e) => setQuantities((q) => ({ ...q, [line]: e.target.value }))}
                  />
                </LabelledField>
              ))
            ) : (
              <LabelledField id={`${id}-amount`} label="Amount to refund (£)">
                <TextField.Root
                  id={`${id}-amount`}
                  className="refund-panel__number"
                  type="number"
                  inputMode="decimal"
                  min={0}
                  step="0.01"
                  value={amount}
                  placeholder={(left / 100).toFixed(2)}
                  onChange={(e) => setAmount(e.target.value)}
                />
              </LabelledField>
            )}
            <LabelledField id={`${id}-reason`} label="Reason (required)">
              <TextArea
                id={`${id}-reason`}
                value={reason}
                onChange={(e) => setReason(e.target.value)}
                maxLength={maxRefundReasonLength}
                placeholder="e.g. One copy arrived damaged"
                resize="vertical"
              />
            </LabelledField>
            {notice && (
              <Callout.Root
                color={notice.tone === 'refusal' ? 'red' : 'blue'}
                size="1"
                role={notice.tone === 'refusal' ? 'alert' : 'status'}
              >
                <Callout.Text>{notice.text}</Callout.Text>
              </Callout.Root>
            )}
            <Button type="submit" disabled={refund.isPending} highContrast style={{ alignSelf: 'flex-start' }}>
              {refund.isPending ? 'Refunding...' : preview && preview > 0 ? `Refund ${formatPence(preview)}` : 'Refund'}
            </Button>
          </Flex>
        </form>
      )}
    </Card>
  );
}
