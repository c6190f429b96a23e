import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { CheckoutStarted } from '../../contracts/checkout/events.ts';
import type { OrderEvent } from '../../contracts/orders/events.ts';
import type { VerifiedPayment } from '../../contracts/ports/payments.ts';
import { seedOptionFor } from '../../contracts/checkout/shippingRates.ts';
import { Conflict, NotFound } from '../../contracts/shared/errors.ts';
import { emptyVatSettings } from '../../contracts/vat/settings.ts';
import { deciderSpec } from '../../infra/testing/decider.ts';
import { orderPlacedData, purchaseNoticeData } from '../../infra/testing/exampleOrders.ts';
import { checkoutDecider, type CheckoutState } from './checkout.ts';
import { emailDecider } from '../reactions.ts';
import { notificationDecider } from './notification.ts';
import { orderPlacementDecider, placementMessages, shippingPaid, type PlaceOrder } from './order.ts';

const checkouts = deciderSpec(checkoutDecider);
const placements = deciderSpec(orderPlacementDecider);
const notifications = deciderSpec(notificationDecider);
const emails = deciderSpec(emailDecider);

const started: CheckoutStarted['data'] = {
  checkoutId: 'c-1',
  channel: 'cart',
  provider: 'sandbox',
  paymentReference: 'cs_sandbox_1',
  items: [{ bookId: 1, name: 'The Kindness Basket', quantity: 2, price: 999 }],
  subtotal: 1998,
  shippingOptions: [seedOptionFor('GB')],
  currency: 'gbp',
  startedAt: '2026-01-01T00:00:00.000Z',
};
const completed = {
  checkoutId: 'c-1',
  paymentReference: 'cs_sandbox_1',
  orderId: 'cs_sandbox_1',
  orderNumber: 'AH-sandbox_1',
  amountPaid: 2348,
  shippingCost: 350,
  completedAt: '2026-01-01T00:01:00.000Z',
};
const cancelled = { checkoutId: 'c-1', paymentReference: 'cs_sandbox_1', cancelledAt: '2026-01-01T00:01:00.000Z' };
const Started = { type: 'CheckoutStarted' as const, data: started };
const Completed = { type: 'CheckoutCompleted' as const, data: completed };
const Cancelled = { type: 'CheckoutCancelled' as const, data: cancelled };

test('checkout: started with the items the server priced', () => {
  checkouts.given([]).when({ type: 'StartCheckout', data: started }).then([Started]);
});

test('checkout: started only once', () => {
  checkouts.given([Started]).when({ type: 'StartCheckout', data: started }).thenFails(Conflict);
});

test('checkout: completed by its own payment', () => {
  checkouts.given([Started]).when({ type: 'CompleteCheckout', data: completed }).then([Completed]);
});

test('checkout: completed once; completing again changes nothing', () => {
  checkouts.given([Started, Completed]).when({ type: 'CompleteCheckout', data: completed }).then([]);
});

test('checkout: a completion for another payment is refused', () => {
  checkouts
    .given([Started])
    .when({ type: 'CompleteCheckout', data: { ...completed, paymentReference: 'cs_other' } })
    .thenFails(Conflict);
});

test('checkout: a checkout never started cannot be completed', () => {
  checkouts.given([]).when({ type: 'CompleteCheckout', data: completed }).thenFails(NotFound);
});

test('checkout: cancelled while open', () => {
  checkouts.given([Started]).when({ type: 'CancelCheckout', data: cancelled }).then([Cancelled]);
});

test('checkout: cancelling again changes nothing', () => {
  checkouts.given([Started, Cancelled]).when({ type: 'CancelCheckout', data: cancelled }).then([]);
});

test('checkout: a completed checkout is not cancelled', () => {
  checkouts.given([Started, Completed]).when({ type: 'CancelCheckout', data: cancelled }).then([]);
});

test('checkout: paying after cancelling still completes it', () => {
  checkouts.given([Started, Cancelled]).when({ type: 'CompleteCheckout', data: completed }).then([Completed]);
});

test('checkout: a checkout never started cannot be cancelled', () => {
  checkouts.given([]).when({ type: 'CancelCheckout', data: cancelled }).thenFails(NotFound);
});

const payment: VerifiedPayment = {
  reference: 'cs_sandbox_1',
  kind: 'checkout_session',
  paid: true,
  amount: 2348,
  currency: 'gbp',
  shippingAmount: 350,
  customerName: 'Amina Khan',
  customerEmail: 'amina@example.com',
  shippingAddress: { line1: '1 Linden Lane', city: 'Leeds', postcode: 'LS1 4AB', country: 'GB' },
  checkoutId: 'c-1',
};
const open: CheckoutState = { status: 'started', started };
/** A shop not registered for VAT: its orders carry no `vat`. */
const unregistered = emptyVatSettings();
const place = (extra: Partial<PlaceOrder> = {}): PlaceOrder => ({
  type: 'PlaceOrder',
  reference: 'cs_sandbox_1',
  shopper: {},
  verified: { payment, checkout: open, vat: unregistered },
  at: '2026-01-01T00:01:00.000Z',
  ...extra,
});
const order = {
  orderId: 'cs_sandbox_1',
  orderNumber: 'AH-andbox_1',
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

test('order: placed for a paid payment', () => {
  placements.given([]).when(place()).then([Placed]);
});

test('order: placed once per payment, whatever the shopper says again', () => {
  placements
    .given([Placed])
    .when(place({ shopper: { name: 'Someone else' } }))
    .then([]);
});

test('order: placed once per payment, asked again without a verified payment', () => {
  placements
    .given([Placed])
    .when(place({ verified: undefined }))
    .then([]);
});

test('order: a payment the gateway does not know places no order', () => {
  placements
    .given([])
    .when(place({ verified: { payment: null, checkout: open, vat: unregistered } }))
    .thenFails(NotFound, placementMessages.noSuchPayment);
});

test('order: a payment never verified places no order', () => {
  placements
    .given([])
    .when(place({ verified: undefined }))
    .thenFails(NotFound, placementMessages.noSuchPayment);
});

test('order: a payment of no checkout of this shop places no order', () => {
  placements
    .given([])
    .when(place({ verified: { payment: { ...payment, checkoutId: undefined }, checkout: open, vat: unregistered } }))
    .thenFails(NotFound);
});

test('order: an unpaid payment places no order', () => {
  placements
    .given([])
    .when(place({ verified: { payment: { ...payment, paid: false }, checkout: open, vat: unregistered } }))
    .thenFails(Conflict, placementMessages.unpaid);
});

test('order: a payment whose checkout was never started places no order', () => {
  placements
    .given([])
    .when(place({ verified: { payment, checkout: { status: 'none' }, vat: unregistered } }))
    .thenFails(NotFound, placementMessages.noSuchPayment);
});

test('order: a payment verified for another reference places no order', () => {
  placements
    .given([])
    .when(place({ reference: 'cs_sandbox_2' }))
    .thenFails(NotFound, placementMessages.noSuchPayment);
});

test('order: a payment of another amount than the server priced is placed at what was paid, flagged for the owner', () => {
  placements
    .given([])
    .when(place({ verified: { payment: { ...payment, amount: 1848 }, checkout: open, vat: unregistered } }))
    .then([
      { ...Placed, data: { ...order, total: 1848 } },
      {
        type: 'OrderFlagged',
        data: {
          orderId: 'cs_sandbox_1',
          flag: 'payment-mismatch',
          message:
            '£18.48 was paid where the checkout priced £23.48 (£5.00 short). Refund it in full, or accept it and ship.',
          at: '2026-01-01T00:01:00.000Z',
        },
      },
    ]);
});

test('order: a payment in another currency than its checkout places no order', () => {
  placements
    .given([])
    .when(place({ verified: { payment: { ...payment, currency: 'eur' }, checkout: open, vat: unregistered } }))
    .thenFails(Conflict, placementMessages.currencyMismatch);
});

const bare = { ...payment, customerName: undefined, customerEmail: undefined, shippingAddress: undefined };
const elsewhere = { line1: '9 Elsewhere', city: 'York', postcode: 'YO1 7HH', country: 'GB' };
const shopper = { name: 'Bilal Rahman', email: 'bilal@example.com', shippingAddress: elsewhere };

test("order: the buyer's details come from the gateway first", () => {
  placements.given([]).when(place({ shopper })).then([Placed]);
});

test("order: the buyer's details the gateway lacks come from the shopper's page", () => {
  placements
    .given([])
    .when(place({ shopper, verified: { payment: bare, checkout: open, vat: unregistered } }))
    .then([
      {
        ...Placed,
        data: {
          ...order,
          customerName: 'Bilal Rahman',
          customerEmail: 'bilal@example.com',
          shippingAddress: elsewhere,
        },
      },
    ]);
});

test("order: the buyer's details neither the gateway nor the shopper gave come from the checkout", () => {
  const startedWithDetails: CheckoutState = {
    status: 'started',
    started: { ...started, customerName: 'Sara Ali', customerEmail: 'sara@example.com' },
  };
  placements
    .given([])
    .when(place({ verified: { payment: bare, checkout: startedWithDetails, vat: unregistered } }))
    .then([
      {
        ...Placed,
        data: {
          ...order,
          customerName: 'Sara Ali',
          customerEmail: 'sara@example.com',
          shippingAddress: 'To be provided during checkout',
        },
      },
    ]);
});

test("order: the buyer's details no one gave are placeholders", () => {
  placements
    .given([])
    .when(place({ verified: { payment: bare, checkout: open, vat: unregistered } }))
    .then([
      {
        ...Placed,
        data: {
          ...order,
          customerName: 'Website Customer',
          customerEmail: '',
          shippingAddress: 'To be provided during checkout',
        },
      },
    ]);
});

const address = { line1: '7 Orchard Row', city: 'York', postcode: 'YO1 7HH', country: 'GB' };
const verified: OrderEvent = { type: 'OrderPlaced', data: orderPlacedData({ orderId: 'o1' }) };
const wallet: OrderEvent = {
  type: 'OrderPlaced',
  data: orderPlacedData({
    orderId: 'o1',
    customerName: 'Website Customer',
    customerEmail: '',
    shippingAddress: 'To be provided during checkout',
  }),
};
const shopperAdded = (data: object): OrderEvent => ({
  type: 'OrderCustomerDetailsAdded',
  data: { orderId: 'o1', ...data, source: 'shopper', reason: '', by: 'shopper', at: '2026-01-01T00:01:00.000Z' },
});
const later = (shopper: PlaceOrder['shopper']) => place({ reference: 'o1', shopper, verified: undefined });

test('order: a report after the order is placed replaces nothing the gateway gave', () => {
  placements
    .given([verified])
    .when(later({ name: 'Someone Else' }))
    .then([]);
});

test('order: a report after the order is placed fills only what it lacks (a valid address, not a bad e-mail or a placeholder name)', () => {
  placements
    .given([wallet])
    .when(later({ name: 'Website Customer', email: 'not-an-address', shippingAddress: address }))
    .then([shopperAdded({ shippingAddress: address })]);
});

test('order: a report after the details were filled replaces nothing', () => {
  placements
    .given([wallet, shopperAdded({ shippingAddress: address })])
    .when(later({ shippingAddress: { ...address, line1: '9 Elsewhere' } }))
    .then([]);
});

const notice = purchaseNoticeData('2026-01-01T00:00:00.000Z');
const sent = (kind: 'purchase-notice' | 'order-to-owner' | 'order-confirmation') => ({
  type: 'EmailSent' as const,
  data: {
    notificationId: 'n-1',
    kind,
    to: 'owner@example.com',
    subject: 's',
    messageId: 'm',
    transport: 'outbox' as const,
    sentAt: '2026-01-01T00:00:01.000Z',
  },
});
const Notified = { type: 'PurchaseNotified' as const, data: notice };

test('notifications: a purchase notice is recorded', () => {
  notifications.given([]).when({ type: 'NotifyPurchase', data: notice }).then([Notified]);
});

test('notifications: a purchase notice only once', () => {
  notifications.given([Notified]).when({ type: 'NotifyPurchase', data: notice }).then([]);
});

test('notifications: an e-mail sent is recorded', () => {
  emails
    .given([])
    .when({ type: 'RecordEmailSent', data: sent('purchase-notice').data })
    .then([sent('purchase-notice')]);
});

test('notifications: each kind of e-mail only once', () => {
  emails
    .given([sent('purchase-notice')])
    .when({ type: 'RecordEmailSent', data: sent('purchase-notice').data })
    .then([]);
});

test('notifications: an e-mail withheld is not sent afterwards', () => {
  const withheld = {
    type: 'EmailWithheld' as const,
    data: { notificationId: 'n-1', kind: 'purchase-notice' as const, reason: 'cap', at: notice.notifiedAt },
  };
  emails
    .given([withheld])
    .when({ type: 'RecordEmailSent', data: sent('purchase-notice').data })
    .then([]);
});

test('notifications: one kind of e-mail sent does not stand for another', () => {
  emails
    .given([sent('order-to-owner')])
    .when({ type: 'RecordEmailSent', data: sent('order-confirmation').data })
    .then([sent('order-confirmation')]);
});

test('a payment counts only if it is exactly what the server priced, in gbp', () => {
  assert.is(shippingPaid(started, payment), 350);
  assert.is(shippingPaid(started, { ...payment, amount: 1 }), null);
  assert.is(shippingPaid(started, { ...payment, currency: 'usd' }), null);
  assert.is(
    shippingPaid(started, { ...payment, shippingAmount: 500, amount: 2498 }),
    null,
    'an option the checkout did not offer',
  );
  const both = { ...started, shippingOptions: [seedOptionFor('GB'), seedOptionFor('US')] };
  assert.is(shippingPaid(both, { ...payment, shippingAmount: 500, amount: 2498 }), 500);
  const intent = { ...started, shippingOptions: [seedOptionFor('US')] };
  assert.is(
    shippingPaid(intent, {
      reference: 'pi_1',
      kind: 'payment_intent',
      paid: true,
      amount: 2498,
      currency: 'gbp',
      shippingAmount: null,
    }),
    500,
  );
  assert.is(
    shippingPaid(intent, {
      reference: 'pi_1',
      kind: 'payment_intent',
      paid: true,
      amount: 2348,
      currency: 'gbp',
      shippingAmount: null,
    }),
    null,
  );
});

test.run();
