// Stock and sales in a browser: the storefront's "Out of stock" and "Only N left", the owner recording copies received,
// the sales chart and its table after a few orders, a CSV download whose rows are the console's orders, and the sales
// screen's receipt lines and Xero file.
import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { shopContent } from '../../contracts/catalog/content.ts';
import { xeroCreditNoteColumns, xeroInvoiceColumns } from '../../contracts/receipts/exports.ts';
import { ordersCsvColumns } from '../../contracts/sales/model.ts';
import { notEnoughStockMessage } from '../../contracts/stock/model.ts';
import { launchBrowser, newContext, viewports } from '../../infra/testing/browser.ts';
import { sandboxPayBody, sandboxShopEnv } from '../../infra/testing/checkout.ts';
import { adminHeaders, call, floodLimits, startTestShop, type TestShop } from '../../infra/testing/shop.ts';
import { signAdminToken } from '../../service/admin/tokens.ts';
import { axeProblems } from './ordersOwner.ts';
import { addToCart, bookCard, openCart, pastSplash } from './storefrontLanding.ts';

const [kindness, together, poster] = shopContent.books.map((b) => b.title) as [string, string, string];
const seen = { timeout: 15_000 };

let shop: TestShop;
let browser: Browser;
let admin: Record<string, string>;
test.before(async () => {
  [shop, browser] = await Promise.all([
    startTestShop({ ...sandboxShopEnv, RATE_LIMITS: floodLimits }),
    launchBrowser(),
  ]);
  admin = await adminHeaders(shop);
});
test.after(async () => {
  await browser?.close();
  await shop?.close();
});

const api = (path: string, body?: unknown) =>
  call(`${shop.url}${path}`, { ...(body === undefined ? {} : { body }), headers: admin });

/** A page signed in as the owner; its context may inject axe (the shop's CSP forbids inline scripts). */
async function pageFor(
  viewport: { width: number; height: number },
  signedIn = false,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext(browser, viewport, { bypassCSP: true, acceptDownloads: true });
  if (signedIn)
    await context.addInitScript(
      (t) => localStorage.setItem('adminToken', t),
      signAdminToken(shop.shop.deps.jwtSecret, shop.shop.deps.admin.username),
    );
  const page = await context.newPage();
  return { context, page };
}

async function paidOrder(items: { bookId: number; quantity: number }[], country = 'GB') {
  const started = await call(`${shop.url}/api/cart/checkout`, { body: { items, customerCountry: country } });
  assert.is(started.status, 200, started.text);
  const body = sandboxPayBody({
    country,
    shippingOptionId: country === 'GB' ? 'uk-shipping' : 'international-shipping',
  });
  assert.is(
    (await call(`${shop.url}/api/sandbox/checkout-sessions/${started.json.sessionId}/pay`, { body })).status,
    200,
  );
}

/** Waits until the read models have folded everything in the log, the reactor's stock moves included. */
async function settled() {
  await shop.shop.deps.effects.waitFor(await shop.shop.deps.events.headPosition(), 10_000);
  await shop.shop.deps.waiter.waitFor(await shop.shop.deps.events.headPosition(), 10_000);
}

/** Brings a product's shelf to exactly `copies`, its stock recorded, whatever the tests before left there. */
async function shelve(bookId: number, copies: number) {
  await settled();
  const product = (
    (await api('/api/admin/stock')).json.products as { bookId: number; tracked: boolean; onHand: number }[]
  ).find((p) => p.bookId === bookId)!;
  let onHand = product.onHand;
  if (!product.tracked || onHand < copies) {
    const quantity = Math.max(copies - onHand, 1);
    assert.is((await api(`/api/admin/stock/${bookId}/received`, { quantity })).status, 200);
    onHand += quantity;
  }
  if (onHand > copies)
    assert.is(
      (await api(`/api/admin/stock/${bookId}/corrections`, { delta: copies - onHand, reason: 'stock count' })).status,
      200,
    );
  await settled();
}

test('storefront: a product with no copies left says "Out of stock" and cannot be added; a low one says "Only N left"', async () => {
  assert.is((await api('/api/admin/stock/1/received', { quantity: 2 })).status, 200);
  assert.is(
    (await api('/api/admin/stock/1/corrections', { delta: -2, reason: 'both copies sent to a school fair' })).status,
    200,
  );
  assert.is((await api('/api/admin/stock/2/received', { quantity: 3 })).status, 200);
  await settled();
  for (const viewport of Object.values(viewports)) {
    const { context, page } = await pageFor(viewport);
    try {
      await page.goto(`${shop.url}/`);
      await pastSplash(page);
      const out = bookCard(page, kindness);
      await out.scrollIntoViewIfNeeded();
      await out.getByText('Out of stock', { exact: true }).waitFor(seen);
      assert.ok(await out.getByRole('button', { name: 'Add to Cart' }).isDisabled());
      assert.ok(await out.getByRole('button', { name: `Buy Now: ${kindness}` }).isDisabled());
      const low = bookCard(page, together);
      await low.getByText('Only 3 left', { exact: true }).waitFor(seen);
      assert.ok(await low.getByRole('button', { name: 'Add to Cart' }).isEnabled());
      // Never recorded: sold without limit, no notice.
      assert.is(await bookCard(page, poster).getByTestId('stock-notice').count(), 0);
      assert.ok(await bookCard(page, poster).getByRole('button', { name: 'Add to Cart' }).isEnabled());
      assert.equal(await axeProblems(page), []);
    } finally {
      await context.close();
    }
  }
});

test('storefront: a cart asking for more copies than are left is refused with what is left, and the cart stays', async () => {
  await shelve(2, 3);
  const { context, page } = await pageFor(viewports.desktop);
  try {
    await page.goto(`${shop.url}/`);
    await pastSplash(page);
    await bookCard(page, together).getByText('Only 3 left', { exact: true }).waitFor(seen);
    await addToCart(page, together, 4);
    const drawer = await openCart(page);
    await drawer.getByRole('button', { name: 'Proceed to Checkout' }).click();
    await page.getByText(notEnoughStockMessage(together, 3), { exact: true }).waitFor(seen);
    assert.ok(await page.getByText('Not Enough Stock', { exact: true }).isVisible());
    assert.match(page.url(), `${shop.url}/`);
    assert.is(await drawer.getByText(together, { exact: true }).count(), 1);
  } finally {
    await context.close();
  }
});

test('admin: the owner records copies of the poster received, and the stock screen shows them', async () => {
  const { context, page } = await pageFor(viewports.desktop, true);
  try {
    await page.goto(`${shop.url}/admin/stock`);
    const product = page
      .getByTestId('stock-product')
      .filter({ has: page.getByRole('heading', { name: poster, exact: true }) });
    await product.getByText('Not counted', { exact: true }).waitFor(seen);
    assert.equal(await axeProblems(page), []);
    const form = product.getByRole('form', { name: `Record copies of ${poster} received` });
    await form.getByLabel('Copies').fill('7');
    await form.getByLabel('Note (optional)').fill('first print run');
    await form.getByRole('button', { name: 'Record received' }).click();
    // The toast itself: Radix also announces its text once in a live region, which would make a bare text match ambiguous.
    await page.locator('.shop-toast__description', { hasText: `7 copies of "${poster}" received` }).waitFor(seen);
    // The toast answers the command; the counts come with the stock read again after it, so wait for them to show.
    await product.getByRole('cell', { name: 'first print run' }).waitFor(seen);
    await product.getByTestId('on-hand').filter({ hasText: /^7$/ }).waitFor(seen);
    assert.is(await product.getByTestId('available').innerText(), '7');
    // A correction without a reason is refused by the form; with one it is recorded.
    const correction = product.getByRole('form', { name: `Correct the stock of ${poster}` });
    await correction.getByLabel('Change (+ found, − lost or damaged)').fill('-1');
    await correction.getByLabel('Reason').fill('one creased in the post');
    await correction.getByRole('button', { name: 'Record correction' }).click();
    await product.getByRole('cell', { name: 'one creased in the post' }).waitFor(seen);
    await product.getByTestId('on-hand').filter({ hasText: /^6$/ }).waitFor(seen);
  } finally {
    await context.close();
  }
});

test('admin: after a few orders the sales view shows the chart and the same numbers in a table', async () => {
  await paidOrder([{ bookId: 2, quantity: 1 }]);
  await paidOrder([{ bookId: 3, quantity: 2 }]);
  await paidOrder([{ bookId: 3, quantity: 1 }], 'US');
  await settled();
  for (const viewport of Object.values(viewports)) {
    const { context, page } = await pageFor(viewport, true);
    try {
      await page.goto(`${shop.url}/admin/sales`);
      const chart = page.getByRole('img', { name: /Revenue per period/ });
      await chart.waitFor(seen);
      const revenue = 999 + 350 + 1998 + 350 + 999 + 500;
      const pounds = `£${(revenue / 100).toFixed(2)}`;
      assert.match((await chart.locator('desc').textContent()) ?? '', `${pounds} from 3 orders`);
      assert.is(await chart.locator('rect').count(), 1);
      const table = page.getByTestId('sales-table');
      const rows = table.locator('tbody tr');
      assert.is(await rows.count(), 1);
      assert.equal((await rows.first().locator('th, td').allInnerTexts()).slice(1), [
        '3',
        pounds,
        '£12.00',
        '£0.00',
        '2 / 1',
      ]);
      const totals = page.getByTestId('sales-totals');
      assert.match(await totals.innerText(), `Average order value\n£${(Math.round(revenue / 3) / 100).toFixed(2)}`);
      assert.match(await page.getByTestId('sales-products').innerText(), poster);
      await page.getByRole('radio', { name: 'Month' }).click();
      await page.getByRole('heading', { name: 'Revenue per month' }).waitFor(seen);
      assert.equal(await axeProblems(page), []);
    } finally {
      await context.close();
    }
  }
});

test("admin: the order console's CSV download holds one row per order it lists, formulas made text", async () => {
  // An order of its own, so the file has a row whichever tests ran before.
  await paidOrder([{ bookId: 3, quantity: 1 }]);
  await settled();
  const count = (await api('/api/admin/orders')).json.orders.length as number;
  const { context, page } = await pageFor(viewports.desktop, true);
  try {
    await page.goto(`${shop.url}/admin/orders`);
    await page.getByRole('tab', { name: `All (${count})`, exact: true }).waitFor(seen);
    const listed = await page
      .locator('[data-order-id]')
      .evaluateAll((els) => els.map((el) => el.getAttribute('data-order-id')));
    // The file names every customer: the reader says why first, and the reason is recorded.
    await page.getByRole('button', { name: 'Download CSV' }).click();
    const asked = page.getByRole('dialog', { name: 'Download the orders as CSV' });
    await asked.getByLabel(/^Reason/).fill('Quarterly VAT return');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      asked.getByRole('button', { name: 'Download' }).click(),
    ]);
    assert.match(download.suggestedFilename(), /^orders-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = readFileSync(await download.path(), 'utf8').replace(/^\uFEFF/, '');
    const lines = text.split('\r\n').filter(Boolean);
    assert.is(lines[0], ordersCsvColumns.join(','));
    assert.is(lines.length - 1, listed.length);
    const numbers = lines.slice(1).map((line) => line.split(',')[0]);
    const expected = (await api('/api/admin/orders')).json.orders.map((o: { orderNumber: string }) => o.orderNumber);
    assert.equal(numbers.sort(), [...expected].sort());
    assert.ok(lines.slice(1).every((line) => line.includes(',completed,')));
  } finally {
    await context.close();
  }
});

test('admin: the sales screen downloads the receipt lines, the Xero invoices and credit notes and the daily summary of the range it shows', async () => {
  await paidOrder([{ bookId: 3, quantity: 1 }]);
  await settled();
  const { context, page } = await pageFor(viewports.desktop, true);
  try {
    await page.goto(`${shop.url}/admin/sales`);
    const files = page.getByRole('group', { name: 'Bookkeeping files' });
    await files.waitFor(seen);
    const [lines] = await Promise.all([
      page.waitForEvent('download'),
      files.getByRole('button', { name: 'Download receipt lines (CSV)' }).click(),
    ]);
    assert.match(lines.suggestedFilename(), /^sales-lines-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = readFileSync(await lines.path(), 'utf8').replace(/^\uFEFF/, '');
    assert.ok(text.startsWith('Receipt number,Date,Order number,Product,Quantity,Net,'), text);
    assert.ok(text.includes('\r\n\r\nCredit note number,'), text);
    const [xero] = await Promise.all([
      page.waitForEvent('download'),
      files.getByRole('button', { name: 'Download Xero invoices (CSV)' }).click(),
    ]);
    assert.match(xero.suggestedFilename(), /^xero-sales-invoices-\d{4}-\d{2}-\d{2}\.csv$/);
    assert.is(readFileSync(await xero.path(), 'utf8').split('\r\n')[0], xeroInvoiceColumns.join(','));
    const [credits] = await Promise.all([
      page.waitForEvent('download'),
      files.getByRole('button', { name: 'Download Xero credit notes (CSV)' }).click(),
    ]);
    assert.match(credits.suggestedFilename(), /^xero-credit-notes-\d{4}-\d{2}-\d{2}\.csv$/);
    assert.is(readFileSync(await credits.path(), 'utf8').split('\r\n')[0], xeroCreditNoteColumns.join(','));
    const [daily] = await Promise.all([
      page.waitForEvent('download'),
      files.getByRole('button', { name: 'Download daily summary (CSV)' }).click(),
    ]);
    assert.match(daily.suggestedFilename(), /^sales-by-day-\d{4}-\d{2}-\d{2}\.csv$/);
    assert.ok(readFileSync(await daily.path(), 'utf8').includes('Date,Type,Tax type,'));
    // Naming the buyers asks for a reason first; with one, the file names the buyer.
    await files.getByRole('checkbox', { name: 'Name each buyer as the Xero contact' }).click();
    await files.getByRole('button', { name: 'Download Xero invoices (CSV)' }).click();
    await files.getByRole('alert').waitFor(seen);
    await files.getByRole('textbox', { name: 'Reason (do not write a customer’s details)' }).fill('Quarterly accounts');
    const [named] = await Promise.all([
      page.waitForEvent('download'),
      files.getByRole('button', { name: 'Download Xero invoices (CSV)' }).click(),
    ]);
    assert.ok(readFileSync(await named.path(), 'utf8').includes('Amina Khan'));
  } finally {
    await context.close();
  }
});

test("admin: the sales screen's period and range are the address's, so a reload shows the same sales", async () => {
  const { context, page } = await pageFor(viewports.desktop, true);
  try {
    await page.goto(`${shop.url}/admin/sales`);
    const range = page.getByRole('form', { name: 'Date range' });
    await range.getByLabel('From').fill('2026-03-01');
    await range.getByLabel('To').fill('2026-03-31');
    await range.getByRole('button', { name: 'Show' }).click();
    await page.getByText('Receipts and credit notes from 1 Mar 2026 to 31 Mar 2026', { exact: false }).waitFor(seen);
    await page.getByRole('radio', { name: 'Month' }).click();
    await page.getByRole('heading', { name: 'Revenue per month' }).waitFor(seen);
    const address = new URL(page.url()).searchParams;
    assert.equal(
      [address.get('period'), address.get('from'), address.get('to')],
      ['month', '2026-03-01', '2026-03-31'],
    );
    await page.reload();
    await page.getByRole('heading', { name: 'Revenue per month' }).waitFor(seen);
    assert.is(await range.getByLabel('From').inputValue(), '2026-03-01');
    assert.is(await range.getByLabel('To').inputValue(), '2026-03-31');
    assert.is(await page.getByRole('radio', { name: 'Month' }).getAttribute('aria-checked'), 'true');
    await page.getByText('Receipts and credit notes from 1 Mar 2026 to 31 Mar 2026', { exact: false }).waitFor(seen);
  } finally {
    await context.close();
  }
});

test.run();
