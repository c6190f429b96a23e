import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { viewports } from '../../infra/testing/browser.ts';
import { browserFor } from '../../infra/testing/browserShop.ts';
import { orderPlacedData } from '../../infra/testing/exampleOrders.ts';
import { entry, exampleOrders, ownerAt } from './ordersOwner.ts';
import { orderNumberFrom } from '../../contracts/shared/constants.ts';

const browser = await browserFor(test);

const seen = { timeout: 15_000 };
const walletOrderId = 'pi_sandbox_W4lL3tN0aDdR3sS5xY7zQ2kP';

for (const [name, viewport] of Object.entries(viewports)) {
  test(`Owner completes the buyer's details of a wallet order placed without them (${name})`, async () => {
    const orders = [
      ...exampleOrders(),
      orderPlacedData({
        orderId: walletOrderId,
        placedAt: '2026-03-05T10:00:00.000Z',
        customerName: 'Website Customer',
        customerEmail: '',
        shippingAddress: 'To be provided during checkout',
        status: 'completed',
        paymentMethod: 'Wallet (Apple Pay / Google Pay) via the test sandbox',
      }),
    ];
    const { shop, context, page } = await ownerAt(browser, viewport, { orders });
    try {
      await page.goto(`${shop.url}/admin/orders`);
      await page.getByRole('button', { name: `Order #${orderNumberFrom(walletOrderId)}` }).click(seen);
      const order = entry(page, walletOrderId);
      await order.getByText("This order was placed without the buyer's name, email, address.").waitFor(seen);
      // An order that has its details offers no such form.
      await page.getByRole('button', { name: `Order #${orderNumberFrom(exampleOrders()[0]!.orderId)}` }).click();
      await entry(page, exampleOrders()[0]!.orderId).getByRole('group', { name: 'Update Order Status' }).waitFor(seen);
      assert.is(
        await entry(page, exampleOrders()[0]!.orderId).getByRole('button', { name: 'Add Customer Details' }).count(),
        0,
      );

      await order.getByRole('button', { name: 'Add Customer Details' }).click();
      const form = order.getByRole('form', { name: `Customer details for order #${walletOrderId}` });
      await form.getByLabel('Name').fill('Hafsa Begum');
      await form.getByLabel('Email').fill('hafsa@example.org');
      await form.getByLabel('Address Line 1').fill('22 Mill Lane');
      await form.getByLabel('City').fill('Bradford');
      await form.getByLabel('Postcode').fill('BD1 2AB');
      // Without a reason the server refuses, and says why beside the form.
      await form.getByRole('button', { name: 'Save Customer Details' }).click();
      await form.getByRole('alert').getByText('Say why you are adding these details').waitFor(seen);
      await form.getByLabel('Reason (required)').fill('The buyer replied to our e-mail with her address');
      await form.getByRole('button', { name: 'Save Customer Details' }).click();
      await page.locator('.shop-toast__title', { hasText: 'Customer Details Added' }).waitFor(seen);

      await order.getByText('22 Mill Lane, Bradford, BD1 2AB, GB', { exact: true }).waitFor(seen);
      await order.getByText('Customer details added by the owner').waitFor(seen);
      const text = await order.innerText();
      for (const expected of [
        'Hafsa Begum',
        'hafsa@example.org',
        'The buyer replied to our e-mail with her address',
        'by owner',
      ])
        assert.match(text, expected);
      assert.is(await order.getByRole('button', { name: 'Add Customer Details' }).count(), 0);
      const stream = await shop.shop.deps.events.readStream(`order-${walletOrderId}`);
      assert.equal(
        stream.map((e) => e.type),
        ['OrderPlaced', 'OrderCustomerDetailsAdded'],
      );
    } finally {
      await context.close();
      await shop.close();
    }
  });
}

test.run();
