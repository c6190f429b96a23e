import { test } from 'uvu';
import { seedShippingTable } from './shippingRates.ts';
import * as assert from 'uvu/assert';
import { walletConfirmParams, walletPayer, walletSaveBody, walletShippingUpdate } from './walletPayment.ts';

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

test("the confirmation carries the payment method and the whole address, never Stripe's receipt_email", () => {
  assert.equal(walletConfirmParams(payer), {
    payment_method: 'pm_1',
    shipping: {
      name: 'Bilal Rahman',
      address: { line1: '7 Orchard Row', line2: 'Flat 2', city: 'York', postal_code: 'YO1 7HH', country: 'GB' },
    },
  });
});

test("the intent's request carries the payer's e-mail and name, a malformed e-mail left out", () => {
  assert.equal(walletPayer(payer), { email: 'bilal@example.com', name: 'Bilal Rahman' });
  assert.equal(walletPayer({ ...payer, payerEmail: 'nope' }), { name: 'Bilal Rahman' });
  assert.equal(walletPayer({ paymentMethodId: 'pm_2' }), {});
});

test('an address with no country code, or an incomplete one, or a malformed e-mail, is left out rather than refused later', () => {
  assert.equal(
    walletConfirmParams({
      ...payer,
      shippingAddress: { ...payer.shippingAddress, country: 'Japan' },
      payerEmail: 'nope',
    }),
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

test("the sheet's address decides its rate: only the one that fits the country, with the total that follows it", () => {
  assert.equal(walletShippingUpdate(seedShippingTable, 'GB'), {
    status: 'success',
    shippingOptions: [{ id: 'uk-shipping', label: 'UK Shipping', detail: 'Standard delivery', amount: 350 }],
    total: { label: 'The Kindness Basket', amount: 1349 },
  });
  for (const [country, id] of [
    ['US', 'international-shipping'],
    ['de', 'europe-shipping'],
    [' FR ', 'europe-shipping'],
  ] as const) {
    assert.equal(walletShippingUpdate(seedShippingTable, country), {
      status: 'success',
      shippingOptions: [
        {
          id,
          label: 'International Shipping',
          detail: 'Standard international delivery',
          amount: 500,
        },
      ],
      total: { label: 'The Kindness Basket', amount: 1499 },
    });
  }
  for (const country of ['ZZ', 'JP', '', undefined])
    assert.equal(walletShippingUpdate(seedShippingTable, country), { status: 'invalid_shipping_address' });
});

test.run();
