import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { openLossSite, type Loss } from './readStoreLoss.ts';

test('read store loss: Redis flushed, then restarted empty, mid-traffic; the running service rebuilds and serves every review', async () => {
  const site = await openLossSite();
  try {
    for (const loss of ['flush', 'restart'] as Loss[]) {
      const round = await site.round(loss);
      assert.ok(round.acknowledged > 0, `${loss}: no submission was acknowledged`);
      assert.ok(round.recoveredMs !== null, `${loss}: the owner's list never showed every acknowledged review again`);
      assert.ok(round.verified, `${loss}: the read models differ from a rebuild of the log`);
      assert.ok(round.logUntouched, `${loss}: events already in the log changed`);
      assert.ok(round.sameProcess, `${loss}: the service had to be restarted`);
    }
  } finally {
    await site.close();
  }
});

test.run();
