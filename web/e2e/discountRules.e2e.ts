// A discount code's rules as shoppers meet them in the browser (decision 075): an expired code is refused in the cart
// and at checkout with the server's words, the same e-mail address cannot use a once-per-address code twice, 20 racing
// checkouts on a code's last 5 uses start exactly 5, an abandoned checkout gives its use back once its hold runs out
// (the shop's clock is the test's), and with the bundle switched off no page shows the bundle's note.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { discountMessages } from '../../contracts/discounts/model.ts';
import { newPage, viewports } from '../../infra/testing/browser.ts';
import { ownerPage, shopAndBrowserFor } from '../../infra/testing/browserShop.ts';
import { startTestShop } from '../../infra/testing/shop.ts';
import {
  applyCode,
  books,
  codeDetail,
  createCode,
  discountShopEnv,
  openCart,
  payOnHostedPage,
  placedOrder,
  proceedToHostedPage,
} from './discountShop.ts';

/** How far the test has moved the shop's clock past the wall clock. */
let offsetMs = 0;
const shopNow = () => new Date(Date.now() + offsetMs);
const { shop, browser } = await shopAndBrowserFor(test, discountShopEnv, { clock: shopNow });
const plain = await startTestShop(discountShopEnv, { bundle: { enabled: false, percentOff: 10, requires: [1, 2, 3] } });
test.after(() => plain.close());

const twoBooks = [{ ...books.kindness, quantity: 2 }];
const bundleNote = "You're saving 10% with this bundle!";

test('an expired code is refused in the cart and at checkout, in the server’s words', async () => {
  await createCode(shop, {
    code: 'HOUR-ONLY',
    kind: 'percent',
    amount: 10,
    validUntil: new Date(shopNow().getTime() + 60 * 60_000).toISOString(),
  });
  const { context, page } = await newPage(browser, viewports.mobile);
  try {
    await openCart(page, shop, twoBooks);
    assert.is(await applyCode(page, 'HOUR-ONLY'), 'Discount code HOUR-ONLY applied: 10% off, saving £2.00.');
    offsetMs += 2 * 60 * 60_000;
    // The code stays with the cart; asked again after the reload, the server no longer takes it.
    const drawer = await openCart(page, shop, twoBooks);
    await drawer.getByTestId('code-status').filter({ hasText: discountMessages.notValid }).waitFor();
    assert.is(await drawer.getByTestId('code-saving').count(), 0);
    assert.is(await drawer.getByTestId('cart-total').innerText(), '£19.98');
    await drawer.getByRole('button', { name: 'Proceed to Checkout' }).click();
    await page.locator('.shop-toast__title', { hasText: 'Discount Code Not Accepted' }).waitFor();
    assert.is(await page.locator('.shop-toast__description').innerText(), discountMessages.notValid);
    assert.match(page.url(), `${shop.url}/`);
  } finally {
    await context.close();
  }
});

test('the same e-mail address cannot use a once-per-address code twice on the card page', async () => {
  await createCode(shop, { code: 'WELCOME', kind: 'percent', amount: 15, oncePerEmail: true });
  const pay = async (email: string) => {
    const { context, page } = await newPage(browser, viewports.desktop);
    await page.goto(`${shop.url}/custom-checkout`);
    await page.getByText('Test mode — no real card is charged').waitFor();
    const summary = page.locator('.checkout-columns__summary');
    assert.is(await applyCode(page, 'welcome', summary), 'Discount code WELCOME applied: 15% off, saving £1.50.');
    // 999 less 15% (149.85 → 150) and £3.50 delivery.
    // The total waits for the delivery rate of the destination, which the shop answers a moment later.
    await page.getByTestId('checkout-total').filter({ hasText: '£11.99' }).waitFor({ timeout: 15_000 });
    assert.is(await page.getByTestId('checkout-total').innerText(), '£11.99');
    await page.getByLabel('Full Name *').fill('Amina Khan');
    await page.getByLabel('Email *').fill(email);
    await page.getByLabel('Address Line 1 *').fill('1 Linden Lane');
    await page.getByLabel('City *').fill('Leeds');
    await page.getByLabel('Postcode *').fill('LS1 4AB');
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiry (MM / YY)').fill('12 / 34');
    await page.getByLabel('CVC').fill('123');
    await page.getByRole('button', { name: 'Pay £11.99' }).click();
    return { context, page };
  };
  const first = await pay('amina@example.com');
  await first.page.waitForURL(/\/order-success\?orderNumber=AH-/, { timeout: 15_000 });
  await first.context.close();

  const second = await pay('  AMINA@example.com ');
  try {
    await second.page.locator('.shop-toast__title', { hasText: 'Payment Setup Failed' }).waitFor();
    assert.is(await second.page.locator('.shop-toast__description').innerText(), discountMessages.oncePerEmail);
    assert.match(second.page.url(), /\/custom-checkout$/);
  } finally {
    await second.context.close();
  }
});

test('20 checkouts fired together on a code with 5 uses left: exactly 5 start, and the owner sees it used up', async () => {
  await createCode(shop, { code: 'LAST-FIVE', kind: 'percent', amount: 20, maxUses: 5 });
  const { context, page } = await newPage(browser, viewports.desktop);
  const owner = await ownerPage(browser, shop);
  try {
    await page.goto(`${shop.url}/`);
    // Fired from the page, all at once (one function with no named helpers: the page gets its source as written).
    const answers = await page.evaluate(
      (body) =>
        Promise.all(
          Array.from({ length: 20 }, () =>
            fetch('/api/cart/checkout', {
              method: 'POST',
              headers: { 'Content-Type': 'application/json' },
              body,
            }).then(async (r) => ({ status: r.status, body: (await r.json()) as { message?: string } })),
          ),
        ),
      JSON.stringify({ items: [{ bookId: 2, quantity: 1 }], discountCode: 'last-five', customerCountry: 'GB' }),
    );
    assert.is(answers.filter((a) => a.status === 200).length, 5);
    const refused = answers.filter((a) => a.status !== 200);
    assert.is(refused.length, 15);
    for (const answer of refused) assert.is(answer.body.message, discountMessages.usedUp);

    await owner.page.goto(`${shop.url}/admin/discounts`);
    const row = owner.page.locator('[data-testid="discount-row"][data-code="LAST-FIVE"]');
    assert.is(await row.getByTestId('discount-uses').innerText(), '0 redeemed, 5 held of 5');
    assert.is(await row.getByTestId('discount-status').innerText(), 'Used up');
    await row.getByRole('link', { name: 'LAST-FIVE' }).click();
    await owner.page.getByTestId('discount-hold').nth(4).waitFor();
    assert.is(await owner.page.getByTestId('discount-hold').count(), 5);
  } finally {
    await context.close();
    await owner.context.close();
  }
});

test('an abandoned checkout gives its use back once its hold runs out', async () => {
  await createCode(shop, { code: 'ONE-USE', kind: 'fixed', amount: 300, maxUses: 1 });
  const first = await newPage(browser, viewports.desktop);
  const second = await newPage(browser, viewports.mobile);
  try {
    await openCart(first.page, shop, twoBooks);
    await applyCode(first.page, 'ONE-USE');
    await proceedToHostedPage(first.page);
    assert.is(await first.page.getByTestId('sandbox-total').innerText(), '£20.48');
    // The first shopper leaves the payment page open and never pays: the use is held for them.
    await openCart(second.page, shop, twoBooks);
    assert.is(await applyCode(second.page, 'ONE-USE'), discountMessages.usedUp);
    assert.is((await codeDetail(shop, 'ONE-USE')).held, 1);

    offsetMs += (shop.shop.deps.config.STOCK_HOLD_MINUTES + 3) * 60_000;
    assert.is(await applyCode(second.page, 'ONE-USE'), 'Discount code ONE-USE applied: £3.00 off, saving £3.00.');
    assert.is(await second.page.getByTestId('cart-total').innerText(), '£16.98');
    assert.equal([(await codeDetail(shop, 'ONE-USE')).held, (await codeDetail(shop, 'ONE-USE')).status], [0, 'active']);
  } finally {
    await first.context.close();
    await second.context.close();
  }
});

test('with the bundle switched off a code still applies and no page shows the bundle’s note', async () => {
  await createCode(plain, { code: 'NO-BUNDLE', kind: 'percent', amount: 10 });
  const { context, page } = await newPage(browser, viewports.desktop);
  try {
    const all = [books.kindness, books.together, books.poster].map((b) => ({ ...b, quantity: 1 }));
    const drawer = await openCart(page, plain, all);
    assert.is(await page.getByText(bundleNote).count(), 0, 'not on the landing page');
    assert.is(await applyCode(page, 'NO-BUNDLE'), 'Discount code NO-BUNDLE applied: 10% off, saving £3.00.');
    assert.is(await drawer.getByTestId('cart-saving').count(), 0, 'no bundle line');
    assert.is(await drawer.getByTestId('cart-total').innerText(), '£26.97');
    assert.is(await page.getByText(bundleNote).count(), 0, 'not in the cart');
    const sessionId = await proceedToHostedPage(page);
    assert.is(await page.getByTestId('sandbox-total').innerText(), '£30.47');
    assert.is(await page.getByText(bundleNote).count(), 0, 'not on the hosted page');
    assert.is(await page.getByText('Bundle price', { exact: false }).count(), 0);
    await payOnHostedPage(page);
    assert.is(await page.getByText(bundleNote).count(), 0, 'not on the confirmation');
    const order = await placedOrder(plain, sessionId);
    assert.equal(
      order.discounts?.map((d) => [d.kind, d.amount]),
      [['code', 300]],
    );
  } finally {
    await context.close();
  }
});

test.run();
