// Tests that cannot flake: no test outside the browser tests, the chaos runs and the benches waits on the wall clock.
// A test moves an injected clock (the shop's `clock`, a store's `now`) or waits for a condition (`eventually`); a
// timer that sleeps passes on a quiet machine and fails on a loaded one. The few timers the test code needs are listed
// below, each with why; anything else found here fails this test with its file and line.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { skipped, testCode } from '../testing/testCode.ts';

const root = process.cwd();
const self = 'infra/architecture/noSleeps.test.ts';

/** A timer that waits, a sleep helper's call, a browser wait by duration, or the promise timers a sleep is made with. */
const waitsOnTheClock = /\b(?:setTimeout|sleep|waitForTimeout)\(|['"](?:node:)?timers\/promises['"]/;

/** The allowed ones: a file and the line's code (trimmed), and why it may wait. */
const allowed: Array<{ file: string; code: string; why: string }> = [
  {
    file: 'infra/testing/assert.ts',
    code: 'await new Promise((r) => setTimeout(r, 20));',
    why: 'eventually(): the pause between two looks at a condition; the test waits for the condition, not the time',
  },
  {
    file: 'infra/testing/redis.ts',
    code: 'await new Promise((r) => setTimeout(r, 50));',
    why: 'the harness asks a redis-server it started whether it answers yet, until it does (or ten seconds pass)',
  },
  {
    file: 'infra/testing/recordGolden.ts',
    code: 'await new Promise((r) => setTimeout(r, 500));',
    why: 'a script run by hand to record a golden log, not a test: nothing is asserted on its timing',
  },
];

const files = testCode(root, [self]);
const found = files.flatMap((file) =>
  readFileSync(join(root, file), 'utf8')
    .split('\n')
    .flatMap((line, i) => (waitsOnTheClock.test(line) ? [{ file, line: i + 1, code: line.trim() }] : [])),
);

test('the test code is read: test files in every layer, and the shared harness', () => {
  assert.ok(files.length > 100, `only ${files.length} files of test code read`);
  for (const dir of ['contracts/', 'projections/', 'service/', 'infra/testing/']) {
    assert.ok(
      files.some((file) => file.startsWith(dir)),
      `no test code read in ${dir}`,
    );
  }
  assert.not.ok(files.some((file) => file.endsWith('.e2e.ts') || skipped.some((skip) => file.startsWith(skip))));
});

test('no test waits on the wall clock, save the listed ones', () => {
  const unlisted = found.filter((hit) => !allowed.some((a) => a.file === hit.file && a.code === hit.code));
  assert.equal(
    unlisted.map((hit) => `${hit.file}:${hit.line}: ${hit.code}`),
    [],
    'move an injected clock or wait for a condition (infra/testing/assert.ts: eventually) instead',
  );
});

test('every allowed timer is still there: the list only holds what is needed', () => {
  const stale = allowed.filter((a) => !found.some((hit) => hit.file === a.file && hit.code === a.code));
  assert.equal(
    stale.map((a) => `${a.file}: ${a.code}`),
    [],
    'take it off the list',
  );
});

test('the search finds what it is for', () => {
  const lines: Array<[string, boolean]> = [
    ['await new Promise((r) => setTimeout(r, 1100));', true],
    ['const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));', true],
    ['await sleep(10);', true],
    ['await page.waitForTimeout(1500);', true],
    ["import { setTimeout as delay } from 'node:timers/promises';", true],
    ['nowMs += 1000;', false],
    ["await eventually(() => seen.length === 3, 5000, 'the live events');", false],
    ['clearTimeout(timer);', false],
  ];
  for (const [line, waits] of lines) assert.is(waitsOnTheClock.test(line), waits, line);
});

test.run();
