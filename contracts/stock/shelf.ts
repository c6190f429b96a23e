// The shelf of one product (`stock-<bookId>`): what it holds, what checkouts hold of it, what orders took, and the
// decisions on it. Pure; declared in contracts because checkout reserves copies and the stock capability keeps the
// rest, and both decide on the same stream (see docs/decisions/040).
import type { ShopEvent } from '../eventCatalog.ts';
import { conflict, invalid, notFound } from '../shared/errors.ts';
import { ofTypes } from '../shared/events.ts';
import {
  lowStockThreshold,
  notEnoughStockMessage,
  takenWhilePayingMessage,
  type HoldCaps,
  type HoldReleaseReason,
} from './model.ts';
import {
  stockEventTypes,
  type LowStockAlerted,
  type StockEvent,
  type StockHoldReleased,
  type StockShortfallAlerted,
} from './events.ts';

/**
 * A checkout's hold on copies (decision 061). `holder` is the keyed hash of its address (absent on reservations made
 * before holds were capped); `secured` once its payment is being taken; `at` when it was made.
 */
export type Reservation = { quantity: number; expiresAt: string; at?: string; holder?: string; secured?: boolean };

export type ShelfState = {
  /** false until the owner first records stock: the product sells without limit */
  tracked: boolean;
  /** position in the log of the first recording; orders placed before it take nothing */
  trackedFrom: number | null;
  /** copies not taken by an order */
  onHand: number;
  /** open reservations by checkout id */
  reservations: Record<string, Reservation>;
  /** copies each order holds now (taken and not given back) */
  holding: Record<string, number>;
  /** orders flagged because they found no stock, with what they wanted */
  shortfalls: Record<string, number>;
  /** the log position of the last order event acted on, per order: an older event arriving again changes nothing */
  lastSource: Record<string, number>;
  /** refunds whose copies came back to this shelf, by refund id: each refund restocks once */
  restocked?: Record<string, true>;
  /** shortfalls the owner was e-mailed about, by order */
  shortfallsAlerted?: Record<string, true>;
  /** how often on-hand stock fell below the threshold, and how many of those the owner was told of */
  crossings: number;
  alerted: number;
};

export const emptyShelf = (): ShelfState => ({
  tracked: false,
  trackedFrom: null,
  onHand: 0,
  reservations: {},
  holding: {},
  shortfalls: {},
  lastSource: {},
  crossings: 0,
  alerted: 0,
});

/** The fall below the threshold the owner is still owed an e-mail for, or null. */
export function lowStockAlertOwed(state: ShelfState): number | null {
  return state.tracked && state.onHand < lowStockThreshold && state.crossings > state.alerted ? state.crossings : null;
}

/** Copies held by reservations still running at `now` (all of them, or those matching `which`). */
export function reservedAt(
  state: ShelfState,
  now: string,
  which: (r: Reservation, checkoutId: string) => boolean = () => true,
): number {
  let held = 0;
  for (const [checkoutId, r] of Object.entries(state.reservations))
    if (r.expiresAt > now && which(r, checkoutId)) held += r.quantity;
  return held;
}

/** Copies promised to payments being taken at `now`, other than `except`'s: the only copies no one else can buy. */
export function securedAt(state: ShelfState, now: string, except?: string): number {
  return reservedAt(state, now, (r, id) => !!r.secured && id !== except);
}

/**
 * What a shopper can buy at `now`; Infinity while the product is not tracked. Held copies count as buyable: a hold
 * says who is served first, and a shopper who pays takes a copy only held for another (decision 061).
 */
export function availableAt(state: ShelfState, now: string): number {
  if (!state.tracked) return Infinity;
  return Math.max(0, state.onHand - securedAt(state, now));
}

/** Copies neither held nor secured at `now`: what a new hold may take without taking anyone's. */
export function freeAt(state: ShelfState, now: string): number {
  if (!state.tracked) return Infinity;
  return Math.max(0, state.onHand - reservedAt(state, now));
}

/** The holds running at `now`, oldest first. */
export function runningHolds(state: ShelfState, now: string): Array<[string, Reservation]> {
  return Object.entries(state.reservations)
    .filter(([, r]) => r.expiresAt > now)
    .sort(([a, x], [b, y]) => (x.at ?? '').localeCompare(y.at ?? '') || a.localeCompare(b));
}

/**
 * The holds a payer for `checkoutId` takes over to have `quantity` copies at `now`: none while enough copies are free,
 * else others' unsecured holds, newest first (the oldest holds keep their turn longest). Null when even that is not enough.
 */
function holdsToTakeOver(
  state: ShelfState,
  checkoutId: string,
  quantity: number,
  now: string,
): Array<[string, Reservation]> | null {
  const others = runningHolds(state, now).filter(([id]) => id !== checkoutId);
  let short = quantity - Math.max(0, state.onHand - others.reduce((sum, [, r]) => sum + r.quantity, 0));
  const taken: Array<[string, Reservation]> = [];
  for (const hold of others.filter(([, r]) => !r.secured).reverse()) {
    if (short <= 0) break;
    taken.push(hold);
    short -= hold[1].quantity;
  }
  return short <= 0 ? taken : null;
}

/**
 * Whether a payer for `checkoutId` can have `quantity` copies at `now` without a shortfall: the product is not tracked,
 * its own hold still keeps them, or enough are free or only held for others (decision 106).
 */
export function canServe(state: ShelfState, checkoutId: string, quantity: number, now: string): boolean {
  if (!state.tracked) return true;
  const own = state.reservations[checkoutId];
  if (own && own.expiresAt > now && own.quantity >= quantity) return true;
  return holdsToTakeOver(state, checkoutId, quantity, now) !== null;
}

const releasedHold = (
  bookId: number,
  [checkoutId, r]: [string, Reservation],
  reason: HoldReleaseReason,
  by: string,
  at: string,
): StockHoldReleased => ({
  type: 'StockHoldReleased',
  data: { bookId, checkoutId, quantity: r.quantity, reason, by, heldSince: r.at ?? '', at },
});

function withOnHand(state: ShelfState, onHand: number): ShelfState {
  const fell = state.onHand >= lowStockThreshold && onHand < lowStockThreshold;
  return { ...state, onHand, crossings: state.crossings + (fell ? 1 : 0) };
}

const without = <T>(record: Record<string, T>, key: string): Record<string, T> => {
  const { [key]: _gone, ...rest } = record;
  return rest;
};

/** Folds one event; `position` is the event's place in the log (needed only for the first recording). */
export function evolveShelf(state: ShelfState, event: StockEvent & { position?: number }): ShelfState {
  switch (event.type) {
    case 'StockReceived':
    case 'StockCorrected': {
      const tracked = state.tracked ? state : { ...state, tracked: true, trackedFrom: event.position ?? 0 };
      const delta = event.type === 'StockReceived' ? event.data.quantity : event.data.delta;
      return withOnHand(tracked, Math.max(0, state.onHand + delta));
    }
    case 'StockReserved': {
      // Reservations that ran out before this one was made are forgotten: abandoned checkouts do not pile up.
      const running = Object.fromEntries(
        Object.entries(state.reservations).filter(([, r]) => r.expiresAt > event.data.at),
      );
      return {
        ...state,
        reservations: {
          ...running,
          [event.data.checkoutId]: { quantity: event.data.quantity, expiresAt: event.data.expiresAt },
        },
      };
    }
    case 'StockHeld': {
      const { checkoutId, quantity, expiresAt, holder, at } = event.data;
      const running = Object.fromEntries(Object.entries(state.reservations).filter(([, r]) => r.expiresAt > at));
      return { ...state, reservations: { ...running, [checkoutId]: { quantity, expiresAt, at, holder } } };
    }
    case 'StockSecured': {
      const { checkoutId, quantity, expiresAt, at } = event.data;
      const own = state.reservations[checkoutId];
      const since = own && own.expiresAt > at ? own.at : at;
      return {
        ...state,
        reservations: {
          ...state.reservations,
          [checkoutId]: {
            quantity,
            expiresAt,
            secured: true,
            ...(since ? { at: since } : {}),
            ...(own?.holder ? { holder: own.holder } : {}),
          },
        },
      };
    }
    case 'StockReleased':
    case 'StockHoldReleased':
      return { ...state, reservations: without(state.reservations, event.data.checkoutId) };
    case 'StockSold': {
      const { orderId, quantity, checkoutId, sourcePosition } = event.data;
      const next = withOnHand(state, Math.max(0, state.onHand - quantity));
      return {
        ...next,
        reservations: checkoutId ? without(state.reservations, checkoutId) : state.reservations,
        holding: { ...state.holding, [orderId]: quantity },
        shortfalls: without(state.shortfalls, orderId),
        lastSource: { ...state.lastSource, [orderId]: sourcePosition },
      };
    }
    case 'StockShortfall': {
      const { orderId, quantity, sourcePosition } = event.data;
      return {
        ...state,
        shortfalls: { ...state.shortfalls, [orderId]: quantity },
        lastSource: { ...state.lastSource, [orderId]: sourcePosition },
      };
    }
    case 'StockReturned': {
      const { orderId, quantity, sourcePosition } = event.data;
      return {
        ...withOnHand(state, state.onHand + quantity),
        holding: without(state.holding, orderId),
        shortfalls: without(state.shortfalls, orderId),
        lastSource: { ...state.lastSource, [orderId]: sourcePosition },
      };
    }
    case 'StockRestocked': {
      const { orderId, quantity } = event.data;
      const held = state.holding[orderId];
      return {
        ...withOnHand(state, state.onHand + quantity),
        // What the order still holds is less by what came back: a later cancellation gives back only the rest.
        holding: held === undefined ? state.holding : { ...state.holding, [orderId]: Math.max(0, held - quantity) },
        restocked: { ...state.restocked, [event.data.refundId]: true },
      };
    }
    case 'LowStockAlerted':
      return { ...state, alerted: Math.max(state.alerted, event.data.crossing) };
    case 'StockShortfallAlerted':
      return { ...state, shortfallsAlerted: { ...state.shortfallsAlerted, [event.data.orderId]: true } };
    default:
      return state;
  }
}

export type ShelfCommand =
  /** Copies of a refunded order's lines come back to the shelf (decision 081). */
  | {
      type: 'RestockForRefund';
      bookId: number;
      orderId: string;
      refundId: string;
      quantity: number;
      by: string;
      sourcePosition: number;
      at: string;
    }
  | { type: 'ReceiveStock'; bookId: number; quantity: number; note: string; by: string; at: string }
  | { type: 'CorrectStock'; bookId: number; delta: number; reason: string; by: string; at: string }
  /**
   * A checkout starts: refused only when the shelf cannot serve it (held copies count as on the shelf); held when the
   * copies are free and the caps allow, else it starts without a hold.
   */
  | {
      type: 'ReserveStock';
      bookId: number;
      title: string;
      checkoutId: string;
      quantity: number;
      at: string;
      expiresAt: string;
      holder: string;
      caps: HoldCaps;
    }
  | { type: 'ReleaseStock'; bookId: number; checkoutId: string; reason: 'cancelled' | 'not-started'; at: string }
  /** A checkout's payment is about to be taken: its copies are made its own, taking over others' holds if need be. */
  | {
      type: 'SecureForPayment';
      bookId: number;
      title: string;
      checkoutId: string;
      quantity: number;
      at: string;
      expiresAt: string;
      /**
       * a payment that settles later (decision 105): a hold already secured until before `expiresAt` is lengthened to it,
       * so the copies wait for the payment's outcome
       */
      lengthen?: boolean;
    }
  /** The owner ends a hold, or a payment secured for it failed: the copies come back at once. */
  | {
      type: 'ReleaseHold';
      bookId: number;
      checkoutId: string;
      reason: Exclude<HoldReleaseReason, 'taken-over'>;
      by: string;
      at: string;
    }
  /** an order takes its copies: when placed, or when an order cancelled before is taken up again */
  | {
      type: 'TakeForOrder';
      bookId: number;
      orderId: string;
      checkoutId?: string;
      quantity: number;
      placedPosition: number;
      sourcePosition: number;
      at: string;
    }
  /** an order gives its copies back: cancelled, or (once refunds exist) fully refunded */
  | {
      type: 'ReturnForOrder';
      bookId: number;
      orderId: string;
      reason: string;
      placedPosition: number;
      sourcePosition: number;
      at: string;
    }
  /** the owner was e-mailed about a fall below the threshold */
  | { type: 'RecordLowStockAlert'; data: LowStockAlerted['data'] }
  /** the owner was e-mailed about a paid order that found no stock */
  | { type: 'RecordShortfallAlert'; data: StockShortfallAlerted['data'] };

/** Whether an order event at `sourcePosition` still has something to say to this shelf. */
function orderEventApplies(
  state: ShelfState,
  command: { orderId: string; placedPosition: number; sourcePosition: number },
): boolean {
  if (!state.tracked || state.trackedFrom === null || command.placedPosition < state.trackedFrom) return false;
  return (state.lastSource[command.orderId] ?? -1) < command.sourcePosition;
}

export function decideShelf(command: ShelfCommand, state: ShelfState): StockEvent[] {
  switch (command.type) {
    case 'ReceiveStock': {
      const { bookId, quantity, note, by, at } = command;
      return [{ type: 'StockReceived', data: { bookId, quantity, note, by, at } }];
    }
    case 'CorrectStock': {
      const { bookId, delta, reason, by, at } = command;
      if (!reason.trim())
        throw invalid('Say why the stock is corrected', [
          { field: 'reason', message: 'Say why the stock is corrected' },
        ]);
      if (state.onHand + delta < 0) {
        throw conflict(
          `Only ${state.onHand} ${state.onHand === 1 ? 'copy is' : 'copies are'} recorded, so at most ${state.onHand} can be taken off`,
        );
      }
      return [{ type: 'StockCorrected', data: { bookId, delta, reason, by, at } }];
    }
    case 'ReserveStock': {
      const { bookId, checkoutId, quantity, at, expiresAt, title, holder, caps } = command;
      if (!state.tracked || state.reservations[checkoutId]) return [];
      const available = availableAt(state, at);
      if (available < quantity) throw conflict(notEnoughStockMessage(title, available));
      // Past a cap, or with too few copies free, the checkout starts without a hold: it can still buy when it pays.
      const byHolder = reservedAt(state, at, (r) => r.holder === holder);
      if (
        freeAt(state, at) < quantity ||
        byHolder + quantity > caps.copiesPerAddress ||
        reservedAt(state, at) + quantity > caps.copiesPerProduct
      )
        return [];
      return [{ type: 'StockHeld', data: { bookId, checkoutId, quantity, holder, expiresAt, at } }];
    }
    case 'SecureForPayment': {
      const { bookId, checkoutId, quantity, at, expiresAt, title } = command;
      if (!state.tracked) return [];
      const own = state.reservations[checkoutId];
      const running = own && own.expiresAt > at && own.quantity >= quantity ? own : undefined;
      if (running?.secured && !(command.lengthen && running.expiresAt < expiresAt)) return [];
      const secured = {
        type: 'StockSecured' as const,
        data: {
          bookId,
          checkoutId,
          quantity,
          expiresAt: running && running.expiresAt > expiresAt ? running.expiresAt : expiresAt,
          at,
        },
      };
      if (running) return [secured];
      const taken = holdsToTakeOver(state, checkoutId, quantity, at);
      if (!taken) throw conflict(takenWhilePayingMessage(title, availableAt(state, at)));
      return [...taken.map((hold) => releasedHold(bookId, hold, 'taken-over', `checkout:${checkoutId}`, at)), secured];
    }
    case 'ReleaseHold': {
      const { bookId, checkoutId, reason, by, at } = command;
      const held = state.reservations[checkoutId];
      if (!held || held.expiresAt <= at) {
        if (reason === 'owner') throw notFound('This hold has already ended: its copies are back on the shelf');
        return [];
      }
      if (reason === 'payment-failed' && !held.secured) return [];
      return [releasedHold(bookId, [checkoutId, held], reason, by, at)];
    }
    case 'ReleaseStock': {
      const held = state.reservations[command.checkoutId];
      if (!held) return [];
      const { bookId, checkoutId, reason, at } = command;
      return [{ type: 'StockReleased', data: { bookId, checkoutId, quantity: held.quantity, reason, at } }];
    }
    case 'TakeForOrder': {
      const { bookId, orderId, checkoutId, quantity, sourcePosition, at } = command;
      if (!orderEventApplies(state, command) || state.holding[orderId] !== undefined) return [];
      const held = checkoutId ? state.reservations[checkoutId] : undefined;
      const sold = {
        type: 'StockSold' as const,
        data: { bookId, orderId, ...(held ? { checkoutId } : {}), quantity, sourcePosition, at },
      };
      // Its own hold, still running, keeps the copies for it.
      if (held && held.expiresAt > at && held.quantity >= quantity) return [sold];
      // Without one it takes what is free, then copies only held for others (a payment outranks a hold); what payments
      // being taken are promised it cannot have: then it is flagged, never oversold.
      const taken = holdsToTakeOver(state, checkoutId ?? '', quantity, at);
      if (!taken) {
        const available = Math.max(0, state.onHand - securedAt(state, at, checkoutId));
        return [{ type: 'StockShortfall', data: { bookId, orderId, quantity, available, sourcePosition, at } }];
      }
      return [...taken.map((hold) => releasedHold(bookId, hold, 'taken-over', `order:${orderId}`, at)), sold];
    }
    case 'ReturnForOrder': {
      const { bookId, orderId, reason, sourcePosition, at } = command;
      if (!orderEventApplies(state, command)) return [];
      const quantity = state.holding[orderId] ?? 0;
      // A flagged order that is cancelled no longer waits for copies: the flag is taken down with nothing returned.
      if (quantity === 0 && state.shortfalls[orderId] === undefined) return [];
      return [{ type: 'StockReturned', data: { bookId, orderId, quantity, reason, sourcePosition, at } }];
    }
    case 'RestockForRefund': {
      const { bookId, orderId, refundId, by, sourcePosition, at } = command;
      if (!state.tracked || state.restocked?.[refundId]) return [];
      // An order this shelf gave copies to gives back at most what it still holds (none after a cancellation, none
      // after a shortfall); one placed before the product was tracked took nothing from the count, so all come back.
      const known = state.lastSource[orderId] !== undefined;
      const quantity = known ? Math.min(command.quantity, state.holding[orderId] ?? 0) : command.quantity;
      if (quantity <= 0) return [];
      return [{ type: 'StockRestocked', data: { bookId, orderId, refundId, quantity, by, sourcePosition, at } }];
    }
    case 'RecordLowStockAlert':
      return state.alerted >= command.data.crossing ? [] : [{ type: 'LowStockAlerted', data: command.data }];
    case 'RecordShortfallAlert':
      return state.shortfallsAlerted?.[command.data.orderId]
        ? []
        : [{ type: 'StockShortfallAlerted', data: command.data }];
  }
}

const isStockEvent = ofTypes(stockEventTypes);

/** The decider over one shelf, in the shape the command handler takes. */
export const shelfDecider = {
  initialState: emptyShelf,
  evolve: (state: ShelfState, event: ShopEvent) => (isStockEvent(event) ? evolveShelf(state, event) : state),
  decide: decideShelf,
};
