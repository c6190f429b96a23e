import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { newPage, newContext, viewports } from '../../infra/testing/browser.ts';
import { shopAndBrowserFor } from '../../infra/testing/browserShop.ts';
import { adminHeaders, call } from '../../infra/testing/shop.ts';
import { axeProblems } from './ordersOwner.ts';

const { shop, browser } = await shopAndBrowserFor(test);

const wait = { timeout: 15_000 };

/** The login page, reached from `from`: its address names the page to return to. */
const loginFrom = (from: string) => (url: URL) =>
  url.pathname === '/admin/login' && url.searchParams.get('redirect') === from;

for (const [name, viewport] of Object.entries(viewports)) {
  test(`Visitor without a token lands on the login page, which says "Authentication Required" (${name})`, async () => {
    // /admin-dashboard is sent on to /admin/dashboard before the guard asks for a session.
    for (const path of ['/admin/dashboard', '/admin-dashboard']) {
      const { context, page } = await newPage(browser, viewport);
      const asked: string[] = [];
      page.on('request', (request) => {
        if (new URL(request.url()).pathname.startsWith('/api/admin/')) asked.push(request.url());
      });
      await page.goto(shop.url + path);
      await page.waitForURL(loginFrom('/admin/dashboard'), wait);
      await page.getByRole('heading', { name: 'Admin Login' }).waitFor(wait);
      assert.match(
        await page.getByRole('alert').filter({ hasText: 'Authentication Required' }).innerText(),
        /Authentication Required\s*Please log in to access the admin dashboard/,
      );
      assert.equal(asked, [], 'nothing of the admin is asked for without a token');
      await context.close();
    }
  });
}

test('Every spelling of the login address opens the login screen, with a link back to the website', async () => {
  const { context, page } = await newPage(browser);
  for (const path of ['/admin/login', '/admin-login', '/admin']) {
    await page.goto(shop.url + path);
    await page.getByRole('heading', { name: 'Admin Login' }).waitFor(wait);
    assert.ok(await page.getByLabel('Username').isVisible());
    assert.ok(await page.getByLabel('Password').isVisible());
    assert.is(await page.getByRole('link', { name: /Back to website/ }).getAttribute('href'), '/');
  }
  await page.getByRole('button', { name: 'Log In' }).click();
  await page.getByText('Username is required').waitFor(wait);
  await page.getByText('Password is required').waitFor(wait);
  await context.close();
});

test('An owner whose stored token the server refuses is sent back to log in', async () => {
  const { context, page } = await newPage(browser);
  await page.goto(`${shop.url}/admin/login`);
  await page.evaluate(() => localStorage.setItem('adminToken', 'eyJhbGciOiJub25lIn0.eyJzdWIiOiJhZG1pbiJ9.'));
  await page.goto(`${shop.url}/admin/dashboard`);
  await page.waitForURL(loginFrom('/admin/dashboard'), wait);
  await page.getByText('Authentication Required', { exact: true }).waitFor(wait);
  assert.is(await page.evaluate(() => localStorage.getItem('adminToken')), null);
  await context.close();
});

/** A new page on the review dashboard, with a token the server accepts in local storage. */
async function ownerOnDashboard() {
  const { context, page } = await newPage(browser);
  await page.goto(`${shop.url}/admin/login`);
  const { signAdminToken } = await import('../../service/admin/tokens.ts');
  await page.evaluate(
    (token) => localStorage.setItem('adminToken', token),
    signAdminToken(shop.shop.deps.jwtSecret, 'admin'),
  );
  await page.goto(`${shop.url}/admin/dashboard`);
  return { context, page };
}

test('The dashboard links to the website in a new tab and to the orders dashboard', async () => {
  const { context, page } = await ownerOnDashboard();
  const website = page.getByRole('link', { name: 'View Website' });
  await website.waitFor(wait);
  assert.is(await website.getAttribute('target'), '_blank');
  assert.is(await page.getByRole('link', { name: 'Orders Dashboard' }).getAttribute('href'), '/admin/orders');
  await page.getByText('No reviews are waiting for approval.').waitFor(wait);
  await context.close();
});

test('The admin screens link to each other inside the app: no page load, so no splash again', async () => {
  const { context, page } = await ownerOnDashboard();
  await page.getByText('No reviews are waiting for approval.').waitFor(wait);
  // A mark on this page's window: a page load would start a new window without it.
  const samePage = () => page.evaluate(() => (window as unknown as { sameAdminPage?: boolean }).sameAdminPage === true);
  await page.evaluate(() => Object.assign(window, { sameAdminPage: true }));
  await page.getByRole('link', { name: 'Orders Dashboard' }).click();
  await page.getByRole('heading', { name: 'Order Management' }).waitFor(wait);
  assert.match(page.url(), /\/admin\/orders$/);
  assert.ok(await samePage(), 'Orders Dashboard opened without a page load');
  await page.getByRole('link', { name: 'Reviews Dashboard' }).click();
  await page.getByRole('heading', { name: 'Review Moderation' }).waitFor(wait);
  assert.match(page.url(), /\/admin\/dashboard$/);
  assert.ok(await samePage(), 'Reviews Dashboard opened without a page load');
  await context.close();
});

for (const [name, viewport] of Object.entries(viewports)) {
  test(`axe finds no serious or critical problems on the login screen, the dashboard and the review dialog (${name})`, async () => {
    const admin = await adminHeaders(shop);
    const { json } = await call(`${shop.url}/api/reviews/submit`, {
      body: {
        bookId: 2,
        customerName: 'Maryam',
        customerEmail: 'm@example.com',
        rating: 5,
        reviewText: 'A lovely story',
      },
    });
    await call(`${shop.url}/api/reviews/submit`, {
      body: {
        bookId: 2,
        customerName: 'Idris',
        customerEmail: 'i@example.com',
        rating: 3,
        reviewText: 'Good pictures',
      },
    });
    await call(`${shop.url}/api/admin/reviews/${json.reviewId}/approve`, {
      body: { adminMessage: 'Thanks' },
      headers: admin,
    });
    // The shop's CSP forbids inline scripts, so this one context lets the test inject axe.
    const context = await newContext(browser, viewport, { bypassCSP: true });
    const page = await context.newPage();
    await page.goto(`${shop.url}/admin/login`);
    await page.getByRole('button', { name: 'Log In' }).click();
    await page.getByText('Username is required').waitFor(wait);
    assert.equal(await axeProblems(page), [], 'login screen');
    await page.evaluate(
      (token) => localStorage.setItem('adminToken', token),
      admin.authorization!.slice('Bearer '.length),
    );
    await page.goto(`${shop.url}/admin/dashboard`);
    await page.getByRole('article').first().waitFor(wait);
    assert.equal(await axeProblems(page), [], 'dashboard, pending');
    await page.getByRole('tab', { name: 'All' }).click();
    await page.getByRole('article').nth(1).waitFor(wait);
    assert.equal(await axeProblems(page), [], 'dashboard, all');
    await page.goto(`${shop.url}/#reviews`);
    await page.locator('#reviews').getByRole('article').first().waitFor(wait);
    assert.equal(await axeProblems(page), [], 'reviews section');
    await page.locator('#reviews').getByRole('button', { name: 'Write a Review' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Submit Review' }).click();
    await page.getByText('Name must be at least 2 characters').waitFor(wait);
    assert.equal(await axeProblems(page), [], 'review dialog');
    await context.close();
  });
}

test.run();
