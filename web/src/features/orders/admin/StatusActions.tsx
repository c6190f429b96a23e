// The "Update Order Status" group: a button for every status but the current one, optional notes, the carrier and
// tracking number that go with "Mark as Shipped", and the toasts that say how it went. While a change is on its way
// every button is disabled and reads "Updating...". A move back (shipped → pending, out of cancelled) is confirmed in a
// dialog first, and sent with the confirmation the server asks for.
import { AlertDialog, Button, Callout, Flex, Heading, Text, TextArea, TextField } from '@radix-ui/themes';
import { useId, useState } from 'react';
import type { AdminOrder } from '#contracts/orders/console.ts';
import { maxNotesLength } from '#contracts/orders/console.ts';
import { carrierLabels, carriers, maxTrackingNumberLength, type Carrier } from '#contracts/orders/fulfilment.ts';
import { isBackwardMove, statusMoveMessages } from '#contracts/orders/statusMoves.ts';
import { orderStatuses, type OrderStatus } from '#contracts/shared/constants.ts';
import { toast } from '../../../components/toast/toasts.ts';
import { ApiError, serverMessage } from '../../../lib/api.ts';
import { useSessionExpiry } from '../../../lib/useSessionExpiry.ts';
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
  const [carrier, setCarrier] = useState<Carrier>('royal-mail');
  const [trackingNumber, setTrackingNumber] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  /** the status a move back would go to, while the owner is asked to confirm it */
  const [confirming, setConfirming] = useState<OrderStatus | null>(null);
  const headingId = useId();
  const notesId = useId();
  const carrierId = useId();
  const trackingId = useId();
  const canShip = order.status !== 'shipped';

  const update = (status: OrderStatus, confirmBackward = false) => {
    setRefusal(null);
    // A tracking number goes with "Mark as Shipped" only; the customer is e-mailed the carrier's link.
    const shipment =
      status === 'shipped' && trackingNumber.trim() ? { carrier, trackingNumber: trackingNumber.trim() } : undefined;
    change.mutate(
      { status, notes, shipment, confirmBackward },
      {
        onSuccess: () => {
          setNotes('');
          setTrackingNumber('');
          toast({ title: 'Order Updated', description: `Order #${order.orderNumber} is now ${statusLabel(status)}.` });
        },
        onError: (error) => {
          if (sessionExpired(error)) return;
          // A conflict means the order moved on under this screen: say so beside the buttons, which now show the new state.
          // A refused tracking number is said beside the buttons too.
          if (error instanceof ApiError && (error.status === 409 || error.status === 400))
            setRefusal(serverMessage(error) ?? null);
          toast({
            title: 'Update Failed',
            description: 'Failed to update order status. Please try again.',
            variant: 'destructive',
          });
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
          placeholder="e.g. Packed with a gift card"
          disabled={change.isPending}
          resize="vertical"
        />
      </Flex>
      {canShip && (
        <fieldset className="order-shipment-fields">
          <legend>
            <Text size="2" weight="medium">
              Shipping details (sent to the customer with &ldquo;Mark as Shipped&rdquo;)
            </Text>
          </legend>
          <Flex gap="3" wrap="wrap" mt="1">
            <Flex direction="column" gap="1">
              <Text as="label" htmlFor={carrierId} size="2">
                Carrier
              </Text>
              <select
                id={carrierId}
                className="order-select"
                value={carrier}
                onChange={(e) => setCarrier(e.target.value as Carrier)}
                disabled={change.isPending}
              >
                {carriers.map((c) => (
                  <option key={c} value={c}>
                    {carrierLabels[c]}
                  </option>
                ))}
              </select>
            </Flex>
            <Flex direction="column" gap="1" flexGrow="1">
              <Text as="label" htmlFor={trackingId} size="2">
                Tracking number (optional)
              </Text>
              <TextField.Root
                id={trackingId}
                value={trackingNumber}
                onChange={(e) => setTrackingNumber(e.target.value)}
                maxLength={maxTrackingNumberLength}
                placeholder="e.g. AB123456789GB"
                disabled={change.isPending}
              />
            </Flex>
          </Flex>
        </fieldset>
      )}
      <Flex gap="2" wrap="wrap">
        {orderStatuses
          .filter((status) => status !== order.status)
          .map((status) => (
            <Button
              key={status}
              type="button"
              onClick={() => (isBackwardMove(order.status, status) ? setConfirming(status) : update(status))}
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
      <AlertDialog.Root open={confirming !== null} onOpenChange={(open) => !open && setConfirming(null)}>
        <AlertDialog.Content maxWidth="28rem">
          <AlertDialog.Title>{statusMoveMessages.confirmTitle}</AlertDialog.Title>
          <AlertDialog.Description size="2">
            {confirming && statusMoveMessages.confirmText(order.orderId, order.status, confirming)}
          </AlertDialog.Description>
          <Flex gap="3" mt="4" justify="end">
            <AlertDialog.Cancel>
              <Button variant="soft" color="gray" highContrast>
                {statusMoveMessages.cancel}
              </Button>
            </AlertDialog.Cancel>
            <AlertDialog.Action>
              <Button color="red" highContrast onClick={() => confirming && update(confirming, true)}>
                {statusMoveMessages.confirmButton}
              </Button>
            </AlertDialog.Action>
          </Flex>
        </AlertDialog.Content>
      </AlertDialog.Root>
      {refusal && (
        <Callout.Root color="amber" size="1" mt="3" role="alert">
          <Callout.Text>{refusal}</Callout.Text>
        </Callout.Root>
      )}
    </section>
  );
}
