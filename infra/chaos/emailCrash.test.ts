import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { openEmailCrashSite } from './emailCrash.ts';

test('e-mail crash: kill -9 between orders being placed and their e-mails being sent; after restart each is sent exactly once', async () => {
  const site = await openEmailCrashSite();
  try {
    await site.restart();
    let owed = 0;
    for (const [round, mode, killAfterMs] of [
      [1, 'outbox-down', 500],
      [2, 'burst', 300],
    ] as const) {
      const result = await site.round(round, { mode, killAfterMs, clients: 6 });
      owed += result.owedAtKill;
      assert.ok(result.placed > 0, `round ${round}: no order was placed`);
      assert.equal(result.missing, [], `round ${round}: e-mails never sent`);
      assert.equal(result.twice, [], `round ${round}: e-mails sent twice`);
      assert.is(result.rewritten, 0, `round ${round}: e-mails of earlier rounds written again`);
      if (mode === 'outbox-down')
        assert.is(result.owedAtKill, result.placed, 'every order of the round still owed its e-mails at the kill');
    }
    assert.ok(owed > 0, 'no kill landed between an order and its e-mails');
  } finally {
    await site.close();
  }
});

test.run();
