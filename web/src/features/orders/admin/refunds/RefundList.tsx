// The refunds asked for or reported, oldest first, each with its progress as the order's read model shows it: with the
// payment provider, refunded, or failed with the reason; one of unknown outcome can be retried.
import { Badge, Button, Flex, Text } from '@radix-ui/themes';
import type { AdminRefund } from '#contracts/orders/console.ts';
import type { RefundStatus } from '#contracts/orders/refunds.ts';
import { formatPence } from '#contracts/shared/money.ts';
import { formatOrderDate } from '../orderDate.ts';

const statusText: Record<RefundStatus, { label: string; color: 'green' | 'blue' | 'red' | 'amber' }> = {
  succeeded: { label: 'Refunded', color: 'green' },
  pending: { label: 'With the payment provider', color: 'blue' },
  declined: { label: 'Declined', color: 'red' },
  unknown: { label: 'Outcome unknown', color: 'amber' },
};

export function RefundList({
  refunds,
  onRetry,
  retrying,
}: {
  refunds: readonly AdminRefund[];
  /** absent when the reader may not change the order */
  onRetry?: ((refundId: string) => void) | undefined;
  retrying: boolean;
}) {
  if (refunds.length === 0) return null;
  return (
    <Flex direction="column" gap="2" mt="3" asChild>
      <ul className="refund-panel__list" aria-label="Refunds">
        {refunds.map((r) => (
          <li key={r.refundId} aria-busy={r.status === 'pending'}>
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
            {onRetry && r.status === 'unknown' && (
              <Button
                type="button"
                size="1"
                variant="soft"
                mt="1"
                disabled={retrying}
                onClick={() => onRetry(r.refundId)}
              >
                {retrying ? 'Retrying...' : 'Retry Refund'}
              </Button>
            )}
          </li>
        ))}
      </ul>
    </Flex>
  );
}
