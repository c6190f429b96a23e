// Read model: the owner's order list, newest first, with one index per status for the tabs and their counts, and one
// small index per search term (order number, e-mail address, postcode, each word of the customer's name), so a page, a
// count or a search costs the same with a hundred orders as with a hundred thousand.
import { preOrderNoteOf } from '../../contracts/preorders/parcels.ts';
import { anyOrderStatuses, orderNumberPrefix, type AnyOrderStatus } from '../../contracts/shared/constants.ts';
import {
  adminDisputeOf,
  discountViewsOf,
  type AdminOrder,
  type OrderStatusCounts,
} from '../../contracts/orders/console.ts';
import type { RecordedEvent } from '../../contracts/shared/events.ts';
import { formatPence } from '../../contracts/shared/money.ts';
import type { ShippingAddress } from '../../contracts/orders/model.ts';
import type {
  OrderEvent,
  OrderFlagCleared,
  OrderFlagged,
  OrderPlaced,
  RefundEvent,
  ShopperRequestEvent,
} from '../../contracts/orders/events.ts';
import { evolveRefundBook, refundedAmount, refundEventTypes } from '../../contracts/orders/refunds.ts';
import type { ReadStoreReader, Write } from '../../contracts/ports/readStore.ts';
import {
  newestFirstListPage,
  newestFirstPage,
  oldestFirstListPage,
  oldestFirstPage,
  type PageCursor,
} from '../../contracts/shared/paging.ts';
import { defineProjection, each } from '../engine/projection.ts';
import { shopperRequestEventTypes } from '../../contracts/orders/shopperRequests.ts';
import { isToFulfil } from '../../contracts/orders/queue.ts';

const collection = 'adminOrders';
const newestIndex = 'adminOrders:byDate';
const statusIndex = (status: AnyOrderStatus) => `adminOrders:status:${status}`;
/** the orders still to be sent (paid, or processing), by when they were placed: the console's "To fulfil" tab */
const toFulfilIndex = 'adminOrders:toFulfil';
/** the search terms an order was indexed under, so a change of the buyer's details can take the old ones away */
const termsCollection = 'adminOrders:terms';
const termIndex = (term: string) => `adminOrders:find:${term}`;
/**
 * Each pre-ordered order's copies per coming book (decision 120), by order id: kept apart from the order's document
 * because the title's stream may tell of the payment before the order's stream has the order.
 */
const preOrdersCollection = 'adminOrders:preOrders';
type OrderPreOrders = NonNullable<AdminOrder['preOrders']>;

/** The order's pre-order of `bookId` is now `state`: kept, and on the order's row once the order is there. */
async function preOrderWrites(
  view: ReadStoreReader,
  orderId: string,
  bookId: number,
  state: OrderPreOrders[string],
): Promise<Write[]> {
  const preOrders = { ...(await view.get<OrderPreOrders>(preOrdersCollection, orderId)), [String(bookId)]: state };
  const writes: Write[] = [{ op: 'put', collection: preOrdersCollection, id: orderId, doc: preOrders }];
  const current = await view.get<AdminOrder>(collection, orderId);
  // The order's revision stays its own stream's: the title's events are not the order's changes.
  if (current) writes.push({ op: 'put', collection, id: orderId, doc: { ...current, preOrders } });
  return writes;
}

/** What a search for `text` looks up: its order-number, e-mail, postcode and name terms. */
export function searchTermsOf(text: string): { terms: string[]; words: string[] } {
  const trimmed = text.trim();
  if (!trimmed) return { terms: [], words: [] };
  const words = nameWords(trimmed);
  const terms = new Set<string>();
  if (trimmed.includes('@')) terms.add(`email:${trimmed.toLowerCase()}`);
  else {
    for (const number of orderNumberKeys(trimmed)) terms.add(`number:${number}`);
    const postcode = postcodeKey(trimmed);
    if (postcode) terms.add(`postcode:${postcode}`);
    // A name of several words is looked up by its first; the documents found are then held to every word.
    if (words[0]) terms.add(`name:${words[0]}`);
  }
  return { terms: [...terms], words };
}

/**
 * The order numbers a search may mean, as the index holds them (upper case): "AH-6w2dD2d1", "#ah-6w2dd2d1" and
 * "6w2dD2d1" all find AH-6W2DD2D1. The number is the prefix and the last eight characters of a payment id, which the
 * customer quotes in whatever case; text without the prefix is also looked up as it is.
 */
export function orderNumberKeys(text: string): string[] {
  const bare = text.trim().replace(/^#/, '').trim().toUpperCase();
  if (!bare) return [];
  return bare.startsWith(orderNumberPrefix) ? [bare] : [bare, orderNumberPrefix + bare];
}

const nameWords = (name: string) =>
  name
    .toLowerCase()
    .split(/[^\p{L}\p{N}'-]+/u)
    .filter((w) => w.length > 0)
    .slice(0, 8);

/** Postcodes compare without spaces and case: "ls1 4ab" finds "LS1 4AB". */
const postcodeKey = (postcode: string) => postcode.toUpperCase().replace(/\s+/g, '').slice(0, 20);

/** A UK postcode inside an address written as text. */
const postcodeInText = /\b([A-Z]{1,2}\d[A-Z\d]?\s*\d[A-Z]{2})\b/i;

function termsOfOrder(order: {
  orderNumber: string;
  customerName: string;
  customerEmail: string;
  postcode: string | null;
}): string[] {
  const terms = new Set<string>([`number:${order.orderNumber.toUpperCase()}`]);
  if (order.customerEmail.trim()) terms.add(`email:${order.customerEmail.trim().toLowerCase()}`);
  if (order.postcode) terms.add(`postcode:${postcodeKey(order.postcode)}`);
  for (const word of nameWords(order.customerName)) terms.add(`name:${word}`);
  return [...terms];
}

function postcodeOf(address: ShippingAddress | string): string | null {
  if (typeof address !== 'string') return address.postcode.trim() || null;
  return postcodeInText.exec(address)?.[1] ?? null;
}

type OrderTerms = { terms: string[]; postcode: string | null };

/** Writes that move an order from the terms it was found by to `next`. */
function reindexTerms(orderId: string, score: number, before: readonly string[], next: readonly string[]): Write[] {
  const keep = new Set(next);
  const had = new Set(before);
  return [
    ...before.filter((t) => !keep.has(t)).map((t): Write => ({ op: 'unindex', index: termIndex(t), id: orderId })),
    ...next.filter((t) => !had.has(t)).map((t): Write => ({ op: 'index', index: termIndex(t), id: orderId, score })),
  ];
}

export function shippingAddressText(address: ShippingAddress | string): string {
  if (typeof address === 'string') return address;
  return [address.line1, address.line2, address.city, address.postcode, address.country]
    .filter((part) => part && part.trim())
    .join(', ');
}

function adminOrderOf(data: OrderPlaced['data'], revision: number): AdminOrder {
  return {
    orderId: data.orderId,
    orderNumber: data.orderNumber,
    status: data.status,
    orderDate: data.placedAt,
    customerName: data.customerName,
    customerEmail: data.customerEmail,
    shippingAddress: shippingAddressText(data.shippingAddress),
    total: formatPence(data.total),
    paymentMethod: data.paymentMethod,
    totalAmount: data.total,
    shippingCost: data.shippingCost,
    items: data.items.map(({ name, quantity, price, bookId }) => ({
      name,
      quantity,
      price,
      ...preOrderNoteOf(data.preOrders, bookId),
    })),
    ...(data.discounts?.length ? { discounts: discountViewsOf(data.discounts) } : {}),
    revision,
    refunded: 0,
    refunds: [],
    disputes: [],
    flags: [],
    ...(data.gift ? { gift: true as const } : {}),
    ...(data.parcels ? { parcels: data.parcels } : {}),
    ...(typeof data.shippingAddress === 'string' || !data.shippingAddress.country.trim()
      ? {}
      : { country: data.shippingAddress.country.trim().toUpperCase() }),
  };
}

/** The queue's writes for an order moving from one status to another (null: not listed before). */
function queueWrites(order: AdminOrder, before: AnyOrderStatus | null): Write[] {
  const was = before !== null && isToFulfil(before);
  const is = isToFulfil(order.status);
  if (was === is) return [];
  return is
    ? [{ op: 'index', index: toFulfilIndex, id: order.orderId, score: placedScore(order) }]
    : [{ op: 'unindex', index: toFulfilIndex, id: order.orderId }];
}

/** The order after a shopper's request or the owner's answer: the requests still open. */
function withRequestEvent(order: AdminOrder, event: RecordedEvent<ShopperRequestEvent>): AdminOrder {
  const open = order.openRequests ?? [];
  switch (event.type) {
    case 'CancellationRequested':
      return { ...order, openRequests: [...open, { requestId: event.data.requestId, kind: 'cancel' }] };
    case 'ReturnRequested':
      return { ...order, openRequests: [...open, { requestId: event.data.requestId, kind: 'return' }] };
    default: {
      const rest = open.filter((r) => r.requestId !== event.data.requestId);
      const { openRequests: _, ...without } = order;
      return rest.length ? { ...order, openRequests: rest } : without;
    }
  }
}

/** The order after a refund or dispute event: its refunds with their progress, and what was paid back. */
function withRefundEvent(order: AdminOrder, event: RecordedEvent): AdminOrder {
  const book = evolveRefundBook({ refunds: order.refunds ?? [], disputes: order.disputes ?? [] }, event);
  const disputes = book.disputes.map((d) => adminDisputeOf(d, order.orderId));
  return { ...order, ...book, disputes, refunded: refundedAmount(book.refunds) };
}

/** Orders placed in the same millisecond keep a stable order: the index breaks ties by id. */
const placedScore = (order: AdminOrder) => Date.parse(order.orderDate) || 0;

/**
 * The order as folded so far (null before it was placed), unless it already folded this event: guarded on the stream
 * revision, so an event delivered again changes nothing.
 */
async function orderBefore(
  view: ReadStoreReader,
  event: RecordedEvent<OrderEvent | RefundEvent | ShopperRequestEvent>,
): Promise<{ current: AdminOrder | null } | null> {
  const current = await view.get<AdminOrder>(collection, event.data.orderId);
  return current && current.revision >= event.revision ? null : { current };
}

/** The order's document with only its revision moved and `change` made. */
const changed =
  <E extends OrderEvent | RefundEvent | ShopperRequestEvent>(
    change: (current: AdminOrder, event: RecordedEvent<E>) => AdminOrder,
  ) =>
  async (event: RecordedEvent<E>, view: ReadStoreReader): Promise<Write[]> => {
    const current = (await orderBefore(view, event))?.current;
    if (!current) return [];
    const order = { ...change(current, event), revision: event.revision };
    return [{ op: 'put', collection, id: order.orderId, doc: order }];
  };

// Every event of an order's stream moves the revision the console sends back, or its next change would be stale:
// notes, shipments, refunds and flags too.
export const adminOrdersProjection = defineProjection({
  name: 'adminOrders',
  // 5: disputes carry their state, evidence deadline, dashboard link and the money they moved (decision 101).
  // 6: the orders still to be sent have their own index (the "To fulfil" tab), and rows keep gift, country and the
  // shopper's open requests.
  // 7: a pre-ordered order's row says whether its copies are still awaited or allocated (decision 120).
  version: 7,
  handlers: {
    async OrderPlaced(event, view) {
      if (!(await orderBefore(view, event))) return [];
      const preOrders = await view.get<OrderPreOrders>(preOrdersCollection, event.data.orderId);
      const order = { ...adminOrderOf(event.data, event.revision), ...(preOrders ? { preOrders } : {}) };
      const postcode = postcodeOf(event.data.shippingAddress);
      const terms = termsOfOrder({ ...order, postcode });
      return [
        { op: 'put', collection, id: order.orderId, doc: order },
        { op: 'put', collection: termsCollection, id: order.orderId, doc: { terms, postcode } satisfies OrderTerms },
        { op: 'index', index: newestIndex, id: order.orderId, score: placedScore(order) },
        { op: 'index', index: statusIndex(order.status), id: order.orderId, score: placedScore(order) },
        ...queueWrites(order, null),
        ...reindexTerms(order.orderId, placedScore(order), [], terms),
      ];
    },
    async OrderStatusChanged(event, view) {
      const current = (await orderBefore(view, event))?.current;
      if (!current) return [];
      const order: AdminOrder = { ...current, status: event.data.to, revision: event.revision };
      return [
        { op: 'put', collection, id: order.orderId, doc: order },
        { op: 'unindex', index: statusIndex(current.status), id: order.orderId },
        { op: 'index', index: statusIndex(order.status), id: order.orderId, score: placedScore(order) },
        ...queueWrites(order, current.status),
      ];
    },
    async OrderCustomerDetailsAdded(event, view) {
      const current = (await orderBefore(view, event))?.current;
      if (!current) return [];
      const added = event.data;
      const order: AdminOrder = {
        ...current,
        ...(added.customerName ? { customerName: added.customerName } : {}),
        ...(added.customerEmail ? { customerEmail: added.customerEmail } : {}),
        ...(added.shippingAddress ? { shippingAddress: shippingAddressText(added.shippingAddress) } : {}),
        revision: event.revision,
      };
      const before = (await view.get<OrderTerms>(termsCollection, order.orderId)) ?? { terms: [], postcode: null };
      const postcode = added.shippingAddress ? postcodeOf(added.shippingAddress) : before.postcode;
      const terms = termsOfOrder({ ...order, postcode });
      return [
        { op: 'put', collection, id: order.orderId, doc: order },
        { op: 'put', collection: termsCollection, id: order.orderId, doc: { terms, postcode } satisfies OrderTerms },
        ...reindexTerms(order.orderId, placedScore(order), before.terms, terms),
      ];
    },
    OrderShipmentRecorded: changed((current) => current),
    OrderNoteAdded: changed((current) => current),
    OrderFlagged: changed<OrderFlagged>((current, event) => {
      const { flag, message, at } = event.data;
      return { ...current, flags: [...(current.flags ?? []), { flag, message, at }] };
    }),
    // The owner accepted the order as it stands (decision 102): its flags of that kind are settled.
    OrderFlagCleared: changed<OrderFlagCleared>((current, event) => {
      const { flag, by, at } = event.data;
      return {
        ...current,
        flags: (current.flags ?? []).map((f) => (f.flag === flag && !f.cleared ? { ...f, cleared: { by, at } } : f)),
      };
    }),
    ...each(refundEventTypes, changed<RefundEvent>(withRefundEvent)),
    // A shopper's request and the owner's answer are on the order's stream too (decision 086).
    ...each(shopperRequestEventTypes, changed<ShopperRequestEvent>(withRequestEvent)),
    PreOrderPaid: (event, view) => preOrderWrites(view, event.data.orderId, event.data.bookId, 'waiting'),
    PreOrderAllocated: (event, view) => preOrderWrites(view, event.data.orderId, event.data.bookId, 'allocated'),
  },
});

/** Newest first; only one status when given. */
export async function listAdminOrders(reader: ReadStoreReader, status?: AnyOrderStatus): Promise<AdminOrder[]> {
  const ids = await reader.range(status ? statusIndex(status) : newestIndex, { reverse: true });
  return (await reader.getMany<AdminOrder>(collection, ids)).filter((order): order is AdminOrder => order !== null);
}

export type OrderPageQuery = {
  status?: AnyOrderStatus | undefined;
  /** the orders still to be sent (paid and processing), oldest first, instead of one status */
  toFulfil?: boolean | undefined;
  limit: number;
  cursor?: PageCursor | undefined;
  q?: string | undefined;
  /** placed at or after, in ms */
  since?: number | undefined;
  /** placed at or before, in ms */
  until?: number | undefined;
};

export type OrderPage = {
  orders: AdminOrder[];
  totalOrders: number;
  counts: OrderStatusCounts;
  nextCursor: string | null;
};

/** At most this many orders answer one search term: a search narrows, it never lists the whole shop. */
export const maxSearchHits = 1000;

/**
 * One page of the order list, newest first: from the status tab's index within the dates, after the cursor; or, with a
 * search, from the indexes of its terms. Counts per tab count what the dates and the search match.
 */
export async function pageAdminOrders(reader: ReadStoreReader, query: OrderPageQuery): Promise<OrderPage> {
  const bounds = {
    ...(query.since === undefined ? {} : { min: query.since }),
    ...(query.until === undefined ? {} : { max: query.until }),
  };
  if (query.q?.trim()) return searchPage(reader, query, bounds);
  const [page, ...perStatus] = await Promise.all([
    query.toFulfil
      ? oldestFirstPage<AdminOrder>(reader, {
          index: toFulfilIndex,
          collection,
          limit: query.limit,
          cursor: query.cursor,
          scoreOf: placedScore,
          bounds,
        })
      : newestFirstPage<AdminOrder>(reader, {
          index: query.status ? statusIndex(query.status) : newestIndex,
          collection,
          limit: query.limit,
          cursor: query.cursor,
          scoreOf: placedScore,
          bounds,
        }),
    ...anyOrderStatuses.map((s) => reader.count(statusIndex(s), bounds)),
  ]);
  const counts = Object.fromEntries(anyOrderStatuses.map((s, i) => [s, perStatus[i] ?? 0])) as OrderStatusCounts;
  return { orders: page.items, totalOrders: page.total, counts, nextCursor: page.nextCursor };
}

async function searchPage(
  reader: ReadStoreReader,
  query: OrderPageQuery,
  bounds: { min?: number; max?: number },
): Promise<OrderPage> {
  const { terms, words } = searchTermsOf(query.q ?? '');
  const idLists = await Promise.all(
    terms.map((t) => reader.range(termIndex(t), { reverse: true, ...bounds, limit: maxSearchHits })),
  );
  // A number, an e-mail or a postcode matches whole; a name found by its first word must hold every other word too.
  const whole = new Set(terms.flatMap((t, i) => (t.startsWith('name:') ? [] : idLists[i]!)));
  const ids = [...new Set(idLists.flat())];
  const docs = (await reader.getMany<AdminOrder>(collection, ids)).filter(
    (order): order is AdminOrder => order !== null,
  );
  const matches = docs.filter((order) => {
    if (whole.has(order.orderId)) return true;
    const name = nameWords(order.customerName);
    return words.length > 0 && words.every((w) => name.includes(w));
  });
  matches.sort(
    (a, b) => placedScore(b) - placedScore(a) || (a.orderId < b.orderId ? 1 : a.orderId > b.orderId ? -1 : 0),
  );
  const counts = Object.fromEntries(
    anyOrderStatuses.map((s) => [s, matches.filter((o) => o.status === s).length]),
  ) as OrderStatusCounts;
  if (query.toFulfil) {
    // Oldest first, as the queue's index orders them.
    const queued = matches.filter((o) => isToFulfil(o.status)).reverse();
    const page = oldestFirstListPage(queued, { limit: query.limit, cursor: query.cursor, scoreOf: placedScore });
    return { orders: page.items, totalOrders: queued.length, counts, nextCursor: page.nextCursor };
  }
  const inTab = query.status ? matches.filter((o) => o.status === query.status) : matches;
  // Newest first, as the tab's index orders them; the cursor's score and tie count find the place again.
  const page = newestFirstListPage(inTab, { limit: query.limit, cursor: query.cursor, scoreOf: placedScore });
  return { orders: page.items, totalOrders: inTab.length, counts, nextCursor: page.nextCursor };
}

/** Every order still to be sent (paid and processing), oldest first: the fulfilment screen's list. */
export async function listOrdersToFulfil(reader: ReadStoreReader): Promise<AdminOrder[]> {
  const ids = await reader.range(toFulfilIndex);
  return (await reader.getMany<AdminOrder>(collection, ids)).filter((order): order is AdminOrder => order !== null);
}

/** The ids of one status's orders, oldest first, at most `limit`: the day's batch of packing slips. */
export async function oldestOrderIds(
  reader: ReadStoreReader,
  status: AnyOrderStatus,
  limit: number,
): Promise<string[]> {
  return reader.range(statusIndex(status), { limit });
}

/** The orders an order number names (with or without its prefix, any case): the shopper's lookup form asks. */
export async function ordersNumbered(reader: ReadStoreReader, text: string): Promise<string[]> {
  const keys = orderNumberKeys(text);
  const lists = await Promise.all(keys.map((key) => reader.range(termIndex(`number:${key}`), { limit: 10 })));
  return [...new Set(lists.flat())];
}

export async function getAdminOrder(reader: ReadStoreReader, orderId: string): Promise<AdminOrder | null> {
  return reader.get<AdminOrder>(collection, orderId);
}

export async function countOrders(reader: ReadStoreReader): Promise<{ total: number; counts: OrderStatusCounts }> {
  const [total, ...perStatus] = await Promise.all([
    reader.count(newestIndex),
    ...anyOrderStatuses.map((s) => reader.count(statusIndex(s))),
  ]);
  const counts = Object.fromEntries(anyOrderStatuses.map((s, i) => [s, perStatus[i] ?? 0])) as OrderStatusCounts;
  return { total: total ?? 0, counts };
}
