// The owner's banner: when Stripe's webhooks or the shop's e-mails have kept failing for 15 minutes, the admin dashboard
// says so in a red alert, in words, at desktop and phone widths, with no serious axe problem; nothing while all is well.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { newPage, viewports } from '../../infra/testing/browser.ts';
import { shopAndBrowserFor } from '../../infra/testing/browserShop.ts';
import { axeProblems } from './ordersOwner.ts';

const { shop, browser } = await shopAndBrowserFor(test);
const wait = { timeout: 15_000 };

async function ownerOnDashboard(viewport?: (typeof viewports)[keyof typeof viewports]) {
  // axe is added to the page as a script of its own: the shop's CSP would refuse it.
  const { context, page } = await newPage(browser, viewport, { bypassCSP: true });
  await page.goto(`${shop.url}/admin/login`);
  const { signAdminToken } = await import('../../service/admin/tokens.ts');
  await page.evaluate(
    (token) => localStorage.setItem('adminToken', token),
    signAdminToken(shop.shop.deps.jwtSecret, 'admin'),
  );
  await page.goto(`${shop.url}/admin/dashboard`);
  await page.getByRole('heading', { name: 'Review Moderation' }).waitFor(wait);
  return { context, page };
}

test('no banner while all is well', async () => {
  const { context, page } = await ownerOnDashboard();
  await page.getByRole('tab', { name: 'Pending' }).waitFor(wait);
  assert.is(await page.getByRole('alert').filter({ hasText: 'are failing' }).count(), 0);
  await context.close();
});

test('webhooks failing for 15 minutes: a banner that says what is wrong and what to check', async () => {
  const operations = shop.shop.deps.operations!;
  // The first failure 16 minutes ago, the latest now: the incident has lasted past the 15 minutes.
  operations.failed('webhooks', '400', new Date(Date.now() - 16 * 60_000));
  assert.is(operations.alerts().length, 1);
  for (const [name, viewport] of Object.entries(viewports)) {
    const { context, page } = await ownerOnDashboard(viewport);
    const banner = page.getByRole('alert').filter({ hasText: 'Stripe notices are failing.' });
    await banner.waitFor(wait);
    assert.match(await banner.innerText(), /STRIPE_WEBHOOK_SECRET/, name);
    const box = await banner.boundingBox();
    assert.ok(box && box.x >= 0 && box.x + box.width <= viewport.width + 1, `${name}: the banner fits the width`);
    assert.equal(await axeProblems(page), [], name);
    await context.close();
  }
  operations.recovered('webhooks');
});

test.run();
