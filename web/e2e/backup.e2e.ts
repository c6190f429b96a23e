// The owner's Backup button on the audit console (decision 056): pressed, the shop writes a backup of its data folder
// into a new folder of BACKUP_DIR and says where, with its chain head; an auditor has no such button.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { newContext, viewports } from '../../infra/testing/browser.ts';
import { shopAndBrowserFor } from '../../infra/testing/browserShop.ts';
import { orderPlacedData, placeOrders } from '../../infra/testing/exampleOrders.ts';
import { readManifest } from '../../infra/backup/manifest.ts';
import { adminHeaders, call } from '../../infra/testing/shop.ts';
import { axeProblems } from './ordersOwner.ts';

const backups = mkdtempSync(join(tmpdir(), 'shop-backup-e2e-'));
const { shop, browser } = await shopAndBrowserFor(test, { BACKUP_DIR: backups });
const wait = { timeout: 20_000 };
test.after(() => rmSync(backups, { recursive: true, force: true }));

test.before(async () => {
  await placeOrders(shop, [
    orderPlacedData({ orderId: 'pi_sandbox_BackupE2e0000000000000001', placedAt: '2026-03-01T09:00:00.000Z' }),
  ]);
});

async function consoleAs(username: string) {
  const context = await newContext(browser, viewports.mobile, { bypassCSP: true });
  const { signAdminToken } = await import('../../service/admin/tokens.ts');
  await context.addInitScript(
    (t) => localStorage.setItem('adminToken', t),
    signAdminToken(shop.shop.deps.jwtSecret, username),
  );
  const page = await context.newPage();
  await page.goto(`${shop.url}/admin/audit`);
  await page.getByRole('heading', { name: 'Read models' }).waitFor(wait);
  return { context, page };
}

test('the owner presses Back up now and is told where the backup is, with its manifest beside it', async () => {
  const { context, page } = await consoleAs('admin');
  try {
    await page.getByRole('heading', { name: 'Backup' }).waitFor(wait);
    await page.getByRole('button', { name: 'Back up now' }).click();
    await page.getByText('The backup was written with its manifest.').waitFor(wait);
    const folderText = await page.getByText(/^Folder /).innerText();
    const folder = new RegExp(`(${backups.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/\\S+?):`).exec(folderText)?.[1];
    assert.ok(folder, folderText);
    assert.ok(existsSync(join(folder, 'manifest.json')));
    const manifest = readManifest(folder);
    await page.getByText(manifest.log.chainHead).waitFor(wait);
    assert.match(folderText, `${manifest.log.events} events up to position ${manifest.log.head}`);
    assert.equal(await axeProblems(page), []);
  } finally {
    await context.close();
  }
});

test('an auditor sees no Backup button', async () => {
  const created = await call(`${shop.url}/api/admin/accounts`, {
    body: { username: 'backup.reader', role: 'auditor' },
    headers: await adminHeaders(shop),
  });
  assert.is(created.status, 201, created.text);
  const { context, page } = await consoleAs('backup.reader');
  try {
    await page.getByText('Signed in as backup.reader (auditor)').waitFor(wait);
    assert.is(await page.getByRole('button', { name: 'Back up now' }).count(), 0);
    assert.is(await page.getByRole('heading', { name: 'Backup' }).count(), 0);
  } finally {
    await context.close();
  }
});

test.run();
