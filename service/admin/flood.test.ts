// A flood of sign-ins with invented names, from addresses that change with every request (as behind a trusted proxy):
// the owner still signs in at once, and the log grows by a bounded number of events in one stream.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { unknownSignInStream } from '../../contracts/shared/streams.ts';
import { eventually } from '../../infra/testing/assert.ts';
import { call, startTestShop, testAdmin } from '../../infra/testing/shop.ts';
import { defaultLimits } from '../http/limits.ts';

test('300 concurrent sign-ins with random names: the owner waits under 5 s, the log gains a bounded number of events', async () => {
  const shop = await startTestShop({ TRUST_PROXY: '1' });
  try {
    const streamsBefore = (await shop.shop.deps.events.listStreams()).length;
    const headBefore = await shop.shop.deps.events.headPosition();
    const flood = Array.from({ length: 300 }, (_, i) =>
      call(`${shop.url}/api/admin/login`, {
        body: { username: `user${i}@example.com`, password: `guess-${i}` },
        headers: { 'x-forwarded-for': `198.18.${i >> 8}.${i & 255}` },
      }),
    );
    // The owner signs in once the flood has reached the shop: its first failures are in the log.
    await eventually(
      async () => (await shop.shop.deps.events.headPosition()) > headBefore,
      10_000,
      'the flood reaching the shop',
    );
    const started = performance.now();
    const owner = await call(`${shop.url}/api/admin/login`, {
      body: testAdmin,
      headers: { 'x-forwarded-for': '203.0.113.77' },
    });
    const ownerMs = performance.now() - started;
    const answers = await Promise.all(flood);
    assert.is(owner.status, 200);
    assert.ok(ownerMs < 5000, `the owner waited ${Math.round(ownerMs)} ms`);
    for (const a of answers) assert.ok(a.status === 401 || a.status === 429, `flood answered ${a.status}`);
    const busy = answers.filter((a) => a.status === 429);
    assert.ok(busy.length > 0, 'past the queue, invented names are turned away at once');
    for (const a of busy) assert.ok(Number(a.headers.get('retry-after')) > 0);
    const streams = await shop.shop.deps.events.listStreams();
    // One stream for every invented name of the day, plus the owner's own sign-in stream.
    assert.ok(streams.length <= streamsBefore + 2, `${streams.length - streamsBefore} new streams`);
    const unknown = await shop.shop.deps.events.readStream(unknownSignInStream(new Date().toISOString()));
    assert.ok(
      unknown.length > 0 && unknown.length <= defaultLimits.unknownNames.points,
      `${unknown.length} unknown-name events`,
    );
    assert.ok((await shop.shop.deps.events.headPosition()) - headBefore <= defaultLimits.unknownNames.points + 1);
    console.log(
      `owner signed in in ${Math.round(ownerMs)} ms during the flood; ${busy.length} of 300 turned away; ${unknown.length} recorded`,
    );
  } finally {
    await shop.close();
  }
});

test.run();
