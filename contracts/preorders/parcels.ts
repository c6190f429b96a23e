// A basket holding a coming book and books on the shelf (decision 131): before payment the shopper chooses whether it
// ships in one parcel when the coming book is published, or in two (the books on the shelf now, the pre-order from its
// publication), and two parcels pay the second delivery as the delivery table says. The server prices it; the checkout
// and its order record the choice and which lines are pre-orders, with the publication date each was paid for.
import * as v from 'valibot';
import { formatPence } from '../shared/money.ts';
import { deliveryOptionFor, type DeliveryOption, type ShippingTable } from '../checkout/shippingRates.ts';
import { preOrderTexts } from './model.ts';
import { longDay } from '../shared/days.ts';

export const parcelChoices = ['one', 'two'] as const;
export type ParcelChoice = (typeof parcelChoices)[number];

/** A line of the order that is a pre-order: the book, and the publication date it was paid for (dispatched from). */
export type PreOrderLine = { bookId: number; publicationDate: string };

/**
 * How a basket holding pre-orders and books on the shelf ships: in one parcel from `dispatchFrom` (the latest
 * publication date among its pre-orders), or in two, the shelf's at once and the pre-orders' from `dispatchFrom`;
 * `secondDelivery` is the pence the second parcel added to the shipping paid (0 for one parcel).
 */
export type OrderParcels = { choice: ParcelChoice; dispatchFrom: string; secondDelivery: number };

/** What a checkout's body may say; required (400 without it) only for a basket that is mixed. */
export const ParcelsSchema = v.optional(
  v.picklist(parcelChoices, 'parcels must be "one" (one parcel on publication) or "two" (two parcels)'),
);

export const parcelMessages = {
  choose: (day: string) =>
    `Your basket holds a pre-order published ${longDay(day)} and books in stock: choose one parcel on publication or two parcels (parcels: "one" or "two").`,
  notMixed:
    'Only a basket holding a pre-order and books in stock can ship in two parcels: this one ships in one (parcels: "one" or leave it out).',
} as const;

export const parcelTexts = {
  legend: 'How should we send your order?',
  intro: (day: string) => `Your cart holds a pre-order published ${longDay(day)} and books we can send now.`,
  one: (day: string) => `One parcel, sent when the pre-order is published (${longDay(day)})`,
  two: (day: string) => `Two parcels: the books in stock now, the pre-order from ${longDay(day)}`,
  secondDelivery: (pence: number) => `Second delivery ${formatPence(pence)}`,
  /** the owner's order page and queue */
  ownerLabel: (parcels: OrderParcels) =>
    parcels.choice === 'two'
      ? `Two parcels: send the books in stock now, the pre-order from ${longDay(parcels.dispatchFrom)}`
      : `One parcel, on publication (${longDay(parcels.dispatchFrom)})`,
  badge: (parcels: OrderParcels) => (parcels.choice === 'two' ? 'Two parcels' : 'One parcel on publication'),
} as const;

/** What a pre-ordered line of an order says wherever it is listed: "pre-order, to be dispatched from 1 March 2027". */
export function preOrderNoteOf(preOrders: readonly PreOrderLine[] | undefined, bookId: number | undefined) {
  const preOrder = bookId === undefined ? undefined : preOrders?.find((p) => p.bookId === bookId);
  return preOrder ? { note: preOrderTexts.receiptLine(preOrder.publicationDate) } : {};
}

type Line = { bookId?: number; quantity: number; price: number };
type Parcel = { items: number; subtotal: number };
const parcelOfLines = (lines: readonly Line[]): Parcel => ({
  items: lines.reduce((sum, l) => sum + l.quantity, 0),
  subtotal: lines.reduce((sum, l) => sum + l.price * l.quantity, 0),
});

/** The basket's lines split into the books on the shelf and the pre-orders (by the book ids that are pre-orders). */
export function splitBasket<L extends Line>(items: readonly L[], preOrders: readonly Pick<PreOrderLine, 'bookId'>[]) {
  const coming = new Set(preOrders.map((p) => p.bookId));
  const isComing = (l: Line) => l.bookId !== undefined && coming.has(l.bookId);
  return { shelf: items.filter((l) => !isComing(l)), preOrders: items.filter(isComing) };
}

/** Whether a basket holds both: it then must say one parcel or two. */
export const isMixedBasket = (items: readonly Line[], preOrders: readonly Pick<PreOrderLine, 'bookId'>[]): boolean => {
  const { shelf, preOrders: coming } = splitBasket(items, preOrders);
  return shelf.length > 0 && coming.length > 0;
};

/** The latest publication date among the pre-orders: when one parcel, or the second, can be sent. */
export const dispatchFromOf = (preOrders: readonly PreOrderLine[]): string =>
  preOrders.reduce((latest, p) => (p.publicationDate > latest ? p.publicationDate : latest), '');

/**
 * The delivery a basket pays for a destination: one parcel is the table's rate for the whole basket (as any order's);
 * two parcels are the rate for the books on the shelf plus the rate for the pre-orders, each by its own items and
 * amount, the second the `secondDelivery`. Null where the table does not deliver.
 */
export function parcelsDelivery(
  table: ShippingTable,
  country: string,
  items: readonly Line[],
  preOrders: readonly Pick<PreOrderLine, 'bookId'>[],
  choice: ParcelChoice,
  /** the basket after its savings, for free delivery over an amount (the lines' prices already carry the savings) */
  subtotal: number = parcelOfLines(items).subtotal,
): (DeliveryOption & { secondDelivery: number }) | null {
  const whole = deliveryOptionFor(table, country, { items: parcelOfLines(items).items, subtotal });
  if (!whole) return null;
  if (choice === 'one') return { ...whole, secondDelivery: 0 };
  const { shelf, preOrders: coming } = splitBasket(items, preOrders);
  const first = deliveryOptionFor(table, country, parcelOfLines(shelf));
  const second = deliveryOptionFor(table, country, parcelOfLines(coming));
  if (!first || !second) return null;
  return {
    ...first,
    detail: `${first.detail}, in two parcels`,
    amount: first.amount + second.amount,
    secondDelivery: second.amount,
  };
}
