// The admin pages' guard and error screen in a browser: a visit without a session goes straight to the login page and
// back after logging in; a screen whose data cannot be loaded shows its error screen, and Refresh loads it; a token
// the server refuses for a screen's data ends the session.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { newContext, viewports } from '../../infra/testing/browser.ts';
import { shopAndBrowserFor } from '../../infra/testing/browserShop.ts';
import { testAdmin } from '../../infra/testing/shop.ts';
import { signAdminToken } from '../../service/admin/tokens.ts';
import { axeProblems } from './ordersOwner.ts';

const { shop, browser } = await shopAndBrowserFor(test);

const wait = { timeout: 15_000 };
const stockAnswer = /\/api\/admin\/stock$/;

/** The login page, reached from `from`: its address names the page to return to. */
const loginFrom = (from: string) => (url: URL) =>
  url.pathname === '/admin/login' && url.searchParams.get('redirect') === from;

/** A new page; its content security policy is set aside only so that axe can be injected. */
async function newPage(viewport: { width: number; height: number }) {
  const context = await newContext(browser, viewport, { bypassCSP: true });
  return { context, page: await context.newPage() };
}

/** A new page whose local storage holds a token the server accepts. */
async function signedInPage() {
  const { context, page } = await newPage(viewports.desktop);
  const token = signAdminToken(shop.shop.deps.jwtSecret, testAdmin.username);
  await context.addInitScript((t) => localStorage.setItem('adminToken', t), token);
  return { context, page };
}

test('A visit without a token goes to the login page before any admin page draws, and logging in comes back', async () => {
  const { context, page } = await newPage(viewports.mobile);
  try {
    for (const path of [
      '/admin/stock',
      '/admin/audit',
      '/admin/privacy',
      '/admin/accounts',
      '/admin/vat',
      '/admin/sales',
    ]) {
      await page.goto(shop.url + path);
      await page.waitForURL(loginFrom(path), wait);
      await page.getByText('Authentication Required', { exact: true }).waitFor(wait);
    }
    assert.equal(await axeProblems(page), []);
    await page.getByLabel('Username').fill(testAdmin.username);
    await page.getByLabel('Password').fill(testAdmin.password);
    await page.getByRole('button', { name: 'Log In' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/sales' && url.search === '', wait);
    await page.getByRole('heading', { name: 'Sales', level: 1 }).waitFor(wait);
  } finally {
    await context.close();
  }
});

test('The login page opened directly has no "Authentication Required", and sends to the dashboard', async () => {
  const { context, page } = await newPage(viewports.mobile);
  try {
    await page.goto(`${shop.url}/admin/login`);
    await page.getByRole('heading', { name: 'Admin Login' }).waitFor(wait);
    assert.is(await page.getByText('Authentication Required').count(), 0);
    // An address elsewhere is not followed after logging in.
    await page.goto(`${shop.url}/admin/login?redirect=${encodeURIComponent('//example.com/admin')}`);
    await page.getByLabel('Username').fill(testAdmin.username);
    await page.getByLabel('Password').fill(testAdmin.password);
    await page.getByRole('button', { name: 'Log In' }).click();
    await page.waitForURL(`${shop.url}/admin/dashboard`, wait);
  } finally {
    await context.close();
  }
});

test("A screen whose data cannot be loaded shows its error screen with the server's message; Refresh loads it", async () => {
  const { context, page } = await signedInPage();
  try {
    await page.route(stockAnswer, (route) =>
      route.fulfill({ status: 503, json: { success: false, message: 'The shop is restarting. Try again shortly.' } }),
    );
    await page.goto(`${shop.url}/admin/stock`);
    const failure = page.getByRole('alert').filter({ hasText: 'Error Loading Stock' });
    await failure.waitFor(wait);
    assert.match(await failure.innerText(), /The shop is restarting\. Try again shortly\./);
    assert.equal(await axeProblems(page), []);
    await page.unroute(stockAnswer);
    await page.getByRole('button', { name: 'Refresh' }).click();
    // Exact: the error screen's own heading, "Error Loading Stock", holds the word too.
    await page.getByRole('heading', { name: 'Stock', level: 1, exact: true }).waitFor(wait);
    assert.is(await page.getByText('Error Loading Stock').count(), 0);
    assert.match(page.url(), /\/admin\/stock$/);
  } finally {
    await context.close();
  }
});

test('When the session cannot be checked, no admin page draws: the error screen says so, and Refresh tries again', async () => {
  const { context, page } = await signedInPage();
  const me = /\/api\/admin\/me$/;
  try {
    await page.route(me, (route) => route.fulfill({ status: 500, json: { success: false, message: 'Try again.' } }));
    await page.goto(`${shop.url}/admin/stock`);
    await page.getByRole('alert').filter({ hasText: 'Error Loading Admin' }).waitFor(wait);
    assert.is(await page.getByRole('heading', { name: 'Stock', level: 1 }).count(), 0);
    await page.unroute(me);
    await page.getByRole('button', { name: 'Refresh' }).click();
    await page.getByRole('heading', { name: 'Stock', level: 1, exact: true }).waitFor(wait);
  } finally {
    await context.close();
  }
});

test('A token the server refuses for a screen’s data ends the session and sends to the login page', async () => {
  const { context, page } = await signedInPage();
  try {
    await page.route(stockAnswer, (route) =>
      route.fulfill({ status: 401, json: { success: false, message: 'Authentication required' } }),
    );
    // Only once: the init script would store the token again on the login page's load.
    await page.goto(`${shop.url}/admin/stock`);
    await page.waitForURL(loginFrom('/admin/stock'), wait);
    await page.getByText('Authentication Required', { exact: true }).waitFor(wait);
    assert.is(await page.getByText('Error Loading Stock').count(), 0);
  } finally {
    await context.close();
  }
});

test.run();
