// The shelf of one product (`stock-<bookId>`): what it holds, what checkouts hold of it, what orders took, and the
// decisions on it. Pure; declared in contracts because checkout reserves copies and the stock capability keeps the
// rest, and both decide on the same stream (see docs/decisions/040).
import { conflict, invalid } from '../shared/errors.ts';
import { lowStockThreshold, notEnoughStockMessage, type LowStockAlerted, type StockEvent, type StockShortfallAlerted } from './model.ts';

export type Reservation = { quantity: number; expiresAt: string };

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

/** Copies held by reservations still running at `now`. */
export function reservedAt(state: ShelfState, now: string): number {
  let held = 0;
  for (const r of Object.values(state.reservations)) if (r.expiresAt > now) held += r.quantity;
  return held;
}

/** What a shopper can buy at `now`; Infinity while the product is not tracked. */
export function availableAt(state: ShelfState, now: string): number {
  if (!state.tracked) return Infinity;
  return Math.max(0, state.onHand - reservedAt(state, now));
}

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
      const running = Object.fromEntries(Object.entries(state.reservations).filter(([, r]) => r.expiresAt > event.data.at));
      return { ...state, reservations: { ...running, [event.data.checkoutId]: { quantity: event.data.quantity, expiresAt: event.data.expiresAt } } };
    }
    case 'StockReleased':
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
      return { ...state, shortfalls: { ...state.shortfalls, [orderId]: quantity }, lastSource: { ...state.lastSource, [orderId]: sourcePosition } };
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
    case 'LowStockAlerted':
      return { ...state, alerted: Math.max(state.alerted, event.data.crossing) };
    case 'StockShortfallAlerted':
      return { ...state, shortfallsAlerted: { ...state.shortfallsAlerted, [event.data.orderId]: true } };
    default:
      return state;
  }
}

export type ShelfCommand =
  | { type: 'ReceiveStock'; bookId: number; quantity: number; note: string; by: string; at: string }
  | { type: 'CorrectStock'; bookId: number; delta: number; reason: string; by: string; at: string }
  | { type: 'ReserveStock'; bookId: number; title: string; checkoutId: string; quantity: number; at: string; expiresAt: string }
  | { type: 'ReleaseStock'; bookId: number; checkoutId: string; reason: 'cancelled' | 'not-started'; at: string }
  /** an order takes its copies: when placed, or when an order cancelled before is taken up again */
  | { type: 'TakeForOrder'; bookId: number; orderId: string; checkoutId?: string; quantity: number; placedPosition: number; sourcePosition: number; at: string }
  /** an order gives its copies back: cancelled, or (once refunds exist) fully refunded */
  | { type: 'ReturnForOrder'; bookId: number; orderId: string; reason: string; placedPosition: number; sourcePosition: number; at: string }
  /** the owner was e-mailed about a fall below the threshold */
  | { type: 'RecordLowStockAlert'; data: LowStockAlerted['data'] }
  /** the owner was e-mailed about a paid order that found no stock */
  | { type: 'RecordShortfallAlert'; data: StockShortfallAlerted['data'] };

/** Whether an order event at `sourcePosition` still has something to say to this shelf. */
function orderEventApplies(state: ShelfState, command: { orderId: string; placedPosition: number; sourcePosition: number }): boolean {
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
      if (!reason.trim()) throw invalid('Say why the stock is corrected', [{ field: 'reason', message: 'Say why the stock is corrected' }]);
      if (state.onHand + delta < 0) {
        throw conflict(`Only ${state.onHand} ${state.onHand === 1 ? 'copy is' : 'copies are'} recorded, so at most ${state.onHand} can be taken off`);
      }
      return [{ type: 'StockCorrected', data: { bookId, delta, reason, by, at } }];
    }
    case 'ReserveStock': {
      const { bookId, checkoutId, quantity, at, expiresAt, title } = command;
      if (!state.tracked || state.reservations[checkoutId]) return [];
      const available = availableAt(state, at);
      if (available < quantity) throw conflict(notEnoughStockMessage(title, available));
      return [{ type: 'StockReserved', data: { bookId, checkoutId, quantity, expiresAt, at } }];
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
      // Its own reservation, still running, holds the copies for it; without one it takes what nobody else holds.
      const own = held && held.expiresAt > at ? held.quantity : 0;
      const available = availableAt(state, at) + own;
      if (available < quantity) {
        return [{ type: 'StockShortfall', data: { bookId, orderId, quantity, available, sourcePosition, at } }];
      }
      return [{ type: 'StockSold', data: { bookId, orderId, ...(held ? { checkoutId } : {}), quantity, sourcePosition, at } }];
    }
    case 'ReturnForOrder': {
      const { bookId, orderId, reason, sourcePosition, at } = command;
      if (!orderEventApplies(state, command)) return [];
      const quantity = state.holding[orderId] ?? 0;
      // A flagged order that is cancelled no longer waits for copies: the flag is taken down with nothing returned.
      if (quantity === 0 && state.shortfalls[orderId] === undefined) return [];
      return [{ type: 'StockReturned', data: { bookId, orderId, quantity, reason, sourcePosition, at } }];
    }
    case 'RecordLowStockAlert':
      return state.alerted >= command.data.crossing ? [] : [{ type: 'LowStockAlerted', data: command.data }];
    case 'RecordShortfallAlert':
      return state.shortfallsAlerted?.[command.data.orderId] ? [] : [{ type: 'StockShortfallAlerted', data: command.data }];
  }
}

/** The decider over one shelf, in the shape the command handler takes. */
export const shelfDecider = {
  initialState: emptyShelf,
  evolve: (state: ShelfState, event: StockEvent) => evolveShelf(state, event),
  decide: decideShelf,
};
