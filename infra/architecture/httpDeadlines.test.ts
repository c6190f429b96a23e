// Tests that cannot hang: every HTTP call test code makes goes through fetchWithin (infra/testing/http.ts) or the
// call() helper built on it, so a server that never answers fails the call with its name instead of holding the file
// until the runner's ten-minute limit. A bare fetch( found in test code fails this test with its file and line.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { rejects } from '../testing/assert.ts';
import { fetchWithin } from '../testing/http.ts';
import { testCode } from '../testing/testCode.ts';

const root = process.cwd();
const self = 'infra/architecture/httpDeadlines.test.ts';
const helper = 'infra/testing/http.ts';

/** a call of fetch itself: not a method, a longer name, or the word quoted in a string */
const bareFetch = /(?<![\w.`'"])fetch\(/;

const files = testCode(root, [self, helper]);

test('the test code is read, the shared harness included', () => {
  assert.ok(files.length > 100, `only ${files.length} files of test code read`);
  assert.ok(files.includes('infra/testing/shop.ts'));
});

test('no test code calls fetch without a deadline', () => {
  const bare = files.flatMap((file) =>
    readFileSync(join(root, file), 'utf8')
      .split('\n')
      .flatMap((line, i) => (bareFetch.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : [])),
  );
  assert.equal(bare, [], 'use fetchWithin (infra/testing/http.ts) or call() (infra/testing/shop.ts)');
});

test('the search finds what it is for', () => {
  const lines: Array<[string, boolean]> = [
    ['const res = await fetch(`${shop.url}/`);', true],
    ['(await fetch(url)).status', true],
    ['const res = await fetchWithin(`${shop.url}/`);', false],
    ['globalThis.fetch = stub;', false],
    ['await prefetch(url);', false],
    ["apiLiteral.test(`fetch('/api/books')`)", false],
  ];
  for (const [line, bare] of lines) assert.is(bareFetch.test(line), bare, line);
});

test('a call to a server that never answers fails at its deadline, naming the call', async () => {
  const server = createServer(() => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/hangs`;
  try {
    const error = await rejects(() => fetchWithin(url, { method: 'POST' }, 100));
    assert.is((error as Error).message, `POST ${url}: no answer within 0.1 s`);
  } finally {
    server.closeAllConnections();
    server.close();
  }
});

test.run();
