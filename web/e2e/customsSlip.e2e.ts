// A parcel to France in a browser (decision 098): its packing slip prints the CN22 summary after the slip, on a page of
// its own, and the day's batch prints it with the slip; a parcel to Leeds prints none. "Download PDF" saves the slip
// and its declaration as a PDF file the server wrote (decision 109).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { viewports } from '../../infra/testing/browser.ts';
import { browserFor, ownerPage } from '../../infra/testing/browserShop.ts';
import { orderPlacedData, placeOrders } from '../../infra/testing/exampleOrders.ts';
import { startTestShop } from '../../infra/testing/shop.ts';
import { axeProblems } from './ordersOwner.ts';

const browser = await browserFor(test);
const seen = { timeout: 15_000 };
const lyon = 'pi_sandbox_customsLyonFR000001';
const leeds = 'pi_sandbox_customsLeedsGB00002';

test('the packing slip of a parcel to France prints its CN22 summary; one to Leeds none', async () => {
  const shop = await startTestShop({ ADMIN_USERNAME: 'owner' });
  const items = [
    { name: 'The Kindness Basket', quantity: 2, price: 899, bookId: 1 },
    { name: 'Alif to Ya: My Arabic Alphabet Poster', quantity: 1, price: 999, bookId: 3 },
  ];
  await placeOrders(shop, [
    orderPlacedData({
      orderId: lyon,
      status: 'processing',
      placedAt: '2026-03-01T09:00:00.000Z',
      customerName: 'Camille Martin',
      shippingAddress: { line1: '8 rue des Lilas', city: 'Lyon', postcode: '69003', country: 'FR' },
      items,
      shippingCost: 500,
    }),
    orderPlacedData({ orderId: leeds, status: 'processing', placedAt: '2026-03-02T09:00:00.000Z', items }),
  ]);
  const { context, page } = await ownerPage(browser, shop, viewports.desktop);
  try {
    await page.goto(`${shop.url}/admin/orders/${lyon}/packing-slip`);
    const customs = page.getByRole('region', { name: 'Customs declaration CN22' });
    await customs.waitFor(seen);
    assert.equal(await axeProblems(page), [], 'packing slip with its customs declaration');
    const text = (await customs.innerText()).replace(/\s+/g, ' ');
    // The slip itself, which goes inside the parcel, is apart from the declaration.
    assert.not.match(await page.locator('article.packing-slip').innerText(), 'Customs declaration');
    for (const expected of [
      'Customs declaration CN22',
      'France (FR)',
      'Sale of goods',
      "Children's picture book",
      '700 g',
      '£17.98',
      '4903.00.00',
      '4911.91.00',
      'United Kingdom (GB)',
      '850 g',
      '£27.97 GBP',
    ])
      assert.match(text, expected);
    // Printed, the declaration starts a page of its own: it goes outside the parcel, the slip inside.
    await page.emulateMedia({ media: 'print' });
    assert.ok(await customs.isVisible(), 'the declaration is printed');
    assert.is(await customs.evaluate((s) => getComputedStyle(s).breakBefore), 'page');
    await page.emulateMedia({ media: 'screen' });

    // "Download PDF": a file, not the print window; the slip on its page, the declaration on the next.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download PDF' }).click(),
    ]);
    assert.match(download.suggestedFilename(), /^Packing-slip-AH-[A-Za-z0-9]+\.pdf$/);
    const file = await download.path();
    assert.is(readFileSync(file).subarray(0, 5).toString('latin1'), '%PDF-');
    const pages = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).split('\f');
    assert.match(pages[0]!, 'Camille Martin');
    assert.match(pages[0]!, 'Total paid');
    assert.match(pages[1]!, 'Customs declaration CN22');
    assert.match(pages[1]!, 'France (FR)');

    await page.goto(`${shop.url}/admin/orders/${leeds}/packing-slip`);
    await page.locator('article.packing-slip').waitFor(seen);
    assert.is(await page.locator('.packing-slip__customs').count(), 0);

    // The day's batch: the French slip with its declaration, the Leeds one without.
    await page.goto(`${shop.url}/admin/packing-slips`);
    await page.locator('article.packing-slip').nth(1).waitFor(seen);
    await page.getByRole('region', { name: 'Customs declaration CN22' }).waitFor(seen);
    assert.equal(
      await page
        .locator('article.packing-slip')
        .evaluateAll((slips) =>
          slips.map((s) => [
            s.getAttribute('data-order-id'),
            s.nextElementSibling?.classList.contains('packing-slip__customs') === true,
          ]),
        ),
      [
        [lyon, true],
        [leeds, false],
      ],
    );
  } finally {
    await context.close();
    await shop.close();
  }
});

test.run();
