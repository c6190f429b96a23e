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
  /**
   * For a utility prefix, the values its props are written with (`mt="4"` and `mt: '-2'` give "4" and "-2"), or 'any'
   * when one is written with a value read at run time (`mt={space}`). A prefix not here keeps every value.
   */
  utilityValues?: Map<string, Set<string> | 'any'>;
  darkAppearance?: boolean;
  /**
   * The component classes written only by `lateComponents` (none of the others writes them), and those components'
   * module files: their rules go to lateStyles.css instead of styles.css.
   */
  late?: { classes: Set<string>; files: Set<string> };
};

/**
 * The Radix Themes components the shopper's first page never draws: only other screens (the owner's, the checkout's)
 * and dialogs do. Their rules are left out of the shop's first stylesheet (styles.css) and kept in lateStyles.css,
 * which those screens and dialogs load first (decision 129). The build fails if the landing page's code comes to
 * import one of them (see `radixStylesInUse`), so a new use there cannot go unstyled.
 */
export const lateComponents: ReadonlySet<string> = new Set([
  'AlertDialog',
  'Checkbox',
  'Code',
  'DataList',
  'Dialog',
  'RadioCards',
  'RadioGroup',
  'SegmentedControl',
  'Select',
  'Table',
]);

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

/**
 * Whether a utility class (rt-r-mt-4, -rt-r-mt-2, rt-r-min-w) can be produced: its longest known prefix is a prop the
 * app writes, and, when the values written are known, with this class's value (the prefix alone is the class of a
 * value outside Radix's scale, given as a CSS variable: kept whenever the prop is written).
 */
function utilityInUse(name: string, negative: boolean, used: InUse): boolean {
  const utilities = used.utilities!;
  for (let end = name.length; end > 'rt-r-'.length; end = name.lastIndexOf('-', end - 1)) {
    const prefix = name.slice(0, end);
    const written = utilities.get(prefix);
    if (written === undefined) continue;
    if (!written || end === name.length) return written;
    const values = used.utilityValues?.get(prefix);
    if (values === undefined || values === 'any') return true;
    return values.has((negative ? '-' : '') + name.slice(end + 1).replace(/\\/g, ''));
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
    const negative = /^\.([a-z]{2}\\:)?-/.test(name);
    if (inUse.utilities && bare.startsWith('rt-r-') && !utilityInUse(bare, negative, inUse)) return false;
    const component = componentClass.exec(bare);
    componentClass.lastIndex = 0;
    return !component || inUse.classes.has(component[0]);
  });
}

/**
 * Which of a stylesheet's Radix rules to keep: every one that can match ('all'); none that needs a late component's
 * class ('first', styles.css); or only those that do ('late', lateStyles.css).
 */
export type Part = 'all' | 'first' | 'late';

export function pruneStyles(css: string, used: InUse, part: Part = 'all'): string {
  return pruneRules(withoutComments(css), used, part);
}

/** Whether a selector that can match belongs to `part` of the styles. */
function inPart(selector: string, used: InUse, part: Part): boolean {
  if (part === 'all' || !used.late) return part !== 'late';
  const late = requiredClasses(selector).some((name) =>
    used.late!.classes.has(name.replace(/^\.([a-z]{2}\\:)?-?/, '')),
  );
  return part === 'late' ? late : !late;
}

function pruneRules(css: string, used: InUse, part: Part): string {
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
      const inner = pruneRules(body, used, part);
      if (inner.trim()) out += `${prelude}{${inner}}`;
    } else if (head.startsWith('@')) {
      if (part !== 'late') out += css.slice(i, end);
    } else {
      const kept = selectors(prelude).filter((selector) => canMatch(selector, used) && inPart(selector, used, part));
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
    // Statements only: a line that begins with import or export (a comment that says "export ... from" is not one).
    const all = [...code.matchAll(/^[ \t]*(?:import|export)\b[^;'"]*from\s*['"]@radix-ui\/themes['"]/gm)];
    for (const [statement] of all) {
      const names = /^(?:import|export)\s*(?:type\s*)?\{([^}]*)\}/.exec(statement.trim())?.[1];
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
    if (file && !lateComponents.has(name)) visit(file);
  }
  // The root Theme is always there, and with it what it renders.
  visit(join(componentsDir, 'theme.js'));
  // The late components, after the others: a class one of those writes too stays in the first stylesheet.
  const early = new Set(used);
  const lateFiles = new Set<string>();
  for (const name of imported) {
    const file = fileOf.get(name);
    if (!file || !lateComponents.has(name)) continue;
    lateFiles.add(file);
    visit(file);
  }
  const lateClasses = new Set([...used].filter((name) => !early.has(name)));

  const everyWriter = writers.join('\n');
  const appSourceCount = sources(sourceDir).length;
  const appSource = writers.slice(0, appSourceCount).join('\n');
  const radixSource = writers.slice(appSourceCount).join('\n');
  const utilities = new Map<string, boolean>();
  const utilityValues = new Map<string, Set<string> | 'any'>();
  for (const [prefix, props] of utilityPrefixes(dirname(componentsDir))) {
    // `mt="2"`, `mt={...}`, `mt: '2'`, or minified `mt:"2"`: a prop given a value (a bare `m:` in a ternary is not).
    utilities.set(
      prefix,
      [...props].some((prop) => new RegExp(`(?<![\\w$.-])${prop}\\s*[=:]\\s*["'{\`]`).test(everyWriter)),
    );
    const fromApp = valuesWritten([...props], appSource);
    const fromRadix = valuesWritten([...props], radixSource, true);
    utilityValues.set(
      prefix,
      fromApp === 'any'
        ? 'any'
        : new Set(
            [...fromApp, ...(fromRadix as Set<string>)].flatMap((value) => [value, ...(valueForms[value] ?? [])]),
          ),
    );
  }
  // Radix's dark colours apply under a .dark or .dark-theme class, which only an `appearance` prop (or the app's own
  // class names) would set.
  const darkAppearance = /\bappearance\s*[=:]|['"\s]dark(-theme)?['"\s]/.test(appSource);
  return {
    classes: used,
    breakpoints: namedBreakpoints,
    utilities,
    utilityValues,
    darkAppearance,
    late: { classes: lateClasses, files: lateFiles },
  };
}

/**
 * What Radix's props make of some values before naming the class (their `parseValue`: `justify="between"` gives
 * rt-r-jc-space-between, `align="start"` on a table cell rt-r-va-top, `display` "initial" rt-r-display-flex or -block);
 * each value written keeps every class it can become under any of them.
 */
const valueForms: Record<string, string[]> = {
  between: ['space-between'],
  initial: ['flex', 'block'],
  start: ['left', 'top'],
  center: ['middle'],
  end: ['right', 'bottom'],
  left: ['start'],
  right: ['end'],
};

/** A quoted string: its quote, then its text. */
const quotedString = /(["'])((?:(?!\1)[^\\\n])*)\1/g;

/**
 * The values an expression can give, when it is made of quoted values alone: a value, a responsive object
 * (`{ initial: '2', md: '4' }`), or a condition choosing between such (`open ? '3' : '0'`); null when it can give
 * something read at run time.
 */
function literalValues(expression: string): string[] | null {
  // A condition's test decides nothing about the values: only its branches do.
  const question = expression.indexOf('?');
  const branches = question === -1 ? expression : expression.slice(question + 1);
  const literals = [...branches.matchAll(quotedString)].map((m) => m[2]!);
  const left = branches
    .replace(quotedString, '')
    .replace(/\b(initial|xs|sm|md|lg|xl)\s*:/g, '')
    .replace(/[\s{}:,()?]/g, '');
  return left ? null : literals;
}

/** The expression that starts `text`, up to the comma, semicolon, line end or closing bracket that ends it. */
function leadingExpression(text: string): string {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '"' || c === "'" || c === '`') {
      const close = text.indexOf(c, i + 1);
      if (close === -1) return text;
      i = close;
    } else if (c === '{' || c === '(' || c === '[') depth++;
    else if (c === '}' || c === ')' || c === ']') {
      if (depth === 0) return text.slice(0, i);
      depth--;
      if (depth === 0 && text[0] === '{' && c === '}') return text.slice(0, i + 1);
    } else if (depth === 0 && (c === ',' || c === ';' || c === '\n')) return text.slice(0, i);
  }
  return text;
}

/**
 * The values `props` are written with anywhere in `code`: as a JSX attribute (`gap="3"`, `gap={open ? '2' : '4'}`,
 * `gap={{ initial: '2', md: '4' }}`) or an object's key (`gap: '3'`); 'any' as soon as one is given something read at
 * run time (`gap={space}`, a template), whose value cannot be told. A key followed by a type (`width: number`,
 * `p: IconProps`) and a variable assigned (`weight = ...`) are not props written. In code that `forwards` (Radix's own
 * components, which pass on the props they are given: `{align:t,...o}`) only quoted values count.
 */
export function valuesWritten(props: string[], code: string, forwards = false): Set<string> | 'any' {
  const values = new Set<string>();
  for (const prop of props) {
    for (const found of code.matchAll(new RegExp(`(?<![\\w$.-])${prop}\\s*([=:])\\s*`, 'g'))) {
      const rest = code.slice(found.index + found[0].length);
      const attribute = found[1] === '=';
      if (attribute && !/^["'{]/.test(rest)) continue;
      if (
        !attribute &&
        /^(?:[A-Z][\w$.]*|string|number|boolean|unknown|any|undefined|null)\b\s*(?:[|&;,)}\n=]|$)/.test(rest)
      )
        continue;
      const quoted = /^(["'])((?:(?!\1)[^\\\n])*)\1/.exec(rest);
      if (quoted) {
        values.add(quoted[2]!);
        continue;
      }
      const expression = leadingExpression(rest);
      const given = literalValues(attribute ? expression.slice(1, -1) : expression);
      if (given === null) {
        if (forwards) continue;
        return 'any';
      }
      for (const value of given) values.add(value);
    }
  }
  return values;
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

/** The split route chunk the router loads for the landing page, and its sections', fetched once it is drawn. */
const landingRoute = /\/routes\/index\.tsx\?tsr-split=component|[\\/]shell[\\/]LandingSections\.tsx$/;

export function radixStylesInUse(sourceDir: string): Plugin {
  let used: InUse | null = null;
  const firstSheet = join(sourceDir, 'styles.css');
  const lateSheet = join(sourceDir, 'lateStyles.css');
  return {
    name: 'shop-radix-styles-in-use',
    apply: 'build',
    buildStart() {
      used = radixInUse(sourceDir);
    },
    // Runs after Vite has compiled each stylesheet (its @imports inlined) and before it is bundled.
    transform(code, id) {
      if (!used || !/\.css(\?|$)/.test(id) || /[?&](raw|url)\b/.test(id) || !code.includes('.rt-')) return;
      const file = id.split('?')[0]!;
      const part: Part = file === firstSheet ? 'first' : file === lateSheet ? 'late' : 'all';
      return { code: pruneStyles(code, used, part), map: null };
    },
    // The landing page must not draw a late component: its rules are not in the page's stylesheets.
    generateBundle(_options, bundle) {
      const lateFiles = used?.late?.files;
      if (!lateFiles?.size) return;
      const chunks = new Map(
        Object.values(bundle).flatMap((chunk) => (chunk.type === 'chunk' ? [[chunk.fileName, chunk] as const] : [])),
      );
      const start = [...chunks.values()].filter(
        (chunk) => chunk.isEntry || (chunk.facadeModuleId && landingRoute.test(chunk.facadeModuleId)),
      );
      const queue = start.flatMap((chunk) => [chunk.fileName, ...(chunk.isEntry ? chunk.dynamicImports : [])]);
      const seen = new Set<string>();
      while (queue.length) {
        const chunk = chunks.get(queue.shift()!);
        if (!chunk || seen.has(chunk.fileName)) continue;
        seen.add(chunk.fileName);
        queue.push(...chunk.imports);
        for (const id of chunk.moduleIds)
          if (lateFiles.has(id))
            this.error(
              `${chunk.fileName}, which the landing page loads, holds ${id}: a component the build keeps out of the ` +
                `first stylesheet (lateComponents in web/build/radixStylesInUse.ts). Load it lazily, or take it off the list.`,
            );
      }
    },
  };
}
