import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { pruneStyles } from './radixStylesInUse.ts';

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

test.run();
