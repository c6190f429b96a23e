import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { CheckoutStarted } from '../../contracts/checkout.ts';
import type { DomainEvent } from '../../contracts/events.ts';
import { cartShippingOptionFor, cartShippingOptions } from '../../contracts/shipping.ts';
import type { Decider } from '../commands.ts';
import { HttpError } from '../http/errors.ts';
import { checkoutDecider } from './checkout.ts';
import { notificationDecider } from './notification.ts';
import { orderPlacementDecider } from './order.ts';
import { shippingPaid } from './placeOrder.ts';

/** given(events).when(command).then(events or an HTTP status) */
function given<S, C, E extends DomainEvent>(decider: Decider<S, C, E>, events: E[]) {
  const state = events.reduce(decider.evolve, decider.initialState());
  return {
    when: (command: C) => ({
      then(expected: E[] | number) {
        if (typeof expected === 'number') {
          try {
            decider.decide(command, state);
            assert.unreachable(`expected ${expected}`);
          } catch (error) {
            assert.instance(error, HttpError);
            assert.is((error as HttpError).status, expected);
          }
          return;
        }
        assert.equal(decider.decide(command, state), expected);
      },
    }),
  };
}

const started: CheckoutStarted['data'] = {
  checkoutId: 'c-1',
  channel: 'cart',
  provider: 'sandbox',
  paymentReference: 'cs_sandbox_1',
  items: [{ bookId: 1, name: 'The Kindness Basket', quantity: 2, price: 999 }],
  subtotal: 1998,
  shippingOptions: [cartShippingOptionFor('GB')],
  currency: 'gbp',
  startedAt: '2026-01-01T00:00:00.000Z',
};
const completed = { checkoutId: 'c-1', paymentReference: 'cs_sandbox_1', orderId: 'cs_sandbox_1', orderNumber: 'AH-sandbox_1', amountPaid: 2348, shippingCost: 350, completedAt: '2026-01-01T00:01:00.000Z' };
const cancelled = { checkoutId: 'c-1', paymentReference: 'cs_sandbox_1', cancelledAt: '2026-01-01T00:01:00.000Z' };
const Started = { type: 'CheckoutStarted' as const, data: started };
const Completed = { type: 'CheckoutCompleted' as const, data: completed };
const Cancelled = { type: 'CheckoutCancelled' as const, data: cancelled };

test('checkout: started once, with the items the server priced', () => {
  given(checkoutDecider, []).when({ type: 'StartCheckout', data: started }).then([Started]);
  given(checkoutDecider, [Started]).when({ type: 'StartCheckout', data: started }).then(409);
});

test('checkout: completed once by its own payment; a completion for another payment is refused', () => {
  given(checkoutDecider, [Started]).when({ type: 'CompleteCheckout', data: completed }).then([Completed]);
  given(checkoutDecider, [Started, Completed]).when({ type: 'CompleteCheckout', data: completed }).then([]);
  given(checkoutDecider, [Started]).when({ type: 'CompleteCheckout', data: { ...completed, paymentReference: 'cs_other' } }).then(409);
  given(checkoutDecider, []).when({ type: 'CompleteCheckout', data: completed }).then(404);
});

test('checkout: cancelled only while open; paying after cancelling still completes it', () => {
  given(checkoutDecider, [Started]).when({ type: 'CancelCheckout', data: cancelled }).then([Cancelled]);
  given(checkoutDecider, [Started, Cancelled]).when({ type: 'CancelCheckout', data: cancelled }).then([]);
  given(checkoutDecider, [Started, Completed]).when({ type: 'CancelCheckout', data: cancelled }).then([]);
  given(checkoutDecider, [Started, Cancelled]).when({ type: 'CompleteCheckout', data: completed }).then([Completed]);
  given(checkoutDecider, []).when({ type: 'CancelCheckout', data: cancelled }).then(404);
});

test('order: placed once per payment, whatever asks again', () => {
  const order = {
    orderId: 'cs_sandbox_1',
    orderNumber: 'AH-sandbox_1',
    customerName: 'Amina Khan',
    customerEmail: 'amina@example.com',
    shippingAddress: { line1: '1 Linden Lane', city: 'Leeds', postcode: 'LS1 4AB', country: 'GB' },
    items: started.items,
    subtotal: 1998,
    shippingCost: 350,
    total: 2348,
    currency: 'gbp' as const,
    paymentMethod: 'Card via the test sandbox',
    paymentReference: 'cs_sandbox_1',
    status: 'completed' as const,
    placedAt: '2026-01-01T00:01:00.000Z',
  };
  const Placed = { type: 'OrderPlaced' as const, data: order };
  given(orderPlacementDecider, []).when({ type: 'PlaceOrder', order }).then([Placed]);
  given(orderPlacementDecider, [Placed]).when({ type: 'PlaceOrder', order: { ...order, customerName: 'Someone else' } }).then([]);
});

test('notifications: a purchase notice once, each kind of e-mail once', () => {
  const notice = {
    notificationId: 'n-1',
    customerName: 'Website Customer',
    customerEmail: 'customer@example.com',
    shippingAddress: 'To be provided during checkout',
    items: [{ name: 'Together We Shine', quantity: 1, price: 999 }],
    totalAmount: 999,
    shippingCost: 0,
    paymentMethod: 'Stripe',
    notifiedAt: '2026-01-01T00:00:00.000Z',
  };
  const sent = (kind: 'purchase-notice' | 'order-to-owner' | 'order-confirmation') => ({
    type: 'EmailSent' as const,
    data: { notificationId: 'n-1', kind, to: 'owner@example.com', subject: 's', messageId: 'm', transport: 'outbox' as const, sentAt: '2026-01-01T00:00:01.000Z' },
  });
  const Notified = { type: 'PurchaseNotified' as const, data: notice };
  given(notificationDecider, []).when({ type: 'NotifyPurchase', data: notice }).then([Notified]);
  given(notificationDecider, [Notified]).when({ type: 'NotifyPurchase', data: notice }).then([]);
  given(notificationDecider, [Notified]).when({ type: 'RecordEmailSent', data: sent('purchase-notice').data }).then([sent('purchase-notice')]);
  given(notificationDecider, [Notified, sent('purchase-notice')]).when({ type: 'RecordEmailSent', data: sent('purchase-notice').data }).then([]);
  given(notificationDecider, [sent('order-to-owner')]).when({ type: 'RecordEmailSent', data: sent('order-confirmation').data }).then([sent('order-confirmation')]);
});

test('a payment counts only if it is exactly what the server priced, in gbp', () => {
  const payment = { reference: 'cs_sandbox_1', kind: 'checkout_session' as const, paid: true, amount: 2348, currency: 'gbp', shippingAmount: 350 };
  assert.is(shippingPaid(started, payment), 350);
  assert.is(shippingPaid(started, { ...payment, amount: 1 }), null);
  assert.is(shippingPaid(started, { ...payment, currency: 'usd' }), null);
  assert.is(shippingPaid(started, { ...payment, shippingAmount: 500, amount: 2498 }), null, 'an option the checkout did not offer');
  const both = { ...started, shippingOptions: cartShippingOptions() };
  assert.is(shippingPaid(both, { ...payment, shippingAmount: 500, amount: 2498 }), 500);
  const intent = { ...started, shippingOptions: [cartShippingOptionFor('US')] };
  assert.is(shippingPaid(intent, { reference: 'pi_1', kind: 'payment_intent', paid: true, amount: 2498, currency: 'gbp', shippingAmount: null }), 500);
  assert.is(shippingPaid(intent, { reference: 'pi_1', kind: 'payment_intent', paid: true, amount: 2348, currency: 'gbp', shippingAmount: null }), null);
});

test.run();
