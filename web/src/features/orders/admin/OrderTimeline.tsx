// An order's whole life on its page, oldest first: placed, status changes, buyer's details added, the parcel, the
// owner's internal notes, refunds, disputes and flags, and every e-mail sent about it, each with who and when. A text
// that went with an erased customer's data says so (decision 057) rather than showing a stand-in.
import { Link, Text } from '@radix-ui/themes';
import type { OrderTimelineEntry } from '#contracts/orders/console.ts';
import { carrierLabels } from '#contracts/orders/fulfilment.ts';
import { removedWithCustomer } from '#contracts/personalData.ts';
import { formatOrderDate } from './orderDate.ts';
import { StatusBadge } from './StatusBadge.tsx';

const emailNames: Record<string, string> = {
  'order-to-owner': 'New-order notice sent to the shop',
  'order-confirmation': 'Order confirmation sent',
  'order-shipped': '"On its way" e-mail sent',
  'purchase-notice': 'Purchase notice sent',
  'refund-confirmation': 'Refund e-mail sent',
  'dispute-to-owner': 'Dispute notice sent to the shop',
};

const isRemoved = (text: string) => text === removedWithCustomer;

/** A text of the timeline, or the words saying it was removed with the customer's data. */
function Words({ text }: { text: string }) {
  return isRemoved(text) ? (
    <Text as="span" color="gray" className="order-timeline__removed">
      <em>{removedWithCustomer}</em>
    </Text>
  ) : (
    <>{text}</>
  );
}

function When({ entry, by }: { entry: OrderTimelineEntry; by?: string }) {
  return (
    <Text as="p" size="1" color="gray" mt="1">
      {formatOrderDate(entry.at)}
      {by && ` · by ${by}`}
    </Text>
  );
}

function Step({ entry }: { entry: OrderTimelineEntry }) {
  switch (entry.kind) {
    case 'placed':
      return (
        <>
          <Text size="2" weight="medium">
            Order placed <StatusBadge status={entry.status} />
          </Text>
          <When entry={entry} />
        </>
      );
    case 'statusChanged':
      return (
        <>
          <Text size="2" weight="medium" className="order-timeline__change">
            <StatusBadge status={entry.from} />
            <span> → </span>
            <StatusBadge status={entry.to} />
          </Text>
          <When entry={entry} by={entry.by} />
          {entry.notes && (
            <Text as="p" size="2" mt="1" className="order-timeline__notes">
              <Words text={entry.notes} />
            </Text>
          )}
        </>
      );
    case 'detailsAdded':
      return (
        <>
          <Text size="2" weight="medium">
            {entry.source === 'owner' ? 'Customer details added by the owner' : 'Customer details added by the shopper'}
          </Text>
          <When entry={entry} by={entry.source === 'owner' ? entry.by : undefined} />
          {entry.added.map((line) => (
            <Text as="p" size="2" mt="1" key={line}>
              {line}
            </Text>
          ))}
          {entry.reason && (
            <Text as="p" size="2" mt="1" className="order-timeline__notes">
              <Words text={entry.reason} />
            </Text>
          )}
        </>
      );
    case 'shipment':
      return (
        <>
          <Text size="2" weight="medium">
            Shipped with {carrierLabels[entry.carrier]}
          </Text>
          <When entry={entry} by={entry.by} />
          {entry.trackingNumber && (
            <Text as="p" size="2" mt="1">
              Tracking number:{' '}
              {isRemoved(entry.trackingNumber) ? (
                <Words text={entry.trackingNumber} />
              ) : entry.trackingUrl ? (
                <Link href={entry.trackingUrl} target="_blank" rel="noreferrer">
                  {entry.trackingNumber}
                </Link>
              ) : (
                entry.trackingNumber
              )}
            </Text>
          )}
        </>
      );
    case 'note':
      return (
        <>
          <Text size="2" weight="medium">
            Internal note
          </Text>
          <When entry={entry} by={entry.by} />
          <Text as="p" size="2" mt="1" className="order-timeline__notes">
            <Words text={entry.text} />
          </Text>
        </>
      );
    case 'payment':
      return (
        <>
          <Text size="2" weight="medium">
            {entry.title}
          </Text>
          <When entry={entry} by={entry.by} />
          {entry.detail && (
            <Text as="p" size="2" mt="1" className="order-timeline__notes">
              <Words text={entry.detail} />
            </Text>
          )}
        </>
      );
    case 'emailSent':
      return (
        <>
          <Text size="2" weight="medium">
            {emailNames[entry.emailKind] ?? 'E-mail sent'}
          </Text>
          <When entry={entry} />
          <Text as="p" size="2" mt="1">
            {isRemoved(entry.to) ? (
              <>
                To the customer (<Words text={entry.to} />
                ): {entry.subject}
              </>
            ) : (
              <>
                To {entry.to}: {entry.subject}
              </>
            )}
          </Text>
        </>
      );
  }
}

export function OrderTimeline({ orderId, timeline }: { orderId: string; timeline: OrderTimelineEntry[] }) {
  return (
    <ol className="order-timeline" aria-label={`Timeline of order #${orderId}`}>
      {timeline.map((entry) => (
        <li key={entry.position} className="order-timeline__step" data-kind={entry.kind}>
          <Step entry={entry} />
        </li>
      ))}
    </ol>
  );
}
