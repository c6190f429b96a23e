import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { signAdminToken } from '../../service/admin/tokens.ts';
import { call, startTestShop } from '../testing/shop.ts';
import { fuzz, hostileRequests, routesToFuzz } from './hostileInput.ts';

test('hostile input: 5,000 malformed requests across every route get clean 4xx answers and append nothing', async () => {
  const shop = await startTestShop();
  try {
    const { deps } = shop.shop;
    const requests = hostileRequests(routesToFuzz(deps), signAdminToken(deps.jwtSecret, 'admin'), 5000);
    const result = await fuzz(shop.url, requests, deps.events);
    const report = result.findings
      .slice(0, 15)
      .map((f) => `${f.problem} — ${f.request}\n    ${f.body.replace(/\n/g, ' ')}`)
      .join('\n');
    assert.is(result.findings.length, 0, `${result.findings.length} findings:\n${report}`);
    assert.ok(result.requests >= 5000);
    // The shop still serves correctly afterwards.
    const books = await call(`${shop.url}/api/books`);
    assert.is(books.status, 200);
    assert.is(books.json.length, 3);
  } finally {
    await shop.close();
  }
});

test.run();
