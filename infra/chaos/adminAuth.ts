// Admin access under attack: every way a bearer token can be wrong, tried on every admin route; and the security
// headers every kind of response must carry.
import jwt from 'jsonwebtoken';
import { generateKeyPairSync } from 'node:crypto';
import { signAdminToken } from '../../service/admin/tokens.ts';
import type { ShopDeps } from '../../service/deps.ts';
import { call } from '../testing/shop.ts';
import { routesToFuzz } from './hostileInput.ts';

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
const claims = () => ({ sub: 'admin', iss: 'amanah-house-shop', aud: 'admin', iat: Math.floor(Date.now() / 1000), exp: Math.floor(Date.now() / 1000) + 600 });

/** Every way a bearer token can be wrong, named. */
export function badTokens(secret: string): [string, string | null][] {
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

/** Every bad token on every method of every admin route; answers what did not get a 401. */
export async function tryBadTokens(url: string, deps: ShopDeps): Promise<{ attempts: number; routes: number; failures: string[] }> {
  const adminRoutes = routesToFuzz(deps).filter((r) => r.path.startsWith('/api/admin') && r.path !== '/api/admin/login');
  const tokens = badTokens(deps.jwtSecret);
  const failures: string[] = [];
  let attempts = 0;
  for (const route of adminRoutes) {
    const path = route.path.replace(/:[A-Za-z]+/g, '1');
    for (const method of route.methods) {
      const body = method === 'GET' ? {} : { body: {} };
      for (const [name, authorization] of tokens) {
        const res = await call(`${url}${path}`, { method, headers: authorization ? { authorization } : {}, ...body });
        attempts += 1;
        if (res.status !== 401 || res.json?.success !== false) failures.push(`${name}: ${method} ${path} answered ${res.status}`);
      }
      const inQuery = await call(`${url}${path}?token=${signAdminToken(deps.jwtSecret, 'admin')}`, { method, ...body });
      attempts += 1;
      if (inQuery.status !== 401) failures.push(`token in the query string: ${method} ${path} answered ${inQuery.status}`);
    }
  }
  return { attempts, routes: adminRoutes.length, failures };
}

/** Pages, API answers, errors and assets: each must carry CSP with frame-ancestors, nosniff and Referrer-Policy. */
export async function missingSecurityHeaders(url: string): Promise<string[]> {
  const paths = ['/', '/admin/login', '/no/such/page', '/api/books', '/api/no-such-endpoint', '/api/admin/orders', '/healthz', '/art/logo.svg'];
  const missing: string[] = [];
  for (const path of paths) {
    const res = await fetch(`${url}${path}`);
    await res.arrayBuffer();
    if (!/frame-ancestors 'none'/.test(res.headers.get('content-security-policy') ?? '')) missing.push(`${path}: CSP frame-ancestors`);
    if (res.headers.get('x-content-type-options') !== 'nosniff') missing.push(`${path}: nosniff`);
    if (!res.headers.get('referrer-policy')) missing.push(`${path}: Referrer-Policy`);
  }
  return missing;
}
