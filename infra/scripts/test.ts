// `npm test`: makes sure what the tests need is here, builds the web app, runs every uvu test file
// (unit, integration, browser) in its own process, and closes with "N passed, N failed, N skipped".
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { cpus } from 'node:os';

const root = process.cwd();
const args = process.argv.slice(2);
const only = args.filter((a) => !a.startsWith('--'));
const skipBuild = args.includes('--no-build');

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

async function runAll(files: string[], concurrency: number): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  let next = 0;
  const worker = async () => {
    while (next < files.length) {
      const file = files[next++]!;
      const outcome = await runFile(file);
      outcomes.push(outcome);
      const status = outcome.failed ? 'FAIL' : 'ok  ';
      console.log(
        `${status} ${file}  (${outcome.passed} passed, ${outcome.failed} failed, ${outcome.skipped} skipped, ${(outcome.ms / 1000).toFixed(1)}s)`,
      );
      for (const line of outcome.output.split('\n')) if (/^\s*SKIP\b/.test(line)) console.log(`     ${line.trim()}`);
      if (outcome.failed)
        console.log(
          outcome.output
            .split('\n')
            .map((l) => `     | ${l}`)
            .join('\n'),
        );
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return outcomes;
}

ensureSystemPackages();
if (!skipBuild) {
  console.log('Building the web app...');
  const build = spawnSync('npx', ['vite', 'build', '--config', 'web/vite.config.ts', '--logLevel', 'warn'], {
    stdio: 'inherit',
    cwd: root,
  });
  if (build.status !== 0) {
    console.log('0 passed, 1 failed');
    process.exit(1);
  }
}

const all = ['contracts', 'service', 'projections', 'infra', 'web']
  .filter((d) => existsSync(d))
  .flatMap((d) => findTests(d))
  .sort();
const selected = only.length ? all.filter((f) => only.some((o) => f.includes(o))) : all;
const unit = selected.filter((f) => f.endsWith('.test.ts') || f.endsWith('.test.tsx'));
const browser = selected.filter((f) => /\.e2e\.tsx?$/.test(f));
const started = Date.now();
const parallel = Math.max(2, Math.min(4, cpus().length));
const outcomes = [...(await runAll(unit, parallel)), ...(await runAll(browser, 2))];
const sum = (k: 'passed' | 'failed' | 'skipped') => outcomes.reduce((n, o) => n + o[k], 0);
console.log(`\n${outcomes.length} test files in ${((Date.now() - started) / 1000).toFixed(1)}s`);
console.log(`${sum('passed')} passed, ${sum('failed')} failed, ${sum('skipped')} skipped`);
process.exit(sum('failed') > 0 || outcomes.length === 0 ? 1 : 0);
