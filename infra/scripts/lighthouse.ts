// `npm run lighthouse [-- --runs=5] [-- --report=/path/report.html] [-- --path=/app] [-- --slowdown=8]`: Lighthouse
// mobile runs of the landing page against a shop started here on a free port, with Debian's Chromium. Prints the
// category scores of the median run (by performance), its key metrics, and how many gzipped bytes of JavaScript and
// CSS the page loaded. Lighthouse scales the main-thread work it sees by 4 to stand for a phone; --slowdown=8 scales
// it by 8 instead, to see on a fast machine what a machine half as fast would score.
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import pino from 'pino';
import { loadConfig } from '../../service/config.ts';
import { createShop } from '../composition/shop.ts';
import { chromiumPath } from '../testing/browser.ts';
import { freePort } from '../testing/ports.ts';

const option = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const reportPath = option('report');
const pagePath = option('path') ?? '/';
const runs = Math.max(1, Number(option('runs') ?? 1));
const webDist = 'web/dist';

const dataDir = mkdtempSync(join(tmpdir(), 'shop-lighthouse-'));
const port = await freePort();
const config = loadConfig({
  ...process.env,
  NODE_ENV: 'development',
  DATA_DIR: dataDir,
  PORT: String(port),
  HOST: '127.0.0.1',
});
const shop = await createShop(config, { logger: pino({ level: 'silent' }), webDist });
await shop.listen(port, '127.0.0.1');
const chrome = await launch({
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

type NetworkItem = { url: string; resourceType?: string; transferSize?: number };

async function audit() {
  // A trace now and then comes back without its navigation start; such a run is repeated.
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(`http://127.0.0.1:${port}${pagePath}`, {
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

try {
  const results = [];
  for (let i = 0; i < runs; i++) {
    const result = await audit();
    results.push(result);
    if (runs > 1)
      console.log(`run ${i + 1}: performance ${Math.round((result.lhr.categories.performance?.score ?? 0) * 100)}`);
  }
  results.sort((a, b) => (a.lhr.categories.performance?.score ?? 0) - (b.lhr.categories.performance?.score ?? 0));
  const result = results[Math.floor(results.length / 2)]!;
  const { lhr } = result;
  if (reportPath) writeFileSync(reportPath, String(result.report));

  // Lighthouse scales the work it saw by 4; on a busy machine that work is slower, so say how fast this one was.
  console.log(
    `benchmark index ${Math.round(lhr.environment.benchmarkIndex)} (a quiet modern desktop is about 1500-2500)`,
  );
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
    const audit = lhr.audits[id];
    if (audit) console.log(`${(audit.title ?? id).padEnd(28)} ${audit.displayValue ?? ''}`);
  }
  for (const [id, audit] of Object.entries(lhr.audits)) {
    if (
      audit.score !== null &&
      audit.score < 0.9 &&
      audit.scoreDisplayMode !== 'informative' &&
      audit.scoreDisplayMode !== 'manual'
    ) {
      console.log(`  needs work: ${id} (${audit.displayValue ?? audit.score})`);
    }
  }

  // Bytes as the built files gzip, so the figure does not depend on what the server chose to send.
  const requests = (
    (lhr.audits['network-requests']?.details as { items?: NetworkItem[] } | undefined)?.items ?? []
  ).filter((r) => r.url.startsWith(`http://127.0.0.1:${port}/assets/`));
  const gzipped = (kind: string) =>
    requests
      .filter((r) => r.resourceType === kind)
      .reduce((sum, r) => sum + gzipSync(readFileSync(join(webDist, new URL(r.url).pathname))).length, 0);
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  console.log(
    `landing JS  (gzip) ${kb(gzipped('Script'))} in ${requests.filter((r) => r.resourceType === 'Script').length} files`,
  );
  console.log(
    `landing CSS (gzip) ${kb(gzipped('Stylesheet'))} in ${requests.filter((r) => r.resourceType === 'Stylesheet').length} files`,
  );
} finally {
  chrome.kill();
  await shop.close();
  rmSync(dataDir, { recursive: true, force: true });
}
