import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestShop, type TestShop } from '../testing/shop.ts';
import { missingSecurityHeaders, tryBadTokens } from './adminAuth.ts';

let shop: TestShop;
test.before(async () => {
  shop = await startTestShop();
});
test.after(() => shop.close());

test('auth: every admin route answers 401 to missing, expired, tampered, wrong-algorithm and alg:none tokens', async () => {
  const result = await tryBadTokens(shop.url, shop.shop.deps);
  assert.ok(result.routes >= 5, 'the admin routes the spec lists are all covered');
  assert.equal(result.failures, []);
});

test('auth: pages, API answers, errors and assets all carry CSP with frame-ancestors, nosniff and Referrer-Policy', async () => {
  assert.equal(await missingSecurityHeaders(shop.url), []);
});

test.run();
