// `npm run lighthouse [-- --runs=5] [-- --report=/path/report.html] [-- --path=/app] [-- --slowdown=8]
// [-- --compare=<git ref>]`: Lighthouse mobile runs of the landing page against a shop started here on a free port,
// with Debian's Chromium. Prints the category scores of the median run (by performance), its key metrics, and how
// many gzipped bytes of JavaScript and CSS the page loaded. Lighthouse scales the main-thread work it sees by 4 to
// stand for a phone; --slowdown=8 scales it by 8 instead, to see on a fast machine what a machine half as fast would
// score.
//
// --compare=<ref> builds that ref beside the working tree (a git worktree in a temporary folder, `npm run build` there
// with this checkout's node_modules linked in), builds the working tree too, starts each built shop, and runs
// Lighthouse on the two in turn (this, ref, ref, this, ...) so that a machine whose speed drifts weighs on both alike.
// It prints both medians and each side's landing page JavaScript and CSS gzipped, counted from the files it loads
// (web/build/landingBudget.ts). See docs/decisions/118.
import { launch, type LaunchedChrome } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import pino from 'pino';
import { loadConfig } from '../../service/config.ts';
import { describeLoad, gzipTotal, kilobytes, landingLoad, landingTarget } from '../../web/build/landingBudget.ts';
import { createShop } from '../composition/shop.ts';
import { chromiumPath } from '../testing/browser.ts';
import { freePort } from '../testing/ports.ts';

const option = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const reportPath = option('report');
const pagePath = option('path') ?? '/';
const runs = Math.max(1, Number(option('runs') ?? (option('compare') ? 5 : 1)));
const compareRef = option('compare');

type NetworkItem = { url: string; resourceType?: string; transferSize?: number };
type Result = NonNullable<Awaited<ReturnType<typeof lighthouse>>>;
/** One shop under measurement: where it answers and the web build it serves. */
type Side = { name: string; url: string; webDist: string; stop(): Promise<void> };

const score = (result: Result) => Math.round((result.lhr.categories.performance?.score ?? 0) * 100);
const tbt = (result: Result) => result.lhr.audits['total-blocking-time']?.numericValue ?? NaN;

function median<T>(items: T[], by: (item: T) => number): T {
  return [...items].sort((a, b) => by(a) - by(b))[Math.floor(items.length / 2)]!;
}

async function audit(chrome: LaunchedChrome, url: string): Promise<Result> {
  // A trace now and then comes back without its navigation start; such a run is repeated.
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(url + pagePath, {
      port: chrome.port,
      output: reportPath?.endsWith('.json') ? 'json' : 'html',
      onlyCategories: ['performance', 'accessibility', 'best-practices'],
      logLevel: 'error',
      ...(option('slowdown') ? { throttling: { cpuSlowdownMultiplier: Number(option('slowdown')) } } : {}),
    });
    if (!result) throw new Error('Lighthouse returned no result');
    if (!result.lhr.runtimeError) return result;
    if (attempt === 3) throw new Error(`Lighthouse failed: ${result.lhr.runtimeError.message}`);
  }
}

/** The shop of this checkout, in this process, serving web/dist as it is. */
async function shopHere(): Promise<Side> {
  const dataDir = mkdtempSync(join(tmpdir(), 'shop-lighthouse-'));
  const port = await freePort();
  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'development',
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
  });
  const webDist = 'web/dist';
  const shop = await createShop(config, { logger: pino({ level: 'silent' }), webDist });
  await shop.listen(port, '127.0.0.1');
  return {
    name: 'this',
    url: `http://127.0.0.1:${port}`,
    webDist,
    async stop() {
      await shop.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

function run(command: string, args: string[], cwd: string) {
  const done = spawnSync(command, args, { cwd, stdio: ['ignore', 'inherit', 'inherit'] });
  if (done.status !== 0) throw new Error(`${command} ${args.join(' ')} failed in ${cwd}`);
}

/** A built shop (`node dist/server/main.js` in `dir`) on a free port and a new data folder, stopped by its pid. */
async function builtShop(name: string, dir: string): Promise<Side> {
  const dataDir = mkdtempSync(join(tmpdir(), 'shop-lighthouse-'));
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ['dist/server/main.js'], {
    cwd: dir,
    env: { ...process.env, NODE_ENV: 'development', DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr!.on('data', (chunk: Buffer) => (errors = (errors + chunk.toString()).slice(-2000)));
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the ${name} shop stopped before it answered:\n${errors}`);
    const ok = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(5000) }).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) throw new Error(`the ${name} shop did not answer within 120 s:\n${errors}`);
    await new Promise((wait) => setTimeout(wait, 200));
  }
  return {
    name,
    url,
    webDist: join(dir, 'web/dist'),
    async stop() {
      if (child.exitCode === null) {
        process.kill(child.pid!, 'SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The ref checked out and built in a temporary folder beside the working tree; removed by `remove`. */
function buildRef(ref: string): { dir: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'shop-lighthouse-ref-'));
  run('git', ['worktree', 'add', '--detach', dir, ref], '.');
  const remove = () => {
    spawnSync('git', ['worktree', 'remove', '--force', dir], { stdio: 'ignore' });
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    symlinkSync(resolve('node_modules'), join(dir, 'node_modules'));
    console.log(`building ${ref} in ${dir}`);
    run('npm', ['run', '--silent', 'build'], dir);
    return { dir, remove };
  } catch (error) {
    remove();
    throw error;
  }
}

function printResult(result: Result) {
  const { lhr } = result;
  for (const [id, category] of Object.entries(lhr.categories)) {
    console.log(`${id.padEnd(16)} ${Math.round((category.score ?? 0) * 100)}`);
  }
  for (const id of [
    'first-contentful-paint',
    'largest-contentful-paint',
    'total-blocking-time',
    'cumulative-layout-shift',
    'speed-index',
  ]) {
    const found = lhr.audits[id];
    if (found) console.log(`${(found.title ?? id).padEnd(28)} ${found.displayValue ?? ''}`);
  }
}

/** Bytes as the built files gzip, so the figure does not depend on what the server chose to send. */
function networkBytes(result: Result, side: Side) {
  const requests = (
    (result.lhr.audits['network-requests']?.details as { items?: NetworkItem[] } | undefined)?.items ?? []
  ).filter((r) => r.url.startsWith(`${side.url}/assets/`));
  const gzipped = (kind: string) =>
    requests
      .filter((r) => r.resourceType === kind)
      .reduce((sum, r) => sum + gzipSync(readFileSync(join(side.webDist, new URL(r.url).pathname))).length, 0);
  const count = (kind: string) => requests.filter((r) => r.resourceType === kind).length;
  console.log(`fetched JS  (gzip) ${kilobytes(gzipped('Script'))} in ${count('Script')} files`);
  console.log(`fetched CSS (gzip) ${kilobytes(gzipped('Stylesheet'))} in ${count('Stylesheet')} files`);
}

const sides: Side[] = [];
let ref: { dir: string; remove(): void } | undefined;
let chrome: LaunchedChrome | undefined;
try {
  if (compareRef) {
    if (!existsSync('.git')) throw new Error('--compare needs to run at the top of a git checkout');
    ref = buildRef(compareRef);
    console.log('building the working tree');
    run('npm', ['run', '--silent', 'build'], '.');
    sides.push(await builtShop('this', '.'), await builtShop(compareRef, ref.dir));
  } else sides.push(await shopHere());

  chrome = await launch({
    chromePath: chromiumPath,
    chromeFlags: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--no-first-run',
      '--disable-background-networking',
    ],
    userDataDir: mkdtempSync(join(tmpdir(), 'shop-lighthouse-chrome-')),
  });

  const results = new Map<Side, Result[]>(sides.map((side) => [side, []]));
  for (let i = 0; i < runs; i++) {
    // Alternate which side goes first, so neither always runs on a machine the other has just warmed or loaded.
    for (const side of i % 2 === 0 ? sides : [...sides].reverse()) {
      const result = await audit(chrome, side.url);
      results.get(side)!.push(result);
      if (runs > 1 || sides.length > 1)
        console.log(`run ${i + 1} ${side.name}: performance ${score(result)}, TBT ${Math.round(tbt(result))} ms`);
    }
  }

  for (const side of sides) {
    const all = results.get(side)!;
    const result = median(all, score);
    if (sides.length > 1) console.log(`\n== ${side.name}`);
    if (reportPath) writeFileSync(sides.length > 1 ? `${reportPath}.${side.name}` : reportPath, String(result.report));
    // Lighthouse scales the work it saw by 4; on a busy machine that work is slower, so say how fast this one was.
    console.log(
      `benchmark index ${Math.round(result.lhr.environment.benchmarkIndex)} (a quiet modern desktop is about 1500-2500)`,
    );
    printResult(result);
    console.log(
      `median of ${all.length}: performance ${score(median(all, score))}, TBT ${Math.round(tbt(median(all, tbt)))} ms`,
    );
    if (sides.length === 1)
      for (const [id, found] of Object.entries(result.lhr.audits)) {
        if (
          found.score !== null &&
          found.score < 0.9 &&
          found.scoreDisplayMode !== 'informative' &&
          found.scoreDisplayMode !== 'manual'
        )
          console.log(`  needs work: ${id} (${found.displayValue ?? found.score})`);
      }
    networkBytes(result, side);
    if (pagePath === '/') for (const line of describeLoad(landingLoad(side.webDist))) console.log(line);
  }

  if (sides.length > 1) {
    const [here, there] = sides as [Side, Side];
    const perf = (side: Side) => score(median(results.get(side)!, score));
    const blocking = (side: Side) => Math.round(tbt(median(results.get(side)!, tbt)));
    const bytes = (side: Side) => landingLoad(side.webDist);
    console.log(`\n${''.padEnd(22)}${here.name.padEnd(16)}${there.name}`);
    console.log(`${'performance (median)'.padEnd(22)}${String(perf(here)).padEnd(16)}${perf(there)}`);
    console.log(`${'TBT ms (median)'.padEnd(22)}${String(blocking(here)).padEnd(16)}${blocking(there)}`);
    if (pagePath === '/') {
      const [a, b] = [bytes(here), bytes(there)];
      console.log(
        `${'landing JS gzip'.padEnd(22)}${kilobytes(gzipTotal(a.scripts)).padEnd(16)}${kilobytes(gzipTotal(b.scripts))}   (target ${kilobytes(landingTarget.scriptGzip)})`,
      );
      console.log(
        `${'landing CSS gzip'.padEnd(22)}${kilobytes(gzipTotal(a.styles)).padEnd(16)}${kilobytes(gzipTotal(b.styles))}   (target ${kilobytes(landingTarget.styleGzip)})`,
      );
    }
  }
} finally {
  chrome?.kill();
  for (const side of sides) await side.stop();
  ref?.remove();
}
