import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { adminHeaders, startTestShop, type TestShop } from '../../infra/testing/shop.ts';
import { fetchWithin } from '../../infra/testing/http.ts';

let shop: TestShop;
test.before(async () => {
  shop = await startTestShop();
});
test.after(() => shop.close());

test('every /api answer carries the API security headers, errors included', async () => {
  const answers = [
    await fetchWithin(`${shop.url}/api/books`),
    await fetchWithin(`${shop.url}/api/no-such-endpoint`),
    await fetchWithin(`${shop.url}/api/admin/orders`),
    await fetchWithin(`${shop.url}/api/books`, {
      method: 'POST',
      body: 'x',
      headers: { 'content-type': 'text/plain' },
    }),
    await fetchWithin(`${shop.url}/api/admin/orders`, { headers: await adminHeaders(shop) }),
  ];
  for (const res of answers) {
    assert.is(
      res.headers.get('content-security-policy'),
      "default-src 'none'; frame-ancestors 'none'",
      `${res.url} ${res.status}`,
    );
    assert.is(res.headers.get('x-content-type-options'), 'nosniff');
    assert.is(res.headers.get('x-frame-options'), 'DENY');
    assert.is(res.headers.get('referrer-policy'), 'strict-origin-when-cross-origin');
    assert.is(res.headers.get('cross-origin-resource-policy'), 'same-origin');
    await res.arrayBuffer();
  }
});

test('pages keep the full document policy', async () => {
  const res = await fetchWithin(`${shop.url}/`);
  await res.arrayBuffer();
  const csp = res.headers.get('content-security-policy') ?? '';
  assert.match(csp, "default-src 'self'");
  assert.match(csp, "frame-ancestors 'none'");
  assert.is(res.headers.get('x-content-type-options'), 'nosniff');
  assert.is(res.headers.get('referrer-policy'), 'strict-origin-when-cross-origin');
  assert.is(res.headers.get('cross-origin-opener-policy'), 'same-origin');
});

test('JSON answers are serialised once and still sent as JSON with the right length', async () => {
  // Uncompressed, so the length sent is the JSON's own (a compressed answer's length is of its compressed bytes).
  const res = await fetchWithin(`${shop.url}/api/books`, { headers: { 'accept-encoding': 'identity' } });
  assert.is(res.headers.get('content-type'), 'application/json; charset=utf-8');
  const text = await res.text();
  assert.is(Number(res.headers.get('content-length')), Buffer.byteLength(text));
  assert.ok(Array.isArray(JSON.parse(text)));
  const error = await fetchWithin(`${shop.url}/api/no-such-endpoint`);
  assert.is(error.headers.get('content-type'), 'application/json; charset=utf-8');
  assert.is((await error.json()).success, false);
});

test.run();
