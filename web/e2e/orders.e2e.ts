import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { viewports } from '../../infra/testing/browser.ts';
import { browserFor } from '../../infra/testing/browserShop.ts';
import { statusMoveMessages } from '../../contracts/orders/statusMoves.ts';
import { call } from '../../infra/testing/shop.ts';
import { signAdminToken } from '../../service/admin/tokens.ts';
import { entry, orderIds, ownerAt, tab } from './ordersOwner.ts';
import { orderNumberFrom } from '../../contracts/shared/constants.ts';

const shots = 'test-results/orders';
const seen = { timeout: 15_000 };

const browser = await browserFor(test);
mkdirSync(shots, { recursive: true });

async function seeTabs(page: Page, expected: string[]) {
  for (const name of expected) await tab(page, name).waitFor(seen);
}

for (const [name, viewport] of Object.entries(viewports)) {
  test(`Owner moves one order pending → processing → shipped with notes and cancels another (${name})`, async () => {
    const { shop, context, page } = await ownerAt(browser, viewport);
    try {
      await page.goto(`${shop.url}/admin/orders`);
      await page.getByRole('heading', { name: 'Order Management' }).waitFor({ timeout: 15_000 });
      await page.getByText('Total Orders: 4', { exact: true }).waitFor(seen);
      await seeTabs(page, ['All (4)', 'Pending (3)', 'Processing (0)', 'Shipped (0)', 'Delivered (0)']);
      assert.is(await page.getByRole('link', { name: 'Reviews Dashboard' }).getAttribute('href'), '/admin-dashboard');

      // Newest first.
      const headings = await page.locator('.order-entry__trigger').allInnerTexts();
      assert.equal(
        headings.map((h) => /Order #(\S+)/.exec(h)?.[1]),
        [orderIds.ibrahim, orderIds.amina, orderIds.yusuf, orderIds.maryam].map(orderNumberFrom),
      );

      // Two orders open at once.
      await page.getByRole('button', { name: new RegExp(`Order #${orderNumberFrom(orderIds.maryam)}`) }).click();
      await page.getByRole('button', { name: new RegExp(`Order #${orderNumberFrom(orderIds.yusuf)}`) }).click();
      const first = entry(page, orderIds.maryam);
      const second = entry(page, orderIds.yusuf);
      await first.getByRole('group', { name: 'Update Order Status' }).waitFor();
      await second.getByRole('group', { name: 'Update Order Status' }).waitFor();
      assert.match(await second.innerText(), 'Yusuf Ali');
      assert.match(await second.innerText(), 'yusuf.ali@example.com');
      assert.match(await second.innerText(), '4 Orchard Lane, Flat 2, Bradford, BD7 1AA, GB');
      assert.match(await second.innerText(), '£34.96');
      assert.match(await second.innerText(), 'Together We Shine');
      await first.getByText('Order placed').waitFor();
      // The current status's button is hidden.
      assert.is(await first.getByRole('button', { name: 'Mark as Pending' }).count(), 0);
      for (const label of ['Mark as Processing', 'Mark as Shipped', 'Mark as Delivered', 'Cancel Order']) {
        assert.ok(await first.getByRole('button', { name: label }).isVisible(), label);
      }
      await page.screenshot({ path: `${shots}/two-open-${name}.png`, fullPage: true });

      // While the change is on its way every button is disabled and reads "Updating...".
      let release!: () => void;
      const held = new Promise<void>((r) => (release = r));
      // Later changes pass straight through once the first is released.
      await page.route(`**/api/admin/orders/${orderIds.maryam}/status`, async (route) => {
        await held;
        await route.continue();
      });
      await first.getByLabel('Notes (optional)').fill('Packing today');
      await first.getByRole('button', { name: 'Mark as Processing' }).click();
      const buttons = first.getByRole('group', { name: 'Update Order Status' }).getByRole('button');
      await first.getByRole('button', { name: 'Updating...' }).first().waitFor();
      assert.equal(await buttons.allInnerTexts(), ['Updating...', 'Updating...', 'Updating...', 'Updating...']);
      for (const b of await buttons.all()) assert.ok(await b.isDisabled());
      await page.screenshot({ path: `${shots}/updating-${name}.png` });
      release();

      await page.getByText('Order Updated', { exact: true }).waitFor();
      await first.locator('.order-entry__trigger [data-status="processing"]').waitFor();
      await seeTabs(page, ['All (4)', 'Pending (2)', 'Processing (1)']);
      await first.getByText('Packing today').waitFor();
      assert.is(await first.getByLabel('Notes (optional)').inputValue(), '');
      assert.is(await first.getByRole('button', { name: 'Mark as Processing' }).count(), 0);
      assert.ok(await first.getByRole('button', { name: 'Mark as Pending' }).isVisible());

      await first.getByLabel('Notes (optional)').fill('Royal Mail tracked 48, ref RM123456789GB');
      await first.getByRole('button', { name: 'Mark as Shipped' }).click();
      await first.locator('.order-entry__trigger [data-status="shipped"]').waitFor();
      await seeTabs(page, ['Processing (0)', 'Shipped (1)']);
      await first.getByText('Royal Mail tracked 48, ref RM123456789GB').waitFor();
      const timeline = first
        .getByRole('list', { name: `Status history of order #${orderIds.maryam}` })
        .getByRole('listitem');
      assert.is(await timeline.count(), 3);
      const steps = await timeline.allInnerTexts();
      assert.match(steps[0]!, 'Order placed');
      assert.match(steps[1]!, /Pending\s*→\s*Processing[\s\S]*by owner[\s\S]*Packing today/);
      assert.match(steps[2]!, /Processing\s*→\s*Shipped[\s\S]*by owner[\s\S]*RM123456789GB/);

      await second.getByRole('button', { name: 'Cancel Order' }).click();
      await second.locator('.order-entry__trigger [data-status="cancelled"]').waitFor();
      await seeTabs(page, ['All (4)', 'Pending (1)', 'Processing (0)', 'Shipped (1)', 'Delivered (0)']);
      assert.ok(await first.getByRole('group', { name: 'Update Order Status' }).isVisible(), 'the first order closed');
      await page.screenshot({ path: `${shots}/after-changes-${name}.png`, fullPage: true });

      await tab(page, 'Shipped (1)').click();
      // The tab is kept in the address, so the list changes a moment after the click: read it once the tab is chosen,
      // and only the chosen tab's rows.
      await page.getByRole('tab', { name: 'Shipped (1)', selected: true }).waitFor();
      const shipped = await page.locator('.orders-tab[data-state="active"] .order-entry__trigger').allInnerTexts();
      assert.equal(
        shipped.map((h) => /Order #(\S+)/.exec(h)?.[1]),
        [orderNumberFrom(orderIds.maryam)],
      );
      await tab(page, 'Delivered (0)').click();
      await page.getByText('No orders found in this category').waitFor();
      await page.screenshot({ path: `${shots}/empty-tab-${name}.png` });
    } finally {
      await context.close();
      await shop.close();
    }
  });
}

for (const [name, viewport] of Object.entries(viewports)) {
  test(`Owner is asked to confirm before moving a shipped order back to pending or reopening a cancelled one (${name})`, async () => {
    const { shop, context, page } = await ownerAt(browser, viewport);
    try {
      const owner = { authorization: `Bearer ${signAdminToken(shop.shop.deps.jwtSecret, 'owner')}` };
      const revisionOf = async (id: string) => (await shop.shop.deps.events.readStream(`order-${id}`)).at(-1)!.revision;
      for (const [id, status] of [
        [orderIds.maryam, 'shipped'],
        [orderIds.yusuf, 'cancelled'],
      ] as const) {
        const moved = await call(`${shop.url}/api/admin/orders/${id}/status`, {
          body: { status, expectedRevision: await revisionOf(id) },
          headers: owner,
        });
        assert.is(moved.status, 200, moved.text);
      }
      await page.goto(`${shop.url}/admin/orders`);
      await page.getByRole('button', { name: new RegExp(`Order #${orderNumberFrom(orderIds.maryam)}`) }).click();
      const shipped = entry(page, orderIds.maryam);
      await shipped.getByRole('group', { name: 'Update Order Status' }).waitFor(seen);

      // Asked first; "Keep it as it is" sends nothing.
      let sent = 0;
      await page.route(`**/api/admin/orders/*/status`, async (route) => {
        sent += 1;
        await route.continue();
      });
      await shipped.getByRole('button', { name: 'Mark as Pending' }).click();
      const dialog = page.getByRole('alertdialog', { name: statusMoveMessages.confirmTitle });
      await dialog.waitFor(seen);
      assert.is(
        await dialog.getByText(statusMoveMessages.confirmText(orderIds.maryam, 'shipped', 'pending')).count(),
        1,
      );
      await page.screenshot({ path: `${shots}/confirm-back-${name}.png` });
      await dialog.getByRole('button', { name: statusMoveMessages.cancel }).click();
      await dialog.waitFor({ state: 'hidden', ...seen });
      assert.is(sent, 0);
      assert.is(await shipped.locator('.order-entry__trigger [data-status="shipped"]').count(), 1);
      // Escape closes it too; then confirmed, the change is made.
      await shipped.getByRole('button', { name: 'Mark as Pending' }).click();
      await dialog.waitFor(seen);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden', ...seen });
      assert.is(sent, 0);
      await shipped.getByRole('button', { name: 'Mark as Pending' }).click();
      await dialog.getByRole('button', { name: statusMoveMessages.confirmButton }).click();
      await page.getByText('Order Updated', { exact: true }).waitFor(seen);
      await shipped.locator('.order-entry__trigger [data-status="pending"]').waitFor(seen);
      assert.is(sent, 1);
      // A forward move asks nothing.
      await shipped.getByRole('button', { name: 'Mark as Processing' }).click();
      await shipped.locator('.order-entry__trigger [data-status="processing"]').waitFor(seen);
      assert.is(sent, 2);

      // Reopening a cancelled order is asked too.
      await page.getByRole('button', { name: new RegExp(`Order #${orderNumberFrom(orderIds.yusuf)}`) }).click();
      const cancelled = entry(page, orderIds.yusuf);
      await cancelled.getByRole('button', { name: 'Mark as Shipped' }).click();
      await dialog.waitFor(seen);
      assert.is(
        await dialog.getByText(statusMoveMessages.confirmText(orderIds.yusuf, 'cancelled', 'shipped')).count(),
        1,
      );
      await dialog.getByRole('button', { name: statusMoveMessages.confirmButton }).click();
      await cancelled.locator('.order-entry__trigger [data-status="shipped"]').waitFor(seen);
      assert.is(sent, 3);
    } finally {
      await context.close();
      await shop.close();
    }
  });
}

test.run();
