import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Browser } from 'playwright-core';
import { shopContent } from '../../contracts/content.ts';
import { launchBrowser, newPage, viewports } from '../../infra/testing/browser.ts';
import { startTestShop, type TestShop } from '../../infra/testing/shop.ts';

let shop: TestShop;
let browser: Browser;

test.before(async () => {
  shop = await startTestShop();
  browser = await launchBrowser();
});
test.after(async () => {
  await browser?.close();
  await shop?.close();
});

for (const [name, viewport] of Object.entries(viewports)) {
  test(`Shopper sees the three products with their prices (${name})`, async () => {
    const { context, page } = await newPage(browser, viewport);
    await page.goto(shop.url + '/');
    for (const book of shopContent.books) {
      await page.getByRole('heading', { name: book.title }).first().waitFor({ timeout: 15_000 });
    }
    const text = await page.locator('#books').innerText();
    assert.match(text, '£9.99');
    await context.close();
  });
}

test('Shopper on an unknown page sees the not-found screen', async () => {
  const { context, page } = await newPage(browser);
  await page.goto(shop.url + '/no-such-page');
  await page.getByText('404 Page Not Found').waitFor({ timeout: 15_000 });
  assert.ok(await page.getByText('Did you forget to add the page to the router?').isVisible());
  await context.close();
});

test.run();
