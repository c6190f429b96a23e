import { launchBrowser, newPage, viewports } from './infra/testing/browser.ts';
import { call, startTestShop } from './infra/testing/shop.ts';
const shop = await startTestShop();
const browser = await launchBrowser();
const started = await call(`${shop.url}/api/cart/checkout`, { body: { items: [{ bookId: 1, quantity: 2 }, { bookId: 3, quantity: 1 }] } });
const direct = await call(`${shop.url}/api/create-checkout-session`, { body: { items: [{ title: 'Together We Shine', quantity: 1 }] } });
const pages: [string, string][] = [
  ['sandbox', new URL(started.json.url).pathname + new URL(started.json.url).search],
  ['sandbox-direct', new URL(direct.json.url).pathname + new URL(direct.json.url).search],
  ['custom', '/custom-checkout'],
  ['wallet', '/apple-pay-checkout'],
  ['success', '/checkout-success?session_id=cs_sandbox_abcdefghijklmnopqrstuvwx'],
  ['payment-success', '/payment/success?session_id=cs_sandbox_abcdefghijklmnopqrstuvwx'],
  ['cancelled', '/payment-cancelled'],
  ['order', '/order-success?orderNumber=AH-12345678'],
];
for (const [name, vp] of Object.entries(viewports)) {
  for (const [label, path] of pages) {
    const { context, page } = await newPage(browser, vp);
    page.on('console', (m) => m.type() === 'error' && console.log(label, 'console:', m.text()));
    await page.goto(shop.url + path);
    await page.waitForTimeout(1200);
    await page.screenshot({ path: `/tmp/shots/${label}-${name}.png`, fullPage: true });
    await context.close();
  }
}
await browser.close();
await shop.close();
