import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { loginLimits } from '../../service/admin/throttle.ts';
import { startTestShop, testAdmin, type TestShop } from '../testing/shop.ts';
import { loginStorm, missingSecurityHeaders, tryBadTokens } from './adminAuth.ts';

let shop: TestShop;
test.before(async () => {
  shop = await startTestShop();
});
test.after(() => shop.close());

test('auth: every admin route answers 401 to missing, expired, tampered, wrong-algorithm and alg:none tokens', async () => {
  const result = await tryBadTokens(shop.url, shop.shop.deps);
  assert.ok(result.routes >= 5, 'the admin routes the shop lists are all covered');
  assert.equal(result.failures, []);
});

test('auth: pages, API answers, errors and assets all carry CSP with frame-ancestors, nosniff and Referrer-Policy', async () => {
  assert.equal(await missingSecurityHeaders(shop.url), []);
});

for (const mode of ['guessing', 'spraying'] as const) {
  test(`auth: brute-force ${mode} at the login is cut off at ${loginLimits.failures} failures, even for the right password next`, async () => {
    const fresh = await startTestShop();
    try {
      const storm = await loginStorm(fresh.url, testAdmin, mode);
      assert.is(storm.refused401, loginLimits.failures);
      assert.is(storm.throttled429, storm.attempts - loginLimits.failures);
      assert.is(storm.withRetryAfter, storm.throttled429);
      assert.is(storm.rightPasswordAfterwards, 429);
    } finally {
      await fresh.close();
    }
  });
}

test.run();
