// The owner's work queue: the orders still to be sent — paid (the spec's "completed") and processing — oldest first,
// and what a row of the console says about an order before it is opened: refunds, flags, a gift, an address abroad,
// a hold, and what the shop keeps of the money once refunds are paid back.
import { parcelTexts } from '../preorders/parcels.ts';
import type { AnyOrderStatus } from '../shared/constants.ts';
import { formatPence } from '../shared/money.ts';
import type { AdminOrder } from './console.ts';

/** The statuses of an order still to be sent: paid and waiting, or being packed. */
export const toFulfilStatuses = ['completed', 'processing'] as const satisfies readonly AnyOrderStatus[];

export const isToFulfil = (status: string): boolean => (toFulfilStatuses as readonly string[]).includes(status);

/** How many orders are still to be sent, from the counts by status: the paid and the processing. */
export const toFulfilCount = (counts: Readonly<Record<AnyOrderStatus, number>>): number =>
  toFulfilStatuses.reduce((sum, status) => sum + (counts[status] ?? 0), 0);

/** The country the shop ships from: an address elsewhere is abroad. */
export const homeCountry = 'GB';

/** The console's list as a query names it: one status, or the queue of orders to fulfil. */
export const toFulfilQueue = 'to-fulfil' as const;

/** What the shop keeps of an order once the refunds paid back are taken off, in pence. */
export const netAmountOf = (order: Pick<AdminOrder, 'totalAmount' | 'refunded'>): number =>
  Math.max(0, order.totalAmount - (order.refunded ?? 0));

export type RowBadgeKind =
  | 'refunded'
  | 'partly-refunded'
  | 'flagged'
  | 'gift'
  | 'abroad'
  | 'on-hold'
  | 'pre-order-waiting'
  | 'pre-order-allocated'
  | 'two-parcels'
  | 'one-parcel';
export type RowBadge = { kind: RowBadgeKind; label: string; detail: string };

/** Why an order should not be sent now, each in a sentence; none for an order free to go. */
export function holdReasonsOf(order: Pick<AdminOrder, 'disputes' | 'openRequests'>): string[] {
  const reasons: string[] = [];
  if ((order.openRequests ?? []).some((r) => r.kind === 'cancel'))
    reasons.push('The shopper asked to cancel: answer the request before sending.');
  if ((order.openRequests ?? []).some((r) => r.kind === 'return'))
    reasons.push('The shopper asked to return it: answer the request.');
  // A dispute the bank has decided (one that records when it closed) holds nothing back.
  const open = (order.disputes ?? []).filter((d) => !('closedAt' in d && d.closedAt));
  if (open.length > 0) reasons.push("The card's bank opened a dispute on the payment.");
  return reasons;
}

/**
 * The badges of an order's row, in the order they show: money first (refunded in full or in part), then what the owner
 * must look at (flagged, on hold), then how it is sent (a gift, abroad). Each has its words and a sentence saying why.
 */
export function rowBadgesOf(
  order: Pick<
    AdminOrder,
    'totalAmount' | 'refunded' | 'flags' | 'gift' | 'country' | 'disputes' | 'openRequests' | 'preOrders' | 'parcels'
  >,
): RowBadge[] {
  const badges: RowBadge[] = [];
  const refunded = order.refunded ?? 0;
  if (refunded > 0 && refunded >= order.totalAmount)
    badges.push({ kind: 'refunded', label: 'Refunded', detail: `${formatPence(refunded)} paid back: all of it` });
  else if (refunded > 0)
    badges.push({
      kind: 'partly-refunded',
      label: 'Partly refunded',
      detail: `${formatPence(refunded)} of ${formatPence(order.totalAmount)} paid back`,
    });
  // a flag the owner cleared (decision 102) has been looked at already
  const flags = (order.flags ?? []).filter((f) => !f.cleared);
  if (flags.length > 0)
    badges.push({ kind: 'flagged', label: 'Flagged', detail: flags.map((f) => f.message).join('; ') });
  const holds = holdReasonsOf(order);
  if (holds.length > 0) badges.push({ kind: 'on-hold', label: 'On hold', detail: holds.join(' ') });
  // A pre-order is paid, so it is in the queue from payment; it can be sent only once every copy it waits for is here.
  const preOrders = Object.values(order.preOrders ?? {});
  // Two parcels (decision 131): the books in stock go first, whatever the pre-order waits for.
  const twoParcels = order.parcels?.choice === 'two';
  if (preOrders.some((s) => s === 'waiting'))
    badges.push({
      kind: 'pre-order-waiting',
      label: 'Pre-order — waiting',
      detail: twoParcels
        ? 'A pre-order still waiting for copies to arrive: send the books in stock now, the pre-order when its copies are here'
        : 'A pre-order still waiting for copies to arrive: do not send it yet',
    });
  else if (preOrders.length > 0)
    badges.push({
      kind: 'pre-order-allocated',
      label: 'Pre-order — allocated',
      detail: 'A pre-order: copies received are set aside for it, ready to send',
    });
  if (order.parcels)
    badges.push({
      kind: twoParcels ? 'two-parcels' : 'one-parcel',
      label: parcelTexts.badge(order.parcels),
      detail: parcelTexts.ownerLabel(order.parcels),
    });
  if (order.gift) badges.push({ kind: 'gift', label: 'Gift', detail: 'A gift: its message goes on the packing slip' });
  if (order.country && order.country.toUpperCase() !== homeCountry)
    badges.push({ kind: 'abroad', label: 'Abroad', detail: `Sent abroad (${order.country.toUpperCase()})` });
  return badges;
}
