import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { lateComponents, pruneStyles, radixInUse, valuesWritten } from './radixStylesInUse.ts';

const used = { classes: new Set(['rt-Button', 'rt-BaseButton']), breakpoints: new Set(['sm', 'md']) };

test('rules of components no script names are dropped; the rest stay as written', () => {
  const css = '.rt-Button{color:red}.rt-Slider{color:blue}.rt-r-size-2{gap:1px}:root{--x:1}';
  assert.is(pruneStyles(css, used), '.rt-Button{color:red}.rt-r-size-2{gap:1px}:root{--x:1}');
});

test('a selector list keeps the selectors that can still match', () => {
  assert.is(
    pruneStyles('.rt-Slider,.rt-Button:where(.rt-variant-solid){x:1}', used),
    '.rt-Button:where(.rt-variant-solid){x:1}',
  );
});

test('classes inside :not() and in lists inside :where() are not required; a single :where() argument is', () => {
  const css = '.rt-BaseButton:not(.rt-IconButton){a:1}:where(.rt-Slider,.rt-Button) .x{b:2}:where(.rt-Slider) .y{c:3}';
  assert.is(pruneStyles(css, used), '.rt-BaseButton:not(.rt-IconButton){a:1}:where(.rt-Slider,.rt-Button) .x{b:2}');
});

test('responsive classes of breakpoints no prop names are dropped', () => {
  const css =
    '@media (min-width:768px){.rt-Button:where(.sm\\:rt-r-size-2){a:1}.sm\\:rt-r-mt-2{b:2}}' +
    '@media (min-width:1280px){.rt-Button:where(.lg\\:rt-r-size-2){a:1}.lg\\:rt-r-mt-2{b:2}}';
  assert.is(
    pruneStyles(css, used),
    '@media (min-width:768px){.rt-Button:where(.sm\\:rt-r-size-2){a:1}.sm\\:rt-r-mt-2{b:2}}',
  );
});

test('media and supports blocks are pruned inside, and dropped when emptied; keyframes and font faces stay', () => {
  const css =
    '@media (min-width:520px){.rt-Slider{a:1}.rt-Button{b:2}}@supports (x:y){@media (p){.rt-Slider{c:3}}}' +
    '@keyframes rt-spin{from{transform:none}to{transform:rotate(1turn)}}@font-face{font-family:"x{y}";src:url(a.woff)}';
  assert.is(
    pruneStyles(css, used),
    '@media (min-width:520px){.rt-Button{b:2}}@keyframes rt-spin{from{transform:none}to{transform:rotate(1turn)}}@font-face{font-family:"x{y}";src:url(a.woff)}',
  );
});

test('strings and comments with braces do not confuse the walk', () => {
  const css = '.rt-Button:after{content:"}"}/* { */.rt-Slider{content:\'{\'}';
  assert.is(pruneStyles(css, used), '.rt-Button:after{content:"}"}');
});

test('utilities of layout props the app never writes are dropped, whatever the breakpoint or sign', () => {
  const withUtilities = {
    ...used,
    utilities: new Map([
      ['rt-r-mt', true],
      ['rt-r-pl', false],
      ['rt-r-min-w', false],
      ['rt-r-w', true],
    ]),
  };
  const css =
    '.rt-r-mt-2{a:1}.rt-r-pl-2{b:2}@media (min-width:768px){.sm\\:rt-r-pl-3{c:3}.sm\\:rt-r-mt-3{d:4}}.-rt-r-pl-1{e:5}.rt-r-min-w{f:6}.rt-r-w{g:7}.rt-r-unknown-1{h:8}';
  assert.is(
    pruneStyles(css, withUtilities),
    '.rt-r-mt-2{a:1}@media (min-width:768px){.sm\\:rt-r-mt-3{d:4}}.rt-r-w{g:7}.rt-r-unknown-1{h:8}',
  );
});

test('dark-appearance rules are dropped when nothing asks for the dark appearance, and kept when something may', () => {
  const css =
    ':root,.light{--a:1}.dark,.dark-theme{--a:2}:is(.dark,.dark-theme) :where(.radix-themes:not(.light,.light-theme)){--b:2}.darkness{c:3}';
  assert.is(pruneStyles(css, { ...used, darkAppearance: false }), ':root,.light{--a:1}.darkness{c:3}');
  assert.is(pruneStyles(css, { ...used, darkAppearance: true }), css);
});

test('utilities keep only the values the props are written with, when every value can be told', () => {
  const withValues = {
    ...used,
    utilities: new Map([
      ['rt-r-mt', true],
      ['rt-r-gap', true],
    ]),
    utilityValues: new Map<string, Set<string> | 'any'>([
      ['rt-r-mt', new Set(['4', '-2'])],
      ['rt-r-gap', 'any'],
    ]),
  };
  const css =
    '.rt-r-mt,.rt-r-mt-2,.rt-r-mt-4,.-rt-r-mt-2,.-rt-r-mt-4{a:1}.rt-r-mt-2{b:2}@media (min-width:768px){.sm\\:rt-r-mt-4{c:3}.sm\\:rt-r-mt-3{d:4}}.rt-r-gap-9{e:5}';
  assert.is(
    pruneStyles(css, withValues),
    '.rt-r-mt,.rt-r-mt-4,.-rt-r-mt-2{a:1}@media (min-width:768px){.sm\\:rt-r-mt-4{c:3}}.rt-r-gap-9{e:5}',
  );
});

test('the values written are read from attributes, responsive objects, conditions and keys; anything else is any', () => {
  const values = (code: string) => {
    const found = valuesWritten(['mt'], code);
    return found === 'any' ? found : [...found].sort();
  };
  assert.equal(values(`<Box mt="4" /><Flex mt={{ initial: '2', md: '6' }} /><Text mt={open ? '3' : '0'} />`), [
    '0',
    '2',
    '3',
    '4',
    '6',
  ]);
  assert.equal(values(`const props = { mt: '5', p: x };`), ['5']);
  assert.equal(values(`type P = { mt: string }; let mt = compute();`), []);
  assert.is(values(`<Box mt={space} />`), 'any');
  assert.is(values('<Box mt={`${n}`} />'), 'any');
  assert.is(values(`const style = { mt: size };`), 'any');
  assert.equal([...(valuesWritten(['mt'], '({mt:t,...o})=>x({mt:"2"})', true) as Set<string>)], ['2']);
});

test("a comment that says 'export ... from' does not hide the imports that follow it", () => {
  const dir = mkdtempSync(join(tmpdir(), 'shop-radix-'));
  try {
    writeFileSync(
      join(dir, 'a.tsx'),
      "// The export with its check, and a verify of the read models.\nimport { Button } from '@radix-ui/themes';\n",
    );
    const found = radixInUse(dir);
    assert.ok(found, 'the imports are read');
    assert.ok(found.classes.has('rt-Button'));
    assert.ok(!found.classes.has('rt-Slider'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('the first stylesheet leaves out the rules of late components, the late one keeps only those', () => {
  const split = {
    ...used,
    classes: new Set(['rt-Button', 'rt-BaseButton', 'rt-SelectTrigger', 'rt-ScrollAreaRoot']),
    late: { classes: new Set(['rt-SelectTrigger', 'rt-ScrollAreaRoot']), files: new Set<string>() },
  };
  const css =
    ':root{--x:1}.rt-Button{a:1}.rt-SelectTrigger{b:2}.rt-Button,.rt-ScrollAreaRoot{c:3}' +
    '@media (min-width:768px){.rt-SelectTrigger:where(.md\\:rt-r-size-2){d:4}.md\\:rt-r-mt-2{e:5}}' +
    '@keyframes rt-spin{to{transform:rotate(1turn)}}';
  assert.is(
    pruneStyles(css, split, 'first'),
    ':root{--x:1}.rt-Button{a:1}.rt-Button{c:3}@media (min-width:768px){.md\\:rt-r-mt-2{e:5}}' +
      '@keyframes rt-spin{to{transform:rotate(1turn)}}',
  );
  assert.is(
    pruneStyles(css, split, 'late'),
    '.rt-SelectTrigger{b:2}.rt-ScrollAreaRoot{c:3}@media (min-width:768px){.rt-SelectTrigger:where(.md\\:rt-r-size-2){d:4}}',
  );
  assert.is(pruneStyles(css, split), pruneStyles(css, split, 'all'));
});

test('the classes only late components write are told apart from those the others write too', () => {
  const dir = mkdtempSync(join(tmpdir(), 'shop-radix-'));
  try {
    writeFileSync(join(dir, 'a.tsx'), "import { Button, Dialog } from '@radix-ui/themes';\n");
    const found = radixInUse(dir);
    assert.ok(found?.late, 'the late components are read');
    assert.ok(found.late.classes.has('rt-DialogContent'));
    assert.ok(!found.late.classes.has('rt-BaseButton'), 'a class the button writes stays in the first stylesheet');
    assert.ok(found.classes.has('rt-DialogContent') && found.classes.has('rt-Button'));
    assert.ok([...found.late.files].some((file) => file.endsWith('dialog.js')));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("the shop's own rules in styles.css name no late component: the build would drop them from the first stylesheet", () => {
  const own = readFileSync(new URL('../src/styles.css', import.meta.url), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');
  const late = [...lateComponents].filter((name) =>
    new RegExp(`\\.rt-${name}(?![A-Za-z])|\\.rt-${name}[A-Z]`).test(own),
  );
  assert.equal(late, [], 'such rules belong in lateStyles.css');
});

test.run();
