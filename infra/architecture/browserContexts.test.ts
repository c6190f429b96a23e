// Browser tests open their pages one way: through infra/testing/browser.ts's newContext() or newPage(), which set the
// locale, the time zone, the deadline and reduced motion. A context opened straight from the browser would scroll and
// animate under the test's clicks, the way a phone test failed on a busy machine.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';

const root = process.cwd();
const dir = 'web/e2e';
const files = readdirSync(join(root, dir)).filter((name) => name.endsWith('.ts'));

test('the browser tests are read', () => {
  assert.ok(files.length > 10, `only ${files.length} browser test files found in ${dir}`);
});

test('every browser context is opened by newContext() or newPage()', () => {
  const direct = files.flatMap((name) =>
    readFileSync(join(root, dir, name), 'utf8')
      .split('\n')
      .flatMap((line, i) => (/\.newContext\(/.test(line) ? [`${dir}/${name}:${i + 1}: ${line.trim()}`] : [])),
  );
  assert.equal(direct, [], "open it with newContext(browser, viewport, options) from '../../infra/testing/browser.ts'");
});

test.run();
