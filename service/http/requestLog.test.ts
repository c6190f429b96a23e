// The request line as the whole shop writes it: the status the client was sent, the route pattern, the bytes, no
// personal data.
import pino from 'pino';
import { Writable } from 'node:stream';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { eventually } from '../../infra/testing/assert.ts';
import { call, startTestShop, type TestShop } from '../../infra/testing/shop.ts';
import { fetchWithin } from '../../infra/testing/http.ts';

const lines: Record<string, unknown>[] = [];
const sink = new Writable({
  write(chunk, _encoding, done) {
    lines.push(JSON.parse(String(chunk)));
    done();
  },
});
let shop: TestShop;

test.before(async () => {
  shop = await startTestShop({ BODY_LIMIT_KB: '1' }, { logger: pino({ level: 'info' }, sink) });
});
test.after(() => shop.close());

/** The request line of the answer that carried `requestId`, once the response has closed (it is written after). */
async function lineFor(requestId: string): Promise<Record<string, unknown>> {
  const find = () => lines.find((l) => l.msg === 'request' && l.requestId === requestId);
  await eventually(() => find() !== undefined, 5000, `the request line for ${requestId}`);
  return find()!;
}

test('a refused admin call is logged as the 401 it was answered with, under its route pattern', async () => {
  const res = await call(`${shop.url}/api/admin/orders`, { headers: { 'x-request-id': 'log-test-401' } });
  assert.is(res.status, 401);
  const line = await lineFor('log-test-401');
  assert.is(line.status, 401);
  assert.is(line.method, 'GET');
  assert.is(line.bytes, Buffer.byteLength(res.text));
});

test('a body over the limit is logged as 413', async () => {
  const res = await call(`${shop.url}/api/reviews/submit`, {
    body: { reviewText: 'x'.repeat(4000) },
    headers: { 'x-request-id': 'log-test-413' },
  });
  assert.is(res.status, 413);
  assert.is((await lineFor('log-test-413')).status, 413);
});

test('the route is the pattern, not the path with its ids; the query string stays out', async () => {
  const res = await call(`${shop.url}/api/reviews/book/2?email=someone%40example.com`, {
    headers: { 'x-request-id': 'log-test-route' },
  });
  assert.is(res.status, 200);
  const line = await lineFor('log-test-route');
  assert.is(line.route, '/api/reviews/book/:id');
  assert.is(line.status, 200);
  assert.ok(!JSON.stringify(line).includes('example.com'), 'no e-mail address in the line');
  assert.ok(!('ip' in line) && !('path' in line) && !('url' in line));
});

test('a kept answer sent ahead of the chain is logged as any answer is: pattern, status, bytes, the id it was sent with', async () => {
  for (const [n, path, pattern] of [
    [1, '/api/books', '/api/books'],
    [2, '/api/books?sort=title', '/api/books'],
    [3, '/api/reviews/book/2', '/api/reviews/book/:id'],
    [4, '/api/reviews/book/2', '/api/reviews/book/:id'],
  ] as const) {
    const requestId = `log-test-kept-${n}`;
    const res = await call(`${shop.url}${path}`, { headers: { 'x-request-id': requestId } });
    assert.is(res.status, 200);
    assert.is(res.headers.get('x-request-id'), requestId);
    const { level, time: _time, pid: _pid, hostname: _hostname, ...line } = await lineFor(requestId);
    assert.is(level, 30);
    assert.equal(
      line,
      {
        requestId,
        method: 'GET',
        route: pattern,
        status: 200,
        ms: line.ms,
        // what went out: the compressed bytes, since fetch asks for them
        bytes: Number(res.headers.get('content-length')),
        msg: 'request',
      },
      path,
    );
    assert.type(line.ms, 'number');
  }
});

test("a page opened by a signed link is logged by its pattern: the link's token, a key to the shopper's order, stays out", async () => {
  const token = 'Y3Nfc2FuZGJveF9zZWNyZXQ.tsrdfx.c2lnbmF0dXJlLW5vdC10by1iZS1sb2dnZWQ';
  for (const [path, pattern] of [
    [`/order/${token}`, '/order/:token'],
    [`/receipt/${token}`, '/receipt/:token'],
  ] as const) {
    const requestId = `log-test-${pattern.split('/')[1]}`;
    const res = await call(`${shop.url}${path}`, { headers: { 'x-request-id': requestId } });
    assert.is(res.status, 200, 'the app answers the page');
    const line = await lineFor(requestId);
    assert.is(line.route, pattern);
    assert.not.ok(JSON.stringify(line).includes(token.split('.')[0]!), 'no part of the token in the line');
  }
});

test('a compressed answer made on the fly is logged with the bytes that went out', async () => {
  const res = await fetchWithin(`${shop.url}/`, {
    headers: { 'x-request-id': 'log-test-bytes', 'accept-encoding': 'gzip' },
  });
  const sent = (await res.arrayBuffer()).byteLength;
  assert.is(res.status, 200);
  const line = await lineFor('log-test-bytes');
  assert.is(line.route, '/');
  assert.type(line.bytes, 'number');
  assert.ok((line.bytes as number) > 0);
  // fetch decompresses; the line counts what the wire carried, so it is at most the page's size.
  assert.ok((line.bytes as number) <= sent, `${line.bytes as number} <= ${sent}`);
});

test.run();
