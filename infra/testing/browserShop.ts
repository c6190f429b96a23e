// A shop and a browser for the browser tests of one file: started when the file loads, closed after its last test.
import { rmSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Browser } from 'playwright-core';
import type { Test } from 'uvu';
import { signAdminToken } from '../../service/admin/tokens.ts';
import { launchBrowser, newPage, viewports } from './browser.ts';
import { copyGoldenData, readGolden, recordedClock, type GoldenLog } from './golden.ts';
import { startTestShop, type TestShop } from './shop.ts';

/** A browser for the tests of one file, closed after the last of them. */
export async function browserFor(test: Test): Promise<Browser> {
  const browser = await launchBrowser();
  test.after(() => browser.close());
  return browser;
}

/** A shop with the test settings and a browser for the tests of one file, both closed after the last of them. */
export async function shopAndBrowserFor(
  test: Test,
  env: Record<string, string> = {},
  options: Parameters<typeof startTestShop>[1] = {},
): Promise<{ shop: TestShop; browser: Browser }> {
  const [shop, browser] = await Promise.all([startTestShop(env, options), launchBrowser()]);
  test.after(async () => {
    await browser.close();
    await shop.close();
  });
  return { shop, browser };
}

/**
 * A shop on a writable copy of a golden log (a recorded season, its owner the log's admin) and a browser for the tests
 * of one file: both closed, and the copy removed, after the last of them. The golden files themselves are never opened.
 */
export async function goldenShopAndBrowserFor(
  test: Test,
  options: {
    /** which golden log (v1 unless named) */
    version?: string;
    /** settings beyond the copy's folder and the log's admin */
    env?: Record<string, string>;
    /** the shop's clock runs on from the log's last event, for answers that depend on the time */
    recordedClock?: boolean;
  } = {},
): Promise<{ golden: GoldenLog; shop: TestShop; browser: Browser }> {
  const golden = readGolden(options.version ?? 'v1');
  const dataDir = copyGoldenData(golden);
  const { shop, browser } = await shopAndBrowserFor(
    test,
    { DATA_DIR: dataDir, ADMIN_USERNAME: golden.meta.admin.username, ...options.env },
    options.recordedClock ? { clock: recordedClock(golden) } : {},
  );
  test.after(() => rmSync(dirname(dataDir), { recursive: true, force: true }));
  return { golden, shop, browser };
}

/** A page signed in as the shop's owner (the token in local storage, as the login screen leaves it). */
export async function ownerPage(
  browser: Browser,
  shop: TestShop,
  viewport: { width: number; height: number } = viewports.desktop,
) {
  // bypassCSP only so that axe can be injected.
  const { context, page } = await newPage(browser, viewport, { bypassCSP: true });
  const token = signAdminToken(shop.shop.deps.jwtSecret, shop.shop.deps.admin.username);
  await context.addInitScript((t) => localStorage.setItem('adminToken', t), token);
  return { context, page };
}
