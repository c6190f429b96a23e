// The VAT screen in a browser: an unregistered shop says so; the owner's bad VAT number is refused beside the form, a
// good one registers the shop; a product's rate is set from a day and joins its history; an auditor reads the same
// screen without a single form.
import type { Browser, Page } from 'playwright-core';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { shopContent } from '../../contracts/catalog/content.ts';
import { launchBrowser, newContext, viewports } from '../../infra/testing/browser.ts';
import { paidCartCheckout, sandboxShopEnv } from '../../infra/testing/checkout.ts';
import { eventually } from '../../infra/testing/assert.ts';
import { adminHeaders, call, startTestShop, type TestShop } from '../../infra/testing/shop.ts';
import { signAdminToken } from '../../service/admin/tokens.ts';
import { axeProblems } from './ordersOwner.ts';

const poster = shopContent.books.find((b) => b.id === 3)!.title;

let shop: TestShop;
let browser: Browser;
test.before(async () => {
  [shop, browser] = await Promise.all([startTestShop(sandboxShopEnv), launchBrowser()]);
});
test.after(async () => {
  await browser?.close();
  await shop?.close();
});

/** A page signed in as `username`; its context may inject axe (the shop's CSP forbids inline scripts). */
async function signedIn(username: string, viewport: { width: number; height: number }) {
  const context = await newContext(browser, viewport, { bypassCSP: true });
  await context.addInitScript(
    (t) => localStorage.setItem('adminToken', t),
    signAdminToken(shop.shop.deps.jwtSecret, username),
  );
  return { context, page: await context.newPage() };
}

const toast = (page: Page, text: string) => page.locator('.shop-toast__description', { hasText: text }).waitFor();

test('the owner registers the shop for VAT, a bad number refused first, and sets the poster at 5% from a day', async () => {
  const { context, page } = await signedIn(shop.shop.deps.admin.username, viewports.desktop);
  try {
    await page.goto(`${shop.url}/admin/vat`);
    const status = page.getByTestId('vat-status');
    await status.getByText('Not registered', { exact: true }).waitFor();
    assert.equal(await axeProblems(page), []);
    const products = page.getByTestId('vat-product');
    assert.equal(await products.getByTestId('vat-rate').allInnerTexts(), ['0%', '0%', '20%']);

    const register = page.getByRole('form', { name: 'Register for VAT' });
    await register.getByLabel('VAT number').fill('GB 365 6845 15');
    await register.getByLabel('Registered from').fill('2020-01-01');
    await register.getByRole('button', { name: 'Register' }).click();
    await register
      .getByRole('alert')
      .getByText(/Enter a UK VAT number: GB then 9 digits/)
      .waitFor();
    await register.getByLabel('VAT number').fill('GB 365 6845 14');
    await register.getByRole('button', { name: 'Register' }).click();
    await toast(page, 'Registered for VAT as GB365684514 from 1 January 2020');
    await status.getByText('Registered', { exact: true }).waitFor();
    assert.match(await status.innerText(), 'VAT number GB 365 6845 14 from 1 January 2020');
    await page.getByRole('form', { name: 'End the registration for VAT' }).waitFor();

    const product = products.filter({ has: page.getByRole('heading', { name: poster, exact: true }) });
    const rate = product.getByRole('form', { name: `Change the VAT rate of ${poster}` });
    await rate.getByLabel('New rate (%)').fill('5');
    await rate.getByLabel('From').fill('2030-03-01');
    await rate.getByRole('button', { name: 'Set rate' }).click();
    await toast(page, `"${poster}" is rated 5% from 1 March 2030`);
    await product.getByRole('cell', { name: '1 March 2030' }).waitFor();
    assert.is(await product.getByTestId('vat-rate').innerText(), '20%', 'today the poster is still at 20%');
    assert.equal(await axeProblems(page), []);
  } finally {
    await context.close();
  }
});

test('an auditor reads the VAT screen and is offered no change', async () => {
  const owner = await adminHeaders(shop);
  const created = await call(`${shop.url}/api/admin/accounts`, {
    body: { username: 'auditor.vat', role: 'auditor' },
    headers: owner,
  });
  assert.is(created.status, 201, created.text);
  const { context, page } = await signedIn('auditor.vat', viewports.mobile);
  try {
    await page.goto(`${shop.url}/admin/vat`);
    await page.getByRole('heading', { name: 'Rates by product' }).waitFor();
    await page.getByTestId('vat-status').waitFor();
    // Choosing the VAT return's period changes nothing; no other form is offered.
    assert.is(await page.locator('form:not([aria-label="VAT return period"])').count(), 0);
    assert.equal(await axeProblems(page), []);
  } finally {
    await context.close();
  }
});

test("the owner reads the quarter's VAT return, box 1 opening onto the receipt of the sale behind it", async () => {
  const owner = await adminHeaders(shop);
  // Registered as the first test registers the shop: the same number and day again change nothing.
  const registered = await call(`${shop.url}/api/admin/vat/registration`, {
    body: { vatNumber: 'GB 365 6845 14', registeredFrom: '2020-01-01' },
    headers: owner,
  });
  assert.is(registered.status, 200, registered.text);
  const orderId = await paidCartCheckout(shop, [{ bookId: 3, quantity: 1 }]);
  let receiptNumber = '';
  await eventually(
    async () => {
      const receipt = await call(`${shop.url}/api/admin/orders/${orderId}/receipt`, { headers: owner });
      receiptNumber = receipt.status === 200 ? String(receipt.json.receiptNumber) : '';
      return receiptNumber !== '';
    },
    30_000,
    "the order's receipt",
  );
  for (const viewport of Object.values(viewports)) {
    const { context, page } = await signedIn(shop.shop.deps.admin.username, viewport);
    try {
      await page.goto(`${shop.url}/admin/vat`);
      const boxes = page.getByTestId('vat-return');
      await boxes.waitFor();
      const box1 = boxes.getByRole('row', { name: /^Box 1 / });
      assert.match(await box1.innerText(), 'VAT due on sales and other outputs');
      await box1.getByText(/documents?$/).click();
      await box1.getByText(`Receipt ${receiptNumber}`, { exact: false }).waitFor();
      assert.match(await boxes.getByRole('row', { name: /^Box 7 / }).innerText(), '£0');
      // A period that ends before it starts is refused with the server's words.
      const form = page.getByRole('form', { name: 'VAT return period' });
      await form.getByLabel('First day').fill('2026-12-31');
      await form.getByLabel('Last day').fill('2026-10-01');
      await form.getByRole('button', { name: 'Show' }).click();
      await page.getByRole('alert').getByText('A VAT period cannot end before it starts.').waitFor();
      assert.equal(await axeProblems(page), []);
    } finally {
      await context.close();
    }
  }
});

test.run();
