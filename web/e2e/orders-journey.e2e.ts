import { mkdirSync } from 'node:fs';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { newPage, viewports } from '../../infra/testing/browser.ts';
import { browserFor } from '../../infra/testing/browserShop.ts';
import { startTestShop, testAdmin } from '../../infra/testing/shop.ts';
import { paidCartCheckout } from '../../infra/testing/checkout.ts';
import { entry, tab } from './ordersOwner.ts';
import { orderNumberFrom } from '../../contracts/shared/constants.ts';

const shots = 'test-results/orders';
const browser = await browserFor(test);
mkdirSync(shots, { recursive: true });

const seen = { timeout: 15_000 };

for (const [name, viewport] of Object.entries(viewports)) {
  test(`Owner logs in, finds two orders shoppers paid for in the sandbox, ships one and cancels the other (${name})`, async () => {
    const shop = await startTestShop();
    const { context, page } = await newPage(browser, viewport);
    try {
      const first = await paidCartCheckout(shop, [
        { bookId: 1, quantity: 2 },
        { bookId: 3, quantity: 1 },
      ]);
      const second = await paidCartCheckout(shop, [{ bookId: 2, quantity: 1 }]);

      await page.goto(`${shop.url}/admin-login`);
      await page.getByLabel('Username').fill(testAdmin.username);
      await page.getByLabel('Password').fill(testAdmin.password);
      await page.getByRole('button', { name: 'Log In' }).click();
      await page.waitForURL(/\/admin\/dashboard$/, seen);
      await page.getByRole('link', { name: 'Orders Dashboard' }).click(seen);
      await page.waitForURL(/\/admin\/orders$/, seen);
      await page.getByRole('heading', { name: 'Order Management' }).waitFor(seen);
      await page.getByText('Total Orders: 2', { exact: true }).waitFor(seen);
      // Paid orders arrive as "completed", a status outside the tabs: only All counts them.
      for (const label of ['All (2)', 'Pending (0)', 'Processing (0)', 'Shipped (0)', 'Delivered (0)'])
        await tab(page, label).waitFor(seen);

      await page.getByRole('button', { name: `Order #${orderNumberFrom(first)}` }).click();
      await page.getByRole('button', { name: `Order #${orderNumberFrom(second)}` }).click();
      const paid = entry(page, first);
      await paid.getByRole('group', { name: 'Update Order Status' }).waitFor(seen);
      const details = await paid.innerText();
      for (const text of [
        'Amina Khan',
        'amina@example.com',
        '1 Linden Lane, Leeds, LS1 4AB, GB',
        '£33.47',
        'The Kindness Basket',
        'Alif to Ya: My Arabic Alphabet Poster',
        'Shipping: £3.50',
      ]) {
        assert.match(details, text);
      }
      assert.match(details, /Card via/);
      assert.ok(await paid.locator('.order-entry__trigger [data-status="completed"]').isVisible());
      // Nothing is hidden for a status outside the list: every button shows.
      assert.is(await paid.getByRole('group', { name: 'Update Order Status' }).getByRole('button').count(), 5);

      await paid.getByLabel('Notes (optional)').fill('Royal Mail tracked 48');
      await paid.getByRole('button', { name: 'Mark as Shipped' }).click();
      await paid.locator('.order-entry__trigger [data-status="shipped"]').waitFor(seen);
      await paid.getByText('Royal Mail tracked 48').waitFor(seen);
      await entry(page, second).getByRole('button', { name: 'Cancel Order' }).click();
      await entry(page, second).locator('.order-entry__trigger [data-status="cancelled"]').waitFor(seen);
      await tab(page, 'Shipped (1)').waitFor(seen);
      const steps = await paid
        .getByRole('list', { name: `Status history of order #${first}` })
        .getByRole('listitem')
        .allInnerTexts();
      assert.match(steps[0]!, /Order placed\s*Completed/);
      assert.match(
        steps[1]!,
        new RegExp(`Completed\\s*→\\s*Shipped[\\s\\S]*by ${testAdmin.username}[\\s\\S]*Royal Mail tracked 48`),
      );

      await page.screenshot({ path: `${shots}/journey-${name}.png`, fullPage: true });
      await page.getByRole('link', { name: 'Reviews Dashboard' }).click();
      await page.waitForURL(/\/admin\/dashboard$/, seen);
      await page.getByRole('link', { name: 'Orders Dashboard' }).waitFor(seen);
    } finally {
      await context.close();
      await shop.close();
    }
  });
}

test.run();
