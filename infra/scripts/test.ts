// `npm test`: makes sure what the tests need is here, builds the web app, runs every uvu test file
// (unit, integration, browser) in its own process, and closes with "N passed, N failed, N skipped".
// The longest files start first (their times are kept from the last run in .test-timings.json, which git ignores),
// and browser tests share the slots with the others once the web app is built.
import { spawn, spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { join, relative } from 'node:path';
import { cpus } from 'node:os';
import { buildServer } from '../build/server.ts';
import { bundledPrograms } from '../testing/programs.ts';

const root = process.cwd();
const args = process.argv.slice(2);
const only = args.filter((a) => !a.startsWith('--'));
const skipBuild = args.includes('--no-build');
/** Files run at once: one more than the cores, as most files also wait on a child process, a socket or the disk. */
const jobs = Number(/^--jobs=(\d+)$/.exec(args.find((a) => a.startsWith('--jobs=')) ?? '')?.[1] ?? cpus().length + 1);
/** Browser files at once: each drives a Chromium of several processes. */
const browserJobs = Math.max(1, Math.min(2, jobs - 1));
const timingsFile = join(root, '.test-timings.json');

function have(command: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

function ensureSystemPackages() {
  const wanted = [
    { bin: 'redis-server', pkg: 'redis-server', present: () => have('redis-server') },
    {
      bin: '/usr/bin/chromium',
      pkg: 'chromium',
      present: () => existsSync(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'),
    },
    // The receipt's browser test reads the PDF it printed with pdftotext and pdfinfo.
    { bin: 'pdftotext', pkg: 'poppler-utils', present: () => have('pdftotext') },
    // The reverse proxy's test starts Debian's nginx with the site in infra/deploy in front of a shop.
    { bin: '/usr/sbin/nginx', pkg: 'nginx', present: () => existsSync('/usr/sbin/nginx') || have('nginx') },
  ];
  const missing = wanted.filter((w) => !w.present());
  if (missing.length === 0) return;
  const canApt = process.getuid?.() === 0 && have('apt-get');
  if (canApt) {
    console.log(`Installing ${missing.map((m) => m.pkg).join(', ')} with apt-get...`);
    spawnSync('apt-get', ['update'], { stdio: 'inherit' });
    spawnSync('apt-get', ['install', '-y', '--no-install-recommends', ...missing.map((m) => m.pkg)], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  }
  const still = wanted.filter((w) => !w.present());
  if (still.length) {
    console.log(
      `Missing: ${still.map((m) => `${m.bin} (Debian package ${m.pkg})`).join(', ')}. Install them to run every test; the tests that need them will fail.`,
    );
  }
}

function findTests(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'dist' || name.startsWith('.')) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) findTests(path, out);
    else if (/\.(test|e2e)\.tsx?$/.test(name)) out.push(relative(root, path));
  }
  return out;
}

type Outcome = {
  file: string;
  passed: number;
  failed: number;
  skipped: number;
  output: string;
  code: number | null;
  ms: number;
};

const strip = (s: string) => s.replace(/\x1b\[[0-9;]*m/g, '');

/**
 * The programs tests start in processes of their own (the CLIs, the service, the projection runner) bundled once for
 * the run: they are started some hundred times, and plain JavaScript starts in less than half the CPU TypeScript
 * through tsx takes. Under dist/ so their packages resolve; removed at the end. Without it the tests run the TypeScript.
 */
async function bundlePrograms(): Promise<{ env: Record<string, string>; remove(): void }> {
  mkdirSync(join(root, 'dist'), { recursive: true });
  const dir = mkdtempSync(join(root, 'dist', 'test-programs-'));
  const remove = () => rmSync(dir, { recursive: true, force: true });
  try {
    await buildServer(dir, bundledPrograms);
    const bundles = Object.fromEntries(
      Object.entries(bundledPrograms).map(([name, entry]) => [entry, join(dir, `${name}.js`)]),
    );
    return { env: { SHOP_TEST_PROGRAMS: JSON.stringify(bundles) }, remove };
  } catch (error) {
    console.log(`The programs did not bundle (${String(error)}); the tests run their TypeScript`);
    remove();
    return { env: {}, remove };
  }
}

function runFile(file: string): Promise<Outcome> {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', file], {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: 'test',
        NODE_DISABLE_COLORS: '1',
        FORCE_COLOR: '0',
        LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent',
        ...programs.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    // A file whose summary is printed but which does not exit (a server left open by a failed test) is ended.
    let lingering: NodeJS.Timeout | null = null;
    child.stdout.on('data', (d) => {
      output += d;
      if (!lingering && /Duration:/.test(strip(output))) {
        lingering = setTimeout(() => {
          output += `\n${file}: still running 15 s after its summary; ended\n`;
          child.kill('SIGKILL');
        }, 15_000);
      }
    });
    child.stderr.on('data', (d) => (output += d));
    const limit = setTimeout(() => {
      output += `\n${file}: timed out after 10 minutes\n`;
      child.kill('SIGKILL');
    }, 10 * 60_000);
    child.on('close', (code) => {
      clearTimeout(limit);
      if (lingering) clearTimeout(lingering);
      const text = strip(output);
      const total = Number(/Total:\s+(\d+)/.exec(text)?.[1] ?? NaN);
      const passed = Number(/Passed:\s+(\d+)/.exec(text)?.[1] ?? 0);
      const skipped = Number(/Skipped:\s+(\d+)/.exec(text)?.[1] ?? 0);
      let failed = Number.isNaN(total) ? 1 : Math.max(0, total - passed - skipped);
      if (code !== 0 && code !== null && failed === 0) failed = 1;
      if (code === null && Number.isNaN(total)) failed = Math.max(failed, 1);
      resolve({ file, passed, failed, skipped, output: text, code, ms: Date.now() - started });
    });
  });
}

/** Seconds a file took in the last run; a file never timed is guessed by its kind. */
function readTimings(): Record<string, number> {
  try {
    return JSON.parse(readFileSync(timingsFile, 'utf8')) as Record<string, number>;
  } catch {
    return {};
  }
}

const isBrowser = (file: string) => /\.e2e\.tsx?$/.test(file);

function report(outcome: Outcome) {
  const status = outcome.failed ? 'FAIL' : 'ok  ';
  console.log(
    `${status} ${outcome.file}  (${outcome.passed} passed, ${outcome.failed} failed, ${outcome.skipped} skipped, ${(outcome.ms / 1000).toFixed(1)}s)`,
  );
  for (const line of outcome.output.split('\n')) if (/^\s*SKIP\b/.test(line)) console.log(`     ${line.trim()}`);
  if (outcome.output.includes('still running 15 s after its summary'))
    console.log('     it did not exit after its last test: something it started was left open');
  if (outcome.failed)
    console.log(
      outcome.output
        .split('\n')
        .map((l) => `     | ${l}`)
        .join('\n'),
    );
}

/**
 * Runs `files` (longest first) in `jobs` slots, at most `browserJobs` of them browser files, and those only once
 * `built` has resolved; a slot with nothing it may take waits for the build or for a file to end.
 */
async function runAll(files: string[], built: Promise<boolean>): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  const waiting = [...files];
  let browsers = 0;
  let buildDone = false;
  let buildOk = true;
  let wake: () => void = () => {};
  let changed = new Promise<void>((r) => (wake = r));
  const signal = () => {
    wake();
    changed = new Promise<void>((r) => (wake = r));
  };
  void built.then((ok) => {
    buildDone = true;
    buildOk = ok;
    signal();
  });
  const take = (): string | undefined => {
    const i = waiting.findIndex((f) => !isBrowser(f) || (buildDone && browsers < browserJobs));
    return i < 0 ? undefined : waiting.splice(i, 1)[0];
  };
  const worker = async () => {
    while (waiting.length > 0) {
      const file = take();
      if (file === undefined) {
        await changed;
        continue;
      }
      if (isBrowser(file) && !buildOk) {
        const outcome = { file, passed: 0, failed: 1, skipped: 0, output: 'the web app did not build', code: 1, ms: 0 };
        outcomes.push(outcome);
        report(outcome);
        continue;
      }
      if (isBrowser(file)) browsers += 1;
      const outcome = await runFile(file);
      if (isBrowser(file)) browsers -= 1;
      outcomes.push(outcome);
      report(outcome);
      signal();
    }
  };
  await Promise.all(Array.from({ length: jobs }, worker));
  return outcomes;
}

/** Builds the web app in the background (the browser tests wait for it); resolves whether it built. */
function buildWebApp(): Promise<boolean> {
  if (skipBuild) return Promise.resolve(true);
  console.log('Building the web app...');
  return new Promise((resolve) => {
    const build = spawn('npx', ['vite', 'build', '--config', 'web/vite.config.ts', '--logLevel', 'warn'], {
      stdio: 'inherit',
      cwd: root,
    });
    build.on('close', (code) => resolve(code === 0));
  });
}

ensureSystemPackages();

const all = ['contracts', 'service', 'projections', 'infra', 'web']
  .filter((d) => existsSync(d))
  .flatMap((d) => findTests(d))
  .sort();
const selected = only.length ? all.filter((f) => only.some((o) => f.includes(o))) : all;
const timings = readTimings();
/** Files that take longest besides the browser tests, for a first run that has no times yet. */
const knownHeavy = [
  'infra/cli/migrateSeal.test.ts',
  'infra/testing/golden.test.ts',
  'infra/cli/backup.test.ts',
  'service/privacy/erasure.test.ts',
  'projections/engine/generations.test.ts',
  'infra/bench/logFlood.test.ts',
  'infra/chaos/twoStepRace.test.ts',
  'infra/chaos/guards.test.ts',
  'infra/chaos/hostileInput.test.ts',
];
const guess = (file: string) => timings[file] ?? (isBrowser(file) ? 30 : knownHeavy.includes(file) ? 20 : 5);
const ordered = [...selected].sort((a, b) => guess(b) - guess(a));
const started = Date.now();
const programs = await bundlePrograms();
const outcomes = await runAll(ordered, buildWebApp());
programs.remove();
for (const o of outcomes) if (!o.failed) timings[o.file] = Math.round(o.ms / 100) / 10;
writeFileSync(timingsFile, `${JSON.stringify(timings, Object.keys(timings).sort(), 1)}\n`);
const sum = (k: 'passed' | 'failed' | 'skipped') => outcomes.reduce((n, o) => n + o[k], 0);
// The failures once more beside the totals, so that a log read only at its end still names them.
for (const o of outcomes.filter((outcome) => outcome.failed)) {
  const names = [...o.output.matchAll(/FAIL\s+"(.+)"/g)].map((m) => m[1]);
  const why = names.length ? names.map((n) => `"${n}"`).join('; ') : (o.output.trim().split('\n').at(-1) ?? '');
  console.log(`failed: ${o.file}: ${why}`);
}
console.log(`\n${outcomes.length} test files in ${((Date.now() - started) / 1000).toFixed(1)}s (${jobs} at once)`);
console.log(`${sum('passed')} passed, ${sum('failed')} failed, ${sum('skipped')} skipped`);
process.exit(sum('failed') > 0 || outcomes.length === 0 ? 1 : 0);
