// A shop with more orders than one page: the console shows the first page, "Load more orders" brings the next, a tab
// pages through its own status, and a search or a date range narrows the list.
import { mkdirSync } from 'node:fs';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { viewports } from '../../infra/testing/browser.ts';
import { browserFor } from '../../infra/testing/browserShop.ts';
import { orderPlacedData } from '../../infra/testing/exampleOrders.ts';
import { ownerAt, tab } from './ordersOwner.ts';

const shots = 'test-results/orders';
const seen = { timeout: 15_000 };

const browser = await browserFor(test);
mkdirSync(shots, { recursive: true });

/** 70 orders, one a day from 1 January; every tenth is processing; order 7 belongs to Hafsa in BD1 2AB. */
const manyOrders = () =>
  Array.from({ length: 70 }, (_, i) =>
    orderPlacedData({
      orderId: `${5000 + i}`,
      placedAt: new Date(Date.UTC(2026, 0, 1 + i, 10)).toISOString(),
      status: i % 10 === 0 ? 'processing' : 'pending',
      ...(i === 7
        ? {
            customerName: 'Hafsa Begum',
            customerEmail: 'hafsa@example.com',
            shippingAddress: { line1: '3 Mill Lane', city: 'Bradford', postcode: 'BD1 2AB', country: 'GB' },
          }
        : {}),
    }),
  );

const triggers = (page: import('playwright-core').Page) => page.locator('.order-entry__trigger');

test('Owner pages through 70 orders with "Load more orders", by tab, and finds one by postcode, e-mail or date', async () => {
  const { shop, context, page } = await ownerAt(browser, viewports.desktop, { orders: manyOrders() });
  try {
    await page.goto(`${shop.url}/admin/orders`);
    await page.getByText('Total Orders: 70', { exact: true }).waitFor(seen);
    await tab(page, 'All (70)').waitFor(seen);
    await tab(page, 'Processing (7)').waitFor();
    assert.is(await triggers(page).count(), 50, 'the first page');
    await page.getByRole('button', { name: 'Load more orders' }).click();
    await triggers(page).nth(69).waitFor(seen);
    assert.is(await triggers(page).count(), 70);
    assert.is(await page.getByRole('button', { name: 'Load more orders' }).count(), 0, 'nothing more to load');
    await page.screenshot({ path: `${shots}/pages-desktop.png` });

    await page.reload();
    await tab(page, 'Processing (7)').click();
    // The tab lives in the address and changes a moment after the click; until then the active rows are All's.
    await page.getByRole('tab', { name: 'Processing (7)', selected: true }).waitFor(seen);
    await page.locator('.orders-tab[data-state="active"] .order-entry__trigger').nth(6).waitFor(seen);
    const processing = await page
      .locator('.orders-tab[data-state="active"] .order-entry__trigger [data-status]')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-status')));
    assert.equal(processing, Array(7).fill('processing'));
    await tab(page, 'All (70)').click();

    await page.getByLabel('Search orders').fill('bd1 2ab');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByText('Total Orders: 1', { exact: true }).waitFor(seen);
    assert.match(await triggers(page).first().innerText(), /Order #AH-5007/);
    // Back to the whole list between searches: the first search's "Total Orders: 1" would otherwise answer for the next.
    await page.getByRole('button', { name: 'Clear' }).click();
    await page.getByText('Total Orders: 70', { exact: true }).waitFor(seen);
    await page.getByLabel('Search orders').fill('HAFSA@example.com');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByText('Total Orders: 1', { exact: true }).waitFor(seen);
    assert.match(await triggers(page).first().innerText(), /Order #AH-5007/);
    await page.getByRole('button', { name: 'Clear' }).click();
    await page.getByText('Total Orders: 70', { exact: true }).waitFor(seen);

    await page.getByLabel('From').fill('2026-02-01');
    await page.getByLabel('To', { exact: true }).fill('2026-02-03');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByText('Total Orders: 3', { exact: true }).waitFor(seen);
    assert.is(await triggers(page).count(), 3);
  } finally {
    await context.close();
    await shop.close();
  }
});

test.run();
