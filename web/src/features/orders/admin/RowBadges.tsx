// What an order's row says about it before it is opened, beside its status: refunded in full or in part, flagged, on
// hold, a gift, sent abroad. Each badge has its words, and says why to a screen reader and on hover.
import { Badge } from '@radix-ui/themes';
import type { ComponentProps } from 'react';
import type { AdminOrder } from '#contracts/orders/console.ts';
import { rowBadgesOf, type RowBadgeKind } from '#contracts/orders/queue.ts';
import { FlagIcon } from '../../../components/icons.tsx';

// Only the colour scales web/src/styles.css loads.
const colours: Record<RowBadgeKind, ComponentProps<typeof Badge>['color']> = {
  refunded: 'red',
  'partly-refunded': 'amber',
  flagged: 'red',
  'on-hold': 'amber',
  gift: 'green',
  abroad: 'blue',
  'pre-order-waiting': 'amber',
  'pre-order-allocated': 'green',
  'two-parcels': 'blue',
  'one-parcel': 'blue',
};

export function RowBadges({ order }: { order: AdminOrder }) {
  return rowBadgesOf(order).map((badge) => (
    <Badge
      key={badge.kind}
      color={colours[badge.kind]}
      variant="outline"
      highContrast
      radius="full"
      size="1"
      title={badge.detail}
      data-badge={badge.kind}
      className={badge.kind === 'flagged' ? 'order-entry__flag' : undefined}
    >
      {badge.kind === 'flagged' && <FlagIcon size={12} />}
      {badge.label}
      <span className="visually-hidden">: {badge.detail}</span>
    </Badge>
  ));
}
