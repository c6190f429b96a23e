// Abuse as an attacker would try it: every admin route in other spellings and with tokens for strangers, and floods of
// anonymous writes and sign-ins from one address or many.
import { request } from 'node:http';
import { signAdminToken } from '../../service/admin/tokens.ts';
import { buildRouters } from '../../service/app.ts';
import { cardFormBody, sandboxPayBody } from '../testing/checkout.ts';
import type { ShopDeps } from '../../service/deps.ts';
import { call } from '../testing/shop.ts';

/** Sends the path exactly as given (fetch would resolve dot segments and doubled slashes first). */
export function rawRequest(
  url: string,
  method: string,
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const body = method === 'GET' ? undefined : '{}';
    const req = request(
      {
        host: hostname,
        port,
        method,
        path,
        headers: { ...headers, ...(body ? { 'content-type': 'application/json' } : {}) },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** Every method of every route the admin router holds, read from its own stack, with `:params` filled in. */
export function adminRoutes(deps: ShopDeps, param = 'pending'): { method: string; path: string }[] {
  return buildRouters(deps)
    .admin.stack.filter((layer) => layer.methods.length > 0 && typeof layer.path === 'string')
    .flatMap((layer) =>
      layer.methods
        .filter((m) => m !== 'HEAD')
        .map((method) => ({ method, path: (layer.path as string).replace(/:[A-Za-z]+/g, param) })),
    );
}

/** The same admin route spelled so that a prefix check on a lower-case string would miss it. */
export function routeVariants(path: string): string[] {
  const rest = path.slice('/api/admin'.length);
  const capital = (s: string) => s.replace(/\/([a-z])/g, (_m, c: string) => `/${c.toUpperCase()}`);
  return [
    path.toUpperCase(),
    `/API/admin${rest}`,
    `/api/Admin${rest}`,
    `/api/ADMIN${rest}`,
    capital(path),
    `/api/%61dmin${rest}`,
    `/api/admi%6E${rest}`,
    `/%61pi/admin${rest}`,
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
    `${path}%00`,
    `${path};`,
  ];
}

export type VariantRun = { routes: number; requests: number; byStatus: Map<number, number>; findings: string[] };

/** Every admin route in every spelling without a token, and exactly with tokens for names that are not the admin. */
export async function routeVariantRun(
  url: string,
  deps: ShopDeps,
  personal: string[],
  randomSpellings = 0,
  seed = 12,
): Promise<VariantRun> {
  let state = seed >>> 0;
  const random = () => {
    // Mulberry32: the same seed gives the same spellings, so a finding can be replayed.
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const respell = (path: string) =>
    path.replace(/[a-z]/g, (c) => {
      const r = random();
      return r < 0.3 ? c.toUpperCase() : r < 0.4 ? `%${c.charCodeAt(0).toString(16)}` : c;
    });
  const routes = adminRoutes(deps);
  const strangers = ['mallory', deps.admin.username.toUpperCase(), `${deps.admin.username} `, ''].map((sub) => ({
    authorization: `Bearer ${signAdminToken(deps.jwtSecret, sub)}`,
  }));
  const byStatus = new Map<number, number>();
  const findings: string[] = [];
  let requests = 0;
  const check = (method: string, path: string, res: { status: number; body: string }, what: string) => {
    requests++;
    byStatus.set(res.status, (byStatus.get(res.status) ?? 0) + 1);
    if (res.status < 400) findings.push(`${what}: ${method} ${path} answered ${res.status}`);
    for (const secret of personal)
      if (res.body.includes(secret)) findings.push(`${what}: ${method} ${path} showed ${secret}`);
  };
  for (const { method, path } of routes) {
    const respelled = Array.from({ length: randomSpellings }, () => respell(path)).filter((p) => p !== path);
    for (const variant of [path, ...routeVariants(path), ...respelled])
      check(method, variant, await rawRequest(url, method, variant), 'no token');
    for (const headers of strangers)
      check(method, path, await rawRequest(url, method, path, headers), 'token for a stranger');
  }
  return { routes: routes.length, requests, byStatus, findings };
}

export type FloodResult = {
  route: string;
  sent: number;
  accepted: number;
  refused429: number;
  withRetryAfter: number;
  other: Map<number, number>;
};

/** The anonymous writes, each flooded with `count` concurrent requests from one address. */
export async function floodWrites(url: string, count: number): Promise<FloodResult[]> {
  const review = {
    bookId: 1,
    customerName: 'Flood Tester',
    customerEmail: 'flood@example.com',
    rating: 5,
    reviewText: 'Flooding the shop with reviews.',
  };
  const notice = {
    customerName: 'Flood Tester',
    customerEmail: 'flood@example.com',
    items: [{ name: 'The Kindness Basket', quantity: 1, price: 999 }],
    totalAmount: 1349,
    shippingCost: 350,
  };
  const cart = { items: [{ bookId: 1, quantity: 1 }], customerCountry: 'GB' };
  const floods: [string, (i: number) => Promise<Awaited<ReturnType<typeof call>>>][] = [
    ['POST /api/reviews/submit', () => call(`${url}/api/reviews/submit`, { body: review })],
    ['POST /api/direct-notify', () => call(`${url}/api/direct-notify`, { body: notice })],
    [
      'POST /api/create-checkout-session',
      () =>
        call(`${url}/api/create-checkout-session`, {
          body: { items: [{ title: 'The Kindness Basket', quantity: 1 }], customerCountry: 'GB' },
        }),
    ],
    ['POST /api/cart/checkout', () => call(`${url}/api/cart/checkout`, { body: cart })],
    ['POST /api/create-payment-intent', () => call(`${url}/api/create-payment-intent`, { body: cardFormBody() })],
    [
      'POST /api/sandbox/checkout-sessions/:id/pay',
      (i) => call(`${url}/api/sandbox/checkout-sessions/cs_flood_${i}/pay`, { body: sandboxPayBody() }),
    ],
    [
      'POST /api/sandbox/payment-intents/:id/confirm',
      (i) =>
        call(`${url}/api/sandbox/payment-intents/pi_flood_${i}/confirm`, {
          body: { clientSecret: 'x', card: sandboxPayBody().card },
        }),
    ],
  ];
  const results: FloodResult[] = [];
  for (const [route, send] of floods) {
    const answers = await Promise.all(Array.from({ length: count }, (_, i) => send(i)));
    const other = new Map<number, number>();
    for (const a of answers)
      if (a.status !== 429 && (a.status < 200 || a.status >= 300)) other.set(a.status, (other.get(a.status) ?? 0) + 1);
    results.push({
      route,
      sent: count,
      accepted: answers.filter((a) => a.status >= 200 && a.status < 300).length,
      refused429: answers.filter((a) => a.status === 429).length,
      withRetryAfter: answers.filter(
        (a) =>
          a.status === 429 &&
          Number(a.headers.get('retry-after')) > 0 &&
          a.json?.success === false &&
          a.json?.error === 'too_many_requests',
      ).length,
      other,
    });
  }
  return results;
}

export type SignInFlood = {
  sent: number;
  refused401: number;
  busy429: number;
  ownerStatus: number;
  ownerMs: number;
  newStreams: number;
  appended: number;
};

/** `count` concurrent sign-ins with invented names from as many addresses (the shop must trust one proxy hop), and the owner's own. */
export async function floodSignIns(
  url: string,
  deps: ShopDeps,
  owner: { username: string; password: string },
  count: number,
): Promise<SignInFlood> {
  const streamsBefore = (await deps.events.listStreams()).length;
  const headBefore = await deps.events.headPosition();
  const flood = Array.from({ length: count }, (_, i) =>
    call(`${url}/api/admin/login`, {
      body: { username: `user${i}@example.com`, password: `guess-${i}` },
      headers: { 'x-forwarded-for': `198.18.${i >> 8}.${i & 255}` },
    }),
  );
  await new Promise((r) => setTimeout(r, 50));
  const started = performance.now();
  const ownerAnswer = await call(`${url}/api/admin/login`, {
    body: owner,
    headers: { 'x-forwarded-for': '203.0.113.77' },
  });
  const ownerMs = performance.now() - started;
  const answers = await Promise.all(flood);
  return {
    sent: count,
    refused401: answers.filter((a) => a.status === 401).length,
    busy429: answers.filter((a) => a.status === 429).length,
    ownerStatus: ownerAnswer.status,
    ownerMs,
    newStreams: (await deps.events.listStreams()).length - streamsBefore,
    appended: (await deps.events.headPosition()) - headBefore,
  };
}
