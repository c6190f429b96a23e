import jwt from 'jsonwebtoken';
import { generateKeyPairSync } from 'node:crypto';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { signAdminToken } from '../../service/admin/tokens.ts';
import { call, startTestShop, type TestShop } from '../testing/shop.ts';
import { routesToFuzz } from './hostileInput.ts';

let shop: TestShop;
test.before(async () => {
  shop = await startTestShop();
});
test.after(() => shop.close());

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
const claims = () => ({ sub: 'admin', iss: 'amanah-house-shop', aud: 'admin', iat: Math.floor(Date.now() / 1000), exp: Math.floor(Date.now() / 1000) + 600 });

/** Every way a bearer token can be wrong, named. */
function badTokens(secret: string): [string, string | null][] {
  const good = signAdminToken(secret, 'admin');
  const [header, payload, signature] = good.split('.') as [string, string, string];
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return [
    ['missing', null],
    ['empty bearer', 'Bearer '],
    ['not a JWT', 'Bearer not-a-token'],
    ['basic credentials', `Basic ${Buffer.from('admin:admin').toString('base64')}`],
    ['token without the Bearer scheme', good],
    ['expired', `Bearer ${signAdminToken(secret, 'admin', -60)}`],
    ['tampered payload', `Bearer ${header}.${b64({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), sub: 'mallory' })}.${signature}`],
    ['signature of another token', `Bearer ${header}.${payload}.${signAdminToken(secret, 'other').split('.')[2]}`],
    ['signed with another key', `Bearer ${signAdminToken('k'.repeat(48), 'admin')}`],
    ['HS512 with the right key', `Bearer ${jwt.sign(claims(), secret, { algorithm: 'HS512' })}`],
    ['RS256 with a stranger key', `Bearer ${jwt.sign(claims(), privateKey, { algorithm: 'RS256' })}`],
    ['alg none', `Bearer ${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims())}.`],
    ['alg None', `Bearer ${b64({ alg: 'None', typ: 'JWT' })}.${b64(claims())}.`],
    ['other issuer', `Bearer ${jwt.sign({ ...claims(), iss: 'someone-else' }, secret, { algorithm: 'HS256' })}`],
    ['other audience', `Bearer ${jwt.sign({ ...claims(), aud: 'shopper' }, secret, { algorithm: 'HS256' })}`],
    ['no expiry', `Bearer ${jwt.sign({ sub: 'admin', iss: 'amanah-house-shop', aud: 'admin' }, secret, { algorithm: 'HS256' })}`],
    ['no subject', `Bearer ${jwt.sign({ ...claims(), sub: '' }, secret, { algorithm: 'HS256' })}`],
    ['not yet valid', `Bearer ${jwt.sign({ ...claims(), nbf: Math.floor(Date.now() / 1000) + 3600 }, secret, { algorithm: 'HS256' })}`],
  ];
}

test('auth: every admin route answers 401 to missing, expired, tampered, wrong-algorithm and alg:none tokens', async () => {
  const { deps } = shop.shop;
  const adminRoutes = routesToFuzz(deps).filter((r) => r.path.startsWith('/api/admin') && r.path !== '/api/admin/login');
  assert.ok(adminRoutes.length >= 5, 'the admin routes the spec lists are all covered');
  const failures: string[] = [];
  for (const route of adminRoutes) {
    const path = route.path.replace(/:[A-Za-z]+/g, '1');
    for (const method of route.methods) {
      for (const [name, authorization] of badTokens(deps.jwtSecret)) {
        const res = await call(`${shop.url}${path}`, { method, headers: authorization ? { authorization } : {}, ...(method === 'GET' ? {} : { body: {} }) });
        if (res.status !== 401 || res.json?.success !== false) failures.push(`${name}: ${method} ${path} answered ${res.status}`);
      }
      const inQuery = await call(`${shop.url}${path}?token=${signAdminToken(deps.jwtSecret, 'admin')}`, { method, ...(method === 'GET' ? {} : { body: {} }) });
      if (inQuery.status !== 401) failures.push(`token in the query string: ${method} ${path} answered ${inQuery.status}`);
    }
  }
  assert.equal(failures, []);
});

test('auth: pages, API answers, errors and assets all carry CSP with frame-ancestors, nosniff and Referrer-Policy', async () => {
  const paths = ['/', '/admin/login', '/no/such/page', '/api/books', '/api/no-such-endpoint', '/api/admin/orders', '/healthz', '/art/logo.svg'];
  for (const path of paths) {
    const res = await fetch(`${shop.url}${path}`);
    await res.arrayBuffer();
    const csp = res.headers.get('content-security-policy') ?? '';
    assert.match(csp, "frame-ancestors 'none'", `${path} CSP: ${csp}`);
    assert.is(res.headers.get('x-content-type-options'), 'nosniff', path);
    assert.ok(res.headers.get('referrer-policy'), `${path} has no Referrer-Policy`);
  }
});

test.run();
