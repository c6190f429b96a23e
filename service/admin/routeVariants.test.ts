// Every registered admin route, tried as an attacker would: in other spellings without a token, and with a signed
// token for someone who is not the admin. The routes come from the admin router's own stack, so a new one is covered.
import { request } from 'node:http';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { signAdminToken } from './tokens.ts';
import { buildRouters } from '../app.ts';
import { adminHeaders, call, startTestShop, type TestShop } from '../../infra/testing/shop.ts';
import { paidCartCheckout, sandboxPayBody } from '../checkout/testing.ts';

let shop: TestShop;
const personal = [sandboxPayBody().email, sandboxPayBody().address.line1, 'reviewer@example.com'];

test.before(async () => {
  shop = await startTestShop();
  await paidCartCheckout(shop);
  const review = { bookId: 1, customerName: 'Rev Iewer', customerEmail: 'reviewer@example.com', rating: 5, reviewText: 'A lovely book for bedtime reading.' };
  const submitted = await call(`${shop.url}/api/reviews/submit`, { body: review });
  assert.is(submitted.status, 201, submitted.text);
});
test.after(() => shop.close());

/** Sends the path exactly as given (fetch would resolve dot segments and doubled slashes first). */
function raw(method: string, path: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(shop.url);
  return new Promise((resolve, reject) => {
    const body = method === 'GET' ? undefined : '{}';
    const req = request({ host: hostname, port, method, path, headers: { ...headers, ...(body ? { 'content-type': 'application/json' } : {}) } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

const adminRoutes = () =>
  buildRouters(shop.shop.deps)
    .admin.stack.filter((layer) => layer.methods.length > 0 && typeof layer.path === 'string')
    .flatMap((layer) => layer.methods.filter((m) => m !== 'HEAD').map((method) => ({ method, path: (layer.path as string).replace(/:[A-Za-z]+/g, 'pending') })));

/** The same route spelled so that a prefix check on a lower-case string would miss it. */
function variants(path: string): string[] {
  const rest = path.slice('/api/admin'.length);
  const capital = (s: string) => s.replace(/\/([a-z])/g, (_m, c: string) => `/${c.toUpperCase()}`);
  return [
    path.toUpperCase(),
    `/API/admin${rest}`,
    `/api/Admin${rest}`,
    `/api/ADMIN${rest}`,
    capital(path),
    `/api/${encodeURIComponent('a')}dmin${rest}`.replace('/a', '/%61'),
    `/api/%61dmin${rest}`,
    `/api%2Fadmin${rest}`,
    `/api/admin%2F${rest.slice(1)}`,
    `//api/admin${rest}`,
    `/api//admin${rest}`,
    `/api/admin/${rest}`,
    `${path}/`,
    `${path}//`,
    `/api/admin/.${rest}`,
    `/api/./admin${rest}`,
    `/api/x/../admin${rest}`,
    `/api/admin${rest.replace(/\/([^/]+)$/, '/x/../$1')}`,
    `${path}/.`,
    `/api/admin%2e%2e/admin${rest}`,
  ];
}

test('the admin router holds the owner\'s routes; the open router holds none under /api/admin but the login', () => {
  const { router } = buildRouters(shop.shop.deps);
  const routes = adminRoutes();
  assert.ok(routes.length >= 8, `only ${routes.length} admin routes found`);
  for (const { path } of routes) assert.ok(path.startsWith('/api/admin/'), path);
  const open = router.stack.filter((l) => l.methods.length > 0).map((l) => String(l.path));
  assert.equal(open.filter((p) => p.toLowerCase().startsWith('/api/admin')), ['/api/admin/login']);
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
  const strangers = ['mallory', 'Admin', 'ADMIN', 'admin ', ''].map((sub) => ({ authorization: `Bearer ${signAdminToken(shop.shop.deps.jwtSecret, sub)}` }));
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
