import Koa from 'koa';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { Writable } from 'node:stream';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { requestContext } from './request.ts';

/** A Koa app with only the request context, logging to an array at `level`. */
async function appAt(level: string) {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  const app = new Koa();
  app.use(requestContext(pino({ level }, sink)));
  app.use((ctx) => {
    ctx.status = ctx.path === '/missing' ? 404 : 200;
    ctx.body = 'ok';
  });
  const server = app.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, lines, close: () => new Promise((r) => server.close(r)) };
}

test('every answer carries a request id; one given in an acceptable form is kept', async () => {
  const app = await appAt('warn');
  const res = await fetch(`${app.url}/x`);
  assert.match(res.headers.get('x-request-id') ?? '', /^[0-9a-f-]{36}$/);
  const kept = await fetch(`${app.url}/x`, { headers: { 'x-request-id': 'client-id-1234' } });
  assert.is(kept.headers.get('x-request-id'), 'client-id-1234');
  const refused = await fetch(`${app.url}/x`, { headers: { 'x-request-id': 'bad id with spaces' } });
  assert.is.not(refused.headers.get('x-request-id'), 'bad id with spaces');
  await app.close();
});

test('at info a line per request with id, method, route, status, time and bytes; at warn none', async () => {
  const info = await appAt('info');
  await (await fetch(`${info.url}/missing`, { headers: { 'x-request-id': 'client-id-1234' } })).text();
  await new Promise((r) => setImmediate(r));
  assert.is(info.lines.length, 1);
  const line = info.lines[0]!;
  // An unmatched path is not repeated into the log: it is whatever the client typed.
  assert.equal([line.msg, line.requestId, line.method, line.route, line.status, line.bytes], ['request', 'client-id-1234', 'GET', '(unmatched)', 404, 2]);
  assert.is(line.path, undefined);
  assert.type(line.ms, 'number');
  await info.close();

  const warn = await appAt('warn');
  await (await fetch(`${warn.url}/x`)).text();
  await new Promise((r) => setImmediate(r));
  assert.is(warn.lines.length, 0);
  await warn.close();
});

test.run();
