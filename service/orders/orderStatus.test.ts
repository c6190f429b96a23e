import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { AnyOrderStatus } from '../../contracts/constants.ts';
import type { OrderEvent } from '../../contracts/orders.ts';
import { deciderSpec } from '../../infra/testing/decider.ts';
import { orderPlacedData } from './exampleOrders.ts';
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

test('any status but the current one may be set, from any state, backwards too', () => {
  given([placed(), changed('pending', 'shipped'), changed('shipped', 'delivered')])
    .when(change('pending'))
    .then([changed('delivered', 'pending')]);
  given([placed(), changed('pending', 'cancelled')])
    .when(change('processing'))
    .then([changed('cancelled', 'processing')]);
});

test('an order placed as completed may be set to every listed status', () => {
  for (const to of ['pending', 'processing', 'shipped', 'delivered', 'cancelled'] as const) {
    given([placed('completed')])
      .when(change(to))
      .then([changed('completed', to)]);
  }
});

test('setting the current status is refused with 409', () => {
  given([placed()]).when(change('pending')).thenFails(409, 'This order is already pending.');
  given([placed(), changed('pending', 'shipped')])
    .when(change('shipped'))
    .thenFails(409);
});

test('an order that was never placed is not found', () => {
  given([]).when(change('processing')).thenFails(404, 'No order with id o1');
});

test('a change against the revision the owner saw goes through; against an older one it is refused', () => {
  const history = [placed(), changed('pending', 'processing')];
  given(history)
    .when(change('shipped', { expectedRevision: 1 }))
    .then([changed('processing', 'shipped')]);
  given(history)
    .when(change('shipped', { expectedRevision: 0 }))
    .thenFails(409, staleOrderMessage);
  given(history)
    .when(change('shipped', { expectedRevision: 5 }))
    .thenFails(409, staleOrderMessage);
});

test('the state counts revisions the way the store numbers them', () => {
  const state = [placed(), changed('pending', 'processing'), changed('processing', 'shipped')].reduce(
    orderStatusDecider.evolve,
    orderStatusDecider.initialState(),
  );
  assert.equal(state, { placed: true, orderId: 'o1', status: 'shipped', revision: 2 });
  assert.equal(orderStatusDecider.initialState(), { placed: false, revision: -1 });
});

test.run();
