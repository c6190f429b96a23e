// `npm run bench [-- --quick] [section ...]`: measures the shop against its performance targets and writes
// docs/benchmarks.md (full runs of every section only; a quick run or a subset only prints).
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { adminScreensSection } from './adminScreens.ts';
import { apiSection } from './api.ts';
import { eventStoreSection } from './eventStore.ts';
import { historySection } from './history.ts';
import { longTasksSection } from './longTasks.ts';
import { projectionsSection } from './projections.ts';
import { BenchReport, spliceGenerated, type Verdict } from './report.ts';
import type { Section } from './section.ts';
import { timeTravelSection } from './timeTravel.ts';
import { webSection } from './web.ts';

const sections: Section[] = [
  eventStoreSection,
  projectionsSection,
  apiSection,
  webSection,
  historySection,
  timeTravelSection,
  longTasksSection,
  adminScreensSection,
];

const args = process.argv.slice(2);
const quick = args.includes('--quick');
const wanted = args.filter((a) => !a.startsWith('--'));
const unknown = wanted.filter((w) => !sections.some((s) => s.name === w));
if (unknown.length) {
  console.error(`Unknown section ${unknown.join(', ')}; the sections are ${sections.map((s) => s.name).join(', ')}`);
  process.exit(2);
}
const chosen = wanted.length ? sections.filter((s) => wanted.includes(s.name)) : sections;
const complete = !quick && chosen.length === sections.length;

const report = new BenchReport(`npm run bench${args.length ? ` -- ${args.join(' ')}` : ''}`);
const scratch = mkdtempSync(join(tmpdir(), 'shop-bench-'));
let failed = false;
try {
  for (const section of chosen) {
    try {
      await section.run(report, { quick, scratch });
    } catch (error) {
      failed = true;
      report.note(section.name, `the section failed: ${error instanceof Error ? error.message : String(error)}`);
      console.error(error);
    }
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}

const count = (met: Verdict) => report.targets.filter((t) => t.met === met).length;
console.log(
  `\n${count(true)} targets met, ${count(false)} not met, ${count('pending')} pending, ${count('reported')} reported`,
);
if (complete && !failed) {
  const file = 'docs/benchmarks.md';
  const existing = existsSync(file) ? readFileSync(file, 'utf8') : '# Benchmarks\n';
  writeFileSync(file, spliceGenerated(existing, report.markdown()));
  console.log(`Figures written to ${file}`);
} else {
  console.log(
    `docs/benchmarks.md left unchanged (${failed ? 'a section failed' : quick ? 'quick run' : 'not every section ran'})`,
  );
}
process.exit(failed ? 1 : 0);
