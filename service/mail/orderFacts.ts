// What every shopper's e-mail about an order shows, in one wording: the address as a parcel label reads (the name,
// then the lines, then the country's name rather than its code), the day the order was placed, the items.
import { countryName } from '../../contracts/checkout/shipping.ts';
import { formatPence } from '../../contracts/shared/money.ts';
import { discountLabelOf, type ShippingAddress } from '../../contracts/orders/model.ts';
import type { OrderPlaced } from '../../contracts/orders/events.ts';
import { preOrderTexts } from '../../contracts/preorders/model.ts';
import { longDay } from '../../contracts/shared/days.ts';

type Order = OrderPlaced['data'];

/** The address a line each, headed by the name it goes to; an address kept as text (an older order) as it is. */
export function addressLines(address: ShippingAddress | string, name?: string): string[] {
  const lines =
    typeof address === 'string'
      ? [address]
      : [address.line1, address.line2, address.city, address.postcode, countryName(address.country)];
  return [name, ...lines].filter((line): line is string => Boolean(line && line.trim()));
}

/** The day an order was placed, as a shopper in the UK reads it: "1 January 2026". */
export const orderDate = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Europe/London',
  }).format(new Date(iso));

/** One line of an order: what and how many, its note on a reduced price, its total. */
export type ItemRow = { label: string; figure: string };

export function itemRows(
  items: { name: string; quantity: number; price: number; listPrice?: number; bookId?: number }[],
  discounts: Order['discounts'] = [],
  /** the order's pre-ordered lines (decision 131): each says "pre-order, to be dispatched from …" */
  preOrders: Order['preOrders'] = [],
): ItemRow[] {
  return items.map((item, line) => {
    const preOrder = preOrders.find((p) => p.bookId === item.bookId);
    const dispatch = preOrder ? ` (${preOrderTexts.receiptLine(preOrder.publicationDate)})` : '';
    const code = discounts.find((d) => d.kind === 'code' && d.lines.some((l) => l.line === line))?.code;
    const was =
      item.listPrice === undefined
        ? ''
        : code
          ? ` (with code ${code}, was ${formatPence(item.listPrice)} each)`
          : ` (bundle price, was ${formatPence(item.listPrice)} each)`;
    return {
      label: `${item.quantity} × ${item.name}${was}${dispatch}`,
      figure: formatPence(item.price * item.quantity),
    };
  });
}

/** The shipping row: "Shipping", or for two parcels "Shipping, two parcels (second delivery £3.50)" (decision 131). */
export const shippingRow = (order: Pick<Order, 'shippingCost' | 'parcels'>): ItemRow => ({
  label:
    order.parcels?.choice === 'two'
      ? `Shipping, two parcels (second delivery ${formatPence(order.parcels.secondDelivery)})`
      : order.parcels
        ? `Shipping, one parcel on ${longDay(order.parcels.dispatchFrom)}`
        : 'Shipping',
  figure: formatPence(order.shippingCost),
});

/** The savings already in the lines' prices (decision 072), each a row of its own. */
export const discountRows = (order: Pick<Order, 'discounts'>): ItemRow[] =>
  (order.discounts ?? []).map((discount) => ({
    label: `${discountLabelOf(discount)} (in the prices above)`,
    figure: `−${formatPence(discount.amount)}`,
  }));

/** Rows as the plain-text part writes them: indented, the figure after a dash. */
export const textRows = (rows: ItemRow[]) => rows.map((row) => `  ${row.label} — ${row.figure}`);
