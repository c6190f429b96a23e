// Packing slips as real PDF files (decision 109): "Download PDF" answers application/pdf written on the server, A4 with
// its fonts embedded, holding what the page holds. Read back with pdftotext: a UK order's slip with its prices and
// total; a gift's in gift mode, to its recipient, with its message and no price, its customs declaration on a page of
// its own; a French parcel's CN22; the owner's toggle both ways; the batch one order to a page; bad input a 400 or 404.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { giftModeMessage } from '../../contracts/orders/console.ts';
import { packingSlipContent } from '../../contracts/orders/fulfilment.ts';
import { orderStream } from '../../contracts/shared/streams.ts';
import { orderPlacedData, placeOrders } from '../../infra/testing/exampleOrders.ts';
import { fetchWithin } from '../../infra/testing/http.ts';
import { adminHeaders, call, startTestShop } from '../../infra/testing/shop.ts';

const shop = await startTestShop({ ADMIN_USERNAME: 'owner' });
const dir = mkdtempSync(path.join(tmpdir(), 'packing-slip-pdf-'));
test.after(async () => {
  await shop.close();
  rmSync(dir, { recursive: true, force: true });
});
const owner = await adminHeaders(shop, 'owner');

const [french, leeds, gift] = ['pi_slippdf_frFRfrFR0001', 'pi_slippdf_ukUKukUK0002', 'pi_slippdf_gfGFgfGF0003'];
const items = [
  { name: 'The Kindness Basket', quantity: 2, price: 899, bookId: 1 },
  { name: 'Alif to Ya: My Arabic Alphabet Poster', quantity: 1, price: 999, bookId: 3 },
];
await placeOrders(shop, [
  orderPlacedData({
    orderId: french,
    status: 'processing',
    customerName: 'Camille Martin',
    customerEmail: 'camille@example.fr',
    shippingAddress: { line1: '8 rue des Lilas', city: 'Lyon', postcode: '69003', country: 'FR' },
    items,
    shippingCost: 500,
  }),
  orderPlacedData({
    orderId: leeds,
    status: 'processing',
    customerName: 'Amina Khan',
    shippingAddress: { line1: '1 Linden Lane', city: 'Leeds', postcode: 'LS1 4AB', country: 'GB' },
    items,
  }),
  orderPlacedData({
    orderId: gift,
    status: 'processing',
    items: [items[0]!],
    gift: {
      message: 'Happy Eid!',
      recipientName: 'Nadia Haddad',
      recipientAddress: { line1: 'Keizersgracht 1', city: 'Amsterdam', postcode: '1015 CJ', country: 'NL' },
    },
  }),
]);
const numberOf = async (id: string) =>
  ((await shop.shop.deps.events.readStream(orderStream(id)))[0]!.data as { orderNumber: string }).orderNumber;

/** The file at `url`, checked to be an A4 PDF with every font embedded; its pages' text by pdftotext. */
async function pdfPages(url: string, name: string): Promise<string[]> {
  const res = await fetchWithin(`${shop.url}${url}`, { headers: owner });
  assert.is(res.status, 200, `${url}: ${res.status} ${await res.clone().text()}`);
  assert.is(res.headers.get('content-type'), 'application/pdf');
  assert.match(res.headers.get('content-disposition') ?? '', /^attachment; filename="[^"]+\.pdf"$/);
  const bytes = Buffer.from(await res.arrayBuffer());
  assert.is(bytes.subarray(0, 5).toString('latin1'), '%PDF-');
  const file = path.join(dir, `${name}.pdf`);
  writeFileSync(file, bytes);
  const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
  assert.match(info, /Page size:\s+595\.28 x 841\.89 pts \(A4\)/);
  const fonts = execFileSync('pdffonts', [file], { encoding: 'utf8' }).split('\n').slice(2).filter(Boolean);
  assert.ok(fonts.length > 0, 'the file names its fonts');
  for (const font of fonts) assert.match(font, /\byes\s+yes\s+(yes|no)\s+\d+\s+\d+\s*$/, `embedded: ${font}`);
  // pdftotext ends each page with a form feed.
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).split('\f').slice(0, -1);
}

const has = (text: string, ...fields: string[]) => {
  for (const field of fields) assert.ok(text.includes(field), `the PDF says "${field}":\n${text}`);
};
const hasNot = (text: string, ...fields: string[]) => {
  for (const field of fields) assert.not.ok(text.includes(field), `the PDF does not say "${field}":\n${text}`);
};

test('a UK order’s slip: the shop, the order, who it goes to, each item with its price, shipping and the total paid', async () => {
  const pages = await pdfPages(`/api/admin/orders/${leeds}/packing-slip/pdf`, 'leeds');
  assert.is(pages.length, 1, 'one page, no customs declaration');
  has(
    pages[0]!,
    'Amanah House',
    packingSlipContent.title,
    await numberOf(leeds),
    'Ship to',
    'Amina Khan',
    '1 Linden Lane',
    'LS1 4AB',
    'The Kindness Basket',
    'Alif to Ya: My Arabic Alphabet Poster',
    '£8.99',
    '£17.98',
    '£9.99',
    'Shipping',
    'Total paid',
    packingSlipContent.thankYou.slice(0, 40),
  );
  // Gift mode by the owner's toggle: no prices, the gift's closing words.
  const [asGift] = await pdfPages(`/api/admin/orders/${leeds}/packing-slip/pdf?gift=yes`, 'leeds-gift');
  has(asGift!, 'Amina Khan', 'The Kindness Basket', packingSlipContent.giftNote);
  hasNot(asGift!, '£', 'Total paid', 'Price');
});

test('a gift’s slip in gift mode: to its recipient, with its message, no price; its CN22 on a page of its own', async () => {
  const pages = await pdfPages(`/api/admin/orders/${gift}/packing-slip/pdf`, 'gift');
  assert.is(pages.length, 2, 'the slip, then the customs declaration');
  const [slip, customs] = pages as [string, string];
  has(slip, packingSlipContent.title, 'Nadia Haddad', 'Keizersgracht 1', 'Gift message', 'Happy Eid!');
  has(slip, 'The Kindness Basket', packingSlipContent.giftNote);
  hasNot(slip, '£', 'Total paid', packingSlipContent.customs.title);
  // The declaration goes outside the parcel, with its values.
  has(customs, `${packingSlipContent.customs.title} CN22`, 'Netherlands (NL)', 'Category of item', '£');
  has(customs, 'HS tariff', 'Country of', 'United Kingdom', '4903.00.00', '700 g', '£17.98');
  // The owner may turn gift mode off for a gift order, as the screen's toggle does.
  const [priced] = await pdfPages(`/api/admin/orders/${gift}/packing-slip/pdf?gift=no`, 'gift-priced');
  has(priced!, 'Happy Eid!', 'Total paid', '£8.99');
});

test('a French parcel’s slip and CN22; the batch one order to a page, each declaration after its slip', async () => {
  const pages = await pdfPages(`/api/admin/orders/${french}/packing-slip/pdf`, 'french');
  assert.is(pages.length, 2);
  has(pages[0]!, 'Camille Martin', 'Lyon', 'Total paid', '£5.00');
  has(pages[1]!, 'CN22', 'France (FR)', packingSlipContent.customs.cn22.slice(0, 30), 'Total');

  const batch = await pdfPages(`/api/admin/packing-slips/pdf?ids=${leeds},${gift},${french}`, 'batch');
  assert.is(batch.length, 5, 'Leeds; the gift and its declaration; France and its declaration');
  has(batch[0]!, 'Amina Khan', 'Total paid');
  has(batch[1]!, 'Nadia Haddad', 'Happy Eid!');
  hasNot(batch[1]!, '£');
  has(batch[2]!, 'CN22', 'Netherlands (NL)');
  has(batch[3]!, 'Camille Martin');
  has(batch[4]!, 'France (FR)');
  // Gift mode for the whole batch: no slip shows a price; the declarations keep their values.
  const gifts = await pdfPages(`/api/admin/packing-slips/pdf?ids=${leeds},${french}&gift=yes`, 'batch-gift');
  hasNot(gifts[0]!, '£');
  hasNot(gifts[1]!, '£');
  has(gifts[2]!, 'CN22', '£');
  // Without ids: every processing order.
  const all = await pdfPages('/api/admin/packing-slips/pdf', 'processing');
  assert.is(all.length, 5);
});

test('bad input: a 400 for an unknown mode, a 404 for an unknown order, a 401 without a session', async () => {
  const odd = await call(`${shop.url}/api/admin/orders/${leeds}/packing-slip/pdf?gift=maybe`, { headers: owner });
  assert.is(odd.status, 400, odd.text);
  assert.is(odd.json.message, giftModeMessage);
  const missing = await call(`${shop.url}/api/admin/orders/pi_slippdf_nonenone0009/packing-slip/pdf`, {
    headers: owner,
  });
  assert.is(missing.status, 404, missing.text);
  assert.is((await call(`${shop.url}/api/admin/orders/${leeds}/packing-slip/pdf`)).status, 401);
});

test.run();
