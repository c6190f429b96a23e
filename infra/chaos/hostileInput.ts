// A fuzzer for the shop's HTTP surface: malformed requests against every route the app registers, each checked for
// a clean 4xx (never a 5xx), no internals in the body, and nothing appended to the log when the request was refused.
import { request } from 'node:http';
import { connect } from 'node:net';
import { buildRouters } from '../../service/app.ts';
import type { ShopDeps } from '../../service/deps.ts';
import type { EventStore } from '../../contracts/ports/eventStore.ts';
import { seeded } from '../testing/seeded.ts';

export type HostileRequest = {
  kind: string;
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: Buffer;
  raw?: Buffer;
};
export type Answer = { status: number; body: string };
export type Finding = { request: string; status: number; problem: string; body: string };
export type FuzzResult = {
  requests: number;
  byStatus: Map<number, number>;
  findings: Finding[];
  appendedWhenRefused: number;
};

/** Valid bodies for the shop's public routes, so mutations reach each handler's own validation. */
const sampleBodies: Record<string, Record<string, unknown>> = {
  '/api/reviews/submit': {
    bookId: 2,
    customerName: 'Amina',
    customerEmail: 'amina@example.com',
    rating: 5,
    reviewText: 'A lovely story.',
  },
  '/api/admin/login': { username: 'admin', password: 'not-the-password' },
  '/api/admin/reviews/:id/approve': { adminMessage: 'Thank you' },
  '/api/admin/reviews/:id/reject': { adminMessage: 'Not about the book' },
  '/api/admin/orders/:id/status': { status: 'shipped', notes: 'Royal Mail', expectedRevision: 0 },
  '/api/admin/orders/:id/customer': {
    name: 'Amina',
    email: 'amina@example.com',
    address: { line1: '1 Linden Lane', city: 'Leeds', postcode: 'LS1 4AB', country: 'GB' },
    reason: 'The buyer wrote in',
    expectedRevision: 0,
  },
  '/api/direct-notify': {
    customerName: 'Amina',
    customerEmail: 'amina@example.com',
    shippingAddress: 'To be provided during checkout',
    items: [{ name: 'Story', quantity: 1, price: 999 }],
    totalAmount: 999,
    shippingCost: 0,
    paymentMethod: 'Stripe',
  },
  '/api/create-checkout-session': {
    items: [{ title: 'Story', description: 'Purchase of Story', price: '9.99', quantity: 1 }],
    customerEmail: 'amina@example.com',
    customerName: 'Amina',
  },
  '/api/create-payment-intent': { amount: 13.49 },
  '/api/orders/save': {
    name: 'Amina',
    email: 'amina@example.com',
    shipping: {},
    paymentIntentId: 'pi_123',
    amount: 13.49,
    bookTitle: 'Story',
    bookPrice: 9.99,
    shippingCost: 3.5,
    status: 'completed',
  },
  '/api/cart/checkout': { items: [{ bookId: 1, quantity: 1, title: 'Story', price: 999 }], customerCountry: 'GB' },
};

const hostileStrings = [
  "' OR '1'='1' --",
  '1; DROP TABLE events; --',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '{{7*7}}${7*7}',
  '${jndi:ldap://example.invalid/a}',
  '../../../../etc/passwd',
  '\u0000\u0001\u001f',
  '\ud800',
  '\u202e\u200b\ufeff',
  '🙂'.repeat(50),
  'a'.repeat(70_000),
  '',
  ' ',
];
const hostileValues: unknown[] = [
  null,
  true,
  -1,
  0,
  1.5,
  1e308,
  -1e308,
  Number.MAX_SAFE_INTEGER + 2,
  '5',
  [],
  {},
  { $gt: '' },
  { $ne: null },
  { __proto__: { admin: true } },
  ['a', 'b'],
  ...hostileStrings,
];
const hostileParams = [
  '0',
  '-1',
  '1.5',
  '1e9',
  '0x10',
  'NaN',
  '99999999999999999999999',
  'abc',
  '%00',
  '%ff',
  '..%2f..%2fetc%2fpasswd',
  "1'%20OR%20'1'='1",
  '%3Cscript%3E',
  'a'.repeat(3000),
  '%E0%A4%A',
];
const hostilePaths = [
  '/../../etc/passwd',
  '/%2e%2e/%2e%2e/etc/passwd',
  '/%2e%2e%2f%2e%2e%2fetc%2fpasswd',
  '/assets/../../package.json',
  '/assets/..%2f..%2fpackage.json',
  '/assets/%2e%2e/%2e%2e/service/config.ts',
  '/..%5c..%5cpackage.json',
  '//etc/passwd',
  '/assets/%00.js',
  '/%E0%A4%A',
  '/api/%2e%2e/package.json',
  '/api/books/../../../etc/passwd',
  '/api/books%00',
  '/api/books?__proto__[admin]=1&constructor[prototype][admin]=1',
  '/api/books?a=1&a=2&a[]=3',
  `/api/${'a'.repeat(8000)}`,
  '/index.html/..',
  '/web/dist/index.html',
  '/.env',
  '/.git/config',
  '/data/events.sqlite',
  '/api/admin/../books',
  '/API/ADMIN/ORDERS',
];
const methods = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'TRACE', 'PROPFIND', 'FOO'];

function deep(depth: number): string {
  return '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
}

/** Mutations of a JSON body: wrong types, missing and extra fields, hostile strings, structure attacks. */
function bodyVariants(sample: Record<string, unknown>): { kind: string; text: string }[] {
  const out: { kind: string; text: string }[] = [];
  for (const literal of [
    '',
    'null',
    '[]',
    '"text"',
    '123',
    'true',
    '{',
    '{"a":1,}',
    "{'a':1}",
    '{"a":NaN}',
    '[1,2',
    '\ufeff{}',
    'undefined',
  ]) {
    out.push({ kind: `literal ${JSON.stringify(literal).slice(0, 20)}`, text: literal });
  }
  out.push({ kind: 'deep JSON', text: deep(5000) });
  out.push({ kind: 'deep arrays', text: '['.repeat(20_000) + ']'.repeat(20_000) });
  out.push({ kind: 'huge body', text: JSON.stringify({ ...sample, padding: 'x'.repeat(300_000) }) });
  out.push({
    kind: 'wide object',
    text: JSON.stringify(Object.fromEntries(Array.from({ length: 3000 }, (_, i) => [`k${i}`, i]))),
  });
  out.push({
    kind: 'prototype pollution',
    text: '{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"isAdmin":true}}}',
  });
  out.push({ kind: 'duplicate keys', text: JSON.stringify(sample).replace(/^\{/, '{"rating":999,') });
  for (const path of leafPaths(sample)) {
    const name = path.join('.');
    out.push({ kind: `missing ${name}`, text: JSON.stringify(withLeaf(sample, path, undefined)) });
    for (const value of hostileValues)
      out.push({
        kind: `${name}=${JSON.stringify(value)?.slice(0, 24)}`,
        text: JSON.stringify(withLeaf(sample, path, value)),
      });
  }
  return out;
}

/** Paths to every field of a body, nested ones included (items.0.price). */
function leafPaths(value: unknown, prefix: string[] = []): string[][] {
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value);
    if (entries.length === 0) return [prefix];
    return entries.flatMap(([key, inner]) => leafPaths(inner, [...prefix, key]));
  }
  return [prefix];
}

/** A copy of `body` with the field at `path` replaced (or removed, for undefined). */
function withLeaf(body: unknown, path: string[], value: unknown): unknown {
  if (path.length === 0) return value;
  const copy: Record<string, unknown> = Array.isArray(body)
    ? ([...body] as unknown as Record<string, unknown>)
    : { ...(body as Record<string, unknown>) };
  const [head, ...rest] = path;
  if (rest.length === 0 && value === undefined) delete copy[head!];
  else copy[head!] = withLeaf(copy[head!], rest, value);
  return copy;
}

type RouteInfo = { path: string; methods: string[] };

/** The calls the shop's API is meant to answer: fuzzed whether or not this build has them yet. */
const specRoutes: RouteInfo[] = [
  { path: '/api/books', methods: ['GET'] },
  { path: '/api/shipping/countries', methods: ['GET'] },
  { path: '/api/shipping/calculate', methods: ['GET'] },
  { path: '/api/reviews/submit', methods: ['POST'] },
  { path: '/api/reviews/book/:id', methods: ['GET'] },
  { path: '/api/admin/login', methods: ['POST'] },
  { path: '/api/admin/reviews', methods: ['GET'] },
  { path: '/api/admin/reviews/:status', methods: ['GET'] },
  { path: '/api/admin/reviews/:id/approve', methods: ['POST'] },
  { path: '/api/admin/reviews/:id/reject', methods: ['POST'] },
  { path: '/api/admin/orders', methods: ['GET'] },
  { path: '/api/admin/orders/:id/status', methods: ['POST'] },
  { path: '/api/direct-notify', methods: ['POST'] },
  { path: '/api/create-checkout-session', methods: ['POST'] },
  { path: '/api/create-payment-intent', methods: ['POST'] },
  { path: '/api/orders/save', methods: ['POST'] },
  { path: '/api/cart/checkout', methods: ['POST'] },
];

/** Every route the application registers (found by registering the route modules on a scratch router) and the listed calls. */
export function routesToFuzz(deps: ShopDeps): RouteInfo[] {
  const { router, admin } = buildRouters(deps);
  const registered = [...router.stack, ...admin.stack]
    .filter((layer) => typeof layer.path === 'string' && layer.methods.length > 0)
    .map((layer) => ({ path: layer.path as string, methods: layer.methods.filter((m) => m !== 'HEAD') }));
  const known = new Set(registered.map((r) => r.path));
  return [...registered, ...specRoutes.filter((r) => !known.has(r.path))];
}

const withParams = (path: string, value: string) => path.replace(/:[A-Za-z]+/g, value);

/** Random combinations: one to three fields of a valid body broken at once, a hostile path parameter, an odd header. */
function combinedCases(routes: RouteInfo[], adminToken: string, count: number, seed: number): HostileRequest[] {
  const random = seeded(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const cases: HostileRequest[] = [];
  for (let i = 0; i < count; i++) {
    const route = pick(routes);
    const admin = route.path.startsWith('/api/admin') && route.path !== '/api/admin/login';
    let body: unknown = sampleBodies[route.path] ?? { name: 'x' };
    const broken: string[] = [];
    for (let k = 1 + Math.floor(random() * 3); k > 0; k--) {
      const path = pick(leafPaths(body));
      const value = pick(hostileValues);
      body = withLeaf(body, path, value);
      broken.push(`${path.join('.')}=${JSON.stringify(value)?.slice(0, 16)}`);
    }
    const param = random() < 0.5 ? '1' : pick(hostileParams);
    const headers: Record<string, string> = {
      'content-type': pick([
        'application/json',
        'application/json',
        'application/json; charset=utf-8',
        'text/plain',
        'application/json; charset=latin1',
      ]),
    };
    if (admin && random() < 0.8) headers.authorization = `Bearer ${adminToken}`;
    if (random() < 0.2)
      headers['x-request-id'] = pick(hostileStrings)
        .slice(0, 200)
        .replace(/[^\x20-\x7e]/g, '?');
    cases.push({
      kind: `combined ${broken.join(' ')}`,
      method: pick([...route.methods, ...route.methods, 'POST', 'PUT']),
      path: withParams(route.path, param),
      headers,
      body: Buffer.from(JSON.stringify(body) ?? ''),
    });
  }
  return cases;
}

/** At least `atLeast` requests: every systematic case, then seeded random combinations. */
export function hostileRequests(routes: RouteInfo[], adminToken: string, atLeast = 0, seed = 1): HostileRequest[] {
  const cases = systematicCases(routes, adminToken);
  return cases.length >= atLeast
    ? cases
    : [...cases, ...combinedCases(routes, adminToken, atLeast - cases.length, seed)];
}

function systematicCases(routes: RouteInfo[], adminToken: string): HostileRequest[] {
  const cases: HostileRequest[] = [];
  const json = { 'content-type': 'application/json' };
  for (const route of routes) {
    const admin = route.path.startsWith('/api/admin') && route.path !== '/api/admin/login';
    const auth: Record<string, string> = admin ? { authorization: `Bearer ${adminToken}` } : {};
    const path = withParams(route.path, '1');
    const sample = sampleBodies[route.path] ?? { name: 'x' };
    // Methods the route does not have, and the ones it does with no or odd bodies.
    for (const method of methods) cases.push({ kind: 'method', method, path, headers: auth });
    for (const param of hostileParams)
      cases.push({
        kind: `query ${param.slice(0, 20)}`,
        method: route.methods[0]!,
        path: `${path}?country=${param}&quantity=${param}&status=${param}`,
        headers: auth,
      });
    for (const param of hostileParams)
      for (const method of route.methods)
        cases.push({
          kind: `param ${param.slice(0, 20)}`,
          method,
          path: withParams(route.path, param),
          headers: { ...auth, ...json },
          body: Buffer.from(JSON.stringify(sample)),
        });
    for (const method of route.methods.includes('GET') ? ['POST'] : route.methods) {
      for (const variant of bodyVariants(sample))
        cases.push({
          kind: variant.kind,
          method,
          path,
          headers: { ...auth, ...json },
          body: Buffer.from(variant.text),
        });
      const valid = Buffer.from(JSON.stringify(sample));
      const contentTypes = [
        'text/plain',
        'application/x-www-form-urlencoded',
        'multipart/form-data; boundary=x',
        'application/json; charset=utf-16',
        'application/json; charset=latin1',
        'application/json; charset=nonsense',
        'application/xml',
        'application/json, text/html',
        '',
      ];
      for (const type of contentTypes)
        cases.push({
          kind: `content-type ${type || 'none'}`,
          method,
          path,
          headers: { ...auth, ...(type ? { 'content-type': type } : {}) },
          body: valid,
        });
      for (const encoding of ['gzip', 'deflate', 'br', 'zstd', 'identity, gzip'])
        cases.push({
          kind: `content-encoding ${encoding}`,
          method,
          path,
          headers: { ...auth, ...json, 'content-encoding': encoding },
          body: valid,
        });
      cases.push({
        kind: 'invalid UTF-8',
        method,
        path,
        headers: { ...auth, ...json },
        body: Buffer.concat([
          Buffer.from('{"customerName":"'),
          Buffer.from([0xff, 0xfe, 0xc0, 0xaf]),
          Buffer.from('"}'),
        ]),
      });
      cases.push({
        kind: 'UTF-16 body',
        method,
        path,
        headers: { ...auth, 'content-type': 'application/json; charset=utf-16le' },
        body: Buffer.from(JSON.stringify(sample), 'utf16le'),
      });
    }
    if (admin) {
      for (const header of [
        '',
        'Bearer',
        'Bearer ',
        `Bearer ${adminToken}x`,
        `bearer ${adminToken}`,
        `Basic ${Buffer.from('admin:admin').toString('base64')}`,
        `Bearer ${'a'.repeat(5000)}`,
      ]) {
        cases.push({
          kind: 'bad authorization',
          method: route.methods[0]!,
          path,
          headers: header ? { authorization: header, ...json } : json,
          body: Buffer.from(JSON.stringify(sample)),
        });
      }
    }
  }
  for (const path of hostilePaths)
    for (const method of ['GET', 'POST', 'DELETE', 'TRACE'])
      cases.push({ kind: 'hostile path', method, path, headers: {} });
  const rawRequests = [
    'GET /api/books HTTP/1.1\r\nHost: x\r\nX-Bad: a\u0000b\r\n\r\n',
    'POST /api/books HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nContent-Length: 7\r\n\r\n{"a":1}',
    'POST /api/books HTTP/1.1\r\nHost: x\r\nContent-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n',
    'POST /api/books HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nContent-Type: application/json\r\n\r\nZZ\r\n{}\r\n0\r\n\r\n',
    'GET /../../etc/passwd HTTP/1.1\r\nHost: x\r\n\r\n',
    'GET /assets/../../../etc/passwd HTTP/1.1\r\nHost: x\r\n\r\n',
    'GET http://evil.example/api/books HTTP/1.1\r\nHost: evil.example\r\n\r\n',
    'GET /api/books HTTP/1.1\r\n' + `X-Huge: ${'a'.repeat(20_000)}\r\n\r\n`,
    'GET /api/books HTTP/9.9\r\nHost: x\r\n\r\n',
    'get /api/books HTTP/1.1\r\nHost: x\r\n\r\n',
    'GET  /api/books  HTTP/1.1\r\nHost: x\r\n\r\n',
    'GET /api/books\r\n\r\n',
  ];
  for (const raw of rawRequests)
    cases.push({
      kind: 'raw',
      method: raw.split(' ')[0]!,
      path: raw.split(' ')[1] ?? '',
      headers: {},
      raw: Buffer.from(raw, 'latin1'),
    });
  return cases;
}

function send(base: URL, req: HostileRequest): Promise<Answer> {
  if (req.raw) return sendRaw(base, req.raw);
  return new Promise((resolve) => {
    const outgoing = request(
      {
        host: base.hostname,
        port: base.port,
        method: req.method,
        path: req.path,
        headers: { ...req.headers, ...(req.body ? { 'content-length': String(req.body.length) } : {}) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', () => resolve({ status: res.statusCode ?? 0, body: '' }));
      },
    );
    // A server may answer 413 and close before it has read a huge body: that is a refusal, not a failure.
    outgoing.on('error', (error) => resolve({ status: -1, body: String(error) }));
    outgoing.setTimeout(5000, () => {
      outgoing.destroy();
      resolve({ status: 0, body: 'no answer within 5 s' });
    });
    outgoing.end(req.body);
  });
}

function sendRaw(base: URL, raw: Buffer): Promise<Answer> {
  return new Promise((resolve) => {
    const socket = connect(Number(base.port), base.hostname);
    let received = '';
    const done = () => {
      const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(received)?.[1] ?? 0);
      resolve({ status, body: received.slice(received.indexOf('\r\n\r\n') + 4) });
      socket.destroy();
    };
    socket.setTimeout(2000, done);
    socket.on('data', (chunk) => {
      received += chunk.toString('latin1');
      // One answer is all we want: stop once the headers and the length they announce have arrived.
      const end = received.indexOf('\r\n\r\n');
      const length = Number(/content-length: (\d+)/i.exec(received)?.[1] ?? NaN);
      if (end !== -1 && (Number.isNaN(length) || received.length - end - 4 >= length)) done();
    });
    socket.on('error', done);
    socket.on('end', done);
    socket.write(raw);
  });
}

/** What must never leave the server: stack frames, paths and source, files from outside the web app. */
const leaks: [RegExp, string][] = [
  [/\n\s+at \S+.*:\d+:\d+/, 'stack frame'],
  [/node:internal|node_modules/, 'runtime internals'],
  [/\/work\/|\/home\/|\/root\//, 'server path'],
  [/\.(?:ts|mjs|cjs):\d+/, 'source location'],
  [/root:x:0:0/, '/etc/passwd'],
  [/"name":\s*"amanah-house-shop"/, 'package.json'],
  [/SQLITE_|better-sqlite3|ioredis|ReplyError/, 'store error'],
  [/(?:TypeError|ReferenceError|RangeError|SyntaxError): /, 'exception text'],
  [/import \{|export function/, 'source code'],
];

/** The one record a refused request may leave: a failed sign-in, kept for the audit trail by design. */
const recordedWhenRefused = new Set(['AdminLoginFailed']);

async function typesAfter(events: EventStore, position: number): Promise<string[]> {
  const types: string[] = [];
  for await (const event of events.readAll(position)) types.push(event.type);
  return types;
}

/** Sends every request one after another, reading the log's head before and after each. */
export async function fuzz(baseUrl: string, requests: HostileRequest[], events: EventStore): Promise<FuzzResult> {
  const base = new URL(baseUrl);
  const byStatus = new Map<number, number>();
  const findings: Finding[] = [];
  let appendedWhenRefused = 0;
  for (const req of requests) {
    const before = await events.headPosition();
    const answer = await send(base, req);
    const after = await events.headPosition();
    byStatus.set(answer.status, (byStatus.get(answer.status) ?? 0) + 1);
    const label = `${req.kind}: ${req.method} ${req.path.slice(0, 80)}`;
    const problem = (text: string) =>
      findings.push({ request: label, status: answer.status, problem: text, body: answer.body.slice(0, 300) });
    if (answer.status >= 500) problem(`answered ${answer.status}`);
    if (answer.status === 0) problem('no answer');
    for (const [pattern, what] of leaks) if (pattern.test(answer.body)) problem(`body shows ${what}`);
    if ((answer.status < 200 || answer.status >= 300) && after !== before) {
      const appended = (await typesAfter(events, before)).filter((type) => !recordedWhenRefused.has(type));
      if (appended.length) {
        appendedWhenRefused += 1;
        problem(`refused with ${answer.status} but appended ${appended.join(', ')}`);
      }
    }
  }
  return { requests: requests.length, byStatus, findings, appendedWhenRefused };
}
