import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { AnyOrderStatus } from '../../contracts/shared/constants.ts';
import type { OrderEvent } from '../../contracts/orders/events.ts';
import { Conflict, NotFound } from '../../contracts/shared/errors.ts';
import { assertRefused, commandOnLog, deciderSpec } from '../../infra/testing/decider.ts';
import { orderPlacedData } from '../../infra/testing/exampleOrders.ts';
import { orderStatusDecider, staleOrderMessage, type ChangeOrderStatus } from './orderStatus.ts';

const at = '2026-03-03T09:00:00.000Z';
const placed = (status: AnyOrderStatus = 'pending'): OrderEvent => ({
  type: 'OrderPlaced',
  data: orderPlacedData({ orderId: 'o1', status }),
});
const changed = (from: string, to: ChangeOrderStatus['to'], notes = ''): OrderEvent => ({
  type: 'OrderStatusChanged',
  data: { orderId: 'o1', from, to, notes, by: 'owner', at },
});
const change = (to: ChangeOrderStatus['to'], extra: Partial<ChangeOrderStatus> = {}): ChangeOrderStatus => ({
  type: 'ChangeOrderStatus',
  orderId: 'o1',
  to,
  notes: '',
  by: 'owner',
  at,
  ...extra,
});

const { given } = deciderSpec(orderStatusDecider);

test('a pending order moves to processing, with the notes, the admin and the time', () => {
  given([placed()])
    .when(change('processing', { notes: 'Packing today' }))
    .then([changed('pending', 'processing', 'Packing today')]);
});

test('a status may be set backwards, from delivered, once the move back is confirmed', () => {
  given([placed(), changed('pending', 'shipped'), changed('shipped', 'delivered')])
    .when(change('pending', { confirmBackward: true }))
    .then([changed('delivered', 'pending')]);
});

test('a status may be set from cancelled too, once the move back is confirmed', () => {
  given([placed(), changed('pending', 'cancelled')])
    .when(change('processing', { confirmBackward: true }))
    .then([changed('cancelled', 'processing')]);
});

test('a move back without its confirmation is refused as a conflict that says what it undoes', () => {
  given([placed(), changed('pending', 'shipped'), changed('shipped', 'delivered')])
    .when(change('pending'))
    .thenFails(
      Conflict,
      'This order is delivered. Moving it back to pending undoes a step already taken: confirm the change (confirmBackward) to go ahead.',
    );
});

test('an order placed as completed may be set to every listed status', () => {
  for (const to of ['pending', 'processing', 'shipped', 'delivered', 'cancelled'] as const) {
    given([placed('completed')])
      .when(change(to))
      .then([changed('completed', to)]);
  }
});

test('setting the current status is refused as a conflict, with the status named', () => {
  given([placed()]).when(change('pending')).thenFails(Conflict, 'This order is already pending.');
});

test('setting the current status is refused as a conflict, after a change too', () => {
  given([placed(), changed('pending', 'shipped')])
    .when(change('shipped'))
    .thenFails(Conflict);
});

test('an order that was never placed is not found', () => {
  given([]).when(change('processing')).thenFails(NotFound, 'No order with id o1');
});

// The revision the owner's screen showed travels as an option of the command handler, which compares it with the
// stream's revision as the store numbers it (0-based, -1 for none).
const handled = (history: OrderEvent[], command: ChangeOrderStatus, expectedRevision?: number) =>
  commandOnLog(orderStatusDecider, 'order-o1', history, command, { expectedRevision, staleMessage: staleOrderMessage });

test('a change against the revision the owner saw goes through; against an older one it is refused', async () => {
  const history = [placed(), changed('pending', 'processing')];
  assert.equal(await handled(history, change('shipped'), 1), {
    events: [changed('processing', 'shipped')],
    revision: 2,
  });
  for (const stale of [0, 5, -1]) {
    const answer = await handled(history, change('shipped'), stale);
    assert.ok('refused' in answer, `revision ${stale} went through`);
    assertRefused(answer.refused, Conflict, staleOrderMessage);
  }
  // The screen's revision is checked before what the command asks: a stale screen is told so, even for its own status.
  const again = await handled(history, change('processing'), 0);
  assert.ok('refused' in again);
  assertRefused(again.refused, Conflict, staleOrderMessage);
});

test('an order that was never placed is not found, whatever revision the screen showed; without one, no revision is checked', async () => {
  const missing = await handled([], change('processing'), 3);
  assert.ok('refused' in missing);
  assertRefused(missing.refused, NotFound, 'No order with id o1');
  const history = [placed(), changed('pending', 'processing'), changed('processing', 'shipped')];
  assert.equal(await handled(history, change('delivered')), { events: [changed('shipped', 'delivered')], revision: 3 });
});

test.run();
