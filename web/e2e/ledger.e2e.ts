// The ledger in a browser, on a desktop and a phone: a paid order's sale and its simulated fee on the day, in UK dates,
// the day's entries opened with the keyboard, each naming its event, and no page wider than the phone.
import type { Browser } from 'playwright-core';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ledgerMessages } from '../../contracts/ledger/model.ts';
import { ukDayOf } from '../../contracts/vat/rates.ts';
import { launchBrowser, viewports } from '../../infra/testing/browser.ts';
import { ownerPage } from '../../infra/testing/browserShop.ts';
import { allEvents, sandboxPayBody, sandboxShopEnv } from '../../infra/testing/checkout.ts';
import { call, floodLimits, startTestShop, type TestShop } from '../../infra/testing/shop.ts';
import { axeProblems } from './ordersOwner.ts';

const seen = { timeout: 15_000 };

let shop: TestShop;
let browser: Browser;
test.before(async () => {
  [shop, browser] = await Promise.all([
    startTestShop({ ...sandboxShopEnv, RATE_LIMITS: floodLimits }),
    launchBrowser(),
  ]);
});
test.after(async () => {
  await browser?.close();
  await shop?.close();
});

test('admin: the ledger shows the day of a sale with its simulated fee, in UK dates, readable on a phone', async () => {
  const started = await call(`${shop.url}/api/cart/checkout`, {
    body: { items: [{ bookId: 1, quantity: 2 }], customerCountry: 'GB' },
  });
  assert.is(started.status, 200, started.text);
  const orderId = started.json.sessionId as string;
  const paid = await call(`${shop.url}/api/sandbox/checkout-sessions/${orderId}/pay`, {
    body: sandboxPayBody({ country: 'GB', shippingOptionId: 'uk-shipping' }),
  });
  assert.is(paid.status, 200, paid.text);
  await shop.shop.deps.waiter.waitFor(await shop.shop.deps.events.headPosition(), 10_000);
  const events = await allEvents(shop);
  const placed = events.find((e) => e.type === 'OrderPlaced' && e.stream === `order-${orderId}`)!;
  const fee = events.find((e) => e.type === 'PaymentFeeRecorded' && e.stream === `payment-${orderId}`)!;
  const day = ukDayOf((placed.data as { placedAt: string }).placedAt);
  const ukDay = new Date(`${day}T12:00:00Z`).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Europe/London',
  });

  for (const viewport of Object.values(viewports)) {
    const { context, page } = await ownerPage(browser, shop, viewport);
    try {
      await page.goto(`${shop.url}/admin/ledger`);
      await page.getByRole('heading', { name: 'Ledger', level: 1 }).waitFor(seen);
      await page.getByLabel('From').fill(day);
      await page.getByLabel('To').fill(day);
      await page.getByRole('button', { name: 'Show' }).click();
      await page.getByRole('heading', { name: `${ukDay} to ${ukDay}` }).waitFor(seen);
      const totals = await page.getByTestId('ledger-totals').innerText();
      assert.match(totals, 'Sales\n£19.98');
      assert.match(totals, 'Shipping\n£3.50');
      // £23.48 at 1.5% + 20p: 35p + 20p.
      assert.match(totals, 'Fees (simulated)\n£0.55');
      assert.match(totals, 'Net\n£22.93');
      assert.ok(await page.getByTestId('ledger-simulated').isVisible());
      const open = page.getByRole('button', { name: ukDay });
      assert.is(await open.getAttribute('aria-expanded'), 'false');
      await open.focus();
      await page.keyboard.press('Enter');
      assert.is(await open.getAttribute('aria-expanded'), 'true');
      const entries = await page.getByRole('list', { name: `Entries of ${ukDay}` }).innerText();
      assert.match(entries, `Sale · order ${(placed.data as { orderNumber: string }).orderNumber}`);
      assert.match(entries, 'Processing fee');
      assert.match(entries, 'simulated');
      assert.match(entries, `event ${placed.id}`);
      assert.match(entries, `event ${fee.id}`);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      assert.ok(width <= viewport.width, `the page is ${width}px wide on a ${viewport.width}px screen`);
      assert.equal(await axeProblems(page), []);
      // The period is the address's: a reload shows the same days, and the form holds them.
      assert.is(new URL(page.url()).searchParams.get('from'), day);
      await page.reload();
      await page.getByRole('heading', { name: `${ukDay} to ${ukDay}` }).waitFor(seen);
      assert.is(await page.getByLabel('From').inputValue(), day);
      assert.is(await page.getByLabel('To').inputValue(), day);
      // A period that ends before it starts is refused before it is asked for, with the server's words.
      await page.getByLabel('From').fill('2026-03-02');
      await page.getByLabel('To').fill('2026-03-01');
      await page.getByRole('button', { name: 'Show' }).click();
      assert.is(await page.getByRole('alert').innerText(), ledgerMessages.endsBeforeStart);
    } finally {
      await context.close();
    }
  }
});

test.run();
