import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { crashRound } from './crash.ts';

test('crash: kill -9 during a burst of 32 concurrent command clients loses no acknowledged command and doubles none', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'shop-crash-'));
  try {
    let acknowledged = 0;
    for (const [round, killAfterMs] of [[1, 150], [2, 400], [3, 50], [4, 250], [5, 700]] as const) {
      const result = await crashRound(dataDir, round, killAfterMs);
      acknowledged += result.acknowledged;
      assert.equal(result.lost, [], `round ${round}: acknowledged but not in the log`);
      assert.equal(result.duplicated, [], `round ${round}: in the log more than once`);
      assert.is(result.integrity, 'ok');
      assert.ok(result.logged >= result.acknowledged);
      assert.is(result.lag, 0, `round ${round}: projections did not converge`);
      assert.ok(result.verified, `round ${round}: rebuilt read models differ from the live ones`);
    }
    assert.ok(acknowledged > 0, 'no command was acknowledged before the kills');
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test.run();
