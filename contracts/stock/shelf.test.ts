import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { Conflict, NotFound } from '../shared/errors.ts';
import { deciderSpec } from '../../infra/testing/decider.ts';
import { notEnoughStockMessage, securedMinutes, takenWhilePayingMessage, type HoldCaps } from './model.ts';
import type { StockEvent } from './events.ts';
import { availableAt, emptyShelf, evolveShelf, freeAt, lowStockAlertOwed, reservedAt, shelfDecider } from './shelf.ts';

const shelf = deciderSpec(shelfDecider);
const t0 = '2026-11-01T10:00:00.000Z';
const t30 = '2026-11-01T10:30:00.000Z';
const t90 = '2026-11-01T11:30:00.000Z';
const in60 = '2026-11-01T11:00:00.000Z';

// Positions as the log gives them (the first recording's starts the counting).
const at = <E extends StockEvent>(event: E, position: number) => ({ ...event, position }) as E;
const Received = (quantity: number, position = 10): StockEvent =>
  at({ type: 'StockReceived', data: { bookId: 1, quantity, note: '', by: 'owner', at: t0 } }, position);
const Reserved = (checkoutId: string, quantity: number, expiresAt = in60): StockEvent => ({
  type: 'StockReserved',
  data: { bookId: 1, checkoutId, quantity, expiresAt, at: t0 },
});
const Held = (checkoutId: string, quantity: number, expiresAt = in60, when = t0, holder = 'a'): StockEvent => ({
  type: 'StockHeld',
  data: { bookId: 1, checkoutId, quantity, holder, expiresAt, at: when },
});
const Secured = (checkoutId: string, quantity: number, expiresAt = in60, when = t0): StockEvent => ({
  type: 'StockSecured',
  data: { bookId: 1, checkoutId, quantity, expiresAt, at: when },
});
const noCaps: HoldCaps = { copiesPerAddress: 1000, copiesPerProduct: 1000 };
const reserve = (checkoutId: string, quantity: number, now = t0, caps = noCaps, holder = 'a') => ({
  type: 'ReserveStock' as const,
  bookId: 1,
  title: 'The Kindness Basket',
  checkoutId,
  quantity,
  at: now,
  expiresAt: in60,
  holder,
  caps,
});
const securedUntil = (now: string) => new Date(Date.parse(now) + securedMinutes * 60_000).toISOString();
const secure = (checkoutId: string, quantity: number, now = t0) => ({
  type: 'SecureForPayment' as const,
  bookId: 1,
  title: 'The Kindness Basket',
  checkoutId,
  quantity,
  at: now,
  expiresAt: securedUntil(now),
});
const take = (
  orderId: string,
  quantity: number,
  extra: { checkoutId?: string; placedPosition?: number; sourcePosition?: number; at?: string } = {},
) => ({
  type: 'TakeForOrder' as const,
  bookId: 1,
  orderId,
  quantity,
  placedPosition: extra.placedPosition ?? 20,
  sourcePosition: extra.sourcePosition ?? extra.placedPosition ?? 20,
  at: extra.at ?? t30,
  ...(extra.checkoutId ? { checkoutId: extra.checkoutId } : {}),
});

test('shelf: a product never recorded sells without limit: a reservation holds nothing', () => {
  shelf.given([]).when(reserve('c1', 1000)).then([]);
});

test('shelf: a product never recorded sells without limit: an order takes nothing', () => {
  shelf.given([]).when(take('o1', 3)).then([]);
});

test('shelf: a product never recorded has no limit to what is available', () => {
  assert.is(availableAt(emptyShelf(), t0), Infinity);
});

test('shelf: a hold takes what is free', () => {
  shelf
    .given([Received(5)])
    .when(reserve('c1', 5))
    .then([Held('c1', 5)]);
});

test('shelf: all copies held by another: the checkout starts without a hold; it is not told the book is out of stock', () => {
  shelf
    .given([Received(5), Held('c1', 5)])
    .when(reserve('c2', 1))
    .then([]);
});

test('shelf: all copies reserved by another: the checkout starts without a hold', () => {
  shelf
    .given([Received(5), Reserved('c1', 5)])
    .when(reserve('c2', 1))
    .then([]);
});

test('shelf: fewer copies on the shelf than asked for: a conflict naming what is left', () => {
  shelf
    .given([Received(5)])
    .when(reserve('c2', 6))
    .thenFails(Conflict, notEnoughStockMessage('The Kindness Basket', 5));
});

test('shelf: copies promised to a payment being taken still count: a conflict naming what is left', () => {
  shelf
    .given([Received(5), Held('c1', 4), Secured('c1', 4)])
    .when(reserve('c2', 2))
    .thenFails(Conflict, notEnoughStockMessage('The Kindness Basket', 1));
});

test('shelf: the last copy promised to a payment being taken: out of stock', () => {
  shelf
    .given([Received(1), Held('c1', 1), Secured('c1', 1)])
    .when(reserve('c2', 1))
    .thenFails(Conflict, /is out of stock/);
});

test('shelf: the same checkout holding again changes nothing', () => {
  shelf
    .given([Received(5), Held('c1', 5)])
    .when(reserve('c1', 5))
    .then([]);
});

test('shelf: a hold that ran out holds nothing', () => {
  shelf
    .given([Received(5), Held('c1', 5, t30)])
    .when(reserve('c2', 5, t90))
    .then([Held('c2', 5, in60, t90)]);
});

const caps = { copiesPerAddress: 10, copiesPerProduct: 15 };

test('shelf: past the cap per address the checkout starts without a hold', () => {
  shelf
    .given([Received(30), Held('c1', 10)])
    .when(reserve('c2', 1, t0, caps))
    .then([]);
});

test('shelf: the cap per address does not hold back another address', () => {
  shelf
    .given([Received(30), Held('c1', 10)])
    .when(reserve('c2', 1, t0, caps, 'another-address'))
    .then([Held('c2', 1, in60, t0, 'another-address')]);
});

test('shelf: past the cap per product the checkout starts without a hold', () => {
  shelf
    .given([Received(30), Held('c1', 10), Held('c2', 5, in60, t0, 'b')])
    .when(reserve('c3', 1, t0, caps, 'c'))
    .then([]);
});

test("shelf: the address's holds that ran out no longer count against it", () => {
  shelf
    .given([Received(30), Held('c1', 10, t30)])
    .when(reserve('c2', 10, t90, caps))
    .then([Held('c2', 10, in60, t90)]);
});

test('shelf: the copies held are counted across addresses', () => {
  assert.is(
    reservedAt([Received(30), Held('c1', 10), Held('c2', 5, in60, t0, 'b')].reduce(evolveShelf, emptyShelf()), t0),
    15,
  );
});

test('shelf: a payer secures its own hold', () => {
  shelf
    .given([Received(2), Held('c1', 2)])
    .when(secure('c1', 2))
    .then([Secured('c1', 2, in60)]);
});

test('shelf: a payer securing its hold again changes nothing', () => {
  shelf
    .given([Received(2), Held('c1', 2), Secured('c1', 2)])
    .when(secure('c1', 2))
    .then([]);
});

test('shelf: no hold of its own and nothing free: the newest hold not being paid is taken over', () => {
  const t10 = '2026-11-01T10:10:00.000Z';
  shelf
    .given([Received(2), Held('c1', 1), Held('c2', 1, in60, t10, 'b')])
    .when(secure('c3', 1, t30))
    .then([
      {
        type: 'StockHoldReleased',
        data: {
          bookId: 1,
          checkoutId: 'c2',
          quantity: 1,
          reason: 'taken-over',
          by: 'checkout:c3',
          heldSince: t10,
          at: t30,
        },
      },
      Secured('c3', 1, securedUntil(t30), t30),
    ]);
});

test('shelf: a payer without a hold takes free copies first', () => {
  shelf
    .given([Received(3), Held('c1', 1), Held('c2', 1)])
    .when(secure('c3', 1, t30))
    .then([Secured('c3', 1, securedUntil(t30), t30)]);
});

test('shelf: a copy promised to another payment is never taken', () => {
  shelf
    .given([Received(1), Held('c1', 1), Secured('c1', 1)])
    .when(secure('c2', 1, t30))
    .thenFails(Conflict, takenWhilePayingMessage('The Kindness Basket', 0));
});

test('shelf: a payer whose copies were taken is told its card was not charged', () => {
  assert.match(takenWhilePayingMessage('The Kindness Basket', 0), /Your card has not been charged/);
});

test('shelf: an order takes its own running hold', () => {
  shelf
    .given([Received(2), Held('c1', 2)])
    .when(take('o1', 2, { checkoutId: 'c1' }))
    .then([
      {
        type: 'StockSold',
        data: { bookId: 1, orderId: 'o1', checkoutId: 'c1', quantity: 2, sourcePosition: 20, at: t30 },
      },
    ]);
});

test('shelf: a payment outranks a hold: the copies only held for another go to the order, and that hold ends', () => {
  shelf
    .given([Received(2), Held('c2', 2)])
    .when(take('o1', 1))
    .then([
      {
        type: 'StockHoldReleased',
        data: {
          bookId: 1,
          checkoutId: 'c2',
          quantity: 2,
          reason: 'taken-over',
          by: 'order:o1',
          heldSince: t0,
          at: t30,
        },
      },
      { type: 'StockSold', data: { bookId: 1, orderId: 'o1', quantity: 1, sourcePosition: 20, at: t30 } },
    ]);
});

test('shelf: what a payment being taken is promised is not for another order: a shortfall, not a negative count', () => {
  shelf
    .given([Received(1), Held('c2', 1), Secured('c2', 1)])
    .when(take('o1', 1))
    .then([
      {
        type: 'StockShortfall',
        data: { bookId: 1, orderId: 'o1', quantity: 1, available: 0, sourcePosition: 20, at: t30 },
      },
    ]);
});

test('shelf: an order whose hold ran out while another paid for the copy is a shortfall', () => {
  shelf
    .given([
      Received(1),
      Held('c1', 1, t30),
      Held('c2', 1, '2026-11-01T12:00:00.000Z', t30),
      Secured('c2', 1, '2026-11-01T12:00:00.000Z'),
    ])
    .when(take('o1', 1, { checkoutId: 'c1', at: t90 }))
    .then([
      {
        type: 'StockShortfall',
        data: { bookId: 1, orderId: 'o1', quantity: 1, available: 0, sourcePosition: 20, at: t90 },
      },
    ]);
});

const release = (checkoutId: string, reason: 'owner' | 'payment-failed' = 'owner', now = t30) => ({
  type: 'ReleaseHold' as const,
  bookId: 1,
  checkoutId,
  reason,
  by: 'owner',
  at: now,
});
const released: StockEvent = {
  type: 'StockHoldReleased',
  data: { bookId: 1, checkoutId: 'c1', quantity: 3, reason: 'owner', by: 'owner', heldSince: t0, at: t30 },
};

test('shelf: the owner releases a running hold', () => {
  shelf
    .given([Received(3), Held('c1', 3)])
    .when(release('c1'))
    .then([released]);
});

test('shelf: the copies of a hold the owner released are free at once', () => {
  assert.is(freeAt([Received(3), Held('c1', 3), released].reduce(evolveShelf, emptyShelf()), t30), 3);
});

test('shelf: a hold that ended is not found', () => {
  shelf
    .given([Received(3), Held('c1', 3)])
    .when(release('c1', 'owner', t90))
    .thenFails(NotFound);
});

test('shelf: a hold never taken is not found', () => {
  shelf
    .given([Received(3)])
    .when(release('c9'))
    .thenFails(NotFound);
});

test('shelf: a failed payment lets nothing go from a hold it had not secured', () => {
  shelf
    .given([Received(3), Held('c1', 3)])
    .when(release('c1', 'payment-failed'))
    .then([]);
});

test('shelf: a failed payment lets its secured hold go', () => {
  shelf
    .given([Received(3), Held('c1', 3), Secured('c1', 3)])
    .when(release('c1', 'payment-failed'))
    .then([{ ...released, data: { ...released.data, reason: 'payment-failed' } }]);
});

const sold: StockEvent = {
  type: 'StockSold',
  data: { bookId: 1, orderId: 'o1', quantity: 1, sourcePosition: 20, at: t30 },
};
const returned: StockEvent = {
  type: 'StockReturned',
  data: { bookId: 1, orderId: 'o1', quantity: 1, reason: 'cancelled', sourcePosition: 30, at: t30 },
};
const returnForOrder = {
  type: 'ReturnForOrder' as const,
  bookId: 1,
  orderId: 'o1',
  reason: 'cancelled' as const,
  placedPosition: 20,
  sourcePosition: 30,
  at: t30,
};

test('shelf: an order placed before counting began changes nothing', () => {
  shelf
    .given([Received(5, 10)])
    .when(take('o1', 1, { placedPosition: 5 }))
    .then([]);
});

test('shelf: an order read again changes nothing', () => {
  shelf
    .given([Received(5), sold])
    .when(take('o1', 1))
    .then([]);
});

test("shelf: a cancelled order's copies return", () => {
  shelf
    .given([Received(5), sold])
    .when(returnForOrder)
    .then([returned]);
});

test('shelf: a cancellation read again changes nothing', () => {
  shelf
    .given([Received(5), sold, returned])
    .when(returnForOrder)
    .then([]);
});

test('shelf: the placing read again after a cancellation takes nothing', () => {
  shelf
    .given([Received(5), sold, returned])
    .when(take('o1', 1, { placedPosition: 20, sourcePosition: 20 }))
    .then([]);
});

test('shelf: the cancellation undone (a later event) takes the copies again', () => {
  shelf
    .given([Received(5), sold, returned])
    .when(take('o1', 1, { placedPosition: 20, sourcePosition: 40 }))
    .then([{ type: 'StockSold', data: { bookId: 1, orderId: 'o1', quantity: 1, sourcePosition: 40, at: t30 } }]);
});

test('shelf: a correction cannot take off more than is recorded', () => {
  shelf
    .given([Received(2)])
    .when({ type: 'CorrectStock', bookId: 1, delta: -3, reason: 'lost', by: 'owner', at: t0 })
    .thenFails(Conflict);
});

test('shelf: each fall below the threshold owes one alert', () => {
  const events: StockEvent[] = [
    Received(6),
    { type: 'StockCorrected', data: { bookId: 1, delta: -2, reason: 'damaged', by: 'owner', at: t0 } },
  ];
  let state = events.reduce(evolveShelf, emptyShelf());
  assert.is(lowStockAlertOwed(state), 1);
  state = evolveShelf(state, {
    type: 'LowStockAlerted',
    data: {
      bookId: 1,
      onHand: 4,
      threshold: 5,
      crossing: 1,
      to: 'o@x',
      messageId: 'm',
      transport: 'outbox',
      sentAt: t0,
    },
  });
  assert.is(lowStockAlertOwed(state), null);
  state = evolveShelf(state, {
    type: 'StockCorrected',
    data: { bookId: 1, delta: -1, reason: 'gift', by: 'owner', at: t0 },
  });
  assert.is(lowStockAlertOwed(state), null, 'still below: no new fall');
  state = evolveShelf(evolveShelf(state, Received(10)), {
    type: 'StockCorrected',
    data: { bookId: 1, delta: -10, reason: 'flood', by: 'owner', at: t0 },
  });
  assert.is(lowStockAlertOwed(state), 2);
});

const restock = (quantity: number, refundId = 'r1', orderId = 'o1') => ({
  type: 'RestockForRefund' as const,
  bookId: 1,
  orderId,
  refundId,
  quantity,
  by: 'owner',
  sourcePosition: 40,
  at: t90,
});
const restocked = (quantity: number, refundId = 'r1', orderId = 'o1'): StockEvent => ({
  type: 'StockRestocked',
  data: { bookId: 1, orderId, refundId, quantity, by: 'owner', sourcePosition: 40, at: t90 },
});
const soldThree: StockEvent = { ...sold, data: { ...sold.data, quantity: 3 } };

test('shelf: copies a refund brings back go on the shelf, with the refund and who asked', () => {
  shelf
    .given([Received(5), soldThree])
    .when(restock(2))
    .then([restocked(2)]);
  const state = [Received(5), soldThree, restocked(2)].reduce(evolveShelf, emptyShelf());
  assert.equal([state.onHand, state.holding.o1], [4, 1]);
});

test('shelf: a refund restocks once; the order gives back no more than it still holds', () => {
  shelf
    .given([Received(5), soldThree, restocked(2)])
    .when(restock(2))
    .then([]);
  shelf
    .given([Received(5), soldThree, restocked(2)])
    .when(restock(2, 'r2'))
    .then([restocked(1, 'r2')]);
  // Cancelled already: its copies are back, a refund's restock adds none.
  shelf
    .given([Received(5), sold, returned])
    .when(restock(1))
    .then([]);
});

test('shelf: a cancellation after a restock gives back only the copies still out', () => {
  shelf
    .given([Received(5), soldThree, restocked(2)])
    .when(returnForOrder)
    .then([{ ...returned, data: { ...returned.data, quantity: 1 } }]);
});

test('shelf: an untracked product is not counted; an order from before counting brings its copies back all the same', () => {
  shelf.given([]).when(restock(2)).then([]);
  shelf
    .given([Received(5)])
    .when(restock(2, 'r1', 'before'))
    .then([restocked(2, 'r1', 'before')]);
});

test.run();
