import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { walletConfirmParams, walletSaveBody } from './walletPayment.ts';

const payer = {
  paymentMethodId: 'pm_1',
  payerName: ' Bilal Rahman ',
  payerEmail: 'bilal@example.com',
  shippingAddress: {
    recipient: '',
    addressLine: ['7 Orchard Row', '', 'Flat 2'],
    city: 'York',
    postalCode: 'YO1 7HH',
    country: 'gb',
  },
};

test('the confirmation carries the payment method, the whole address and the e-mail', () => {
  assert.equal(walletConfirmParams(payer), {
    payment_method: 'pm_1',
    shipping: {
      name: 'Bilal Rahman',
      address: { line1: '7 Orchard Row', line2: 'Flat 2', city: 'York', postal_code: 'YO1 7HH', country: 'GB' },
    },
    receipt_email: 'bilal@example.com',
  });
});

test('an address the shop cannot ship to, or an incomplete one, or a malformed e-mail, is left out rather than refused later', () => {
  assert.equal(
    walletConfirmParams({ ...payer, shippingAddress: { ...payer.shippingAddress, country: 'JP' }, payerEmail: 'nope' }),
    { payment_method: 'pm_1' },
  );
  assert.equal(
    walletConfirmParams({ ...payer, shippingAddress: { ...payer.shippingAddress, city: '' } }).shipping,
    undefined,
  );
  assert.equal(walletConfirmParams({ paymentMethodId: 'pm_2', shippingAddress: null }), { payment_method: 'pm_2' });
});

test('orders/save gets the same details', () => {
  const paid = {
    paymentIntentId: 'pi_1',
    amount: 1349,
    bookTitle: 'The Kindness Basket',
    bookPrice: 999,
    shippingCost: 350,
  };
  assert.equal(walletSaveBody(payer, paid), {
    name: 'Bilal Rahman',
    email: 'bilal@example.com',
    shipping: walletConfirmParams(payer).shipping,
    ...paid,
    status: 'completed',
  });
});

test.run();
