// An order status as a coloured badge, with the word the owner reads.
import { Badge } from '@radix-ui/themes';
import type { ComponentProps } from 'react';

// Only the colour scales web/src/styles.css loads: any other renders as plain text.
const colours: Record<string, ComponentProps<typeof Badge>['color']> = {
  pending: 'amber',
  processing: 'blue',
  shipped: 'orange',
  delivered: 'green',
  cancelled: 'red',
  completed: 'teal',
};

export function statusLabel(status: string): string {
  return status.charAt(0).toUpperCase() + status.slice(1);
}

export function StatusBadge({ status }: { status: string }) {
  return (
    <Badge color={colours[status] ?? 'gray'} variant="soft" highContrast radius="full" size="2" data-status={status}>
      {statusLabel(status)}
    </Badge>
  );
}
