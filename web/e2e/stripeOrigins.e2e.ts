// A shop on Stripe: the landing page asks nothing of Stripe, the payment pages load Stripe.js from Stripe's own origin
// only, and the CSP admits exactly the origins Stripe's security guide lists
// (docs.stripe.com/security/guide#content-security-policy). Nothing leaves the machine: every request to another
// origin is recorded and refused.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Page } from 'playwright-core';
import { browserFor } from '../../infra/testing/browserShop.ts';
import { newPage } from '../../infra/testing/browser.ts';
import { stripeShopFor } from '../../infra/testing/checkout.ts';
import { fetchWithin } from '../../infra/testing/http.ts';
import { eventually } from '../../infra/testing/assert.ts';

const { shop } = await stripeShopFor(test);
const browser = await browserFor(test);

/** The requests a page makes to other origins than the shop's, each refused. */
async function outside(page: Page): Promise<string[]> {
  const asked: string[] = [];
  await page.route(
    (url) => !url.href.startsWith(shop.url) && url.protocol !== 'data:',
    (route) => {
      asked.push(route.request().url());
      return route.abort();
    },
  );
  return asked;
}

test("the CSP admits Stripe's documented origins and no others", async () => {
  const csp = (await fetchWithin(`${shop.url}/`)).headers.get('content-security-policy') ?? '';
  const directive = (name: string) =>
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .find(([n]) => n === name)
      ?.slice(1);
  assert.equal(directive('script-src'), ["'self'", 'https://js.stripe.com', 'https://*.js.stripe.com']);
  assert.equal(directive('frame-src'), [
    "'self'",
    'https://js.stripe.com',
    'https://*.js.stripe.com',
    'https://hooks.stripe.com',
  ]);
  assert.equal(directive('connect-src'), ["'self'", 'https://api.stripe.com']);
  assert.equal(directive('default-src'), ["'self'"]);
});

test('the landing page loads no Stripe code; the wallet and card pages load Stripe.js from js.stripe.com alone', async () => {
  const { context, page } = await newPage(browser);
  try {
    const asked = await outside(page);
    await page.goto(`${shop.url}/`);
    await page.waitForLoadState('networkidle');
    await page.evaluate(() => new Promise<void>((resolve) => requestIdleCallback(() => resolve())));
    assert.equal(asked, [], 'the landing page');
    for (const path of ['/custom-checkout', '/apple-pay-checkout']) {
      asked.length = 0;
      await page.goto(`${shop.url}${path}`);
      // The page asks for Stripe.js once its own data has come: wait for the request, not for a quiet network.
      await eventually(() => asked.length > 0, 30_000, `${path} to ask for Stripe.js`);
      await page.waitForLoadState('networkidle');
      for (const url of asked) assert.match(url, /^https:\/\/js\.stripe\.com\//, path);
    }
    // Without Stripe.js there is no wallet: the spec's words, and no test wallet on a shop on Stripe.
    await page.getByText('Apple Pay is not available on this device.').waitFor({ timeout: 15_000 });
    assert.is(await page.getByRole('button', { name: 'Pay with the test wallet' }).count(), 0);
  } finally {
    await context.close();
  }
});

test.run();
