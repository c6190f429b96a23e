import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { floodThenStop } from './logFlood.ts';

test('a shop flooded with 15,000 requests and sent SIGTERM straight after has written a line for every answer', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'shop-flood-'));
  try {
    const flood = await floodThenStop({
      script: 'infra/main/shop.ts',
      runtime: 'tsx',
      dataDir,
      amount: 15_000,
      connections: 20,
    });
    assert.is(flood.answered, 15_000);
    assert.is(flood.lines, flood.answered, 'one line per answer, none lost at exit');
    assert.is(flood.exitCode, 0);
    // The line written just before the process exits is the one a synchronous exit would lose.
    assert.is(flood.lastMessage, 'stopped');
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test('a timed flood: every answer the clients received has its line; at most the requests left in flight add more', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'shop-flood-'));
  try {
    const flood = await floodThenStop({
      script: 'infra/main/shop.ts',
      runtime: 'tsx',
      dataDir,
      seconds: 2,
      connections: 20,
    });
    assert.ok(flood.answered > 500, `the flood was served: ${flood.answered} answers`);
    assert.ok(
      flood.lines >= flood.answered && flood.lines <= flood.answered + flood.connections,
      `${flood.lines} lines for ${flood.answered} answers`,
    );
    assert.is(flood.lastMessage, 'stopped');
    assert.is(flood.exitCode, 0);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test.run();
