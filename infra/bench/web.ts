// Section 4: what the landing page costs a phone — its JavaScript and CSS gzipped, and Lighthouse's mobile score.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { launchBrowser, newPage, viewports } from '../testing/browser.ts';
import { startTestShop } from '../testing/shop.ts';
import { kilobytes, type BenchReport } from './report.ts';
import type { BenchOptions, Section } from './section.ts';

const section = 'web';
const dist = 'web/dist';
const lighthouseScript = 'infra/scripts/lighthouse.ts';

type Sizes = { raw: number; gzip: number; brotli: number; files: number };

/** The served file's size as sent: the precompressed copy when the build wrote one, else compressed here the same way. */
function sizesOf(paths: string[]): Sizes {
  const total: Sizes = { raw: 0, gzip: 0, brotli: 0, files: paths.length };
  for (const path of paths) {
    const file = join(dist, path);
    const content = readFileSync(file);
    total.raw += content.length;
    total.gzip += existsSync(`${file}.gz`) ? readFileSync(`${file}.gz`).length : gzipSync(content, { level: 9 }).length;
    total.brotli += existsSync(`${file}.br`)
      ? readFileSync(`${file}.br`).length
      : brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
  }
  return total;
}

const describe = (s: Sizes) =>
  `${kilobytes(s.gzip)} gzipped (${kilobytes(s.brotli)} brotli, ${kilobytes(s.raw)} raw) in ${s.files} file${s.files === 1 ? '' : 's'}`;

/**
 * Scripts and stylesheets that index.html itself names: what every first visit to the landing page downloads before
 * it is usable, including the modules the entry preloads from the page's <meta name="app-modules">.
 */
function initialAssets(): { scripts: string[]; styles: string[] } {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const attr = (tag: string, name: string) => new RegExp(`${name}="([^"]+)"`).exec(tag)?.[1];
  const tags = html.match(/<(script|link)\b[^>]*>/g) ?? [];
  const preloadedByEntry = /<meta name="app-modules" content="([^"]*)"/.exec(html)?.[1]?.split(' ') ?? [];
  const scripts = [
    ...new Set([
      ...tags
        .filter((t) => t.startsWith('<script') || /rel="modulepreload"/.test(t))
        .map((t) => attr(t, 'src') ?? attr(t, 'href')),
      ...preloadedByEntry,
    ]),
  ];
  const styles = tags.filter((t) => /rel="stylesheet"/.test(t)).map((t) => attr(t, 'href'));
  const local = (paths: (string | undefined)[]) => paths.filter((p): p is string => !!p && p.startsWith('/'));
  return { scripts: local(scripts), styles: local(styles) };
}

/** Scripts and stylesheets Chromium fetches for the landing page at phone width, lazy route chunks included. */
async function loadedAssets(): Promise<{ scripts: string[]; styles: string[] }> {
  const shop = await startTestShop();
  const browser = await launchBrowser();
  try {
    const { page } = await newPage(browser, viewports.mobile);
    const scripts = new Set<string>();
    const styles = new Set<string>();
    page.on('response', (response) => {
      const url = new URL(response.url());
      if (url.origin !== shop.url) return;
      const type = response.request().resourceType();
      if (type === 'script') scripts.add(url.pathname);
      if (type === 'stylesheet') styles.add(url.pathname);
    });
    await page.goto(shop.url + '/', { waitUntil: 'networkidle' });
    return { scripts: [...scripts], styles: [...styles] };
  } finally {
    await browser.close();
    await shop.close();
  }
}

export const webSection: Section = {
  name: 'web',
  async run(report: BenchReport, _options: BenchOptions) {
    const build = spawnSync('npx', ['vite', 'build', '--config', 'web/vite.config.ts', '--logLevel', 'warn'], {
      stdio: 'inherit',
    });
    if (build.status !== 0) throw new Error('the web build failed');
    const initial = initialAssets();
    report.figure(section, 'landing page JS named by index.html', describe(sizesOf(initial.scripts)));
    report.figure(section, 'landing page CSS named by index.html', describe(sizesOf(initial.styles)));
    const loaded = await loadedAssets();
    const js = sizesOf(loaded.scripts);
    const css = sizesOf(loaded.styles);
    report.figure(section, 'landing page JS fetched by Chromium (lazy route chunks included)', describe(js));
    report.figure(section, 'landing page CSS fetched by Chromium', describe(css));
    report.target(
      section,
      'landing page JavaScript and CSS, gzipped',
      `${kilobytes(js.gzip)} JS + ${kilobytes(css.gzip)} CSS`,
      'reported',
    );

    if (!existsSync(lighthouseScript)) {
      report.target(
        section,
        'Lighthouse mobile, median of 3 runs of the landing page',
        'pending: `npm run lighthouse` is not in this branch yet',
        'pending',
      );
      return;
    }
    const lighthouse = spawnSync('npm', ['run', '--silent', 'lighthouse', '--', '--runs=3'], { encoding: 'utf8' });
    const output = `${lighthouse.stdout}\n${lighthouse.stderr}`;
    if (lighthouse.status !== 0) throw new Error(`npm run lighthouse failed:\n${output.slice(-2000)}`);
    for (const line of output
      .split('\n')
      .filter((l) => /performance|accessibility|best.practices|seo|median/i.test(l))) {
      report.figure(section, 'Lighthouse', line.trim());
    }
  },
};
