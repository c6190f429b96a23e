import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { openTogetherSite } from './startTogether.ts';

test('start together: three processes on one Redis, started at once, one paused, one restarted, stopped in any order, never rebuild the read models nor lose a review; a flush is rebuilt once', async () => {
  const site = await openTogetherSite();
  try {
    for (let n = 1; n <= 2; n++) {
      const round = await site.round({ reviews: 6 });
      assert.ok(round.acknowledged > 0, `round ${n}: no review was acknowledged`);
      assert.is(round.rebuilds, 0, `round ${n}: read models rebuilt`);
      assert.is(round.marked, 0, `round ${n}: a store was dropped and marked anew`);
      assert.is(round.lost, 0, `round ${n}: acknowledged reviews not listed`);
    }
    assert.ok(await site.verified(), 'the read models differ from a rebuild of the log');
    const flushed = await site.flush({ reviews: 6 });
    assert.ok(flushed.recovered, 'the reviews were not all listed again after the flush');
    assert.is(flushed.rebuilds, 1, 'a flushed Redis is rebuilt once, by one process');
    assert.is(flushed.lost, 0);
    assert.ok(await site.verified(), 'the read models differ from a rebuild of the log after the flush');
  } finally {
    await site.close();
  }
});

test.run();
