import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { Conflict } from '../shared/errors.ts';
import { deciderSpec } from '../../infra/testing/decider.ts';
import { notEnoughStockMessage, type StockEvent } from './model.ts';
import { availableAt, emptyShelf, evolveShelf, lowStockAlertOwed, shelfDecider } from './shelf.ts';

const shelf = deciderSpec(shelfDecider);
const t0 = '2026-11-01T10:00:00.000Z';
const t30 = '2026-11-01T10:30:00.000Z';
const t90 = '2026-11-01T11:30:00.000Z';
const in60 = '2026-11-01T11:00:00.000Z';

// Positions as the log gives them (the first recording's starts the counting).
const at = <E extends StockEvent>(event: E, position: number) => ({ ...event, position }) as E;
const Received = (quantity: number, position = 10): StockEvent => at({ type: 'StockReceived', data: { bookId: 1, quantity, note: '', by: 'owner', at: t0 } }, position);
const Reserved = (checkoutId: string, quantity: number, expiresAt = in60): StockEvent => ({ type: 'StockReserved', data: { bookId: 1, checkoutId, quantity, expiresAt, at: t0 } });
const reserve = (checkoutId: string, quantity: number, now = t0) => ({ type: 'ReserveStock' as const, bookId: 1, title: 'The Kindness Basket', checkoutId, quantity, at: now, expiresAt: in60 });
const take = (orderId: string, quantity: number, extra: { checkoutId?: string; placedPosition?: number; sourcePosition?: number; at?: string } = {}) => ({
  type: 'TakeForOrder' as const,
  bookId: 1,
  orderId,
  quantity,
  placedPosition: extra.placedPosition ?? 20,
  sourcePosition: extra.sourcePosition ?? extra.placedPosition ?? 20,
  at: extra.at ?? t30,
  ...(extra.checkoutId ? { checkoutId: extra.checkoutId } : {}),
});

test('shelf: a product never recorded sells without limit; reservations and orders decide nothing on it', () => {
  shelf.given([]).when(reserve('c1', 1000)).then([]);
  shelf.given([]).when(take('o1', 3)).then([]);
  assert.is(availableAt(emptyShelf(), t0), Infinity);
});

test('shelf: a reservation takes what nobody holds; too few copies is a conflict naming what is left', () => {
  shelf.given([Received(5)]).when(reserve('c1', 5)).then([{ type: 'StockReserved', data: { bookId: 1, checkoutId: 'c1', quantity: 5, expiresAt: in60, at: t0 } }]);
  shelf.given([Received(5), Reserved('c1', 4)]).when(reserve('c2', 2)).thenFails(Conflict, notEnoughStockMessage('The Kindness Basket', 1));
  shelf.given([Received(5), Reserved('c1', 5)]).when(reserve('c2', 1)).thenFails(Conflict, /is out of stock/);
  // The same checkout again changes nothing; a reservation that ran out holds nothing.
  shelf.given([Received(5), Reserved('c1', 5)]).when(reserve('c1', 5)).then([]);
  shelf.given([Received(5), Reserved('c1', 5, t30)]).when(reserve('c2', 5, t90)).then([{ type: 'StockReserved', data: { bookId: 1, checkoutId: 'c2', quantity: 5, expiresAt: in60, at: t90 } }]);
});

test('shelf: an order takes its own running reservation; without one what is free; too little is a shortfall, not a negative count', () => {
  shelf.given([Received(2), Reserved('c1', 2)]).when(take('o1', 2, { checkoutId: 'c1' })).then([
    { type: 'StockSold', data: { bookId: 1, orderId: 'o1', checkoutId: 'c1', quantity: 2, sourcePosition: 20, at: t30 } },
  ]);
  shelf.given([Received(2), Reserved('c2', 2)]).when(take('o1', 1)).then([{ type: 'StockShortfall', data: { bookId: 1, orderId: 'o1', quantity: 1, available: 0, sourcePosition: 20, at: t30 } }]);
  // Its reservation ran out and another took the copies.
  shelf.given([Received(1), Reserved('c1', 1, t30), Reserved('c2', 1, '2026-11-01T12:00:00.000Z')]).when(take('o1', 1, { checkoutId: 'c1', at: t90 })).then([
    { type: 'StockShortfall', data: { bookId: 1, orderId: 'o1', quantity: 1, available: 0, sourcePosition: 20, at: t90 } },
  ]);
});

test('shelf: orders placed before counting began, and order events read again, change nothing', () => {
  shelf.given([Received(5, 10)]).when(take('o1', 1, { placedPosition: 5 })).then([]);
  const sold: StockEvent = { type: 'StockSold', data: { bookId: 1, orderId: 'o1', quantity: 1, sourcePosition: 20, at: t30 } };
  shelf.given([Received(5), sold]).when(take('o1', 1)).then([]);
  const returned: StockEvent = { type: 'StockReturned', data: { bookId: 1, orderId: 'o1', quantity: 1, reason: 'cancelled', sourcePosition: 30, at: t30 } };
  shelf.given([Received(5), sold]).when({ type: 'ReturnForOrder', bookId: 1, orderId: 'o1', reason: 'cancelled', placedPosition: 20, sourcePosition: 30, at: t30 }).then([returned]);
  shelf.given([Received(5), sold, returned]).when({ type: 'ReturnForOrder', bookId: 1, orderId: 'o1', reason: 'cancelled', placedPosition: 20, sourcePosition: 30, at: t30 }).then([]);
  // The cancellation undone (a later event) takes the copies again; the placing read again does not.
  shelf.given([Received(5), sold, returned]).when(take('o1', 1, { placedPosition: 20, sourcePosition: 20 })).then([]);
  shelf.given([Received(5), sold, returned]).when(take('o1', 1, { placedPosition: 20, sourcePosition: 40 })).then([
    { type: 'StockSold', data: { bookId: 1, orderId: 'o1', quantity: 1, sourcePosition: 40, at: t30 } },
  ]);
});

test('shelf: a correction needs a reason and cannot take off more than is recorded; each fall below the threshold owes one alert', () => {
  shelf.given([Received(2)]).when({ type: 'CorrectStock', bookId: 1, delta: -3, reason: 'lost', by: 'owner', at: t0 }).thenFails(Conflict);
  const events: StockEvent[] = [Received(6), { type: 'StockCorrected', data: { bookId: 1, delta: -2, reason: 'damaged', by: 'owner', at: t0 } }];
  let state = events.reduce(evolveShelf, emptyShelf());
  assert.is(lowStockAlertOwed(state), 1);
  state = evolveShelf(state, { type: 'LowStockAlerted', data: { bookId: 1, onHand: 4, threshold: 5, crossing: 1, to: 'o@x', messageId: 'm', transport: 'outbox', sentAt: t0 } });
  assert.is(lowStockAlertOwed(state), null);
  state = evolveShelf(state, { type: 'StockCorrected', data: { bookId: 1, delta: -1, reason: 'gift', by: 'owner', at: t0 } });
  assert.is(lowStockAlertOwed(state), null, 'still below: no new fall');
  state = evolveShelf(evolveShelf(state, Received(10)), { type: 'StockCorrected', data: { bookId: 1, delta: -10, reason: 'flood', by: 'owner', at: t0 } });
  assert.is(lowStockAlertOwed(state), 2);
});

test.run();
