// Build-time Vite plugin: Radix Themes ships the styles of all ~60 of its components in one file, and the app's
// stylesheet blocks the first render of every page. This drops the rules of components no page uses: a
// component's class (rt-Button, rt-SelectTrigger, ...) is written literally in its script, so a class that
// appears in none of the built chunks belongs to a component that was never imported.
// Utility classes (rt-r-*) are built at run time from props, so they are all kept.
import { createHash } from 'node:crypto';
import type { Plugin, Rollup } from 'vite';

const componentClass = /rt-[A-Z][A-Za-z0-9]*/g;

/** Drops comments, leaving strings (which may hold comment-like text) alone. */
function withoutComments(css: string): string {
  let out = '';
  for (let i = 0; i < css.length; i++) {
    const c = css[i]!;
    if (c === '"' || c === "'") {
      const close = css.indexOf(c, i + 1);
      const end = close === -1 ? css.length : close + 1;
      out += css.slice(i, end);
      i = end - 1;
    } else if (c === '/' && css[i + 1] === '*') {
      const close = css.indexOf('*/', i + 2);
      i = close === -1 ? css.length : close + 1;
    } else out += c;
  }
  return out;
}

/** The index of the first of `wanted` at or after `from` that is not inside a string, or -1. */
function nextOutsideStrings(css: string, from: number, wanted: string): number {
  for (let i = from; i < css.length; i++) {
    const c = css[i]!;
    if (c === '"' || c === "'") {
      i = css.indexOf(c, i + 1);
      if (i === -1) return -1;
    } else if (wanted.includes(c)) return i;
  }
  return -1;
}

/** The index just past the block that opens at `open` (a "{"). */
function blockEnd(css: string, open: number): number {
  let depth = 0;
  for (let i = open; i !== -1 && i < css.length; i = nextOutsideStrings(css, i + 1, '{}')) {
    if (css[i] === '{') depth++;
    else if (--depth === 0) return i + 1;
  }
  return css.length;
}

/** Splits a selector list on the commas that are not inside parentheses. */
function selectors(list: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < list.length; i++) {
    if (list[i] === '(') depth++;
    else if (list[i] === ')') depth--;
    else if (list[i] === ',' && depth === 0) {
      out.push(list.slice(start, i));
      start = i + 1;
    }
  }
  out.push(list.slice(start));
  return out;
}

/** A selector can match only if every component class it requires is in use; classes inside :not(), :where(), ... are not required. */
function canMatch(selector: string, used: Set<string>): boolean {
  let required = selector;
  while (/\([^()]*\)/.test(required)) required = required.replace(/\([^()]*\)/g, '');
  return (required.match(componentClass) ?? []).every((name) => used.has(name));
}

export function pruneStyles(css: string, used: Set<string>): string {
  return pruneRules(withoutComments(css), used);
}

function pruneRules(css: string, used: Set<string>): string {
  let out = '';
  let i = 0;
  while (i < css.length) {
    const open = nextOutsideStrings(css, i, '{');
    const semicolon = nextOutsideStrings(css, i, ';');
    if (open === -1) return out + css.slice(i);
    // A statement at-rule such as @import or @charset.
    if (semicolon !== -1 && semicolon < open && css.slice(i, semicolon).trimStart().startsWith('@')) {
      out += css.slice(i, semicolon + 1);
      i = semicolon + 1;
      continue;
    }
    const prelude = css.slice(i, open);
    const end = blockEnd(css, open);
    const body = css.slice(open + 1, end - 1);
    const head = prelude.trim();
    if (head.startsWith('@media') || head.startsWith('@supports') || head.startsWith('@layer') || head.startsWith('@container')) {
      const inner = pruneRules(body, used);
      if (inner.trim()) out += `${prelude}{${inner}}`;
    } else if (head.startsWith('@')) {
      out += css.slice(i, end);
    } else {
      const kept = selectors(prelude).filter((selector) => canMatch(selector, used));
      if (kept.length) out += `${kept.join(',')}{${body}}`;
    }
    i = end;
  }
  return out;
}

export function radixStylesInUse(): Plugin {
  return {
    name: 'shop-radix-styles-in-use',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const used = new Set<string>();
      for (const item of Object.values(bundle)) {
        if (item.type === 'chunk') for (const name of item.code.match(componentClass) ?? []) used.add(name);
      }
      const html = Object.values(bundle).find((item): item is Rollup.OutputAsset => item.type === 'asset' && item.fileName === 'index.html');
      if (!html) return;
      // Only the stylesheet the page links itself is pruned: it is named in index.html alone, so it can be renamed
      // for its new content without touching any script. (Stylesheets the scripts load, even when index.html
      // preloads them, keep their names.)
      const linked = new Set(
        [...String(html.source).matchAll(/<link\b[^>]*\brel="stylesheet"[^>]*>/g)].map((tag) => /\bhref="\/([^"]+)"/.exec(tag[0])?.[1]),
      );
      for (const item of Object.values(bundle)) {
        if (item.type !== 'asset' || !item.fileName.endsWith('.css') || !linked.has(item.fileName)) continue;
        const pruned = pruneStyles(String(item.source), used);
        const hash = createHash('sha256').update(pruned).digest('base64url').slice(0, 8);
        const fileName = item.fileName.replace(/-[A-Za-z0-9_-]{8}\.css$/, `-${hash}.css`);
        html.source = String(html.source).replaceAll(`/${item.fileName}`, `/${fileName}`);
        delete bundle[item.fileName];
        this.emitFile({ type: 'asset', fileName, source: pruned });
      }
    },
  };
}
