// While payments run in test mode every page says so, in a strip above the page that takes room of its own.
import type { Browser } from 'playwright-core';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { testModeNotice } from '../../contracts/shared/testMode.ts';
import { startFakeStripeApi } from '../../infra/testing/fakeStripeApi.ts';
import { launchBrowser, newPage, viewports } from '../../infra/testing/browser.ts';
import { startTestShop } from '../../infra/testing/shop.ts';
import { stripeShopEnv } from '../../infra/testing/checkout.ts';

let browser: Browser;
test.before(async () => {
  browser = await launchBrowser();
});
test.after(() => browser?.close());

const wait = { timeout: 15_000 };

test('every page of a shop on the sandbox says test mode, in a strip in the page flow', async () => {
  const shop = await startTestShop();
  const { context, page } = await newPage(browser, viewports.mobile);
  try {
    for (const path of ['/', '/admin/login', '/payment-cancelled']) {
      await page.goto(`${shop.url}${path}`);
      const notice = page.getByTestId('site-test-mode');
      await notice.waitFor(wait);
      assert.is(await notice.textContent(), testModeNotice, path);
      // A strip in the page's flow, above the page: it takes room of its own (consoleGolden.e2e.ts checks it covers nothing).
      assert.is(await notice.evaluate((el) => getComputedStyle(el).position), 'static', path);
      // Above everything else the page draws (once the landing page's first screen has made way): its top is the page's.
      await page.locator('#first-screen').waitFor({ state: 'detached', ...wait });
      assert.is(await notice.evaluate((el) => el.getBoundingClientRect().top + window.scrollY), 0, path);
    }
    // A checkout page says it in its own notice; the corner label steps aside so the sentence shows once.
    await page.goto(`${shop.url}/custom-checkout`);
    await page.getByTestId('test-mode').waitFor(wait);
    assert.is(await page.getByText(testModeNotice).count(), 1);
    await page.goto(`${shop.url}/`);
    await page.getByTestId('site-test-mode').waitFor(wait);
  } finally {
    await context.close();
    await shop.close();
  }
});

test('a shop on live Stripe keys shows no test-mode notice', async () => {
  const stripe = await startFakeStripeApi();
  const shop = await startTestShop(stripeShopEnv(stripe, 'sk_live_shop', 'pk_live_shop'));
  const { context, page } = await newPage(browser, viewports.desktop);
  try {
    const config = page.waitForResponse((r) => r.url().endsWith('/api/payments/config'), wait);
    await page.goto(`${shop.url}/`);
    assert.is((await (await config).json()).testMode, false);
    // The page has the whole answer and has gone idle since: it has drawn what the answer asks for.
    await (await config).finished();
    await page.evaluate(() => new Promise<void>((resolve) => requestIdleCallback(() => resolve())));
    assert.is(await page.getByTestId('site-test-mode').count(), 0);
  } finally {
    await context.close();
    await shop.close();
    await stripe.close();
  }
});

test.run();
