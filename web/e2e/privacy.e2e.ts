// The privacy screen as the owner uses it: erase one customer (with a reason and a confirmation), after which the order
// console shows "Erased customer" for their order and its page keeps the owner's note while the tracking number says it
// was removed with the customer's data, and download another customer's data; an auditor sees the retention report and
// no control that would change anything.
import { readFileSync } from 'node:fs';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { newContext, viewports } from '../../infra/testing/browser.ts';
import { shopAndBrowserFor } from '../../infra/testing/browserShop.ts';
import { orderPlacedData, placeOrders } from '../../infra/testing/exampleOrders.ts';
import { adminHeaders, call } from '../../infra/testing/shop.ts';
import { axeProblems, entry } from './ordersOwner.ts';
import type { EventStore } from '../../contracts/ports/eventStore.ts';
import { unsealedMessage } from '../../contracts/privacy/model.ts';
import { newEventId } from '../../service/commands.ts';
import { orderNumberFrom } from '../../contracts/shared/constants.ts';

const { shop, browser } = await shopAndBrowserFor(test);
const wait = { timeout: 30_000 };
const downloads = mkdtempSync(join(tmpdir(), 'shop-privacy-e2e-'));
const forgotten = {
  customerName: 'Hafsa Whitlock',
  customerEmail: 'hafsa.whitlock@example.org',
  shippingAddress: { line1: '9 Bramble Row', city: 'Kendal', postcode: 'LA9 4QT', country: 'GB' },
};
const kept = {
  customerName: 'Idris Pemberton',
  customerEmail: 'idris.pemberton@example.net',
  shippingAddress: { line1: '3 Heron Quay', city: 'Hull', postcode: 'HU1 2PE', country: 'GB' },
};
let auditorPassword = '';
const forgottenOrder = 'pi_sandbox_PrivacyE2e000000000000001';
const ownersNote = 'Second copy promised for the school fair';

test.before(async () => {
  await placeOrders(shop, [
    orderPlacedData({ orderId: forgottenOrder, placedAt: '2026-03-01T09:00:00.000Z', ...forgotten }),
    orderPlacedData({ orderId: 'pi_sandbox_PrivacyE2e000000000000002', placedAt: '2026-03-02T09:00:00.000Z', ...kept }),
  ]);
  // An order as a release before sealing wrote it: plain text, straight into the stored log.
  const stored = (shop.shop.deps.events as EventStore & { stored: EventStore }).stored;
  const plain = orderPlacedData({
    orderId: 'pi_sandbox_PrivacyE2ePlain0000000001',
    placedAt: '2026-02-01T09:00:00.000Z',
    customerName: 'Ruqayyah Plainwell',
    customerEmail: 'ruqayyah.plainwell@example.org',
  });
  await stored.append(
    'order-pi_sandbox_PrivacyE2ePlain0000000001',
    [
      {
        id: newEventId(),
        type: 'OrderPlaced',
        data: plain,
        metadata: { causedBy: 'webhook:stripe', causationId: 'x', correlationId: 'x', at: plain.placedAt },
      },
    ],
    'no_stream',
  );
  const owner = await adminHeaders(shop);
  // The owner's note and a parcel on the order that is about to be forgotten.
  assert.is(
    (await call(`${shop.url}/api/admin/orders/${forgottenOrder}/notes`, { body: { text: ownersNote }, headers: owner }))
      .status,
    200,
  );
  const { revision } = (await call(`${shop.url}/api/admin/orders/${forgottenOrder}`, { headers: owner })).json
    .order as { revision: number };
  const shipped = await call(`${shop.url}/api/admin/orders/${forgottenOrder}/status`, {
    body: {
      status: 'shipped',
      shipment: { carrier: 'royal-mail', trackingNumber: 'KD123456785GB' },
      expectedRevision: revision,
    },
    headers: owner,
  });
  assert.is(shipped.status, 200, shipped.text);
  const created = await call(`${shop.url}/api/admin/accounts`, {
    body: { username: 'examiner', role: 'auditor' },
    headers: owner,
  });
  assert.is(created.status, 201, created.text);
  auditorPassword = created.json.password;
});
test.after(() => rmSync(downloads, { recursive: true, force: true }));

test('the owner erases a customer, sees "Erased customer" on their order, and downloads another customer\'s data', async () => {
  const context = await newContext(browser, viewports.mobile, { bypassCSP: true, acceptDownloads: true });
  const { signAdminToken } = await import('../../service/admin/tokens.ts');
  await context.addInitScript(
    (t) => localStorage.setItem('adminToken', t),
    signAdminToken(shop.shop.deps.jwtSecret, 'admin'),
  );
  const page = await context.newPage();
  try {
    await page.goto(`${shop.url}/admin/privacy`);
    // The log holds an order written before sealing: the owner is told, and told how to migrate.
    await page.getByText(unsealedMessage(1, 1)).waitFor(wait);
    const erase = page.getByRole('region', { name: 'Erase a person' });
    await erase.getByLabel('E-mail address').fill(forgotten.customerEmail);
    await erase.getByLabel(/^Reason/).fill('Asked in writing to be forgotten');
    await erase.getByRole('button', { name: 'Erase…' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Erase this person?' });
    await dialog.getByText(forgotten.customerEmail).waitFor(wait);
    assert.equal(await axeProblems(page), [], 'the confirmation');
    await dialog.getByRole('button', { name: 'Erase for good' }).click();
    await page.getByText(/^Erased: the person’s details read as/).waitFor(wait);

    const access = page.getByRole('region', { name: 'Download a person’s data' });
    await access.getByLabel('E-mail address').fill(kept.customerEmail);
    await access.getByLabel(/^Why/).fill('Subject access request by letter');
    await access.getByRole('button', { name: 'Prepare the download' }).click();
    const link = page.getByRole('link', { name: /^Download personal-data-/ });
    await link.waitFor(wait);
    const [download] = await Promise.all([page.waitForEvent('download', wait), link.click()]);
    const file = join(downloads, 'person.json');
    await download.saveAs(file);
    const held = JSON.parse(readFileSync(file, 'utf8'));
    assert.is(held.orders.length, 1);
    assert.ok(JSON.stringify(held).includes(kept.shippingAddress.postcode));
    assert.not.ok(JSON.stringify(held).includes(forgotten.customerName));
    assert.equal(await axeProblems(page), []);

    // The console: the erased customer's order keeps its number and amount, with the stand-ins, and asks for nothing.
    await page.goto(`${shop.url}/admin/orders`);
    const order = entry(page, forgottenOrder);
    await order.getByRole('button', { name: /Order #/ }).click();
    await order.getByText('Erased customer').first().waitFor(wait);
    const text = await order.innerText();
    assert.not.match(text, forgotten.customerName);
    assert.not.match(text, forgotten.shippingAddress.postcode);
    assert.match(text, '£13.49');
    assert.not.match(text, /placed without/i, 'erased, not missing');

    // The order's page: the owner's note and name stay; the tracking number says it went with the customer's data.
    await page.goto(`${shop.url}/admin/orders/${forgottenOrder}`);
    await page.getByRole('heading', { name: `Order #${orderNumberFrom(forgottenOrder)}` }).waitFor(wait);
    const note = page.locator('.order-timeline__step[data-kind="note"]');
    await note.waitFor(wait);
    assert.match(await note.innerText(), ownersNote);
    assert.match(await note.innerText(), 'by admin');
    const parcel = page.locator('.order-timeline__step[data-kind="shipment"]');
    assert.match(await parcel.innerText(), 'Royal Mail');
    assert.is(await parcel.locator('.order-timeline__removed em').innerText(), 'Removed with the customer’s data');
    const whole = await page.locator('body').innerText();
    for (const gone of [forgotten.customerName, forgotten.shippingAddress.postcode, 'KD123456785GB'])
      assert.not.match(whole, gone);
    assert.equal(await axeProblems(page), [], 'the erased customer’s order page');
  } finally {
    await context.close();
  }
});

test('an auditor sees the retention report and no erase or download control', async () => {
  const context = await newContext(browser, viewports.desktop, { bypassCSP: true });
  const page = await context.newPage();
  try {
    await page.goto(`${shop.url}/admin/login`);
    await page.getByLabel('Username').fill('examiner');
    await page.getByLabel('Password').fill(auditorPassword);
    await page.getByRole('button', { name: 'Log In' }).click();
    await page.waitForURL('**/admin/audit', wait);
    await page.goto(`${shop.url}/admin/privacy`);
    await page.getByText(/No retention period is set/).waitFor(wait);
    // Without an owner's grant the download is not offered, and the screen says who may.
    await page.getByText(/an account’s an owner granted it to on the accounts screen/).waitFor(wait);
    assert.is(await page.getByRole('button', { name: /Erase|Prepare/ }).count(), 0);
    assert.equal(await axeProblems(page), []);
  } finally {
    await context.close();
  }
});

test.run();
