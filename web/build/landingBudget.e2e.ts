// The size check on the real build (run after `npm run build:web`; `npm test` builds first): the landing page's
// JavaScript and CSS, counted from the files it loads, are within the enforced ceiling; and the same check fails once
// a 10 KB module is imported by the landing page's code.
import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { describeLoad, gzipTotal, landingCeiling, landingLoad, overBudget } from './landingBudget.ts';

const dist = 'web/dist';

test('the built landing page is within its budget', () => {
  const load = landingLoad(dist);
  console.log(describeLoad(load).join('\n'));
  assert.ok(
    load.scripts.some((s) => /\/app-[^/]+\.js$/.test(s.path)),
    'the app chunk is counted',
  );
  assert.ok(
    load.scripts.some((s) => /\/landing-[^/]+\.js$/.test(s.path)),
    "the landing page's own chunk is counted",
  );
  assert.ok(!load.scripts.some((s) => /\/(AdminPage|OrdersConsole|Receipt|CustomCheckout)-/.test(s.path)));
  // The sections below the hero are fetched once the first screen is drawn (decision 133).
  assert.ok(!load.scripts.some((s) => /\/landingSections-/.test(s.path)), 'the sections come after the first screen');
  // The rules of the components the landing page does not draw wait for another screen or a dialog (decision 129).
  assert.ok(!load.styles.some((s) => /\/lateStyles-/.test(s.path)), 'the late stylesheet is not loaded');
  assert.equal(overBudget(load, landingCeiling), []);
});

test('a 10 KB module imported by the landing page fails the check', () => {
  const copy = mkdtempSync(join(tmpdir(), 'shop-landing-budget-'));
  try {
    cpSync(dist, copy, { recursive: true });
    const assets = join(copy, 'assets');
    const landingChunk = readdirSync(assets).find((name) => /^landing-[^.]+\.js$/.test(name));
    assert.ok(landingChunk, 'the build has a landing chunk');
    // 10 KB of bytes no compressor can shrink, as a module of its own that the landing page's chunk imports.
    const ballast = `export const ballast = ${JSON.stringify(randomBytes(10_600).toString('base64'))};\n`;
    writeFileSync(join(assets, 'ballast.js'), ballast);
    assert.ok(gzipSync(ballast, { level: 9 }).length >= 10 * 1024, 'the module weighs 10 KB gzipped');
    const file = join(assets, landingChunk);
    const code = `import "./ballast.js";${readFileSync(file, 'utf8')}`;
    writeFileSync(file, code);
    writeFileSync(`${file}.gz`, gzipSync(code, { level: 9 }));

    const before = landingLoad(dist);
    const after = landingLoad(copy);
    assert.ok(
      after.scripts.some((s) => s.path === '/assets/ballast.js'),
      'the import is followed',
    );
    assert.ok(gzipTotal(after.scripts) - gzipTotal(before.scripts) >= 10 * 1024);
    const problems = overBudget(after, landingCeiling);
    assert.is(problems.length, 1);
    assert.match(problems[0]!, /^landing JavaScript is .* over its budget/);
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
});

test.run();
