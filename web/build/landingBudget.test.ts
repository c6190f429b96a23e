import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { landingLoad, overBudget } from './landingBudget.ts';

/** A small build: what the page names, what those import statically, and what they only import later. */
function fixture(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'shop-landing-graph-'));
  mkdirSync(join(dir, 'assets'));
  for (const [path, content] of Object.entries(files)) writeFileSync(join(dir, path), content);
  return dir;
}

const page = `<html><head>
<script type="module" crossorigin src="/assets/entry.js"></script>
<link rel="modulepreload" crossorigin href="/assets/app.js">
<meta name="app-modules" content="/assets/landing.js">
<link rel="icon" href="/art/logo.svg"><script src="https://elsewhere.example/x.js"></script>
</head><body><link rel="stylesheet" crossorigin href="/assets/app.css"></body></html>`;

test('follows the page, the preloads, the start-up import and static imports; leaves lazy imports out', () => {
  const dir = fixture({
    'index.html': page,
    'assets/entry.js':
      'const __vite__mapDeps=(i,m=__vite__mapDeps,d=(m.f||(m.f=["assets/boot.js","assets/boot.css"])))=>i.map(i=>d[i]);' +
      'import{a}from"./app.js";await import("./boot.js");',
    'assets/app.js': 'import"./shared.js";export const a=1;const later=()=>import("./admin.js");',
    'assets/boot.js': 'export{b}from"./shared.js";',
    'assets/boot.css': '.b{}',
    'assets/shared.js': 'export const b=2;',
    'assets/landing.js': 'import{c}from"../assets/card.js";',
    'assets/card.js': 'export const c=3;',
    'assets/admin.js': 'import"./huge.js";',
    'assets/huge.js': 'x'.repeat(50_000),
    'assets/app.css': '.a{}',
  });
  try {
    const load = landingLoad(dir);
    assert.equal(
      load.scripts.map((s) => s.path),
      [
        '/assets/app.js',
        '/assets/boot.js',
        '/assets/card.js',
        '/assets/entry.js',
        '/assets/landing.js',
        '/assets/shared.js',
      ],
    );
    assert.equal(
      load.styles.map((s) => s.path),
      ['/assets/app.css', '/assets/boot.css'],
    );
    assert.equal(overBudget(load, { scriptGzip: 10_000, styleGzip: 10_000 }), []);
    const problems = overBudget(load, { scriptGzip: 100, styleGzip: 10_000 });
    assert.is(problems.length, 1);
    assert.match(problems[0]!, /landing JavaScript is .* in 6 files, over its budget of 0\.1 KB/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a file the page names that is not in the build is an error, not a smaller figure', () => {
  const dir = fixture({ 'index.html': page, 'assets/entry.js': '', 'assets/app.js': '', 'assets/app.css': '' });
  try {
    assert.throws(() => landingLoad(dir), /loads \/assets\/landing\.js, which is not in/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test.run();
