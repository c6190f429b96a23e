// Every registered admin route, tried as an attacker would: in other spellings without a token, and with a signed
// token for someone who is not the admin. The routes come from the admin router's own stack, so a new one is covered.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { signAdminToken } from './tokens.ts';
import { buildRouters } from '../app.ts';
import { adminRoutes as routesOfAdmin, rawRequest, routeVariants } from '../../infra/chaos/abuse.ts';
import { adminHeaders, call, startTestShop, type TestShop } from '../../infra/testing/shop.ts';
import { paidCartCheckout, sandboxPayBody } from '../../infra/testing/checkout.ts';

let shop: TestShop;
const personal = [sandboxPayBody().email, sandboxPayBody().address.line1, 'reviewer@example.com'];

test.before(async () => {
  shop = await startTestShop();
  await paidCartCheckout(shop);
  const review = {
    bookId: 1,
    customerName: 'Rev Iewer',
    customerEmail: 'reviewer@example.com',
    rating: 5,
    reviewText: 'A lovely book for bedtime reading.',
  };
  const submitted = await call(`${shop.url}/api/reviews/submit`, { body: review });
  assert.is(submitted.status, 201, submitted.text);
});
test.after(() => shop.close());

const raw = (method: string, path: string, headers: Record<string, string> = {}) =>
  rawRequest(shop.url, method, path, headers);
const adminRoutes = () => routesOfAdmin(shop.shop.deps);
const variants = routeVariants;

test("the admin router holds the owner's routes; the open router holds none under /api/admin but the login", () => {
  const { router } = buildRouters(shop.shop.deps);
  const routes = adminRoutes();
  assert.ok(routes.length >= 8, `only ${routes.length} admin routes found`);
  for (const { path } of routes) assert.ok(path.startsWith('/api/admin/'), path);
  const open = router.stack.filter((l) => l.methods.length > 0).map((l) => String(l.path));
  assert.equal(
    open.filter((p) => p.toLowerCase().startsWith('/api/admin')),
    ['/api/admin/login'],
  );
});

test('every admin route without a token, in every other spelling: never 2xx, never personal data', async () => {
  let tried = 0;
  for (const { method, path } of adminRoutes()) {
    const exact = await raw(method, path);
    assert.is(exact.status, 401, `${method} ${path}`);
    for (const variant of variants(path)) {
      const res = await raw(method, variant);
      tried++;
      assert.ok(res.status >= 400, `${method} ${variant} answered ${res.status}`);
      for (const secret of personal) assert.not.ok(res.body.includes(secret), `${method} ${variant} leaked ${secret}`);
    }
  }
  assert.ok(tried > 100, `tried ${tried}`);
});

test('every admin route with a valid signature for an unknown name: 401, nothing personal, and no-store', async () => {
  const strangers = ['mallory', 'Admin', 'ADMIN', 'admin ', ''].map((sub) => ({
    authorization: `Bearer ${signAdminToken(shop.shop.deps.jwtSecret, sub)}`,
  }));
  for (const { method, path } of adminRoutes()) {
    for (const headers of strangers) {
      const res = await raw(method, path, headers);
      assert.is(res.status, 401, `${method} ${path}`);
      for (const secret of personal) assert.not.ok(res.body.includes(secret));
    }
  }
});

test('every admin answer and every sign-in answer says Cache-Control: no-store', async () => {
  const owner = await adminHeaders(shop);
  for (const { method, path } of adminRoutes()) {
    for (const headers of [{}, owner]) {
      const res = await call(`${shop.url}${path}`, { method, headers, ...(method === 'GET' ? {} : { body: {} }) });
      assert.is(res.headers.get('cache-control'), 'no-store', `${method} ${path} ${res.status}`);
    }
  }
  for (const body of [{}, { username: 'admin', password: 'wrong' }]) {
    const res = await call(`${shop.url}/api/admin/login`, { body });
    assert.is(res.headers.get('cache-control'), 'no-store', `login ${res.status}`);
  }
});

test.run();
