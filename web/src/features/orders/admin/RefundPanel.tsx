// An order's money after it was paid: the ledger in figures, the refunds with their progress, and the form that gives
// money back. A refund is answered as soon as it is recorded; the panel then follows its progress in the order's read
// model until it settles, and tells the owner how it ended. It needs only the order as the admin read model gives it.
import { Callout, Card, Heading } from '@radix-ui/themes';
import { useEffect, useRef, useState } from 'react';
import type { AdminOrder, AdminOrderItem, AdminRefund } from '#contracts/orders/console.ts';
import { refundOutcome } from '#contracts/orders/refunds.ts';
import { toast } from '../../../components/toast/toasts.ts';
import { serverMessage } from '../../../lib/api.ts';
import { useCanChange } from '../../../lib/admin/role.ts';
import { useSessionExpiry } from '../../../lib/useSessionExpiry.ts';
import { reached, useRefund, useRefundProgress, useRetryRefund } from './ordersQuery.ts';
import { RefundForm, type RefundRequest } from './refunds/RefundForm.tsx';
import { RefundList } from './refunds/RefundList.tsx';
import { RefundSummary } from './refunds/RefundSummary.tsx';

/** The order's lines when it holds a list of them (an order may hold text or another shape). */
function linesOf(items: unknown): AdminOrderItem[] {
  if (!Array.isArray(items)) return [];
  return (items as unknown[]).every(
    (i) =>
      typeof i === 'object' &&
      i !== null &&
      'name' in i &&
      typeof i.name === 'string' &&
      'quantity' in i &&
      Number.isInteger(i.quantity) &&
      'price' in i &&
      Number.isInteger(i.price),
  )
    ? (items as AdminOrderItem[])
    : [];
}

export function RefundPanel({ order }: { order: AdminOrder }) {
  const refund = useRefund(order);
  const retry = useRetryRefund(order);
  const sessionExpired = useSessionExpiry();
  // An auditor sees the money and the refunds, and none of the controls that would change them.
  const canChange = useCanChange();
  const refunds = order.refunds ?? [];
  // The refund this panel last asked for (or retried), as the answer gave it; followed until it settles.
  const [asked, setAsked] = useState<AdminRefund | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  useRefundProgress(order, asked);
  const progress = asked ? (reached(refunds, asked) ?? asked) : null;

  // The owner is told once when the refund they followed has been paid back.
  const told = useRef<string | null>(null);
  useEffect(() => {
    if (progress?.status !== 'succeeded') return;
    const key = `${progress.refundId}:${progress.attempts}`;
    if (told.current === key) return;
    told.current = key;
    toast({ title: 'Refund Made', description: refundOutcome(progress) });
  }, [progress]);

  function refused(error: unknown) {
    if (sessionExpired(error)) return;
    setRefusal(serverMessage(error) ?? 'The refund could not be made. Please try again.');
  }

  function ask(body: RefundRequest, done: () => void) {
    setRefusal(null);
    setAsked(null);
    refund.mutate(body, {
      onSuccess: (answer) => {
        done();
        setAsked(answer.refund);
      },
      onError: refused,
    });
  }

  function again(refundId: string) {
    setRefusal(null);
    setAsked(null);
    retry.mutate(refundId, { onSuccess: (answer) => setAsked(answer.refund), onError: refused });
  }

  const notice = refusal ? (
    <Callout.Root color="red" size="1" role="alert">
      <Callout.Text>{refusal}</Callout.Text>
    </Callout.Root>
  ) : progress && progress.status !== 'succeeded' ? (
    <Callout.Root
      color={progress.status === 'pending' ? 'blue' : 'red'}
      size="1"
      role={progress.status === 'pending' ? 'status' : 'alert'}
    >
      <Callout.Text>{refundOutcome(progress)}</Callout.Text>
    </Callout.Root>
  ) : null;

  return (
    <Card size="2" className="order-panel refund-panel">
      <Heading as="h4" size="3" mb="2">
        Payment and Refunds
      </Heading>
      <RefundSummary order={order} />
      <RefundList refunds={refunds} onRetry={canChange ? again : undefined} retrying={retry.isPending} />
      {canChange && (
        <RefundForm
          orderId={order.orderId}
          items={linesOf(order.items)}
          totalAmount={order.totalAmount}
          refunds={refunds}
          submitting={refund.isPending}
          notice={notice}
          onSubmit={ask}
        />
      )}
    </Card>
  );
}
