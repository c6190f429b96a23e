// Admin access under attack: every way a bearer token can be wrong, tried on every admin route; and the security
// headers every kind of response must carry.
import { signAdminToken } from '../../service/admin/tokens.ts';
import type { ShopDeps } from '../../service/deps.ts';
import { call } from '../testing/shop.ts';
import { refusedAdminTokens } from '../testing/tokens.ts';
import { routesToFuzz } from './hostileInput.ts';

/** Every bad token on every method of every admin route; answers what did not get a 401. */
export async function tryBadTokens(
  url: string,
  deps: ShopDeps,
): Promise<{ attempts: number; routes: number; failures: string[] }> {
  const adminRoutes = routesToFuzz(deps).filter(
    (r) => r.path.startsWith('/api/admin') && r.path !== '/api/admin/login',
  );
  const tokens = Object.entries(refusedAdminTokens(deps.jwtSecret));
  const failures: string[] = [];
  let attempts = 0;
  for (const route of adminRoutes) {
    const path = route.path.replace(/:[A-Za-z]+/g, '1');
    for (const method of route.methods) {
      const body = method === 'GET' ? {} : { body: {} };
      for (const [name, headers] of tokens) {
        const res = await call(`${url}${path}`, { method, headers, ...body });
        attempts += 1;
        if (res.status !== 401 || res.json?.success !== false)
          failures.push(`${name}: ${method} ${path} answered ${res.status}`);
      }
      const inQuery = await call(`${url}${path}?token=${signAdminToken(deps.jwtSecret, 'admin')}`, { method, ...body });
      attempts += 1;
      if (inQuery.status !== 401)
        failures.push(`token in the query string: ${method} ${path} answered ${inQuery.status}`);
    }
  }
  return { attempts, routes: adminRoutes.length, failures };
}

/** Pages, API answers, errors and assets: each must carry CSP with frame-ancestors, nosniff and Referrer-Policy. */
export async function missingSecurityHeaders(url: string): Promise<string[]> {
  const paths = [
    '/',
    '/admin/login',
    '/no/such/page',
    '/api/books',
    '/api/no-such-endpoint',
    '/api/admin/orders',
    '/healthz',
    '/art/logo.svg',
  ];
  const missing: string[] = [];
  for (const path of paths) {
    const res = await fetch(`${url}${path}`);
    await res.arrayBuffer();
    if (!/frame-ancestors 'none'/.test(res.headers.get('content-security-policy') ?? ''))
      missing.push(`${path}: CSP frame-ancestors`);
    if (res.headers.get('x-content-type-options') !== 'nosniff') missing.push(`${path}: nosniff`);
    if (!res.headers.get('referrer-policy')) missing.push(`${path}: Referrer-Policy`);
  }
  return missing;
}

export type LoginStorm = {
  attempts: number;
  refused401: number;
  throttled429: number;
  withRetryAfter: number;
  rightPasswordAfterwards: number;
};

/**
 * A burst of wrong guesses at the admin login, all at once: either for one username (`guessing`) or one guess for
 * each of many usernames from one address (`spraying`). Then the right password, which a locked account refuses too.
 */
export async function loginStorm(
  url: string,
  admin: { username: string; password: string },
  mode: 'guessing' | 'spraying',
  attempts = 30,
): Promise<LoginStorm> {
  const login = (username: string, password: string) =>
    call(`${url}/api/admin/login`, { method: 'POST', body: { username, password } });
  const answers = await Promise.all(
    Array.from({ length: attempts }, (_, i) =>
      mode === 'guessing' ? login(admin.username, `guess-${i}`) : login(`user${i}`, `guess-${i}`),
    ),
  );
  const right = await login(admin.username, admin.password);
  return {
    attempts,
    refused401: answers.filter((a) => a.status === 401).length,
    throttled429: answers.filter((a) => a.status === 429).length,
    withRetryAfter: answers.filter((a) => a.status === 429 && Number(a.headers.get('retry-after')) > 0).length,
    rightPasswordAfterwards: right.status,
  };
}
