// The console on a recorded season (the golden log: 224 orders), as the owner and an auditor use it: rows that name the
// order by the number the customer quotes, a search that finds it however it is typed and survives a reload, one header
// with every screen and a tab title for each, an auditor who starts at the audit console, and a test-mode strip that
// lies over nothing at 1280 and 390 px.
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { newContext, viewports } from '../../infra/testing/browser.ts';
import { goldenShopAndBrowserFor, ownerPage } from '../../infra/testing/browserShop.ts';
import { adminHeaders, call } from '../../infra/testing/shop.ts';
import { axeProblems } from './ordersOwner.ts';
import { underStrip } from './testModeStrip.ts';

const shots = 'test-results/console-golden';
mkdirSync(shots, { recursive: true });

const { shop, browser } = await goldenShopAndBrowserFor(test);
const seen = { timeout: 20_000 };

const rows = (page: Page) => page.locator('.order-entry__trigger');

async function searchFor(page: Page, text: string) {
  await page.getByLabel('Search orders').fill(text);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await page.waitForURL(
    (url) => url.searchParams.get('q') === JSON.stringify(text) || url.searchParams.get('q') === text,
    seen,
  );
}

test('the order rows name the AH- number, customer, items, total, status and date; a search finds it however typed and survives a reload', async () => {
  const { context, page } = await ownerPage(browser, shop);
  try {
    await page.goto(`${shop.url}/admin/orders`);
    await page.getByRole('heading', { name: 'Order Management' }).waitFor(seen);
    await page.getByText('Total Orders: 224', { exact: true }).waitFor(seen);
    // No row is headed by a payment reference.
    assert.is(
      await rows(page)
        .filter({ hasText: /Order #(cs|pi)_/ })
        .count(),
      0,
    );

    await searchFor(page, '6w2dD2d1');
    await page.getByText('Total Orders: 1', { exact: true }).waitFor(seen);
    const row = rows(page).first();
    const text = await row.innerText();
    for (const part of ['Order #AH-6w2dD2d1', 'Saleem Green', '1 item', '£13.49', 'Processing'])
      assert.ok(text.includes(part), `the row says ${part}: ${text}`);
    await page.screenshot({ path: `${shots}/search-by-number.png`, fullPage: true });

    // The search is in the address: a reload shows the same list, the field still holding it.
    await page.reload();
    await page.getByText('Total Orders: 1', { exact: true }).waitFor(seen);
    assert.is(await page.getByLabel('Search orders').inputValue(), '6w2dD2d1');
    assert.match(await rows(page).first().innerText(), 'Order #AH-6w2dD2d1');

    // Opened, the order is in the address too.
    await rows(page).first().click();
    await page.waitForURL(/open=/, seen);
    await page.reload();
    await page.getByRole('group', { name: 'Update Order Status' }).waitFor(seen);

    // Each search starts from the whole list: the row the last search found is still on the page until the next
    // search's answer replaces it, so it would prove nothing about how the next one is typed.
    for (const typed of ['ah-6w2dd2d1', 'WF12 3BX']) {
      await page.goto(`${shop.url}/admin/orders`);
      await page.getByText('Total Orders: 224', { exact: true }).waitFor(seen);
      await searchFor(page, typed);
      await page.getByText('Total Orders: 224', { exact: true }).waitFor({ state: 'detached', ...seen });
      await rows(page).filter({ hasText: 'Order #AH-6w2dD2d1' }).waitFor(seen);
    }
    assert.equal(await axeProblems(page), []);
  } finally {
    await context.close();
  }
});

test('one header links every screen, marks the current one, and each screen names the browser tab', async () => {
  const { context, page } = await ownerPage(browser, shop);
  try {
    await page.goto(`${shop.url}/admin/orders`);
    const nav = page.getByRole('navigation', { name: 'Admin screens' });
    await nav.waitFor(seen);
    const labels = await nav.getByRole('link').allInnerTexts();
    for (const label of ['Orders Dashboard', 'Reviews Dashboard', 'Stock', 'Sales', 'Audit', 'Accounts', 'Privacy'])
      assert.ok(labels.includes(label), `${label} is in the header: ${labels.join(', ')}`);
    const titles = new Map<string, string>();
    const current = nav.locator('[aria-current="page"]');
    for (const label of labels) {
      const before = await page.title();
      const wasCurrent = (await current.allTextContents()).includes(label);
      await nav.getByRole('link', { name: label, exact: true }).click();
      await page.waitForFunction(
        (name) => document.querySelector('nav[aria-label="Admin screens"] [aria-current="page"]')?.textContent === name,
        label,
        seen,
      );
      assert.is(await current.count(), 1, label);
      // A screen names the tab once it has drawn (an effect after its first render), and the screen before it named
      // the tab too: read the title once it is an admin screen's and, unless the link was to this screen, a new one.
      await page
        .waitForFunction(
          ([last, same]) => document.title.endsWith('admin') && (same || document.title !== last),
          [before, wasCurrent] as const,
          seen,
        )
        .catch(() => assert.unreachable(`${label} left the tab titled "${before}"`));
      titles.set(label, await page.title());
    }
    const distinct = new Set(titles.values());
    assert.is(distinct.size, titles.size, [...titles].map(([l, t]) => `${l}: ${t}`).join('\n'));
    assert.is(titles.get('Orders Dashboard'), 'Order Management · Amanah House admin');
  } finally {
    await context.close();
  }
});

test('an auditor lands on the audit console after logging in and at /admin', async () => {
  const owner = await adminHeaders(shop);
  const created = await call(`${shop.url}/api/admin/accounts`, {
    body: { username: 'season.auditor', role: 'auditor' },
    headers: owner,
  });
  assert.is(created.status, 201, created.text);
  const context = await newContext(browser, viewports.desktop);
  const page = await context.newPage();
  try {
    await page.goto(`${shop.url}/admin/login`);
    await page.getByLabel('Username').fill('season.auditor');
    await page.getByLabel('Password').fill(created.json.password);
    await page.getByRole('button', { name: 'Log In' }).click();
    await page.waitForURL('**/admin/audit', seen);
    await page.getByRole('heading', { name: 'Audit Console' }).waitFor(seen);
    await page.goto(`${shop.url}/admin`);
    await page.waitForURL('**/admin/audit', seen);
    await page.getByRole('heading', { name: 'Audit Console' }).waitFor(seen);
  } finally {
    await context.close();
  }
});

for (const [name, viewport] of Object.entries(viewports)) {
  test(`the test-mode strip takes its own room and covers nothing (${name})`, async () => {
    const { context, page } = await ownerPage(browser, shop, viewport);
    try {
      for (const path of ['/', '/admin/orders', '/admin/audit', '/admin/sales']) {
        await page.goto(`${shop.url}${path}`);
        const strip = page.getByTestId('site-test-mode');
        await strip.waitFor(seen);
        if (path !== '/') await page.getByRole('heading', { level: 1 }).waitFor(seen);
        assert.is(await strip.evaluate((el) => getComputedStyle(el).position), 'static', path);
        // At the top, and scrolled to the end: nothing of the page lies under it.
        assert.equal(await underStrip(page), [], `${path} at the top`);
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        assert.equal(await underStrip(page), [], `${path} at the end`);
        await page.evaluate(() => window.scrollTo(0, 0));
        const file = path === '/' ? 'home' : path.slice(1).replaceAll('/', '-');
        await page.screenshot({ path: `${shots}/test-mode-${file}-${name}.png` });
      }
      assert.equal(await axeProblems(page), []);
    } finally {
      await context.close();
    }
  });
}

test.run();
