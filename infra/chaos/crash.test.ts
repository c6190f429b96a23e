import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { openCrashSite } from './crash.ts';

test('crash: kill -9 of the service mid-burst of 32 concurrent review submissions loses and doubles nothing', async () => {
  const site = await openCrashSite();
  try {
    let acknowledged = 0;
    let cutOff = 0;
    assert.ok((await site.restart()).verified);
    for (const [round, killAfterMs] of [
      [1, 300],
      [2, 1000],
    ] as const) {
      const crash = await site.crash(round, killAfterMs);
      acknowledged += crash.acknowledged;
      cutOff += crash.cutOff;
      assert.equal(crash.lost, [], `round ${round}: acknowledged but not in the log`);
      assert.equal(crash.duplicated, [], `round ${round}: in the log more than once`);
      assert.is(crash.integrity, 'ok');
      const restart = await site.restart();
      assert.is(restart.lag, 0, `round ${round}: the read models did not catch up`);
      assert.ok(restart.verified, `round ${round}: the read models in Redis differ from a rebuild of the log`);
      assert.is(restart.missingFromOwnersList, 0, `round ${round}: acknowledged reviews missing from the owner's list`);
    }
    assert.ok(acknowledged > 0, 'no submission was acknowledged before the kills');
    assert.ok(cutOff > 0, 'no kill landed while submissions were in flight');
  } finally {
    await site.close();
  }
});

test.run();
