import Koa from 'koa';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { Writable } from 'node:stream';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { requestContext } from './request.ts';
import { fetchWithin } from '../../infra/testing/http.ts';

/** A Koa app with only the request context, logging to an array at `level` (`raw` keeps each write as written). */
async function appAt(level: string, options: pino.LoggerOptions = {}) {
  const lines: Record<string, unknown>[] = [];
  const raw: string[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      raw.push(String(chunk));
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  const logger = pino({ level, ...options }, sink);
  const app = new Koa();
  app.use(requestContext(logger));
  app.use((ctx) => {
    ctx.status = ctx.path === '/missing' ? 404 : 200;
    ctx.body = 'ok';
  });
  const server = app.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    lines,
    raw,
    logger,
    close: () => new Promise((r) => server.close(r)),
  };
}

test('every answer carries a request id; one given in an acceptable form is kept', async () => {
  const app = await appAt('warn');
  const res = await fetchWithin(`${app.url}/x`);
  assert.match(res.headers.get('x-request-id') ?? '', /^[0-9a-f-]{36}$/);
  const kept = await fetchWithin(`${app.url}/x`, { headers: { 'x-request-id': 'client-id-1234' } });
  assert.is(kept.headers.get('x-request-id'), 'client-id-1234');
  const refused = await fetchWithin(`${app.url}/x`, { headers: { 'x-request-id': 'bad id with spaces' } });
  assert.is.not(refused.headers.get('x-request-id'), 'bad id with spaces');
  await app.close();
});

test('at info a line per request with id, method, route, status, time and bytes; at warn none', async () => {
  const info = await appAt('info');
  await (await fetchWithin(`${info.url}/missing`, { headers: { 'x-request-id': 'client-id-1234' } })).text();
  await new Promise((r) => setImmediate(r));
  assert.is(info.lines.length, 1);
  const line = info.lines[0]!;
  // An unmatched path is not repeated into the log: it is whatever the client typed.
  assert.equal(
    [line.msg, line.requestId, line.method, line.route, line.status, line.bytes],
    ['request', 'client-id-1234', 'GET', '(unmatched)', 404, 2],
  );
  assert.is(line.path, undefined);
  assert.type(line.ms, 'number');
  await info.close();

  const warn = await appAt('warn');
  await (await fetchWithin(`${warn.url}/x`)).text();
  await new Promise((r) => setImmediate(r));
  assert.is(warn.lines.length, 0);
  await warn.close();
});

test("the request line is written byte for byte as pino's own call would write it", async () => {
  const app = await appAt('info', { base: { service: 'shop' } });
  await (await fetchWithin(`${app.url}/missing`, { headers: { 'x-request-id': 'client-id-5678' } })).text();
  await new Promise((r) => setImmediate(r));
  assert.is(app.raw.length, 1);
  const written = app.raw[0]!;
  const line = app.lines[0]!;
  app.logger.info(
    {
      requestId: line.requestId,
      method: line.method,
      route: line.route,
      status: line.status,
      ms: line.ms,
      bytes: line.bytes,
    },
    'request',
  );
  const time = (text: string) => text.replace(/"time":\d+/, '"time":0');
  assert.is(time(written), time(app.raw[1]!));
  assert.ok(written.startsWith('{"level":30,"time":') && written.endsWith(',"msg":"request"}\n'));
  assert.match(
    written,
    /"service":"shop","requestId":"client-id-5678","method":"GET","route":"\(unmatched\)","status":404,"ms":[0-9.]+,"bytes":2,"msg"/,
  );
  await app.close();
});

test('a logger that shapes its lines (here a mixin) still shapes the request line', async () => {
  const app = await appAt('info', { mixin: () => ({ node: 'a' }) });
  await (await fetchWithin(`${app.url}/x`)).text();
  await new Promise((r) => setImmediate(r));
  assert.is(app.lines.length, 1);
  assert.is(app.lines[0]!.node, 'a');
  assert.is(app.lines[0]!.msg, 'request');
  assert.is(app.lines[0]!.status, 200);
  await app.close();
});

test('a level raised after start silences the request line', async () => {
  const app = await appAt('info');
  app.logger.level = 'warn';
  await (await fetchWithin(`${app.url}/x`)).text();
  await new Promise((r) => setImmediate(r));
  assert.is(app.lines.length, 0);
  await app.close();
});

test.run();
