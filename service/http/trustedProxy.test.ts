// TRUST_PROXY believes X-Forwarded-For: the shop says so at start, and once when a request comes without the header,
// as one does when the shop is reached without its proxy.
import pino from 'pino';
import { Writable } from 'node:stream';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { call, startTestShop } from '../../infra/testing/shop.ts';
import { trustedProxyTexts } from './trustedProxy.ts';

function capturedLogger() {
  const lines: { level: number; msg: string }[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)) as { level: number; msg: string });
      done();
    },
  });
  // pino writes to a Writable synchronously as each line is made: what was logged is in `lines` on return.
  return { logger: pino({ level: 'info' }, sink), warnings: (msg: string) => lines.filter((l) => l.msg === msg) };
}

test('TRUST_PROXY=1: a warning at start; one more on the first request without X-Forwarded-For, and only one', async () => {
  const log = capturedLogger();
  const shop = await startTestShop({ TRUST_PROXY: '1' }, { logger: log.logger });
  try {
    const atStart = log.warnings(trustedProxyTexts.atStart);
    assert.is(atStart.length, 1);
    assert.is(atStart[0]!.level, 40);
    // Requests through a proxy carry the header: nothing more to say, nor for the health check called directly.
    assert.is((await call(`${shop.url}/api/books`, { headers: { 'x-forwarded-for': '203.0.113.7' } })).status, 200);
    assert.ok((await call(`${shop.url}/healthz`)).status < 500);
    assert.is(log.warnings(trustedProxyTexts.unforwarded).length, 0);
    for (let i = 0; i < 3; i++) assert.is((await call(`${shop.url}/api/books`)).status, 200);
    const unforwarded = log.warnings(trustedProxyTexts.unforwarded);
    assert.is(unforwarded.length, 1);
    assert.is(unforwarded[0]!.level, 40);
    assert.is(log.warnings(trustedProxyTexts.atStart).length, 1);
  } finally {
    await shop.close();
  }
});

test('without TRUST_PROXY nothing is said about proxies', async () => {
  const log = capturedLogger();
  const shop = await startTestShop({}, { logger: log.logger });
  try {
    assert.is((await call(`${shop.url}/api/books`)).status, 200);
    assert.is(log.warnings(trustedProxyTexts.atStart).length, 0);
    assert.is(log.warnings(trustedProxyTexts.unforwarded).length, 0);
  } finally {
    await shop.close();
  }
});

test.run();
