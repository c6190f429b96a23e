// The owner's review lists a page at a time: cursors through every review and through one status, the unpaged list
// unchanged, bad paging input answered 400.
import { randomUUID } from 'node:crypto';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { ReviewSubmitted } from '../../contracts/reviews/events.ts';
import { reviewStream } from '../../contracts/shared/streams.ts';
import { adminHeaders, call, startTestShop, type TestShop } from '../../infra/testing/shop.ts';
import { newEventId } from '../commands.ts';

let shop: TestShop;
let owner: Record<string, string>;

test.before(async () => {
  shop = await startTestShop();
  owner = await adminHeaders(shop);
  let position = 0;
  for (let i = 0; i < 12; i++) {
    const reviewId = randomUUID();
    const submitted: ReviewSubmitted['data'] = {
      reviewId,
      bookId: 1,
      customerName: `Reader ${i}`,
      customerEmail: `reader${i}@example.com`,
      rating: 5,
      reviewText: 'A lovely book for bedtime reading.',
      // two pairs share their millisecond
      submittedAt: new Date(Date.UTC(2026, 2, 1, 9, i === 5 ? 4 : i === 9 ? 8 : i)).toISOString(),
    };
    const at = submittedAt(submitted);
    position = (
      await shop.shop.deps.events.append(
        reviewStream(reviewId),
        [
          {
            id: newEventId(),
            type: 'ReviewSubmitted',
            data: submitted,
            metadata: { causedBy: 'shopper', causationId: 'c', correlationId: 'c', at },
          },
        ],
        'no_stream',
      )
    ).position;
  }
  assert.ok(await shop.shop.deps.waiter.waitFor(position, 5000));
});
test.after(async () => shop?.close());

const submittedAt = (data: ReviewSubmitted['data']) => data.submittedAt;

async function walk(path: string, limit: number) {
  const ids: string[] = [];
  let cursor: string | null = null;
  for (let pages = 0; pages < 50; pages++) {
    const res = await call(`${shop.url}${path}?limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`, { headers: owner });
    assert.is(res.status, 200, res.text);
    assert.ok(Array.isArray(res.json) && res.json.length <= limit);
    assert.is(res.headers.get('x-total-count'), '12');
    ids.push(...res.json.map((r: { id: string }) => r.id));
    cursor = res.headers.get('x-next-cursor');
    if (!cursor) break;
  }
  return ids;
}

test('pages of every review and of one status follow the unpaged list exactly, ties included', async () => {
  for (const path of ['/api/admin/reviews', '/api/admin/reviews/pending']) {
    const whole = await call(`${shop.url}${path}`, { headers: owner });
    assert.is(whole.json.length, 12);
    assert.is(whole.headers.get('x-next-cursor'), null);
    for (const limit of [1, 3, 5, 12, 50])
      assert.equal(
        await walk(path, limit),
        whole.json.map((r: { id: string }) => r.id),
        `${path} by ${limit}`,
      );
  }
  const none = await call(`${shop.url}/api/admin/reviews/approved?limit=5`, { headers: owner });
  assert.equal(none.json, []);
  assert.is(none.headers.get('x-total-count'), '0');
});

test('bad paging input answers 400; no token answers 401', async () => {
  for (const query of ['limit=0', 'limit=x', 'cursor=zz', 'limit=500']) {
    const res = await call(`${shop.url}/api/admin/reviews?${query}`, { headers: owner });
    assert.is(res.status, 400, query);
    assert.is(res.json.success, false);
  }
  assert.is((await call(`${shop.url}/api/admin/reviews?limit=5`)).status, 401);
});

test.run();
