// The shop's import graph, read from its sources, and the rules its folders keep: dependencies point one way
// (contracts ← projections ← service; infra only behind ports; the web on contracts alone), a capability reaches
// another only through contracts, and the entry points (infra/main/) and the composition root (infra/composition/) sit
// on top, where no layer imports them.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize, relative, sep } from 'node:path';

/** The capabilities: each has the same name in contracts/, service/, projections/ and web/src/features/. */
export const capabilities = [
  'admin',
  'audit',
  'catalog',
  'checkout',
  'ledger',
  'orders',
  'privacy',
  'reviews',
  'sales',
  'stock',
  'vat',
  'receipts',
  'discounts',
  'messages',
  'preorders',
] as const;

/** The folders of each layer that are no capability: what every capability shares. Any other folder is a capability. */
export const sharedParts: Record<'contracts' | 'projections' | 'service', readonly string[]> = {
  contracts: ['shared', 'ports', 'content'],
  projections: ['engine'],
  service: ['http', 'mail', 'documents'],
};

/** The processes' entry points: each puts the shop together through infra/composition and starts it. */
export const entryPoints = 'infra/main/';

/**
 * The shop's process has always started at service/main.ts (deployments, scripts, the golden-log verifier run that
 * path); it is one import of the entry point and nothing else, and nothing imports it.
 */
export const launcher = { file: 'service/main.ts', starts: 'infra/main/shop.ts' };
/** Where the shop is put together from its parts: adapters chosen by the configuration. */
export const compositionRoot = 'infra/composition/';

export type Import = { from: string; to: string };

const sourceFile = /\.(ts|tsx|mts)$/;
/** A relative specifier, or one through the `#contracts/` alias (package.json "imports"). */
const specifiers =
  /(?:^|[\s;])(?:import|export)\s[^'"]*?from\s*['"]((?:\.{1,2}|#contracts)\/[^'"]+)['"]|(?:^|[\s;(])import\s*\(?\s*['"]((?:\.{1,2}|#contracts)\/[^'"]+)['"]/gm;

function listSources(root: string, dir: string, out: string[]): string[] {
  for (const name of readdirSync(join(root, dir))) {
    if (name === 'node_modules' || name === 'dist' || name.startsWith('.')) continue;
    const path = join(dir, name);
    if (statSync(join(root, path)).isDirectory()) listSources(root, path, out);
    else if (sourceFile.test(name)) out.push(path.split(sep).join('/'));
  }
  return out;
}

/** Every import between the shop's own files (relative or through an alias), as repository paths. */
export function readImportGraph(
  root: string,
  folders = ['contracts', 'projections', 'service', 'infra', 'web/src'],
): Import[] {
  const imports: Import[] = [];
  for (const folder of folders) {
    for (const from of listSources(root, folder, [])) {
      const text = readFileSync(join(root, from), 'utf8');
      for (const match of text.matchAll(specifiers)) {
        const spec = match[1] ?? match[2]!;
        const path = spec.startsWith('#contracts/') ? join(root, spec.slice(1)) : join(root, dirname(from), spec);
        const to = relative(root, normalize(path)).split(sep).join('/');
        imports.push({ from, to });
      }
    }
  }
  return imports;
}

/** Tests, test helpers and fixtures may reach anything; the rules are for what runs in production. */
export const isProduction = (file: string): boolean =>
  !/\.test\.tsx?$/.test(file) && !file.startsWith('infra/testing/') && !file.startsWith('web/e2e/');

type Place = {
  layer: 'contracts' | 'projections' | 'service' | 'infra' | 'web' | 'other';
  capability: string | null;
  part: string;
};

/** Which layer a file is in, and which capability (a folder named after one) or shared part of it. */
export function placeOf(file: string): Place {
  const parts = file.split('/');
  if (parts[0] === 'web') {
    if (parts[1] !== 'src') return { layer: 'web', capability: null, part: parts[1] ?? '' };
    const part = parts[2] ?? '';
    if (part === 'features') return { layer: 'web', capability: parts[3] ?? null, part: 'features' };
    return { layer: 'web', capability: null, part };
  }
  const layer = (['contracts', 'projections', 'service', 'infra'] as const).find((l) => l === parts[0]) ?? 'other';
  const folder = parts.length > 2 ? parts[1]! : '';
  const capability = (capabilities as readonly string[]).includes(folder) ? folder : null;
  return { layer, capability, part: folder };
}

const mayUse: Record<Place['layer'], ReadonlyArray<Place['layer']>> = {
  contracts: ['contracts'],
  projections: ['contracts', 'projections'],
  service: ['contracts', 'projections', 'service'],
  web: ['web', 'contracts'],
  infra: ['contracts', 'projections', 'service', 'infra', 'web'],
  other: ['contracts', 'projections', 'service', 'infra', 'web', 'other'],
};

/** Why an import breaks the rules, or null when it keeps them. */
export function ruleBroken({ from, to }: Import): string | null {
  // Nothing imports an entry point; the layers never import the composition root, not even their tests (a test builds
  // a shop through infra/testing).
  if (from === launcher.file) return to === launcher.starts ? null : `${launcher.file} only starts ${launcher.starts}`;
  if (to === launcher.file) return `nothing imports ${launcher.file}`;
  if (to.startsWith(entryPoints)) return 'nothing imports an entry point (infra/main/)';
  const a = placeOf(from);
  if ((a.layer === 'contracts' || a.layer === 'projections' || a.layer === 'service') && to.startsWith(compositionRoot))
    return `${a.layer} may not import the composition root (tests reach it through infra/testing)`;
  if (!isProduction(from)) return null;
  const b = placeOf(to);
  if (from.startsWith(entryPoints)) {
    return b.layer === 'infra' && b.part !== 'composition'
      ? 'an entry point reaches adapters only through infra/composition'
      : null;
  }
  if (!mayUse[a.layer].includes(b.layer)) return `${a.layer} may not import ${b.layer}`;
  if (a.layer === 'web') return b.layer === 'web' ? webRuleBroken(from, to, a, b) : null;
  // Server side: a capability's code uses its own folders in projections and service, the shared engine and shell,
  // and contracts; another capability only through contracts.
  if (
    a.capability &&
    b.capability &&
    a.capability !== b.capability &&
    (b.layer === 'service' || b.layer === 'projections')
  ) {
    return `capability "${a.capability}" reaches "${b.capability}" other than through contracts`;
  }
  return null;
}

/**
 * Which side of the shop a web file serves: the owner's (a capability's admin/ and the owner's routes), the
 * storefront's (a capability's shop/, the shell and the shop's routes), or both (null: a capability's own root, the
 * shared components and helpers, the app's start).
 */
export function sideOf(file: string): 'shop' | 'admin' | null {
  const parts = file.split('/');
  if (parts[0] !== 'web' || parts[1] !== 'src') return null;
  if (parts[2] === 'features') return parts[4] === 'shop' || parts[4] === 'admin' ? parts[4] : null;
  if (parts[2] === 'shell') return 'shop';
  if (parts[2] === 'routes' && parts.length === 4) {
    const route = parts[3]!;
    if (route.startsWith('__root.')) return null;
    return /^(_admin[._]|admin\.|\[admin-)/.test(route) ? 'admin' : 'shop';
  }
  return null;
}

/**
 * The web's rules. Only the owner's side imports the owner's side (the route table names every route; the router
 * loads each with its screen), so no admin screen's code reaches the storefront's JavaScript. A feature is built from
 * its own capability's files, the shared components and helpers, and contracts: its shop/ and admin/ do not import
 * each other and its shared root imports neither; it reaches another capability only from its storefront side (a
 * book's page shows the stock, the reviews and the buy button), never into admin/; the owner's screens of several
 * capabilities are put together by the routes, the storefront by the shell. components/ and lib/ are shared by
 * features and import none of them.
 */
function webRuleBroken(from: string, to: string, a: Place, b: Place): string | null {
  const [fromSide, toSide] = [sideOf(from), sideOf(to)];
  if (toSide === 'admin' && fromSide !== 'admin' && b.part !== 'routes')
    return `only the owner's side imports admin code; ${from} serves ${fromSide === 'shop' ? 'the storefront' : 'both sides'}`;
  if (a.part === 'features') {
    if (b.part !== 'features' && b.part !== 'components' && b.part !== 'lib')
      return `web feature "${a.capability}" may import only features, components/, lib/ and contracts`;
    if (b.capability === a.capability && toSide !== null && toSide !== fromSide)
      return `web feature "${a.capability}": shop/ and admin/ do not import each other, and the shared root neither`;
    if (b.part === 'features' && b.capability !== a.capability && fromSide !== 'shop')
      return `web feature "${a.capability}" reaches "${b.capability}" only from its shop/ side (routes put admin screens together)`;
  }
  if (
    (a.part === 'components' || a.part === 'lib') &&
    (b.part === 'features' || b.part === 'shell' || b.part === 'routes')
  )
    return `web ${a.part}/ is shared by features and may not import them, the shell or routes`;
  return null;
}

/** Every import that breaks a rule, with the reason. */
export function brokenRules(imports: readonly Import[]): Array<Import & { rule: string }> {
  return imports.flatMap((edge) => {
    const rule = ruleBroken(edge);
    return rule ? [{ ...edge, rule }] : [];
  });
}
