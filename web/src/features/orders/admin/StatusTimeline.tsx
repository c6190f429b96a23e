// How the order got where it is: its placing, every status change and any buyer's details added, with who, when and why.
import { Flex, Text } from '@radix-ui/themes';
import { useQuery } from '@tanstack/react-query';
import type { AdminOrder, OrderHistoryEntry } from '#contracts/orders/console.ts';
import { formatOrderDate } from './orderDate.ts';
import { orderHistoryQuery } from './ordersQuery.ts';
import { StatusBadge } from './StatusBadge.tsx';

function DetailsAdded({ entry }: { entry: Extract<OrderHistoryEntry, { kind: 'detailsAdded' }> }) {
  const added: [string, string | undefined][] = [
    ['Name', entry.customerName],
    ['Email', entry.customerEmail],
    ['Address', entry.shippingAddress],
  ];
  return (
    <li className="order-timeline__step">
      <Text size="2" weight="medium">
        {entry.source === 'owner' ? 'Customer details added by the owner' : 'Customer details added by the shopper'}
      </Text>
      <Text as="p" size="1" color="gray" mt="1">
        {formatOrderDate(entry.at)}
        {entry.source === 'owner' && ` · by ${entry.by}`}
      </Text>
      {added
        .filter(([, value]) => value)
        .map(([label, value]) => (
          <Text as="p" size="2" mt="1" key={label}>
            {label}: {value}
          </Text>
        ))}
      {entry.reason && (
        <Text as="p" size="2" mt="1" className="order-timeline__notes">
          {entry.reason}
        </Text>
      )}
    </li>
  );
}

function Payment({ entry }: { entry: Extract<OrderHistoryEntry, { kind: 'payment' }> }) {
  return (
    <li className="order-timeline__step">
      <Text size="2" weight="medium">
        {entry.title}
      </Text>
      <Text as="p" size="1" color="gray" mt="1">
        {formatOrderDate(entry.at)} · by {entry.by}
      </Text>
      {entry.detail && (
        <Text as="p" size="2" mt="1" className="order-timeline__notes">
          {entry.detail}
        </Text>
      )}
    </li>
  );
}

function Step({ entry }: { entry: OrderHistoryEntry }) {
  if (entry.kind === 'detailsAdded') return <DetailsAdded entry={entry} />;
  if (entry.kind === 'payment') return <Payment entry={entry} />;
  return (
    <li className="order-timeline__step">
      <Flex gap="2" align="center" wrap="wrap">
        {entry.kind === 'placed' ? (
          <>
            <Text size="2" weight="medium">
              Order placed
            </Text>
            <StatusBadge status={entry.status} />
          </>
        ) : (
          <>
            <StatusBadge status={entry.from} />
            <Text size="2">→</Text>
            <StatusBadge status={entry.to} />
          </>
        )}
      </Flex>
      <Text as="p" size="1" color="gray" mt="1">
        {formatOrderDate(entry.at)}
        {entry.kind === 'statusChanged' && ` · by ${entry.by}`}
      </Text>
      {entry.kind === 'statusChanged' && entry.notes && (
        <Text as="p" size="2" mt="1" className="order-timeline__notes">
          {entry.notes}
        </Text>
      )}
    </li>
  );
}

export function StatusTimeline({ order }: { order: AdminOrder }) {
  const history = useQuery(orderHistoryQuery(order));
  if (history.isPending)
    return (
      <Text size="2" color="gray">
        Loading status history...
      </Text>
    );
  if (history.isError)
    return (
      <Text size="2" color="red">
        Status history could not be loaded.
      </Text>
    );
  return (
    <ol className="order-timeline" aria-label={`Status history of order #${order.orderId}`}>
      {history.data.history.map((entry) => (
        <Step key={entry.revision} entry={entry} />
      ))}
    </ol>
  );
}
