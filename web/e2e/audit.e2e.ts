// The audit console as an auditor uses it: sign in with the account an owner made, open an order with several status
// changes, step it back to an earlier moment and read the diff, download the export and have the console check it,
// verify the read models; and nowhere a button that would change anything.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { newContext, viewports } from '../../infra/testing/browser.ts';
import { shopAndBrowserFor } from '../../infra/testing/browserShop.ts';
import { orderPlacedData, placeOrders } from '../../infra/testing/exampleOrders.ts';
import { adminHeaders, call } from '../../infra/testing/shop.ts';
import { axeProblems } from './ordersOwner.ts';

const { shop, browser } = await shopAndBrowserFor(test);
const wait = { timeout: 20_000 };
const orderId = 'pi_sandbox_AuditE2e00000000000000001';
const downloads = mkdtempSync(join(tmpdir(), 'shop-audit-e2e-'));
let password = '';

test.before(async () => {
  const owner = await adminHeaders(shop);
  await placeOrders(shop, [orderPlacedData({ orderId, placedAt: '2026-03-01T09:00:00.000Z' })]);
  const steps = [
    ['processing', 'Packing today'],
    ['shipped', 'Royal Mail'],
    ['delivered', 'Left with a neighbour'],
  ] as const;
  for (const [i, [status, notes]] of steps.entries()) {
    const res = await call(`${shop.url}/api/admin/orders/${orderId}/status`, {
      body: { status, notes, expectedRevision: i },
      headers: owner,
    });
    assert.is(res.status, 200, res.text);
  }
  const review = {
    bookId: 1,
    customerName: 'Maryam',
    customerEmail: 'maryam@example.com',
    rating: 5,
    reviewText: 'A gentle story about sharing.',
  };
  assert.is((await call(`${shop.url}/api/reviews/submit`, { body: review })).status, 201);
  const created = await call(`${shop.url}/api/admin/accounts`, {
    body: { username: 'trustee', role: 'auditor' },
    headers: owner,
  });
  assert.is(created.status, 201, created.text);
  password = created.json.password;
});
test.after(() => rmSync(downloads, { recursive: true, force: true }));

for (const [name, viewport] of Object.entries(viewports)) {
  test(`an auditor steps an order back, reads the diff, checks an export and verifies, with no write button (${name})`, async () => {
    // bypassCSP only so that axe can be injected; acceptDownloads for the export.
    const context = await newContext(browser, viewport, { bypassCSP: true, acceptDownloads: true });
    const page = await context.newPage();
    try {
      await page.goto(`${shop.url}/admin/login`);
      await page.getByLabel('Username').fill('trustee');
      await page.getByLabel('Password').fill(password);
      await page.getByRole('button', { name: 'Log In' }).click();
      // An auditor starts at the audit console.
      await page.waitForURL('**/admin/audit', wait);
      await page.goto(`${shop.url}/admin/dashboard`);
      // The reviews and the orders are there to read, without a button that would change them.
      await page.getByText('A gentle story about sharing.').waitFor(wait);
      assert.is(await page.getByRole('button', { name: /Approve|Reject/ }).count(), 0);
      await page.goto(`${shop.url}/admin/orders`);
      await page
        .getByRole('button', { name: /Order #/ })
        .first()
        .click();
      await page.getByText('Left with a neighbour').first().waitFor(wait);
      assert.is(await page.getByRole('button', { name: /^Mark as/ }).count(), 0);
      await page.getByRole('link', { name: 'Reviews Dashboard' }).click();
      await page.getByRole('link', { name: 'Audit', exact: true }).click();
      await page.waitForURL('**/admin/audit', wait);
      await page.getByText('Signed in as trustee (auditor)').waitFor(wait);

      await page.getByRole('button', { name: `order-${orderId}` }).click();
      await page.getByRole('cell', { name: 'Royal Mail' }).waitFor(wait);

      // Step back from now (revision 3) to revision 2, then to 1: the diff says what changed since.
      await page.getByRole('button', { name: 'Step back' }).click();
      await page.getByText(/As of revision 2/).waitFor(wait);
      await page.getByRole('button', { name: 'Step back' }).click();
      await page.getByText(/As of revision 1/).waitFor(wait);
      const diff = page.getByRole('region', { name: 'Differences' });
      await diff.getByRole('row', { name: /Status\s+processing\s+delivered/ }).waitFor(wait);
      // A moment is picked in UK time; one before the order was placed is refused in words.
      await page.getByLabel('As of (UK time)').fill('2001-01-01T00:00');
      await page.getByRole('button', { name: 'Show', exact: true }).click();
      await page.getByText('The stream had not started at that moment').waitFor(wait);

      await page.getByRole('button', { name: 'Export the log' }).click();
      const link = page.getByRole('link', { name: /^Download log-/ });
      await link.waitFor(wait);
      const [download] = await Promise.all([page.waitForEvent('download', wait), link.click()]);
      const file = join(downloads, `${name}.ndjson`);
      await download.saveAs(file);
      await page.getByLabel('Check an export (NDJSON file)').setInputFiles(file);
      await page.getByText(/^Chain intact: \d+ lines\. Chain head: [0-9a-f]{64}$/).waitFor(wait);
      // The export begins with itself, 0 lines added; it does not begin with an export it never was.
      const exportedHead = (await page.locator('.audit-hash').innerText()).trim();
      const earlier = page.getByLabel('Earlier signed-off chain head (optional)');
      await earlier.fill(exportedHead);
      await page.getByRole('button', { name: 'Check again' }).click();
      await page
        .getByText(
          /Extends the earlier export: its \d+ lines \(chain head [0-9a-f]{64}\) begin this one unchanged, and 0 lines were added since\./,
        )
        .waitFor(wait);
      await earlier.fill('f'.repeat(64));
      await page.getByRole('button', { name: 'Check again' }).click();
      await page.getByText(/Does not extend the earlier export/).waitFor(wait);

      await page.getByRole('button', { name: 'Verify read models' }).click();
      await page.getByText(/^MATCH: \d+ events folded/).waitFor(wait);

      const buttons = await page.getByRole('button').allInnerTexts();
      for (const label of buttons)
        assert.not.match(
          label,
          /approve|reject|delete|cancel|mark|change|save|create|disable|reset|rebuild/i,
          `write button "${label}"`,
        );
      assert.equal(await axeProblems(page), []);
    } finally {
      await context.close();
    }
  });
}

test("an auditor's CSV download, with its reason, is in the audit console's reads naming the auditor; the owner grants the data download on the accounts screen", async () => {
  const context = await newContext(browser, viewports.desktop, { bypassCSP: true, acceptDownloads: true });
  const page = await context.newPage();
  try {
    await page.goto(`${shop.url}/admin/login`);
    await page.getByLabel('Username').fill('trustee');
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Log In' }).click();
    await page.waitForURL('**/admin/audit', wait);
    await page.goto(`${shop.url}/admin/orders`);
    await page.getByRole('button', { name: 'Download CSV' }).click();
    const asked = page.getByRole('dialog', { name: 'Download the orders as CSV' });
    await asked.getByLabel(/^Reason/).fill('Trustees’ annual review');
    assert.equal(await axeProblems(page), [], 'the reason dialog');
    const [download] = await Promise.all([
      page.waitForEvent('download', wait),
      asked.getByRole('button', { name: 'Download' }).click(),
    ]);
    assert.match(download.suggestedFilename(), /^orders-\d{4}-\d{2}-\d{2}\.csv$/);

    await page.goto(`${shop.url}/admin/audit`);
    const reads = page.getByRole('region', { name: 'Reads of personal data' });
    await page.getByLabel('Reader').fill('trustee');
    await page.getByRole('button', { name: 'Show reads' }).click();
    const row = reads.getByRole('row', { name: /GET \/api\/admin\/sales\/orders\.csv/ });
    await row.waitFor(wait);
    const text = await row.innerText();
    assert.match(text, 'trustee (auditor)');
    assert.match(text, 'Trustees’ annual review');
    assert.not.match(text, /maryam|@example/i, 'whose, without their details');
    assert.equal(await axeProblems(page), []);
  } finally {
    await context.close();
  }

  // The owner grants the trustee the download of a person's data, and takes it back, on the accounts screen.
  const ownerContext = await newContext(browser, viewports.mobile, { bypassCSP: true });
  const { signAdminToken } = await import('../../service/admin/tokens.ts');
  await ownerContext.addInitScript(
    (t) => localStorage.setItem('adminToken', t),
    signAdminToken(shop.shop.deps.jwtSecret, 'admin'),
  );
  const ownerPage = await ownerContext.newPage();
  try {
    await ownerPage.goto(`${shop.url}/admin/accounts`);
    const row = ownerPage.getByRole('row', { name: /trustee/ });
    await row.getByRole('button', { name: 'Grant data download' }).click();
    await row.getByText('may download a person’s data').waitFor(wait);
    const answer = await call(
      `${shop.url}/api/admin/privacy/access?email=maryam%40example.com&reason=Complaint%20review`,
      { headers: await adminHeaders(shop, 'trustee') },
    );
    assert.is(answer.status, 200, answer.text);
    await row.getByRole('button', { name: 'Revoke data download' }).click();
    await row.getByRole('button', { name: 'Grant data download' }).waitFor(wait);
    assert.is(
      (
        await call(`${shop.url}/api/admin/privacy/access?email=maryam%40example.com&reason=Complaint%20review`, {
          headers: await adminHeaders(shop, 'trustee'),
        })
      ).status,
      403,
    );
    assert.equal(await axeProblems(ownerPage), []);
  } finally {
    await ownerContext.close();
  }
});

test('an owner creates an auditor on the accounts screen, sees the password once, and can disable the account', async () => {
  const context = await newContext(browser, viewports.mobile, { bypassCSP: true });
  const { signAdminToken } = await import('../../service/admin/tokens.ts');
  await context.addInitScript(
    (t) => localStorage.setItem('adminToken', t),
    signAdminToken(shop.shop.deps.jwtSecret, 'admin'),
  );
  const page = await context.newPage();
  try {
    await page.goto(`${shop.url}/admin/accounts`);
    await page.getByRole('cell', { name: 'admin', exact: true }).waitFor(wait);
    await page.getByLabel('Username').fill('ledger.keeper');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText(/Account created\./).waitFor(wait);
    const shown = await page.getByText(/Password for ledger\.keeper:/).innerText();
    const given = /Password for ledger\.keeper: (\S+)/.exec(shown)?.[1];
    assert.ok(given);
    assert.is(
      (await call(`${shop.url}/api/admin/login`, { body: { username: 'ledger.keeper', password: given } })).status,
      200,
    );
    const row = page.getByRole('row', { name: /ledger\.keeper/ });
    await row.getByRole('button', { name: 'Disable' }).click();
    await row.getByText('disabled').waitFor(wait);
    assert.is(
      (await call(`${shop.url}/api/admin/login`, { body: { username: 'ledger.keeper', password: given } })).status,
      401,
    );
    assert.equal(await axeProblems(page), []);
  } finally {
    await context.close();
  }
});

test('an auditor turns on two-step sign-in, keeps the recovery codes, and signs in again with a code from the app', async () => {
  const { codeAt, fromBase32, stepOf } = await import('../../service/admin/twoStep.ts');
  const owner = await adminHeaders(shop);
  const created = await call(`${shop.url}/api/admin/accounts`, {
    body: { username: 'reviewer.two', role: 'auditor' },
    headers: owner,
  });
  const context = await newContext(browser, viewports.desktop, { bypassCSP: true });
  const page = await context.newPage();
  const signIn = async () => {
    await page.goto(`${shop.url}/admin/login`);
    await page.getByLabel('Username').fill('reviewer.two');
    await page.getByLabel('Password').fill(created.json.password);
    await page.getByRole('button', { name: 'Log In' }).click();
  };
  try {
    await signIn();
    await page.waitForURL('**/admin/audit', wait);
    await page.goto(`${shop.url}/admin/accounts`);
    await page.getByRole('button', { name: 'Set up two-step sign-in' }).click();
    // A QR code for the app's camera, named for what it does, and the key beside it for typing in.
    const qr = page.getByRole('img', {
      name: /^QR code that adds reviewer\.two at Amanah House to an authenticator app/,
    });
    await qr.waitFor(wait);
    assert.match((await qr.getAttribute('src')) ?? '', /^data:image\/svg\+xml;base64,/);
    const drawn = await qr.evaluate((img) =>
      (img as HTMLImageElement).decode().then(() => (img as HTMLImageElement).naturalWidth),
    );
    assert.ok(drawn > 0, 'the QR image is drawn');
    assert.equal(await axeProblems(page), []);
    const key = (await page.getByText(/with this key:/).innerText()).split(':').at(-1)!.trim();
    const secret = fromBase32(key);
    await page.getByLabel('Code from the app').fill(codeAt(secret, stepOf(Date.now())));
    await page.getByRole('button', { name: 'Turn two-step sign-in on' }).click();
    await page.getByRole('list', { name: 'Recovery codes' }).waitFor(wait);
    assert.is(await page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem').count(), 10);
    assert.equal(await axeProblems(page), []);
    await page.getByRole('button', { name: 'Log Out' }).click();
    await page.waitForURL('**/admin/login', wait);

    await signIn();
    await page.getByLabel('Code', { exact: true }).waitFor(wait);
    // The next step's code: the one used to turn it on may not be used again.
    await page.getByLabel('Code', { exact: true }).fill(codeAt(secret, stepOf(Date.now()) + 1));
    await page.getByRole('button', { name: 'Log In' }).click();
    await page.waitForURL('**/admin/audit', wait);
  } finally {
    await context.close();
  }
});

test.run();
