// After paying: the success screens show the order they name (its items, total and delivery address, with a link to
// its own page) and nothing for an id that placed nothing; the custom checkout refuses a UK postcode that cannot
// exist; the shop's policy pages are reached from the footer and from every checkout step, and axe finds no serious
// problem on them or on the checkout's fields (decision 089).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Locator, Page } from 'playwright-core';
import { landingWithCart, openCart, pastSplash } from './storefrontLanding.ts';
import { axeProblems } from './ordersOwner.ts';
import { newContext, newPage, viewports } from '../../infra/testing/browser.ts';
import { shopAndBrowserFor } from '../../infra/testing/browserShop.ts';
import { allEvents, ofType } from '../../infra/testing/checkout.ts';
import { policyLinks, policyPage, policyPath } from '../../contracts/content/policies.ts';

const { shop, browser } = await shopAndBrowserFor(test);

async function payHostedCart(page: Page) {
  await landingWithCart(page, shop, [
    { bookId: 1, title: 'The Kindness Basket', price: 999, quantity: 2 },
    { bookId: 3, title: 'Alif to Ya: My Arabic Alphabet Poster', price: 999, quantity: 1 },
  ]);
  await page.getByRole('button', { name: 'Cart, 3 items' }).click();
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  await page.waitForURL(/\/sandbox\/checkout\?session=cs_sandbox_/);
  await page.getByLabel('Email').fill('amina@example.com');
  await page.getByLabel('Full name').fill('Amina Khan');
  await page.getByLabel('Address', { exact: true }).fill('1 Linden Lane');
  await page.getByLabel('City').fill('Leeds');
  await page.getByLabel('Postcode').fill('ls14ab');
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM / YY)').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await page.waitForURL(/\/checkout-success\?session_id=/);
  return new URL(page.url()).searchParams.get('session_id')!;
}

test('a paid session: "Payment Successful!" with its items, total, address and order page; an invented one: none of it', async () => {
  const { context, page } = await newPage(browser);
  const sessionId = await payHostedCart(page);
  await page.getByRole('heading', { name: 'Payment Successful!' }).waitFor();
  const details = page.getByTestId('order-details');
  await details.waitFor();
  const items = await page.getByTestId('order-items').innerText();
  for (const text of ['2 × The Kindness Basket', '£19.98', '1 × Alif to Ya: My Arabic Alphabet Poster', '£3.50'])
    assert.match(items, text);
  assert.is(await page.getByTestId('order-total').innerText(), '£33.47');
  // The postcode as the Royal Mail writes it, the country by its name.
  assert.equal((await page.getByTestId('order-address').innerText()).split('\n'), [
    'Amina Khan',
    '1 Linden Lane',
    'Leeds',
    'LS1 4AB',
    'United Kingdom',
  ]);
  assert.match(
    (await page.getByTestId('order-page-link').getAttribute('href')) ?? '',
    /^\/order\/[A-Za-z0-9_-]+\.[0-9a-z]+\.[A-Za-z0-9_-]{43}$/,
  );
  const placed = ofType(await allEvents(shop), 'OrderPlaced').filter((e) => e.stream === `order-${sessionId}`);
  assert.is(placed.length, 1);

  // An id nobody paid with: not a word of success, no order.
  for (const path of ['/payment-success', '/checkout-success']) {
    await page.goto(`${shop.url}${path}?session_id=cs_sandbox_Invented0000000000000000`);
    await page.getByRole('heading', { name: 'Payment Cancelled' }).waitFor();
    assert.ok(await page.getByText('Your payment was cancelled and you have not been charged.').isVisible());
    assert.is(await page.getByRole('heading', { name: 'Payment Successful!' }).count(), 0, path);
    assert.is(await page.getByTestId('order-details').count(), 0, path);
  }
  // No id at all: the spec's screen, and no order.
  await page.goto(`${shop.url}/payment-success`);
  await page.getByRole('heading', { name: 'Payment Successful!' }).waitFor();
  assert.is(await page.getByTestId('order-details').count(), 0);
  await context.close();
});

test('the custom checkout refuses NOTAPOSTCODE123 for the UK, then shows the order it placed with a real one', async () => {
  const { context, page } = await newPage(browser);
  const asked: string[] = [];
  page.on('request', (request) => request.url().includes('/api/create-payment-intent') && asked.push(request.url()));
  await page.goto(`${shop.url}/custom-checkout`);
  await page.getByText('Test mode — no real card is charged').waitFor();
  await page.getByLabel('Full Name *').fill('Amina Khan');
  await page.getByLabel('Email *').fill('amina@example.com');
  await page.getByLabel('Address Line 1 *').fill('1 Linden Lane');
  await page.getByLabel('City *').fill('Leeds');
  await page.getByLabel('Postcode *').fill('NOTAPOSTCODE123');
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM / YY)').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Pay £13.49' }).click();
  const error = page.getByRole('alert').filter({ hasText: 'Please enter a valid postcode' });
  await error.waitFor();
  assert.is(await page.getByLabel('Postcode *').getAttribute('aria-invalid'), 'true');
  assert.equal(asked, [], 'nothing is sent');
  assert.match(page.url(), /\/custom-checkout$/);

  await page.getByLabel('Postcode *').fill('sw1a 1aa');
  await page.getByRole('button', { name: 'Pay £13.49' }).click();
  await page.waitForURL(/\/order-success\?orderNumber=AH-/);
  await page.getByRole('heading', { name: 'Order Confirmed!' }).waitFor();
  assert.match(await page.getByTestId('order-items').innerText(), '1 × The Kindness Basket');
  assert.is(await page.getByTestId('order-total').innerText(), '£13.49');
  assert.match(await page.getByTestId('order-address').innerText(), 'SW1A 1AA\nUnited Kingdom');
  assert.match((await page.getByTestId('order-page-link').getAttribute('href')) ?? '', /^\/order\//);
  // An order number typed by hand names no order here.
  await page.goto(`${shop.url}/order-success?orderNumber=AH-Invented`);
  await page.getByRole('heading', { name: 'Order Confirmed!' }).waitFor();
  assert.is(await page.getByTestId('order-details').count(), 0);
  await context.close();
});

test('the policy pages: served, reached from the footer and from every checkout step', async () => {
  for (const { slug } of policyLinks) {
    const res = await fetch(`${shop.url}${policyPath(slug)}`);
    assert.is(res.status, 200, slug);
  }
  assert.is((await fetch(`${shop.url}/policies/nothing`)).status, 404);
  const { context, page } = await newPage(browser);
  // `within` is where the step's own links are: the cart's are in its drawer, above the page's footer.
  const follows = async (where: string, link: string, title: string, within: Locator = page.locator('body')) => {
    await within.getByTestId('policy-links').last().getByRole('link', { name: link }).click();
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    assert.ok(await page.getByTestId('policy-page').isVisible(), `${where} → ${title}`);
  };
  // The footer of the landing page.
  await page.goto(`${shop.url}/`);
  await follows('footer', 'Returns & cancellations', 'Returns and cancellations');
  assert.match(await page.getByTestId('policy-page').innerText(), 'Consumer Contracts');
  assert.match(await page.getByTestId('policy-page').innerText(), '14 days');
  // The cart.
  await landingWithCart(page, shop, [{ bookId: 1, title: 'The Kindness Basket', price: 999, quantity: 1 }]);
  await pastSplash(page);
  await follows('cart', 'Delivery', 'Delivery', await openCart(page));
  // The custom checkout and the wallet page.
  await page.goto(`${shop.url}/custom-checkout`);
  await follows('custom checkout', 'Terms', 'Terms of sale');
  await page.goto(`${shop.url}/apple-pay-checkout`);
  await follows('wallet page', 'Privacy', 'Privacy');
  // The sandbox's checkout page.
  await page.goto(`${shop.url}/`);
  await page.getByRole('button', { name: 'Cart, 1 item' }).click();
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  await page.waitForURL(/\/sandbox\/checkout\?session=/);
  await follows('sandbox checkout', 'Our details', 'Our details');
  assert.match(await page.getByTestId('policy-page').innerText(), 'hello@amanahhouse.co.uk');
  assert.match(await page.getByTestId('policy-page').innerText(), 'PO Box 1234, Leicester, LE1 9ZZ');
  await context.close();
});

for (const [name, viewport] of Object.entries(viewports)) {
  test(`axe: no serious problem on the policy pages, the checkout's fields, the country placeholders and the test-mode badge (${name})`, async () => {
    const context = await newContext(browser, viewport, { bypassCSP: true });
    const page = await context.newPage();
    for (const { slug } of policyLinks) {
      await page.goto(`${shop.url}${policyPath(slug)}`);
      await page.getByRole('heading', { level: 1, name: policyPage(slug).title }).waitFor();
      assert.equal(await axeProblems(page), [], slug);
    }
    // The custom checkout with its postcode error showing.
    await page.goto(`${shop.url}/custom-checkout`);
    await page.getByText('Test mode — no real card is charged').waitFor();
    for (const [label, value] of [
      ['Full Name *', 'Amina Khan'],
      ['Email *', 'amina@example.com'],
      ['Address Line 1 *', '1 Linden Lane'],
      ['City *', 'Leeds'],
      ['Postcode *', 'NOTAPOSTCODE123'],
    ] as const)
      await page.getByLabel(label).fill(value);
    await page.getByRole('button', { name: /^Pay / }).click();
    await page.getByText('Please enter a valid postcode').waitFor();
    assert.equal(await axeProblems(page), [], 'custom checkout');
    // The wallet sheet's country select, still on its placeholder.
    await page.goto(`${shop.url}/apple-pay-checkout`);
    await page.getByRole('button', { name: 'Pay with the test wallet' }).click();
    await page.getByRole('dialog', { name: 'Test wallet' }).getByRole('combobox', { name: 'Country' }).waitFor();
    assert.equal(await axeProblems(page), [], 'wallet sheet');
    await page.keyboard.press('Escape');
    // The shipping dialog's country select, still on its placeholder.
    await page.goto(`${shop.url}/#books`);
    await page
      .getByRole('button', { name: /^Buy Now: / })
      .first()
      .click();
    await page.getByRole('heading', { name: 'Shipping Information' }).waitFor();
    await page.getByRole('dialog').getByRole('combobox', { name: 'Country' }).waitFor();
    assert.equal(await axeProblems(page), [], 'shipping dialog');
    await page.keyboard.press('Escape');
    // The sandbox's checkout page with its TEST MODE badge.
    await landingWithCart(page, shop, [{ bookId: 1, title: 'The Kindness Basket', price: 999, quantity: 1 }]);
    await page.getByRole('button', { name: 'Cart, 1 item' }).click();
    await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
    await page.waitForURL(/\/sandbox\/checkout\?session=/);
    await page.getByText('TEST MODE', { exact: true }).waitFor();
    assert.equal(await axeProblems(page), [], 'sandbox checkout');
    await context.close();
  });
}

test.run();
