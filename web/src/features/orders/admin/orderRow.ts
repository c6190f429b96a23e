// What an order's row in the console says before it is opened: the number the customer quotes, who it is for, how
// many things, the total, the status and the day; a flag when placing it found something to look at.
import type { AdminOrder } from '#contracts/orders/console.ts';
import { isErasedValue } from '#contracts/personalData.ts';

/** Copies in the order, when its items are lines with quantities; null for an order holding text or another shape. */
export function itemCountOf(items: unknown): number | null {
  if (!Array.isArray(items)) return null;
  let count = 0;
  for (const item of items) {
    const quantity = (item as { quantity?: unknown } | null)?.quantity;
    if (typeof quantity !== 'number' || !Number.isFinite(quantity)) return null;
    count += quantity;
  }
  return count;
}

export const itemCountText = (count: number) => `${count} ${count === 1 ? 'item' : 'items'}`;

/** The customer as the row names them: an erased one reads as erased, a missing name as missing, never blank. */
export function rowCustomer(order: Pick<AdminOrder, 'customerName'>): { text: string; muted: boolean } {
  const name = order.customerName.trim();
  if (isErasedValue(name)) return { text: 'Erased customer', muted: true };
  if (!name) return { text: 'No name given', muted: true };
  return { text: name, muted: false };
}
