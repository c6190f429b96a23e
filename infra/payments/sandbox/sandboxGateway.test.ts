import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { seedOptionFor } from '../../../contracts/checkout/shippingRates.ts';
import { CardDeclined, RefundDeclined } from '../../../contracts/ports/payments.ts';
import { createSandboxGateway } from './sandboxGateway.ts';
import { chargeTestCard } from './testCards.ts';

const now = new Date('2026-06-01T12:00:00Z');
const card = (number: string, expiry = '12 / 34', cvc = '123') => ({ number, expiry, cvc });
const declinedWith = (number: string, expiry?: string, cvc?: string) => {
  try {
    chargeTestCard(card(number, expiry, cvc), now);
    return null;
  } catch (error) {
    assert.instance(error, CardDeclined);
    return (error as CardDeclined).code;
  }
};

test("test cards: Stripe's succeeding numbers pass; declining, expired, mistyped and live cards do not", () => {
  for (const number of ['4242424242424242', '5555555555554444', '378282246310005']) {
    assert.is(declinedWith(number, '12 / 34', number.startsWith('37') ? '1234' : '123'), null, number);
  }
  assert.is(declinedWith('4000000000000002'), 'card_declined');
  assert.is(declinedWith('4000000000009995'), 'insufficient_funds');
  assert.is(declinedWith('4000000000000127'), 'incorrect_cvc');
  assert.is(declinedWith('4242424242424241'), 'incorrect_number');
  assert.is(declinedWith('4242424242424242', '05 / 26'), 'invalid_expiry_year');
  assert.is(declinedWith('4242424242424242', '06 / 26'), null, 'valid through the end of its month');
  assert.is(declinedWith('378282246310005', '12 / 34', '123'), 'incomplete_cvc');
  assert.is(declinedWith('4111111111111111'), 'card_declined', 'a real-looking card is not a test card');
});

test('sessions and intents outlive a restart, and the same checkout gets the same session', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'sandbox-'));
  const first = createSandboxGateway({ dir });
  const input = {
    checkoutId: 'c-1',
    lineItems: [{ name: 'Together We Shine', unitAmount: 999, quantity: 2 }],
    shippingOptions: [seedOptionFor('GB'), seedOptionFor('US')],
    allowedCountries: ['GB', 'FR'],
    successUrl: 'http://127.0.0.1:4000/checkout-success?session_id={CHECKOUT_SESSION_ID}',
    cancelUrl: 'http://127.0.0.1:4000/payment-cancelled?checkout=c-1',
  };
  const session = await first.createHostedCheckout(input);
  assert.equal(await first.createHostedCheckout(input), session);
  assert.is(session.url, `http://127.0.0.1:4000/sandbox/checkout?session=${session.id}`);
  const intent = await first.createPaymentIntent({ checkoutId: 'c-2', amount: 1349, description: 'd' });

  const second = createSandboxGateway({ dir });
  const paid = second.sandbox!.paySession(
    session.id,
    {
      shippingOptionId: 'international-shipping',
      email: 'a@example.com',
      name: 'A',
      address: { line1: '1 Rue', city: 'Paris', postcode: '75001', country: 'FR' },
      card: card('4242424242424242'),
    },
    now,
  );
  assert.is(paid.redirectUrl, `http://127.0.0.1:4000/checkout-success?session_id=${session.id}`);
  const payment = await second.retrievePayment(session.id);
  assert.equal(
    [payment?.paid, payment?.amount, payment?.shippingAmount, payment?.checkoutId],
    [true, 2498, 500, 'c-1'],
  );
  assert.is(second.sandbox!.confirmIntent(intent.id, intent.clientSecret, card('4242424242424242'), now), true);
  assert.is((await createSandboxGateway({ dir }).retrievePayment(intent.id))?.paid, true);
  assert.is(await second.retrievePayment('cs_sandbox_../../etc/passwd'), null);
  rmSync(dir, { recursive: true, force: true });
});

test('refunds: once per refund id (also after a restart), never more than was paid, declined for the refund-failing card', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'sandbox-'));
  try {
    const gateway = createSandboxGateway({ dir });
    const intent = await gateway.createPaymentIntent({ checkoutId: 'c-1', amount: 1349, description: 'A book' });
    const refund = (refundId: string, amount: number, on = gateway) =>
      on.refund({ paymentReference: intent.id, orderId: intent.id, refundId, amount, reason: 'r' });
    const declinedCode = async (call: () => Promise<unknown>) => {
      try {
        await call();
        return null;
      } catch (error) {
        assert.instance(error, RefundDeclined);
        return (error as RefundDeclined).code;
      }
    };
    assert.is(await declinedCode(() => refund('a', 100)), 'charge_not_paid');
    assert.ok(gateway.sandbox!.confirmIntent(intent.id, intent.clientSecret, card('4242424242424242'), now));
    const first = await refund('a', 1000);
    assert.equal(await refund('a', 1000), first, 'the same refund asked again');
    const reopened = createSandboxGateway({ dir });
    assert.equal(await refund('a', 1000, reopened), first, 'and after a restart');
    assert.is(await declinedCode(() => refund('b', 350)), 'amount_too_large');
    assert.is((await refund('b', 349)).amount, 349);
    assert.equal(
      (await reopened.listRefunds(intent.id)).map((r) => r.amount),
      [1000, 349],
    );

    const failing = await gateway.createPaymentIntent({ checkoutId: 'c-2', amount: 999, description: 'A book' });
    assert.ok(
      gateway.sandbox!.confirmIntent(failing.id, failing.clientSecret, card('4000000000005126'), now),
      'the payment itself succeeds',
    );
    assert.is(
      await declinedCode(() =>
        gateway.refund({ paymentReference: failing.id, orderId: failing.id, refundId: 'c', amount: 100, reason: 'r' }),
      ),
      'refund_declined',
    );
    assert.equal(await gateway.listRefunds(failing.id), []);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test.run();
