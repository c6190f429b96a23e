// A flood of sign-ins with invented names, from addresses that change with every request (as behind a trusted proxy):
// the owner still signs in ahead of them, and the log grows by a bounded number of events in one stream.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { unknownSignInStream } from '../../contracts/shared/streams.ts';
import { eventually } from '../../infra/testing/assert.ts';
import { call, startTestShop, testAdmin } from '../../infra/testing/shop.ts';
import { defaultLimits } from '../http/limits.ts';

test('300 concurrent sign-ins with random names: the owner is answered ahead of the queued guesses, the log gains a bounded number of events', async () => {
  const shop = await startTestShop({ TRUST_PROXY: '1' });
  try {
    const streamsBefore = (await shop.shop.deps.events.listStreams()).length;
    const headBefore = await shop.shop.deps.events.headPosition();
    const firstDay = shop.shop.deps.clock().toISOString();
    const settled = new Array<boolean>(300).fill(false);
    const flood = Array.from({ length: 300 }, (_, i) =>
      call(`${shop.url}/api/admin/login`, {
        body: { username: `user${i}@example.com`, password: `guess-${i}` },
        headers: { 'x-forwarded-for': `198.18.${i >> 8}.${i & 255}` },
      }).then((answer) => {
        settled[i] = true;
        return answer;
      }),
    );
    // The owner signs in once the flood has reached the shop: its first failures are in the log.
    await eventually(
      async () => (await shop.shop.deps.events.headPosition()) > headBefore,
      10_000,
      'the flood reaching the shop',
    );
    const owner = await call(`${shop.url}/api/admin/login`, {
      body: testAdmin,
      headers: { 'x-forwarded-for': '203.0.113.77' },
    });
    // Not a time: an order. The owner's password is checked beside the invented names' queue, not behind it, so when
    // the owner is answered some guesses that the queue took are still waiting for theirs.
    const settledAtOwner = [...settled];
    const answers = await Promise.all(flood);
    assert.is(owner.status, 200);
    const queuedStillWaiting = answers.filter((a, i) => a.status === 401 && !settledAtOwner[i]).length;
    assert.ok(queuedStillWaiting > 0, 'the owner was answered only after every queued guess');
    for (const a of answers) assert.ok(a.status === 401 || a.status === 429, `flood answered ${a.status}`);
    const busy = answers.filter((a) => a.status === 429);
    assert.ok(busy.length > 0, 'past the queue, invented names are turned away at once');
    for (const a of busy) assert.ok(Number(a.headers.get('retry-after')) > 0);
    const streams = await shop.shop.deps.events.listStreams();
    // One stream for every invented name of the day, plus the owner's own sign-in stream.
    assert.ok(streams.length <= streamsBefore + 2, `${streams.length - streamsBefore} new streams`);
    // One stream a day: a run that crosses midnight reads both days.
    const days = [...new Set([firstDay, shop.shop.deps.clock().toISOString()].map((at) => unknownSignInStream(at)))];
    const unknown = (await Promise.all(days.map((day) => shop.shop.deps.events.readStream(day)))).flat();
    assert.ok(
      unknown.length > 0 && unknown.length <= defaultLimits.unknownNames.points,
      `${unknown.length} unknown-name events`,
    );
    assert.ok((await shop.shop.deps.events.headPosition()) - headBefore <= defaultLimits.unknownNames.points + 1);
    console.log(
      `owner signed in ahead of ${queuedStillWaiting} queued guesses; ${busy.length} of 300 turned away; ${unknown.length} recorded`,
    );
  } finally {
    await shop.close();
  }
});

test.run();
