// The receipt page in a browser: the buyer opens the link of the confirmation e-mail, the owner the receipt of a VAT
// order from its order page, and each prints it to PDF (Chromium's own print path, the one "Download PDF" opens) as one
// A4 page whose text holds the receipt number, the VAT lines, the totals and the credit note of a refund, and nothing of
// the console around it.
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Page } from 'playwright-core';
import type { OrderVat } from '../../contracts/receipts/model.ts';
import { orderStream } from '../../contracts/shared/streams.ts';
import { newPage, viewports } from '../../infra/testing/browser.ts';
import { shopAndBrowserFor } from '../../infra/testing/browserShop.ts';
import { outboxTexts, paidCartCheckout, sandboxShopEnv } from '../../infra/testing/checkout.ts';
import { orderPlacedData } from '../../infra/testing/exampleOrders.ts';
import { settled, testAdmin } from '../../infra/testing/shop.ts';
import { signAdminToken } from '../../service/admin/tokens.ts';
import { newEventId } from '../../service/commands.ts';

const out = 'test-results/receipts';
mkdirSync(out, { recursive: true });
const { shop, browser } = await shopAndBrowserFor(test, sandboxShopEnv);

/** The page printed as "Save as PDF" prints it, and the PDF's text and page count as poppler reads them. */
async function printed(page: Page, name: string): Promise<{ text: string; pages: number }> {
  await page.emulateMedia({ media: 'print' });
  const pdf = await page.pdf({ format: 'A4', preferCSSPageSize: true, printBackground: true });
  const file = `${out}/${name}.pdf`;
  writeFileSync(file, pdf);
  const text = spawnSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  assert.is(text.status, 0, `pdftotext (Debian package poppler-utils) read ${file}: ${text.stderr}`);
  const info = spawnSync('pdfinfo', [file], { encoding: 'utf8' });
  const pages = Number(/^Pages:\s+(\d+)/m.exec(info.stdout)?.[1] ?? 0);
  return { text: text.stdout.replace(/[ \t]+/g, ' '), pages };
}

test("Buyer opens the receipt from the confirmation e-mail's link and prints it to one A4 page", async () => {
  const orderId = await paidCartCheckout(shop, [{ bookId: 1, quantity: 2 }]);
  await settled(shop);
  const mail = outboxTexts(shop).find((text) => text.includes(`order number is AH-${orderId.slice(-8)}`));
  const link = /https?:\/\/\S+(\/receipt\/\S+)/.exec(mail ?? '')?.[1];
  assert.ok(link, 'the confirmation e-mail links to the receipt');
  const { page } = await newPage(browser, viewports.desktop);
  await page.goto(`${shop.url}${link}`);
  const heading = page.getByRole('heading', { name: /^Receipt AH-\d{4}-\d{6}$/ });
  await heading.waitFor();
  const receiptNumber = /AH-\d{4}-\d{6}/.exec(await heading.innerText())?.[0];
  assert.ok(receiptNumber, 'the page names its receipt number');
  assert.is(await page.getByText('VAT', { exact: false }).count(), 0, 'an order without recorded VAT shows no VAT');
  // The app's start-up splash covers the screen (not the print) for its first seconds.
  await page.locator('.splash').waitFor({ state: 'hidden' });
  await page.screenshot({ path: `${out}/buyer.png`, fullPage: true });
  await page.setViewportSize(viewports.mobile);
  await page.screenshot({ path: `${out}/buyer-mobile.png`, fullPage: true });
  await page.setViewportSize(viewports.desktop);

  const { text, pages } = await printed(page, 'buyer');
  assert.is(pages, 1);
  for (const expected of [
    receiptNumber,
    'Receipt',
    'Amanah House',
    'The Kindness Basket',
    'Delivery',
    '£3.50',
    'Total paid',
    '£23.48',
  ])
    assert.ok(text.includes(expected), `the PDF holds "${expected}":\n${text}`);
  assert.not.ok(/Print|Download PDF|Return to Home|VAT/.test(text), `nothing but the receipt is printed:\n${text}`);
  await page.context().close();
});

test('Owner opens a VAT order’s receipt from its order page and prints the VAT invoice with its lines and totals', async () => {
  const orderId = 'receipt-e2e-vat';
  const vat: OrderVat = {
    vatNumber: 'GB365684514',
    lines: [
      { rate: 0, gross: 1299, vat: 0, net: 1299 },
      { rate: 2000, gross: 999, vat: 167, net: 832 },
    ],
    delivery: [
      { rate: 0, gross: 198, vat: 0 },
      { rate: 2000, gross: 152, vat: 25 },
    ],
    rates: [
      { rate: 0, goods: 1299, delivery: 198, gross: 1497, vat: 0, net: 1497 },
      { rate: 2000, goods: 999, delivery: 152, gross: 1151, vat: 192, net: 959 },
    ],
    totals: { gross: 2648, vat: 192, net: 2456 },
  };
  const data = {
    ...orderPlacedData({
      orderId,
      placedAt: new Date().toISOString(),
      items: [
        { name: 'The Kindness Basket', quantity: 1, price: 1299, bookId: 1 },
        { name: 'Alif to Ya: My Arabic Alphabet Poster', quantity: 1, price: 999, bookId: 3 },
      ],
    }),
    vat,
  };
  const metadata = { causedBy: 'webhook:stripe', causationId: orderId, correlationId: orderId, at: data.placedAt };
  await shop.shop.deps.events.append(
    orderStream(orderId),
    [{ id: newEventId(), type: 'OrderPlaced', data, metadata }],
    'no_stream',
  );
  await settled(shop);
  // The poster came back and its refund was paid: a credit note follows the receipt.
  const at = new Date().toISOString();
  const refundMeta = { causedBy: 'admin:admin', causationId: 'refund-poster', correlationId: 'refund-poster', at };
  const refund = { orderId, refundId: 'refund-poster', amount: 999 };
  await shop.shop.deps.events.append(
    orderStream(orderId),
    [
      {
        id: newEventId(),
        type: 'RefundRequested',
        data: { ...refund, lines: [{ line: 1, quantity: 1 }], reason: 'Returned', by: 'admin', at },
        metadata: refundMeta,
      },
      {
        id: newEventId(),
        type: 'RefundSucceeded',
        data: { ...refund, gatewayRefundId: 're_poster', source: 'shop', at },
        metadata: refundMeta,
      },
    ],
    0,
  );
  await settled(shop);

  const { context, page } = await newPage(browser, viewports.desktop);
  const token = signAdminToken(shop.shop.deps.jwtSecret, testAdmin.username);
  await context.addInitScript((t) => localStorage.setItem('adminToken', t), token);
  await page.goto(`${shop.url}/admin/orders/${orderId}`);
  await page.getByRole('link', { name: 'Receipt' }).click();
  await page.waitForURL(/\/receipt$/);
  await page.getByRole('heading', { name: /VAT invoice AH-\d{4}-\d{6}/ }).waitFor();
  const receiptNumber = /AH-\d{4}-\d{6}/.exec(
    await page.getByRole('heading', { name: /VAT invoice AH-/ }).innerText(),
  )![0];
  await page.screenshot({ path: `${out}/owner-vat.png`, fullPage: true });

  const { text, pages } = await printed(page, 'owner-vat');
  assert.is(pages, 1);
  for (const expected of [
    'VAT invoice',
    receiptNumber,
    'GB365684514',
    // the poster's long name wraps in its column
    'Alif to Ya',
    '20%',
    '£1.67',
    'Total paid',
    '£26.48',
    '£1.92',
    '£24.56',
    '£9.59',
    '£14.97',
    'Credit note CN-',
    `Adjusts invoice ${receiptNumber}`,
    '£8.32',
  ])
    assert.ok(text.includes(expected), `the PDF holds "${expected}":\n${text}`);
  assert.not.ok(/Log Out|Back to the order|Download PDF/.test(text), `nothing of the console is printed:\n${text}`);
  await context.close();
});

test.run();
