// Build-time Vite plugin: Radix Themes' root <Theme> wraps the app in Radix's tooltip provider, so the tooltip and all
// it is built from (the popper with Floating UI, the dismissable layer, portals, presence: about 25 KB gzipped) are
// part of every page's first script, on a shop that shows no tooltip. When no source file under web/src imports a
// tooltip, the provider is built as a plain pass-through instead; the day one does, the real one is kept.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';

const themeModule = /[\\/]@radix-ui[\\/]themes[\\/]dist[\\/]esm[\\/]components[\\/]theme\.js$/;
/** Radix's own import of the tooltip in the theme module: `import{Direction as G,Slot as D,Tooltip as w}from"radix-ui"`. */
const radixImport = /import\s*\{([^}]*)\}\s*from\s*"radix-ui"\s*;?/;

/** Whether any source file imports something named like a tooltip from Radix (Themes or primitives). */
export function sourcesUseTooltips(sourceDir: string): boolean {
  const files = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory() ? files(join(dir, entry.name)) : /\.tsx?$/.test(entry.name) ? [join(dir, entry.name)] : [],
    );
  return files(sourceDir).some((file) => {
    const code = readFileSync(file, 'utf8');
    return [...code.matchAll(/import[^;]*?from\s*['"](@radix-ui\/[^'"]+|radix-ui)['"]/g)].some(([statement]) =>
      /Tooltip/.test(statement),
    );
  });
}

/** The theme module with its tooltip provider replaced by a pass-through; null when its import is not as expected. */
export function withoutTooltipProvider(code: string): string | null {
  const found = radixImport.exec(code);
  if (!found) return null;
  const names = found[1]!.split(',').map((name) => name.trim());
  const tooltip = names.find((name) => /^Tooltip(\s+as\s+[\w$]+)?$/.test(name));
  if (!tooltip) return null;
  const alias = tooltip.split(/\s+as\s+/)[1] ?? 'Tooltip';
  const rest = names.filter((name) => name !== tooltip);
  const replacement =
    (rest.length ? `import{${rest.join(',')}}from"radix-ui";` : '') +
    `const ${alias}={Provider:(props)=>props.children};`;
  return code.replace(found[0], replacement);
}

export function themeWithoutTooltips(sourceDir: string): Plugin {
  let strip = false;
  return {
    name: 'shop-theme-without-tooltips',
    apply: 'build',
    buildStart() {
      strip = !sourcesUseTooltips(sourceDir);
    },
    transform(code, id) {
      if (!strip || !themeModule.test(id.split('?')[0]!)) return;
      const changed = withoutTooltipProvider(code);
      if (changed === null) {
        this.warn("Radix Themes' theme module no longer imports its tooltip as expected: the tooltip stays in the app");
        return;
      }
      return { code: changed, map: null };
    },
  };
}
