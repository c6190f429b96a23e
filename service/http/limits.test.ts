// Anonymous writes past their per-address limits: 429, Retry-After, the shop's error shape, nothing appended.
import { rmSync } from 'node:fs';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startFakeStripeApi } from '../../infra/testing/fakeStripeApi.ts';
import { call, startTestShop, type TestShop } from '../../infra/testing/shop.ts';
import {
  allEvents,
  cardFormBody,
  ofType,
  outboxFiles,
  sandboxPayBody,
  stripeShopEnv,
} from '../../infra/testing/checkout.ts';
import { defaultLimits } from './limits.ts';

const review = {
  bookId: 1,
  customerName: 'Amina Khan',
  customerEmail: 'amina@example.com',
  rating: 5,
  reviewText: 'Our children loved it.',
};
const notice = {
  customerName: 'Amina Khan',
  customerEmail: 'amina@example.com',
  items: [{ name: 'The Kindness Basket', quantity: 1, price: 999 }],
  totalAmount: 1349,
  shippingCost: 350,
};
const from = (ip: string) => ({ 'x-forwarded-for': ip });

function assertRefused(res: Awaited<ReturnType<typeof call>>, what: string) {
  assert.is(res.status, 429, `${what}: ${res.text}`);
  assert.equal(Object.keys(res.json).sort(), ['error', 'message', 'success'], what);
  assert.is(res.json.success, false);
  assert.is(res.json.error, 'too_many_requests');
  assert.match(
    res.json.message,
    /^Too many requests from your address\. Please try again in \d+ (seconds?|minutes?)\.$/,
  );
  const retryAfter = Number(res.headers.get('retry-after'));
  assert.ok(retryAfter >= 1 && retryAfter <= 600, `${what}: Retry-After ${retryAfter}`);
}

test('reviews: five per address in ten minutes; the sixth is refused and appends nothing; another address goes on', async () => {
  const shop = await startTestShop({ TRUST_PROXY: '1' });
  try {
    for (let i = 0; i < defaultLimits.reviews.points; i++)
      assert.is(
        (await call(`${shop.url}/api/reviews/submit`, { body: review, headers: from('203.0.113.1') })).status,
        201,
      );
    const head = await shop.shop.deps.events.headPosition();
    assertRefused(
      await call(`${shop.url}/api/reviews/submit`, { body: review, headers: from('203.0.113.1') }),
      'sixth review',
    );
    assert.is(await shop.shop.deps.events.headPosition(), head);
    assert.is(
      (await call(`${shop.url}/api/reviews/submit`, { body: review, headers: from('203.0.113.2') })).status,
      201,
    );
  } finally {
    await shop.close();
  }
});

test('checkouts: hosted sessions, cart checkouts and payment intents share twenty per address', async () => {
  const shop = await startTestShop();
  try {
    const starts = [
      () =>
        call(`${shop.url}/api/cart/checkout`, { body: { items: [{ bookId: 1, quantity: 1 }], customerCountry: 'GB' } }),
      () =>
        call(`${shop.url}/api/create-checkout-session`, {
          body: { items: [{ title: 'The Kindness Basket', quantity: 1 }], customerCountry: 'GB' },
        }),
      () => call(`${shop.url}/api/create-payment-intent`, { body: cardFormBody() }),
    ];
    for (let i = 0; i < defaultLimits.checkouts.points; i++) {
      const res = await starts[i % 3]!();
      assert.is(res.status, 200, `start ${i}: ${res.text}`);
    }
    const head = await shop.shop.deps.events.headPosition();
    for (const start of starts) assertRefused(await start(), 'checkout past the limit');
    assert.is(await shop.shop.deps.events.headPosition(), head);
  } finally {
    await shop.close();
  }
});

test('reports after paying: orders/save, the success page and cancelling share one limit per address; another address goes on', async () => {
  const shop = await startTestShop({ TRUST_PROXY: '1', RATE_LIMITS: 'reports=3/600' });
  try {
    const reports = [
      (ip: string) =>
        call(`${shop.url}/api/orders/save`, { body: { paymentIntentId: 'pi_unknown' }, headers: from(ip) }),
      (ip: string) =>
        call(`${shop.url}/api/checkout/confirm`, { body: { sessionId: 'cs_unknown' }, headers: from(ip) }),
      (ip: string) => call(`${shop.url}/api/checkout/cancel`, { body: { checkoutId: 'unknown' }, headers: from(ip) }),
    ];
    for (const report of reports) {
      const res = await report('203.0.113.5');
      assert.ok(
        res.status >= 400 && res.status < 500 && res.status !== 429,
        `an unknown payment is refused on its own terms: ${res.status}`,
      );
    }
    const head = await shop.shop.deps.events.headPosition();
    for (const report of reports) assertRefused(await report('203.0.113.5'), 'report past the limit');
    assert.is(await shop.shop.deps.events.headPosition(), head);
    assert.not.equal((await reports[0]!('203.0.113.6')).status, 429, 'another address is not held back');
  } finally {
    await shop.close();
  }
});

test('purchase notices: limited per address; past the shop-wide hourly cap they are recorded with the e-mail withheld, also after a restart', async () => {
  const env = { RATE_LIMITS: 'notices=3/600,noticeMails=2/3600' };
  const shop = await startTestShop(env, { keepData: true });
  let again: TestShop | null = null;
  try {
    for (let i = 0; i < 3; i++) assert.is((await call(`${shop.url}/api/direct-notify`, { body: notice })).status, 200);
    assertRefused(await call(`${shop.url}/api/direct-notify`, { body: notice }), 'fourth notice');
    const events = await allEvents(shop);
    assert.is(ofType(events, 'PurchaseNotified').length, 3, 'every accepted notice is in the log');
    assert.is(ofType(events, 'EmailWithheld').length, 1, 'the notice past the cap records that its e-mail is withheld');
    // Each notice's answer waits for the reactor, so the outbox is final here.
    assert.is(outboxFiles(shop).length, 2, 'only two e-mails reach the owner');
    await shop.close();
    // A restart's reactor reads the same log: the withheld notice stays unsent.
    again = await startTestShop({ ...env, DATA_DIR: shop.dataDir });
    await again.shop.deps.effects.waitFor(await again.shop.deps.events.headPosition(), 5000);
    assert.is(outboxFiles(again).length, 2, 'nothing more after a restart');
  } finally {
    await shop.close().catch(() => {});
    await again?.close();
    rmSync(shop.dataDir, { recursive: true, force: true });
  }
});

test('sandbox calls: limited per address', async () => {
  const shop = await startTestShop({ RATE_LIMITS: 'sandbox=2/600' });
  try {
    const pay = async () => {
      const started = await call(`${shop.url}/api/cart/checkout`, {
        body: { items: [{ bookId: 1, quantity: 1 }], customerCountry: 'GB' },
      });
      return call(`${shop.url}/api/sandbox/checkout-sessions/${started.json.sessionId}/pay`, {
        body: sandboxPayBody(),
      });
    };
    assert.is((await pay()).status, 200);
    assert.is((await pay()).status, 200);
    assertRefused(await pay(), 'third sandbox payment');
    assertRefused(
      await call(`${shop.url}/api/sandbox/payment-intents/pi_x/confirm`, {
        body: { clientSecret: 'x', card: sandboxPayBody().card },
      }),
      'confirm',
    );
  } finally {
    await shop.close();
  }
});

test('the sandbox routes exist only when the sandbox takes the payments', async () => {
  const stripe = await startFakeStripeApi();
  const shop = await startTestShop(stripeShopEnv(stripe));
  try {
    for (const [method, path] of [
      ['GET', '/api/sandbox/checkout-sessions/cs_1'],
      ['POST', '/api/sandbox/checkout-sessions/cs_1/pay'],
      ['POST', '/api/sandbox/payment-intents/pi_1/confirm'],
    ] as const) {
      const res = await call(`${shop.url}${path}`, {
        method,
        ...(method === 'POST' ? { body: sandboxPayBody() } : {}),
      });
      assert.is(res.status, 404, `${method} ${path}`);
    }
  } finally {
    await shop.close();
    await stripe.close();
  }
});

test.run();
