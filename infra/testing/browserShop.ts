// A shop and a browser for the browser tests of one file: started when the file loads, closed after its last test.
import type { Browser } from 'playwright-core';
import type { Test } from 'uvu';
import { launchBrowser } from './browser.ts';
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
