// The form that gives money back: per line (up to what each line still holds) or as an amount (up to what may still be
// refunded), with a reason. What may still be refunded comes from the refund ledger's rules.
import { Button, Checkbox, Flex, Heading, RadioGroup, Text, TextArea, TextField } from '@radix-ui/themes';
import { useId, useState, type ReactNode } from 'react';
import type { AdminOrderItem, AdminRefund } from '#contracts/orders/console.ts';
import {
  linesLeft,
  maxRefundReasonLength,
  refundableAmount,
  type RequestRefundBody,
} from '#contracts/orders/refunds.ts';
import { formatPence, poundsToPence } from '#contracts/shared/money.ts';
import { LabelledField } from '../../../../components/LabelledField.tsx';

export type RefundRequest = Omit<RequestRefundBody, 'expectedRevision'>;

export function RefundForm({
  orderId,
  items,
  totalAmount,
  refunds,
  submitting,
  notice,
  onSubmit,
}: {
  orderId: string;
  items: readonly AdminOrderItem[];
  totalAmount: number;
  refunds: readonly AdminRefund[];
  submitting: boolean;
  /** the answer to the last request, shown beside the button */
  notice: ReactNode;
  /** `done` empties the form once the request is recorded */
  onSubmit: (body: RefundRequest, done: () => void) => void;
}) {
  const id = useId();
  const left = refundableAmount(totalAmount, refunds);
  const remaining = linesLeft(items, refunds);
  const [mode, setMode] = useState<'lines' | 'amount'>(items.length ? 'lines' : 'amount');
  const [quantities, setQuantities] = useState<Record<number, string>>({});
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [restock, setRestock] = useState(false);

  const chosenLines = items
    .map((_, line) => ({ line, quantity: Number(quantities[line] || 0) }))
    .filter((l) => Number.isFinite(l.quantity) && l.quantity > 0);
  const linesTotal = chosenLines.reduce((sum, l) => sum + (items[l.line]?.price ?? 0) * l.quantity, 0);
  const amountPence = amount.trim() === '' ? null : poundsToPence(Number(amount));
  const preview = mode === 'lines' ? linesTotal : amountPence;
  const copies = chosenLines.reduce((sum, l) => sum + l.quantity, 0);
  const restocking = mode === 'lines' && copies > 0 && restock;

  function submit(event: React.FormEvent) {
    event.preventDefault();
    const body =
      mode === 'lines'
        ? { lines: chosenLines, reason, ...(restocking ? { restock: true } : {}) }
        : { amount: amountPence ?? Number.NaN, reason };
    onSubmit(body, () => {
      setQuantities({});
      setAmount('');
      setReason('');
      setRestock(false);
    });
  }

  return (
    <form onSubmit={submit} aria-label={`Refund for order #${orderId}`} noValidate>
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
        {mode === 'lines' && copies > 0 && (
          <Text as="label" size="2" htmlFor={`${id}-restock`}>
            <Flex gap="2" align="center">
              <Checkbox
                id={`${id}-restock`}
                checked={restock}
                onCheckedChange={(checked) => setRestock(checked === true)}
              />
              Put {copies} {copies === 1 ? 'copy' : 'copies'} back on the shelf
            </Flex>
          </Text>
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
        {notice}
        <Button type="submit" disabled={submitting} highContrast style={{ alignSelf: 'flex-start' }}>
          {submitting ? 'Refunding...' : preview && preview > 0 ? `Refund ${formatPence(preview)}` : 'Refund'}
        </Button>
      </Flex>
    </form>
  );
}
