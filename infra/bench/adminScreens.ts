// Section: every admin screen on the golden log's recorded season (224 orders), as the owner opens it in Chromium at
// 1280 px: the time from navigation to the screen's first useful content (its first order row, its chart, its table),
// median of 5 fresh loads each with an empty cache, so the whole page, its scripts and its data count every time.
// Target: 1.5 s each. `npm run bench -- admin-screens` runs it alone.
import { rmSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Page } from 'playwright-core';
import { signAdminToken } from '../../service/admin/tokens.ts';
import { launchBrowser, newContext, viewports } from '../testing/browser.ts';
import { copyGoldenData, readGolden, recordedClock } from '../testing/golden.ts';
import { startTestShop } from '../testing/shop.ts';
import { median, whole, type BenchReport } from './report.ts';
import type { BenchOptions, Section } from './section.ts';

const section = 'admin screens';
const targetMs = 1500;

/** Each screen, and what on it is the first thing worth looking at. `order` is replaced by a recorded order's id. */
export const adminScreens: { path: string; content: string }[] = [
  { path: '/admin/orders', content: '.order-entry__trigger' },
  { path: '/admin/orders/:order', content: '.admin-page .order-timeline__step' },
  { path: '/admin/orders/:order/packing-slip', content: '.packing-slip' },
  { path: '/admin/orders/:order/receipt', content: 'article.receipt, .screen-error h1, h1' },
  { path: '/admin/orders/fulfil', content: '.fulfil-order' },
  { path: '/admin/packing-slips', content: '.packing-slip' },
  { path: '/admin/messages', content: '.admin-page .message-card, .admin-page .rt-CalloutRoot' },
  { path: '/admin/dashboard', content: '.admin-page .review-list li, .admin-page .admin-tabs ~ p' },
  { path: '/admin/sales', content: '[data-testid="sales-chart"]' },
  { path: '/admin/ledger', content: '[data-testid="ledger-table"]' },
  { path: '/admin/stock', content: '[data-testid="stock-product"]' },
  { path: '/admin/vat', content: '[data-testid="vat-status"]' },
  { path: '/admin/shipping', content: '[data-testid="shipping-zone"], [data-testid="not-served"]' },
  { path: '/admin/catalogue', content: '[data-testid="catalogue-row"]' },
  { path: '/admin/discounts', content: '.admin-page .discount-table, .admin-page h2' },
  { path: '/admin/audit', content: '.admin-page [aria-label="Streams found"] tbody tr' },
  { path: '/admin/accounts', content: '.admin-page tbody tr' },
  { path: '/admin/privacy', content: '.admin-page h2' },
];

/**
 * ms from the start of navigation to the first of `content` being visible to the owner (no splash over it), read from
 * the page's own clock in the frame where both hold.
 */
async function timeToContent(page: Page, url: string, content: string): Promise<number> {
  await page.goto(url, { waitUntil: 'commit' });
  const seen = await page.waitForFunction(
    (selector) => {
      const splash = document.querySelector('.splash');
      if (splash && getComputedStyle(splash).visibility !== 'hidden') return false;
      const found = document.querySelector(selector);
      if (!found || found.getClientRects().length === 0) return false;
      return performance.now();
    },
    content,
    { polling: 'raf', timeout: 60_000 },
  );
  return (await seen.jsonValue()) as number;
}

export const adminScreensSection: Section = {
  name: 'admin-screens',
  async run(report: BenchReport, { quick }: BenchOptions) {
    const rounds = quick ? 2 : 5;
    const golden = readGolden('v1');
    const dataDir = copyGoldenData(golden);
    const shop = await startTestShop(
      { DATA_DIR: dataDir, ADMIN_USERNAME: golden.meta.admin.username },
      { clock: recordedClock(golden) },
    );
    const browser = await launchBrowser();
    try {
      const token = signAdminToken(shop.shop.deps.jwtSecret, golden.meta.admin.username);
      const list = await fetch(`${shop.url}/api/admin/orders?limit=1`, {
        headers: { authorization: `Bearer ${token}` },
      });
      const orders = ((await list.json()) as { orders: { orderId: string }[] }).orders;
      const firstOrder = orders[0]!.orderId;
      const results: { path: string; ms: number }[] = [];
      for (const screen of adminScreens) {
        const path = screen.path.replace(':order', encodeURIComponent(firstOrder));
        const times: number[] = [];
        // One warm-up load (the shop's read models and the OS file cache), then fresh contexts: nothing cached.
        for (let round = -1; round < rounds; round++) {
          const context = await newContext(browser, viewports.desktop, { bypassCSP: true });
          await context.addInitScript((t) => localStorage.setItem('adminToken', t), token);
          const page = await context.newPage();
          try {
            const ms = await timeToContent(page, `${shop.url}${path}`, screen.content);
            if (round >= 0) times.push(ms);
          } finally {
            await context.close();
          }
        }
        const ms = median(times);
        results.push({ path: screen.path, ms });
        report.figure(section, `${screen.path} (median of ${rounds})`, `${whole(ms)} ms`);
      }
      const missed = results.filter((r) => r.ms > targetMs);
      const slowest = results.reduce((a, b) => (b.ms > a.ms ? b : a));
      report.target(
        section,
        `every admin screen's first content within ${whole(targetMs)} ms (golden log, 1280 px, cold cache)`,
        missed.length
          ? `${missed.map((r) => `${r.path} ${whole(r.ms)} ms`).join(', ')}`
          : `slowest ${slowest.path} ${whole(slowest.ms)} ms`,
        quick ? 'reported' : missed.length === 0,
      );
      report.note(
        section,
        'The shop runs in the bench process (`startTestShop`) on a copy of the golden log v1; Chromium headless, a fresh context per load with the owner\u2019s token in local storage; time is `performance.now()` in the page when the screen\u2019s first content is visible.',
      );
    } finally {
      await browser.close();
      await shop.close();
      rmSync(dirname(dataDir), { recursive: true, force: true });
    }
  },
};
