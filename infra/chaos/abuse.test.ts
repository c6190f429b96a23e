import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { defaultLimits } from '../../service/http/limits.ts';
import { paidCartCheckout, sandboxPayBody } from '../testing/checkout.ts';
import { floodLimits, startTestShop, testAdmin } from '../testing/shop.ts';
import { floodSignIns, floodWrites, routeVariantRun } from './abuse.ts';

test('route variants: every admin route in every other spelling, and with tokens for strangers, is refused and shows nothing', async () => {
  const shop = await startTestShop({ RATE_LIMITS: floodLimits });
  try {
    await paidCartCheckout(shop);
    const run = await routeVariantRun(shop.url, shop.shop.deps, [
      sandboxPayBody().email,
      sandboxPayBody().address.line1,
    ]);
    assert.ok(run.routes >= 9, `${run.routes} admin routes`);
    assert.ok(run.requests > 200, `${run.requests} requests`);
    assert.equal(run.findings, []);
  } finally {
    await shop.close();
  }
});

test('flood: 40 concurrent requests on each anonymous write from one address get no more than the limit through', async () => {
  const shop = await startTestShop();
  try {
    const results = await floodWrites(shop.url, 40);
    const limitOf: Record<string, number> = {
      'POST /api/reviews/submit': defaultLimits.reviews.points,
      'POST /api/direct-notify': defaultLimits.notices.points,
    };
    for (const r of results) {
      assert.ok(r.refused429 > 0, `${r.route}: nothing refused`);
      assert.is(r.withRetryAfter, r.refused429, `${r.route}: every 429 has Retry-After and the error shape`);
      if (limitOf[r.route]) assert.is(r.accepted, limitOf[r.route], r.route);
    }
    const checkouts = results.filter((r) => /checkout|payment-intent/.test(r.route) && !r.route.includes('sandbox'));
    assert.is(
      checkouts.reduce((n, r) => n + r.accepted, 0),
      defaultLimits.checkouts.points,
      'the three checkout starts share one limit',
    );
  } finally {
    await shop.close();
  }
});

test('flood: 120 sign-ins with invented names from 120 addresses; the owner still signs in promptly, the log grows by a bounded amount', async () => {
  const shop = await startTestShop({ TRUST_PROXY: '1' });
  try {
    const flood = await floodSignIns(shop.url, shop.shop.deps, testAdmin, 120);
    assert.is(flood.ownerStatus, 200);
    assert.ok(flood.ownerMs < 5000, `${flood.ownerMs} ms`);
    assert.ok(flood.newStreams <= 2, `${flood.newStreams} new streams`);
    assert.ok(flood.appended <= defaultLimits.unknownNames.points + 1, `${flood.appended} events`);
  } finally {
    await shop.close();
  }
});

test.run();
