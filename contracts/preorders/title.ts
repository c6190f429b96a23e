// A coming title and its pre-orders (`preorder-<bookId>`, decision 120): the fold and the decisions on it. Pure;
// declared in contracts because the owner's catalogue, the checkouts that take pre-orders and the stock that arrives
// for them all decide on the same stream, under its revision, so a limit is never passed by two racing shoppers.
import type { ShopEvent } from '../eventCatalog.ts';
import { conflict, invalid, notFound } from '../shared/errors.ts';
import { preOrderMessages, type PreOrderCancelReason } from './model.ts';
import type { PreOrderEvent, PreOrderPlaced } from './events.ts';

export type PreOrderStatus = 'waiting' | 'allocated' | 'cancelled';
/**
 * One pre-order: taken when its checkout started, holding its copies of the limit until `expiresAt`, for good once
 * paid (`orderId`). Only paid pre-orders wait for copies and are counted as demand.
 */
export type PreOrder = {
  checkoutId: string;
  quantity: number;
  at: string;
  expiresAt: string;
  orderId: string | null;
  status: PreOrderStatus;
};

export type ComingTitleState = {
  bookId: number | null;
  title: string;
  /** announced and not yet released */
  coming: boolean;
  /** copies have been received (decision 131): the title is sold from its shelf, and takes no new pre-orders */
  onSale?: boolean;
  publicationDate: string | null;
  limit: number | null;
  /** every pre-order of the title's seasons, in the order placed */
  preOrders: PreOrder[];
};

export const emptyComingTitle = (): ComingTitleState => ({
  bookId: null,
  title: '',
  coming: false,
  publicationDate: null,
  limit: null,
  preOrders: [],
});

/** Whether a pre-order holds its copies of the limit at `now`: paid, or its checkout still payable; never cancelled. */
export const holdsCopies = (p: PreOrder, now: string): boolean =>
  p.status !== 'cancelled' && (p.orderId !== null || p.expiresAt > now);

/** Copies pre-ordered at `now` and not cancelled (paid, or being paid): what the limit counts. */
export const copiesTaken = (state: ComingTitleState, now: string): number =>
  state.preOrders.reduce((sum, p) => sum + (holdsCopies(p, now) ? p.quantity : 0), 0);

/** The paid pre-orders still waiting for copies, oldest first. */
export const waitingPreOrders = (state: ComingTitleState): PreOrder[] =>
  state.preOrders.filter((p) => p.status === 'waiting' && p.orderId !== null);

/** Whether the title takes pre-orders: coming, and no copies received yet (then it is on sale from its shelf). */
export const takesPreOrders = (state: ComingTitleState): boolean => state.coming && !state.onSale;

/** Copies that may still be pre-ordered at `now`: Infinity without a limit, 0 when the title takes no pre-orders. */
export function copiesLeft(state: ComingTitleState, now: string): number {
  if (!takesPreOrders(state)) return 0;
  return state.limit === null ? Infinity : Math.max(0, state.limit - copiesTaken(state, now));
}

const withPreOrder = (state: ComingTitleState, checkoutId: string, change: (p: PreOrder) => PreOrder) => ({
  ...state,
  preOrders: state.preOrders.map((p) => (p.checkoutId === checkoutId ? change(p) : p)),
});

export function evolveComingTitle(state: ComingTitleState, event: ShopEvent): ComingTitleState {
  switch (event.type) {
    case 'TitleAnnounced': {
      const { bookId, title, publicationDate, limit } = event.data;
      return { ...state, bookId, title, coming: true, publicationDate, limit };
    }
    case 'PublicationDateChanged':
      return { ...state, publicationDate: event.data.to };
    case 'PreOrderLimitChanged':
      return { ...state, limit: event.data.to };
    case 'PreOrderPlaced': {
      const { checkoutId, quantity, at, expiresAt } = event.data;
      const preOrder: PreOrder = { checkoutId, quantity, at, expiresAt, orderId: null, status: 'waiting' };
      return { ...state, preOrders: [...state.preOrders, preOrder] };
    }
    case 'PreOrderPaid':
      // A checkout paid after it was given up as unpaid (a late payment report) keeps what it paid for.
      return withPreOrder(state, event.data.checkoutId, (p) => ({
        ...p,
        orderId: event.data.orderId,
        status: p.status === 'cancelled' ? 'waiting' : p.status,
      }));
    case 'PreOrderAllocated':
      return withPreOrder(state, event.data.checkoutId, (p) => ({ ...p, status: 'allocated' }));
    case 'PreOrderCancelled':
      return withPreOrder(state, event.data.checkoutId, (p) => ({ ...p, status: 'cancelled' }));
    case 'PreOrderStockReceived':
      return { ...state, onSale: true };
    case 'TitleReleased':
      return { ...state, coming: false };
    default:
      return state;
  }
}

type Said = { by: string; reason: string; at: string };
/** `today` is the UK day the command is decided on (the shop's clock): a publication date must come after it. */
export type AnnounceTitle = {
  type: 'AnnounceTitle';
  bookId: number;
  title: string;
  publicationDate: string;
  limit: number | null;
  today: string;
} & Said;
/** A new date, a new limit (null: none), or both; what is left out stays. */
export type ChangeComingTitle = {
  type: 'ChangeComingTitle';
  bookId: number;
  title: string;
  publicationDate?: string;
  limit?: number | null;
  today: string;
} & Said;
/** `at` is when the checkout starts; `expiresAt` when its hold ends unless paid. */
export type PlacePreOrder = {
  type: 'PlacePreOrder';
  bookId: number;
  title: string;
  checkoutId: string;
  quantity: number;
  at: string;
  expiresAt: string;
};
/** The checkout was paid: its pre-order is the order's, even if its hold had run out (the payer keeps what they paid). */
export type PayPreOrder = { type: 'PayPreOrder'; bookId: number; checkoutId: string; orderId: string; at: string };
/**
 * Copies received for the title: allocated to the waiting pre-orders, whole, in the order placed, and recorded as
 * received in the same append (decision 131) under `receiptId`, which names the shelf's StockReceived of the rest.
 */
export type AllocateCopies = {
  type: 'AllocateCopies';
  bookId: number;
  copies: number;
  receiptId: string;
} & Said;
export type CancelPreOrder = {
  type: 'CancelPreOrder';
  bookId: number;
  checkoutId: string;
  cancelledBy: PreOrderCancelReason;
  /** the order was dispatched: too late to cancel */
  dispatched?: boolean;
  at: string;
};
export type ReleaseTitle = { type: 'ReleaseTitle'; bookId: number; title: string } & Said;
export type ComingTitleCommand =
  AnnounceTitle | ChangeComingTitle | PlacePreOrder | PayPreOrder | AllocateCopies | CancelPreOrder | ReleaseTitle;

function checkDate(day: string, today: string) {
  if (day <= today) throw invalid(preOrderMessages.pastDate(today));
}

function checkLimit(state: ComingTitleState, limit: number | null, now: string) {
  const taken = copiesTaken(state, now);
  if (limit !== null && limit < taken) throw invalid(preOrderMessages.limitBelowTaken(taken));
}

function decideComingTitle(command: ComingTitleCommand, state: ComingTitleState): PreOrderEvent[] {
  switch (command.type) {
    case 'AnnounceTitle': {
      const { bookId, title, publicationDate, limit, today, by, reason, at } = command;
      if (state.coming) throw conflict(preOrderMessages.alreadyComing(title, state.publicationDate!));
      checkDate(publicationDate, today);
      return [{ type: 'TitleAnnounced', data: { bookId, title, publicationDate, limit, by, reason, at } }];
    }
    case 'ChangeComingTitle': {
      const { bookId, title, publicationDate, limit, today, by, reason, at } = command;
      if (!state.coming) throw invalid(preOrderMessages.notComing(title));
      const events: PreOrderEvent[] = [];
      if (publicationDate !== undefined && publicationDate !== state.publicationDate) {
        checkDate(publicationDate, today);
        const waiting = waitingPreOrders(state).length;
        events.push({
          type: 'PublicationDateChanged',
          data: { bookId, from: state.publicationDate!, to: publicationDate, waiting, by, reason, at },
        });
      }
      if (limit !== undefined && limit !== state.limit) {
        checkLimit(state, limit, at);
        events.push({ type: 'PreOrderLimitChanged', data: { bookId, from: state.limit, to: limit, by, reason, at } });
      }
      return events;
    }
    case 'PlacePreOrder': {
      const { bookId, title, checkoutId, quantity, at, expiresAt } = command;
      // The same checkout's pre-order again (a retried start) changes nothing.
      if (state.preOrders.some((p) => p.checkoutId === checkoutId)) return [];
      if (!state.coming) throw invalid(preOrderMessages.notComing(title));
      // Its copies have arrived: it is bought from the shelf as any book (decision 131).
      if (state.onSale) throw invalid(preOrderMessages.onSale(title));
      const left = copiesLeft(state, at);
      if (left === 0) throw conflict(preOrderMessages.closed(title));
      if (quantity > left) throw conflict(preOrderMessages.fewLeft(title, left));
      return [
        { type: 'PreOrderPlaced', data: { bookId, checkoutId, quantity, at, expiresAt } } satisfies PreOrderPlaced,
      ];
    }
    case 'PayPreOrder': {
      const { bookId, checkoutId, orderId, at } = command;
      const preOrder = state.preOrders.find((p) => p.checkoutId === checkoutId);
      if (!preOrder) throw notFound(preOrderMessages.unknownPreOrder);
      if (preOrder.orderId !== null) return [];
      return [{ type: 'PreOrderPaid', data: { bookId, checkoutId, orderId, at } }];
    }
    case 'AllocateCopies': {
      const { bookId, receiptId, by, reason, at } = command;
      // A book never announced, or released, takes no pre-orders: its receipt is the shelf's alone.
      if (!state.coming) return [];
      let copies = command.copies;
      const events: PreOrderEvent[] = [];
      // Paid pre-orders in the order placed, each whole: the first that does not fit waits, and so do all after it.
      for (const p of waitingPreOrders(state)) {
        if (p.quantity > copies) break;
        copies -= p.quantity;
        events.push({
          type: 'PreOrderAllocated',
          data: { bookId, checkoutId: p.checkoutId, orderId: p.orderId!, quantity: p.quantity, at },
        });
      }
      const allocated = command.copies - copies;
      // One append: the allocations and the receipt stand or fall together, and the title is on sale from now on.
      events.push({
        type: 'PreOrderStockReceived',
        data: { bookId, received: command.copies, allocated, forSale: copies, receiptId, by, reason, at },
      });
      return events;
    }
    case 'CancelPreOrder': {
      const { bookId, checkoutId, cancelledBy, at } = command;
      const preOrder = state.preOrders.find((p) => p.checkoutId === checkoutId);
      if (!preOrder) throw notFound(preOrderMessages.unknownPreOrder);
      if (preOrder.status === 'cancelled') return [];
      // A checkout that ended unpaid gives its copies back only if it was never paid.
      if (cancelledBy === 'unpaid' && preOrder.orderId !== null) return [];
      if (command.dispatched) throw conflict(preOrderMessages.dispatched);
      return [
        { type: 'PreOrderCancelled', data: { bookId, checkoutId, quantity: preOrder.quantity, cancelledBy, at } },
      ];
    }
    case 'ReleaseTitle': {
      const { bookId, title, by, reason, at } = command;
      if (!state.coming) throw invalid(preOrderMessages.notComing(title));
      const waiting = waitingPreOrders(state).length;
      if (waiting > 0) throw conflict(preOrderMessages.stillWaiting(waiting));
      return [{ type: 'TitleReleased', data: { bookId, by, reason, at } }];
    }
  }
}

export const comingTitleDecider = {
  initialState: emptyComingTitle,
  evolve: evolveComingTitle,
  decide: decideComingTitle,
};

/** What copies received leave for the shelf once the waiting pre-orders took theirs. */
export function copiesForSale(received: number, allocated: readonly PreOrderEvent[]): number {
  return received - allocated.reduce((sum, e) => sum + (e.type === 'PreOrderAllocated' ? e.data.quantity : 0), 0);
}
