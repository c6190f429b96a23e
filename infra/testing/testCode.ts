// The test code the architecture tests read: test files in every layer and the harness they share (infra/testing),
// without the browser tests (*.e2e.ts, which keep playwright's own clocks and deadlines), the chaos runs and the benches.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

const scanned = ['contracts', 'projections', 'service', 'infra', 'web/src'];
export const skipped = ['infra/chaos/', 'infra/bench/'];

/** Paths of the test code below the repository's root, relative to it, leaving out `except`. */
export function testCode(root: string, except: readonly string[] = []): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
      if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.')) continue;
      const path = `${dir}/${entry.name}`;
      if (entry.isDirectory()) {
        if (!skipped.some((skip) => `${path}/`.startsWith(skip))) walk(path);
        continue;
      }
      if (!/\.tsx?$/.test(entry.name) || entry.name.endsWith('.e2e.ts') || except.includes(path)) continue;
      if (/\.test\.tsx?$/.test(entry.name) || path.startsWith('infra/testing/')) out.push(path);
    }
  };
  for (const dir of scanned) walk(dir);
  return out;
}
