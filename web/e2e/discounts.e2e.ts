// Discount codes in the browser (decision 075): the owner creates a code on the discounts screen, a shopper applies it
// in the cart, and the saving the cart shows is what the sandbox's hosted page charges, what the order records and
// what the order's page and the code's page show. axe finds nothing serious on the screen or in the cart with a code.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { newPage, viewports } from '../../infra/testing/browser.ts';
import { ownerPage, shopAndBrowserFor } from '../../infra/testing/browserShop.ts';
import {
  applyCode,
  books,
  discountShopEnv,
  openCart,
  payOnHostedPage,
  placedOrder,
  proceedToHostedPage,
  usesBecome,
} from './discountShop.ts';
import { axeProblems } from './ordersOwner.ts';

const { shop, browser } = await shopAndBrowserFor(test, discountShopEnv);

test('the owner creates a code; the cart, the hosted page, the order and the owner all see the same saving', async () => {
  const owner = await ownerPage(browser, shop);
  const shopper = await newPage(browser, viewports.mobile, { bypassCSP: true });
  try {
    const { page } = owner;
    await page.goto(`${shop.url}/admin/discounts`);
    await page.getByRole('heading', { name: 'Discount Codes', level: 1 }).waitFor();
    await page.getByText('There are no discount codes yet.', { exact: false }).waitFor();
    assert.equal(await axeProblems(page), [], 'the empty screen');

    // A refusal the server names a field for shows under that field.
    const form = page.getByRole('form', { name: 'Create a discount code' });
    await form.getByLabel('Code', { exact: true }).fill('no');
    await form.getByLabel('Percentage off (%)').fill('10');
    await form.getByRole('button', { name: 'Create code' }).click();
    await form.getByText('A code is 3 to 32 letters, numbers or hyphens', { exact: true }).waitFor();
    assert.is(await form.getByLabel('Code', { exact: true }).getAttribute('aria-invalid'), 'true');
    assert.equal(await axeProblems(page), [], 'the form with a refusal');

    await form.getByLabel('Code', { exact: true }).fill('spring-10');
    await form.getByLabel('Total use limit (optional)').fill('5');
    await form.getByRole('button', { name: 'Create code' }).click();
    const row = page.locator('[data-testid="discount-row"][data-code="SPRING-10"]');
    await row.waitFor();
    assert.is(await row.getByTestId('discount-status').innerText(), 'Active');
    assert.is(await row.getByTestId('discount-uses').innerText(), '0 redeemed, 0 held of 5');
    assert.match(await row.innerText(), '10% off');
    assert.equal(await axeProblems(page), [], 'the screen with a code');

    // The shopper: two story books (no bundle), the code typed in lower case.
    const cart = await openCart(shopper.page, shop, [{ ...books.kindness, quantity: 2 }]);
    assert.is(await cart.getByTestId('cart-total').innerText(), '£19.98');
    const said = await applyCode(shopper.page, ' spring-10 ');
    assert.is(said, 'Discount code SPRING-10 applied: 10% off, saving £2.00.');
    assert.is(await cart.getByTestId('code-saving').innerText(), '−£2.00');
    assert.is(await cart.getByTestId('cart-total').innerText(), '£17.98');
    assert.equal(await axeProblems(shopper.page), [], 'the cart with a code');

    // The code stays with the cart across a reload.
    const again = await openCart(shopper.page, shop, [{ ...books.kindness, quantity: 2 }]);
    await again.getByTestId('code-saving').waitFor();
    assert.is(await again.getByTestId('cart-total').innerText(), '£17.98');

    const sessionId = await proceedToHostedPage(shopper.page);
    // £17.98 for the books after the code and £3.50 UK shipping.
    assert.is(await shopper.page.getByTestId('sandbox-total').innerText(), '£21.48');
    const lines = await shopper.page.getByTestId('sandbox-line').allInnerTexts();
    assert.is(lines.length, 1);
    assert.match(lines[0]!, 'With code SPRING-10 (was £9.99)');
    assert.match(lines[0]!, 'Qty 2 × £8.99');
    await payOnHostedPage(shopper.page);

    const order = await placedOrder(shop, sessionId);
    assert.is(order.subtotal, 1798);
    assert.is(order.total, 2148);
    assert.equal(
      order.discounts?.map((d) => [d.kind, d.code, d.amount]),
      [['code', 'SPRING-10', 200]],
    );

    // The owner: the code's page lists the order, which shows the saving as the bundle's is shown.
    await usesBecome(shop, 'SPRING-10', { redeemed: 1, held: 0 });
    await page.goto(`${shop.url}/admin/discounts`);
    assert.is(await row.getByTestId('discount-uses').innerText(), '1 redeemed, 0 held of 5');
    await row.getByRole('link', { name: 'SPRING-10' }).click();
    await page.getByRole('heading', { name: 'Discount Code SPRING-10', level: 1 }).waitFor();
    const use = page.getByTestId('discount-use');
    await use.waitFor();
    assert.match(await use.innerText(), order.orderNumber);
    assert.match(await use.innerText(), '−£2.00');
    assert.equal(await axeProblems(page), [], 'the code page');
    await use.getByRole('link', { name: order.orderNumber }).click();
    await page.waitForURL((url) => url.pathname === `/admin/orders/${order.orderId}`);
    const discount = page.getByTestId('order-discount');
    await discount.waitFor();
    assert.match(await discount.innerText(), 'Discount code SPRING-10 (in the prices above)');
    assert.match(await discount.innerText(), '−£2.00');
  } finally {
    await owner.context.close();
    await shopper.context.close();
  }
});

test('the owner pauses, resumes and ends a code, and the cart refuses it while it is paused', async () => {
  const owner = await ownerPage(browser, shop, viewports.mobile);
  const shopper = await newPage(browser, viewports.desktop);
  try {
    const { page } = owner;
    await page.goto(`${shop.url}/admin/discounts`);
    const form = page.getByRole('form', { name: 'Create a discount code' });
    await form.getByLabel('Code', { exact: true }).fill('FIVER');
    await form.getByText('Fixed amount off', { exact: true }).click();
    await form.getByLabel('Amount off (£)').fill('5');
    await form.getByLabel('Minimum basket £ (optional)').fill('20');
    await form.getByRole('button', { name: 'Create code' }).click();
    const row = page.locator('[data-testid="discount-row"][data-code="FIVER"]');
    await row.waitFor();
    assert.match(await row.innerText(), '£5.00 off');
    assert.match(await row.innerText(), 'Basket from £20.00');

    await row.getByRole('button', { name: 'Pause FIVER' }).click();
    await row.getByTestId('discount-status').filter({ hasText: 'Paused' }).waitFor();

    await openCart(shopper.page, shop, [{ ...books.kindness, quantity: 3 }]);
    assert.is(await applyCode(shopper.page, 'FIVER'), "That code isn't valid. Please check it and try again.");
    assert.is(await shopper.page.getByTestId('code-saving').count(), 0);

    await row.getByRole('button', { name: 'Resume FIVER' }).click();
    await row.getByTestId('discount-status').filter({ hasText: 'Active' }).waitFor();
    assert.is(await applyCode(shopper.page, 'FIVER'), 'Discount code FIVER applied: £5.00 off, saving £5.00.');
    assert.is(await shopper.page.getByTestId('cart-total').innerText(), '£24.97');
    // Below the minimum basket the server says so, and the total is the books' again.
    await shopper.page.getByRole('button', { name: 'Decrease quantity of The Kindness Basket' }).click();
    await shopper.page
      .getByTestId('code-status')
      .filter({ hasText: 'That code needs a basket of at least £20.00 before delivery.' })
      .waitFor();
    assert.is(await shopper.page.getByTestId('cart-total').innerText(), '£19.98');
    await shopper.page.getByRole('button', { name: 'Remove Discount code FIVER' }).click();
    await shopper.page.locator('.cart-drawer').getByRole('textbox', { name: 'Discount code' }).waitFor();

    await row.getByRole('button', { name: 'End FIVER' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'End the code' }).click();
    await row.getByTestId('discount-status').filter({ hasText: 'Ended' }).waitFor();
    assert.is(await row.getByRole('button').count(), 0, 'an ended code has nothing left to change');
  } finally {
    await owner.context.close();
    await shopper.context.close();
  }
});

test.run();
