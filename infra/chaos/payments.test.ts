import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { testWebhookSecret } from '../testing/checkout.ts';
import { floodLimits, startTestShop } from '../testing/shop.ts';
import { paymentStorm } from './payments.ts';

test('payments: 200 paid checkouts, each webhook delivered 3 times in shuffled order, make exactly 200 orders', async () => {
  const shop = await startTestShop({ STRIPE_WEBHOOK_SECRET: testWebhookSecret, RATE_LIMITS: floodLimits });
  try {
    const storm = await paymentStorm(shop, { payments: 200 });
    assert.is(storm.deliveries, 600);
    assert.equal(storm.refused, []);
    assert.equal(storm.doubled, []);
    assert.is(storm.ordersInLog, 200);
    assert.is(storm.ordersInReadModel, 200);
  } finally {
    await shop.close();
  }
});

test.run();
