// `node --import tsx infra/scripts/isolation.ts [path filter...] [--e2e]`: runs each test of each matching uvu file
// alone, every other test of its file skipped (its `test.before`/`test.after` hooks still run, a shop started once
// per file being infrastructure), and lists the tests that fail so: they lean on what another test of the file made.
// How: each file runs in a process of its own with this script as an extra `--import`, which registers a resolve hook
// sending every `import ... from 'uvu'` to infra/scripts/isolatedUvu.ts; that wrapper passes the ISOLATION_PICK-th
// registered test to uvu and `test.skip`s the rest, or, with no pick, only prints the names so they can be counted.
// Browser files (*.e2e.ts) are left out unless --e2e is given; they, and the tests that fetch the shop's pages, need
// the web app built first (`npx vite build --config web/vite.config.ts`), as `npm test` does.
// A maintenance tool, not part of `npm test`; it runs one file at a time.
import { spawn } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { register } from 'node:module';
import { join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const self = fileURLToPath(import.meta.url);
const wrapper = pathToFileURL(join(self, '..', 'isolatedUvu.ts')).href;
const mark = '#isolation-test ';

if (process.argv[1] !== self) {
  const hooks = `export async function resolve(specifier, context, next) {
    if (specifier === 'uvu' && context.parentURL !== ${JSON.stringify(wrapper)}) return next(${JSON.stringify(wrapper)}, context);
    return next(specifier, context);
  }`;
  register(`data:text/javascript,${encodeURIComponent(hooks)}`);
} else {
  await main();
}

function findTests(dir: string, pattern: RegExp, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'dist' || name.startsWith('.')) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) findTests(path, pattern, out);
    else if (pattern.test(name)) out.push(relative(process.cwd(), path));
  }
  return out;
}

function run(file: string, pick: number | null): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    // Counting imports the file and exits once it has run to its end: a shop it started at the top is not waited for.
    const counting = [
      '--input-type=module',
      '-e',
      `await import(${JSON.stringify(pathToFileURL(file).href)}); process.exit(0);`,
    ];
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', '--import', self, ...(pick === null ? counting : [file])],
      {
        env: {
          ...process.env,
          NODE_ENV: 'test',
          NODE_DISABLE_COLORS: '1',
          FORCE_COLOR: '0',
          LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent',
          ISOLATION_MARK: mark,
          ...(pick === null ? {} : { ISOLATION_PICK: String(pick) }),
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    // A file that lingers after its last test (a server left open by a failed test) is ended.
    const limit = setTimeout(() => child.kill('SIGKILL'), pick === null ? 60_000 : 180_000);
    child.on('close', (code) => {
      clearTimeout(limit);
      resolve({ code, output });
    });
  });
}

async function main() {
  const args = process.argv.slice(2);
  const filters = args.filter((a) => !a.startsWith('--'));
  const pattern = args.includes('--e2e') ? /\.(test|e2e)\.tsx?$/ : /\.test\.tsx?$/;
  const files = findTests(process.cwd(), pattern)
    .filter((f) => filters.length === 0 || filters.some((x) => f.includes(x)))
    .sort();
  const failures: string[] = [];
  for (const file of files) {
    const listed = await run(file, null);
    const names = listed.output
      .split('\n')
      .filter((l) => l.startsWith(mark))
      .map((l) => JSON.parse(l.slice(mark.length)) as string);
    console.log(`${file}: ${names.length} tests`);
    for (const [i, name] of names.entries()) {
      const started = Date.now();
      const { code, output } = await run(file, i);
      const passed = /Passed:\s+1\b/.test(output) && code === 0;
      console.log(`  ${passed ? 'ok  ' : 'FAIL'} ${name} (${Date.now() - started} ms)`);
      if (!passed) {
        failures.push(`${file} > ${name}`);
        if (process.env.ISOLATION_VERBOSE) console.log(output);
      }
    }
  }
  console.log(`\n${files.length} files, ${failures.length} tests fail alone${failures.length ? ':' : ''}`);
  for (const f of failures) console.log(`  ${f}`);
  process.exitCode = failures.length ? 1 : 0;
}
