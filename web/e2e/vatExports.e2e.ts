// Exports in a browser, on the shop's own clock (decision 097): the shopper paying for a parcel to France reads the
// import-duties sentence; an export to France without proof after its 3 months is
// listed on the VAT screen with the UK VAT now due; the owner records its proof of posting on the order's page, and the
// VAT screen lists it no more.
import type { Browser } from 'playwright-core';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { launchBrowser, newContext, viewports } from '../../infra/testing/browser.ts';
import { sandboxPayBody, sandboxShopEnv } from '../../infra/testing/checkout.ts';
import { call, settled, startTestShop, type TestShop } from '../../infra/testing/shop.ts';
import { signAdminToken } from '../../service/admin/tokens.ts';
import { importDutiesNotice } from '../../contracts/content/importDuties.ts';
import { formatPence } from '../../contracts/shared/money.ts';
import { axeProblems } from './ordersOwner.ts';

let now = new Date('2027-01-10T12:00:00.000Z');
let shop: TestShop;
let browser: Browser;
test.before(async () => {
  [shop, browser] = await Promise.all([startTestShop(sandboxShopEnv, { clock: () => now }), launchBrowser()]);
});
test.after(async () => {
  await browser?.close();
  await shop?.close();
});

/** The owner's token as the shop's clock reads it. */
const ownerToken = () =>
  signAdminToken(shop.shop.deps.jwtSecret, shop.shop.deps.admin.username, undefined, undefined, now.getTime());

test('an export without proof after 3 months shows its VAT due; its proof of posting takes it off the list', async () => {
  const owner = { authorization: `Bearer ${ownerToken()}` };
  const registered = await call(`${shop.url}/api/admin/vat/registration`, {
    body: { vatNumber: 'GB 365 6845 14', registeredFrom: '2026-01-01' },
    headers: owner,
  });
  assert.is(registered.status, 200, registered.text);
  const started = await call(`${shop.url}/api/cart/checkout`, {
    body: { items: [{ bookId: 3, quantity: 2 }], customerCountry: 'FR' },
  });
  assert.is(started.status, 200, started.text);
  const orderId: string = started.json.sessionId;
  // Before paying, the shopper reads that France may charge import taxes on delivery.
  const shopper = await newContext(browser, viewports.mobile);
  try {
    const payment = await shopper.newPage();
    await payment.goto(`${shop.url}/sandbox/checkout?session=${orderId}`);
    await payment.getByTestId('import-duties').getByText(importDutiesNotice).waitFor();
  } finally {
    await shopper.close();
  }
  const paid = await call(`${shop.url}/api/sandbox/checkout-sessions/${orderId}/pay`, {
    body: sandboxPayBody({ country: 'FR', shippingOptionId: 'europe-shipping' }),
  });
  assert.is(paid.status, 200, paid.text);
  await settled(shop);
  const placed = (await shop.shop.deps.events.readStream(`order-${orderId}`)).find(
    (e) => e.type === 'OrderPlaced',
  )!.data;
  const due = placed.vat!.export!.ukTotals.vat;

  // The day after 10 April, the last day its proof could come.
  now = new Date('2027-04-11T09:00:00.000Z');
  const context = await newContext(browser, viewports.desktop, { bypassCSP: true });
  await context.addInitScript((t) => localStorage.setItem('adminToken', t), ownerToken());
  const page = await context.newPage();
  try {
    await page.goto(`${shop.url}/admin/vat`);
    const row = page.getByTestId('vat-export');
    await row.waitFor();
    assert.is(await row.getAttribute('data-state'), 'overdue');
    const text = await row.innerText();
    for (const part of [placed.orderNumber, 'France', '10 April 2027', 'limit passed', `${formatPence(due)} now due`])
      assert.match(text, part);
    assert.equal(await axeProblems(page), []);

    await row.getByRole('link', { name: placed.orderNumber }).click();
    const proof = page.getByRole('form', { name: 'Proof of posting' });
    await proof.getByLabel('Proof-of-posting reference').fill('CP 2027/0114');
    await proof.getByRole('button', { name: 'Record Proof' }).click();
    await page
      .locator('.shop-toast__description', { hasText: `Proof of posting recorded for order ${placed.orderNumber}` })
      .waitFor();
    await page.getByTestId('export-proof').getByText('Proof of posting CP 2027/0114', { exact: false }).waitFor();

    await page.goto(`${shop.url}/admin/vat`);
    await page.getByTestId('vat-exports-none').waitFor();
    assert.is(await page.getByTestId('vat-export').count(), 0);
  } finally {
    await context.close();
  }
});

test.run();
