// The admin's payment set-up (decision 107): the provider, its mode, which settings are present, the webhook URL and the
// events from the handler table, read from the shop's settings alone and only by the owner.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { PaymentSetupResponse } from '../../contracts/ledger/model.ts';
import { stripeWebhookEvents } from '../../infra/payments/stripe/webhooks.ts';
import { stripeShopFor } from '../../infra/testing/checkout.ts';
import { adminHeaders, call } from '../../infra/testing/shop.ts';

const { fake, shop } = await stripeShopFor(test);

test('the owner sees the Stripe set-up and every webhook event, and Stripe is not asked', async () => {
  const before = fake.calls.length;
  const res = await call(`${shop.url}/api/admin/payments/setup`, { headers: await adminHeaders(shop) });
  assert.is(res.status, 200, res.text);
  const setup = res.json as PaymentSetupResponse;
  assert.is(setup.provider, 'stripe');
  assert.is(setup.mode, 'test');
  assert.equal(
    setup.settings.map((s) => [s.name, s.present]),
    [
      ['STRIPE_SECRET_KEY', true],
      ['STRIPE_PUBLISHABLE_KEY', true],
      ['STRIPE_WEBHOOK_SECRET', true],
      ['PUBLIC_URL', true],
    ],
  );
  assert.is(setup.webhookUrl, 'https://shop.example/api/payments/webhook');
  assert.equal(
    setup.events.map((e) => e.type),
    [...stripeWebhookEvents],
  );
  assert.ok(setup.events.every((e) => e.does.length > 0));
  assert.not.ok(JSON.stringify(setup).includes('sk_test'), 'no key is shown');
  assert.is(fake.calls.length, before, 'the account was not asked');
});

test('without signing in it is refused', async () => {
  const res = await call(`${shop.url}/api/admin/payments/setup`);
  assert.is(res.status, 401, res.text);
});

test.run();
