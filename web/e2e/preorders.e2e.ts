// Pre-orders in the browser (issue 52, decision 120): the owner announces a coming title on the catalogue screen (a
// date in the past is refused in the server's words), and the catalogue and sales screens count its pre-orders per
// day and in total, as the log has them.
import type { Browser } from 'playwright-core';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { preOrderMessages } from '../../contracts/preorders/model.ts';
import { comingTitleDecider } from '../../contracts/preorders/title.ts';
import { preOrderStream } from '../../contracts/shared/streams.ts';
import { ukDayOf } from '../../contracts/vat/rates.ts';
import { launchBrowser, newContext, viewports } from '../../infra/testing/browser.ts';
import { ownerPage } from '../../infra/testing/browserShop.ts';
import { sandboxShopEnv } from '../../infra/testing/checkout.ts';
import { startTestShop, type TestShop } from '../../infra/testing/shop.ts';
import { handleCommand } from '../../service/commands.ts';
import { axeProblems } from './ordersOwner.ts';
import { bookCard, pastSplash } from './storefrontLanding.ts';

let shop: TestShop;
let browser: Browser;
test.before(async () => {
  [shop, browser] = await Promise.all([startTestShop(sandboxShopEnv), launchBrowser()]);
});
test.after(async () => {
  await browser?.close();
  await shop?.close();
});

test('the owner announces a coming title and reads its pre-orders per day on the catalogue and sales screens', async () => {
  const { context, page } = await ownerPage(browser, shop);
  try {
    await page.goto(`${shop.url}/admin/catalogue`);
    const form = page.getByRole('form', { name: 'Coming title' });
    await form.waitFor();
    await form.getByTestId('coming-book').selectOption({ label: 'Together We Shine' });
    await form.getByLabel('Publication date').fill('2026-01-01');
    await form.getByRole('button', { name: 'Announce' }).click();
    const today = ukDayOf(new Date().toISOString());
    await page.getByTestId('coming-error').getByText(preOrderMessages.pastDate(today)).waitFor();

    await form.getByLabel('Publication date').fill('2027-03-01');
    await form.getByLabel('Pre-order limit (copies, blank for none)').fill('50');
    await form.getByRole('button', { name: 'Announce' }).click();
    const demand = page.getByTestId('preorder-demand');
    await demand.getByText('Published 1 March 2027').waitFor();
    await form.getByRole('button', { name: 'Save' }).waitFor();

    const [book] = await page.getByTestId('preorder-title').evaluateAll((els) => els.map((e) => e.dataset.bookId));
    const bookId = Number(book);
    for (const [i, quantity] of [1, 2, 1].entries()) {
      const at = new Date().toISOString();
      await handleCommand(
        shop.shop.deps.events,
        preOrderStream(bookId),
        comingTitleDecider,
        {
          type: 'PlacePreOrder',
          bookId,
          title: 'Together We Shine',
          checkoutId: `e2e-${i}`,
          quantity,
          at,
          expiresAt: new Date(Date.parse(at) + 30 * 60_000).toISOString(),
        },
        { causedBy: 'shopper', requestId: `e2e-${i}`, now: at },
      );
      await handleCommand(
        shop.shop.deps.events,
        preOrderStream(bookId),
        comingTitleDecider,
        { type: 'PayPreOrder', bookId, checkoutId: `e2e-${i}`, orderId: `order-e2e-${i}`, at },
        { causedBy: 'shopper', requestId: `e2e-${i}`, now: at },
      );
    }
    await page.reload();
    await page
      .getByTestId('preorder-total')
      .getByText('3 pre-orders · 4 copies in total of a limit of 50 · 0 allocated · 3 waiting')
      .waitFor();
    const rows = await page.getByTestId('preorder-day').allInnerTexts();
    assert.equal(
      rows.map((r) => r.split('\t').slice(1)),
      [['3', '4']],
    );
    assert.equal(await axeProblems(page), []);

    await page.goto(`${shop.url}/admin/sales`);
    await page
      .getByTestId('preorder-demand')
      .getByText('3 pre-orders · 4 copies in total of a limit of 50 · 0 allocated · 3 waiting')
      .waitFor();
    assert.equal(await axeProblems(page), []);
  } finally {
    await context.close();
  }
});

test("the coming book's card and page say when it is published and offer a Pre-order button in place of Add to Cart", async () => {
  for (const viewport of [viewports.desktop, viewports.mobile]) {
    // bypassCSP only so that axe can be injected.
    const context = await newContext(browser, viewport, { bypassCSP: true });
    try {
      const page = await context.newPage();
      await page.goto(`${shop.url}/`);
      await pastSplash(page);
      const card = bookCard(page, 'Together We Shine');
      await card.getByTestId('coming-notice').getByText('Pre-order — published 1 March 2027').waitFor();
      await card.getByRole('button', { name: 'Pre-order' }).waitFor();
      assert.is(await card.getByRole('button', { name: 'Add to Cart' }).count(), 0);
      await bookCard(page, 'The Kindness Basket').getByRole('button', { name: 'Add to Cart' }).waitFor();

      await page.goto(`${shop.url}/books/together-we-shine`);
      const buy = page.locator('.book-page__buy');
      await buy.getByText('Pre-order — published 1 March 2027').waitFor();
      assert.equal(await axeProblems(page), []);
      await buy.getByRole('button', { name: 'Pre-order' }).click();
      await buy.getByRole('button', { name: 'Added to Cart!' }).waitFor();
    } finally {
      await context.close();
    }
  }
});

test.run();
