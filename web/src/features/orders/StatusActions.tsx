// The "Update Order Status" group: a button for every status but the current one, optional notes, and the
// toasts that say how it went. While a change is on its way every button is disabled and reads "Updating...".
import { Button, Callout, Flex, Heading, Text, TextArea } from '@radix-ui/themes';
import { useId, useState } from 'react';
import type { AdminOrder } from '../../../../contracts/orders/console.ts';
import { maxNotesLength } from '../../../../contracts/orders/console.ts';
import { orderStatuses, type OrderStatus } from '../../../../contracts/shared/constants.ts';
import { toast } from '../../components/toast/toasts.ts';
import { ApiError, serverMessage } from '../../lib/api.ts';
import { useSessionExpiry } from '../../lib/useSessionExpiry.ts';
import { useChangeOrderStatus } from './ordersQuery.ts';
import { statusLabel } from './StatusBadge.tsx';

const actionLabels: Record<OrderStatus, string> = {
  pending: 'Mark as Pending',
  processing: 'Mark as Processing',
  shipped: 'Mark as Shipped',
  delivered: 'Mark as Delivered',
  cancelled: 'Cancel Order',
};

export function StatusActions({ order }: { order: AdminOrder }) {
  const change = useChangeOrderStatus(order);
  const sessionExpired = useSessionExpiry();
  const [notes, setNotes] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  const headingId = useId();
  const notesId = useId();

  const update = (status: OrderStatus) => {
    setRefusal(null);
    change.mutate(
      { status, notes },
      {
        onSuccess: () => {
          setNotes('');
          toast({ title: 'Order Updated', description: `Order #${order.orderId} is now ${statusLabel(status)}.` });
        },
        onError: (error) => {
          if (sessionExpired(error)) return;
          // A conflict means the order moved on under this screen: say so beside the buttons, which now show the new state.
          if (error instanceof ApiError && error.status === 409) setRefusal(serverMessage(error) ?? null);
          toast({ title: 'Update Failed', description: 'Failed to update order status. Please try again.', variant: 'destructive' });
        },
      },
    );
  };

  return (
    <section role="group" aria-labelledby={headingId} className="order-status-actions">
      <Heading as="h4" size="3" id={headingId} mb="2">
        Update Order Status
      </Heading>
      <Flex direction="column" gap="1" mb="3">
        <Text as="label" htmlFor={notesId} size="2" weight="medium">
          Notes (optional)
        </Text>
        <TextArea
          id={notesId}
          value={notes}
          onChange={(e) => setNotes(e.target.value)}
          maxLength={maxNotesLength}
          placeholder="e.g. Sent with Royal Mail, tracking number..."
          disabled={change.isPending}
          resize="vertical"
        />
      </Flex>
      <Flex gap="2" wrap="wrap">
        {orderStatuses
          .filter((status) => status !== order.status)
          .map((status) => (
            <Button
              key={status}
              type="button"
              onClick={() => update(status)}
              disabled={change.isPending}
              color={status === 'cancelled' ? 'red' : undefined}
              variant={status === 'cancelled' ? 'solid' : 'soft'}
              // The theme's step-11 and step-9 colours miss 4.5:1 contrast on these fills; step 12 does not.
              highContrast
              data-status={status}
            >
              {change.isPending ? 'Updating...' : actionLabels[status]}
            </Button>
          ))}
      </Flex>
      {refusal && (
        <Callout.Root color="amber" size="1" mt="3" role="alert">
          <Callout.Text>{refusal}</Callout.Text>
        </Callout.Root>
      )}
    </section>
  );
}
