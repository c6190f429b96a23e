// Build-time Vite plugin: Radix Themes ships the styles of all ~60 of its components in one file, and the app's
// stylesheet blocks the first render of every page. This drops the rules of components the app never imports.
// Which ones it imports is read from the source (every `import { ... } from '@radix-ui/themes'` under web/src),
// following each component's module and the modules it imports for the classes they write (rt-Button,
// rt-BaseButton, ...). Being read from the source, the result is part of the stylesheet's content hash like any
// other edit. Utility classes (rt-r-mt-4, md:rt-r-gap-2, ...) are built at run time from layout props, each named
// by a prop definition in Radix (`mt: { className: 'rt-r-mt', ... }`): a utility is kept when any source file writes
// one of the props that produce it (`mt=` or `mt:`), whatever the value, and dropped when none does.
// Radix's dark colours are dropped too when nothing in the app can ask for the dark appearance.
// Only rules that can never match are dropped, so the same pruning applies safely to every stylesheet.
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import type { Plugin } from 'vite';

const componentClass = /rt-[A-Z][A-Za-z0-9]*/g;
const breakpoints = ['xs', 'sm', 'md', 'lg', 'xl'] as const;

/**
 * The Radix component classes and responsive breakpoints the app can produce; and, when known, the utility class
 * prefixes (rt-r-mt) Radix's props can produce, each with whether the app writes one of those props.
 */
export type InUse = {
  classes: Set<string>;
  breakpoints: Set<string>;
  utilities?: Map<string, boolean>;
  darkAppearance?: boolean;
};

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

/** The classes an element must carry for `selector` to match it: those outside :not(), :has() and lists in :where()/:is(). */
function requiredClasses(selector: string): string[] {
  let required = '';
  for (let i = 0; i < selector.length; i++) {
    const fn = /^:(where|is|not|has|nth-[a-z-]+|host|lang|dir)\(/.exec(selector.slice(i));
    if (!fn) {
      required += selector[i];
      continue;
    }
    let depth = 0;
    let end = i + fn[0].length - 1;
    for (; end < selector.length; end++) {
      if (selector[end] === '(') depth++;
      else if (selector[end] === ')' && --depth === 0) break;
    }
    const inner = selector.slice(i + fn[0].length, end);
    if ((fn[1] === 'where' || fn[1] === 'is') && selectors(inner).length === 1)
      required += ' ' + requiredClasses(inner).join(' ') + ' ';
    // :is(.dark, .dark-theme) and the like: every alternative needs the dark appearance.
    else if (
      (fn[1] === 'where' || fn[1] === 'is') &&
      selectors(inner).every((alternative) => darkClass.test(alternative.trim()))
    )
      required += ' .dark ';
    i = end;
  }
  return required.match(/\.(?:[a-z]{2}\\:)?-?rt-[A-Za-z0-9_-]+|\.dark(?:-theme)?(?![\w-])/g) ?? [];
}

const darkClass = /^\.dark(-theme)?$/;

/** Whether a utility class (rt-r-mt-4, rt-r-min-w) can be produced: its longest known prefix is a prop the app writes. */
function utilityInUse(name: string, utilities: Map<string, boolean>): boolean {
  for (let end = name.length; end > 'rt-r-'.length; end = name.lastIndexOf('-', end - 1)) {
    const written = utilities.get(name.slice(0, end));
    if (written !== undefined) return written;
  }
  return true;
}

/** A selector can match only if every component class it requires is in use, and every breakpoint its classes name. */
function canMatch(selector: string, inUse: InUse): boolean {
  return requiredClasses(selector).every((name) => {
    if (darkClass.test(name)) return inUse.darkAppearance !== false;
    const breakpoint = /^\.([a-z]{2})\\:/.exec(name)?.[1];
    if (breakpoint && !inUse.breakpoints.has(breakpoint)) return false;
    const bare = name.replace(/^\.([a-z]{2}\\:)?-?/, '');
    if (inUse.utilities && bare.startsWith('rt-r-') && !utilityInUse(bare, inUse.utilities)) return false;
    const component = componentClass.exec(bare);
    componentClass.lastIndex = 0;
    return !component || inUse.classes.has(component[0]);
  });
}

export function pruneStyles(css: string, used: InUse): string {
  return pruneRules(withoutComments(css), used);
}

function pruneRules(css: string, used: InUse): string {
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
    if (
      head.startsWith('@media') ||
      head.startsWith('@supports') ||
      head.startsWith('@layer') ||
      head.startsWith('@container')
    ) {
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

/**
 * The component classes written by the Radix Themes components that files under `sourceDir` import, and the
 * breakpoints their responsive props name (`{ initial: '1', md: '3' }`); null when that cannot be told.
 */
export function radixInUse(sourceDir: string): InUse | null {
  // require() resolves to the CommonJS build; the ES module build beside it is what the app bundles.
  const themesIndex = createRequire(import.meta.url).resolve('@radix-ui/themes');
  const componentsDir = resolve(dirname(themesIndex), '../esm/components');
  // Export name -> module file, from the package's own index (`import{Button as c}from"./button.js"`).
  const exportsIndex = readFileSync(join(componentsDir, 'index.js'), 'utf8');
  const fileOf = new Map<string, string>();
  const local = new Map<string, string>();
  for (const [, names, file] of exportsIndex.matchAll(/import\s*\{([^}]*)\}\s*from\s*"(\.\/[^"]+)"/g)) {
    for (const pair of names!.split(',')) {
      const [exported, alias] = pair.trim().split(/\s+as\s+/);
      local.set(alias ?? exported!, file!);
    }
  }
  for (const [, alias, file] of exportsIndex.matchAll(/import\s*\*\s*as\s+(\w+)\s*from\s*"(\.\/[^"]+)"/g))
    local.set(alias!, file!);
  const exportList = /export\s*\{([^}]*)\}/.exec(exportsIndex)?.[1] ?? '';
  for (const pair of exportList.split(',')) {
    const [alias, exported] = pair.trim().split(/\s+as\s+/);
    const file = local.get(alias!);
    if (file && exported) fileOf.set(exported, resolve(componentsDir, file));
  }

  const sources = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory() ? sources(join(dir, entry.name)) : /\.tsx?$/.test(entry.name) ? [join(dir, entry.name)] : [],
    );
  const imported = new Set<string>();
  const namedBreakpoints = new Set<string>();
  for (const file of sources(sourceDir)) {
    const code = readFileSync(file, 'utf8');
    for (const breakpoint of breakpoints)
      if (new RegExp(`\\b${breakpoint}\\s*:`).test(code)) namedBreakpoints.add(breakpoint);
    const all = [...code.matchAll(/(?:import|export)[^;'"]*from\s*['"]@radix-ui\/themes['"]/g)];
    for (const [statement] of all) {
      const names = /^(?:import|export)\s*(?:type\s*)?\{([^}]*)\}/.exec(statement)?.[1];
      // A namespace import or anything else this reading does not understand: keep every component.
      if (names === undefined) return null;
      for (const name of names.split(',')) {
        const exported = name
          .trim()
          .replace(/^type\s+/, '')
          .split(/\s+as\s+/)[0];
        if (exported) imported.add(exported);
      }
    }
  }

  const used = new Set<string>();
  const seen = new Set<string>();
  // What can write a layout prop: the app's code, and the code of the Radix components it uses (not their prop
  // definitions, which name every prop).
  const writers: string[] = sources(sourceDir).map((file) => readFileSync(file, 'utf8'));
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const code = readFileSync(file, 'utf8');
    if (!file.endsWith('.props.js')) writers.push(code);
    for (const name of code.match(componentClass) ?? []) used.add(name);
    for (const [, relative] of code.matchAll(/from\s*"(\.{1,2}\/[^"]+\.js)"/g))
      visit(resolve(dirname(file), relative!));
  };
  for (const name of imported) {
    const file = fileOf.get(name);
    if (file) visit(file);
  }
  // The root Theme is always there, and with it what it renders.
  visit(join(componentsDir, 'theme.js'));

  const everyWriter = writers.join('\n');
  const utilities = new Map<string, boolean>();
  for (const [prefix, props] of utilityPrefixes(dirname(componentsDir))) {
    // `mt="2"`, `mt={...}`, `mt: '2'`, or minified `mt:"2"`: a prop given a value (a bare `m:` in a ternary is not).
    utilities.set(
      prefix,
      [...props].some((prop) => new RegExp(`(?<![\\w$.-])${prop}\\s*[=:]\\s*["'{\`]`).test(everyWriter)),
    );
  }
  // Radix's dark colours apply under a .dark or .dark-theme class, which only an `appearance` prop (or the app's own
  // class names) would set.
  const appSource = writers.slice(0, sources(sourceDir).length).join('\n');
  const darkAppearance = /\bappearance\s*[=:]|['"\s]dark(-theme)?['"\s]/.test(appSource);
  return { classes: used, breakpoints: namedBreakpoints, utilities, darkAppearance };
}

/**
 * The utility class prefixes Radix's prop definitions produce (`mt: { className: 'rt-r-mt', ... }`), each with the props
 * that produce it. A prefix that any definition gives a default value (a component's size) is left out: it is
 * produced whether or not the app writes the prop, so its rules are kept.
 */
function utilityPrefixes(esmDir: string): Map<string, Set<string>> {
  const files = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory() ? files(join(dir, entry.name)) : entry.name.endsWith('.js') ? [join(dir, entry.name)] : [],
    );
  const prefixes = new Map<string, Set<string>>();
  const defaulted = new Set<string>();
  for (const file of files(esmDir)) {
    for (const [, prop, definition, prefix] of readFileSync(file, 'utf8').matchAll(
      /([A-Za-z]+):\{([^{}]*className:"(rt-r-[a-z-]+)"[^{}]*)\}/g,
    )) {
      if (!prefixes.has(prefix!)) prefixes.set(prefix!, new Set());
      prefixes.get(prefix!)!.add(prop!);
      if (/\bdefault:/.test(definition!)) defaulted.add(prefix!);
    }
  }
  for (const prefix of defaulted) prefixes.delete(prefix);
  return prefixes;
}

export function radixStylesInUse(sourceDir: string): Plugin {
  let used: InUse | null = null;
  return {
    name: 'shop-radix-styles-in-use',
    apply: 'build',
    buildStart() {
      used = radixInUse(sourceDir);
    },
    // Runs after Vite has compiled each stylesheet (its @imports inlined) and before it is bundled.
    transform(code, id) {
      if (!used || !/\.css(\?|$)/.test(id) || /[?&](raw|url)\b/.test(id) || !code.includes('.rt-')) return;
      return { code: pruneStyles(code, used), map: null };
    },
  };
}
