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
  if (a.layer === 'web') {
    // A feature is built from its own files, the shared components and helpers, and contracts; the shell and the
    // routes put features together.
    if (
      a.part === 'features' &&
      b.layer === 'web' &&
      !(b.part === 'features' && b.capability === a.capability) &&
      b.part !== 'components' &&
      b.part !== 'lib'
    ) {
      return `web feature "${a.capability}" may import only itself, components/, lib/ and contracts`;
    }
    if (
      (a.part === 'components' || a.part === 'lib') &&
      b.layer === 'web' &&
      (b.part === 'features' || b.part === 'shell' || b.part === 'routes')
    ) {
      return `web ${a.part}/ is shared by features and may not import them, the shell or routes`;
    }
    return null;
  }
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

/** Every import that breaks a rule, with the reason. */
export function brokenRules(imports: readonly Import[]): Array<Import & { rule: string }> {
  return imports.flatMap((edge) => {
    const rule = ruleBroken(edge);
    return rule ? [{ ...edge, rule }] : [];
  });
}
