// The owner's text fields over HTTP refuse what no page can show (a NUL, an escape, half an emoji's pair) with a 400
// naming the field, and store nothing; the whole characters of any script pass, and a field of lines keeps its lines.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { CatalogueProduct } from '../../contracts/catalog/adminApi.ts';
import { sandboxShopEnv } from '../../infra/testing/checkout.ts';
import { adminHeaders, call, startTestShop, type TestShop } from '../../infra/testing/shop.ts';

let shop: TestShop;
let owner: Record<string, string>;
test.before(async () => {
  shop = await startTestShop({ ...sandboxShopEnv });
  owner = await adminHeaders(shop);
});
test.after(() => shop.close());

const newBook = {
  title: 'The Moon Lantern',
  slug: 'the-moon-lantern',
  kind: 'story',
  description: 'Hana makes a lantern for the first night of Ramadan.',
  price: 1299,
  vatRate: 0,
  coverImage: '/art/covers/book-1.svg',
  coverAlt: 'Hana holds a paper lantern under a crescent moon.',
  reason: 'New for Ramadan',
};

/** A 400 whose message names the field by its label and whose issue names it by its path; nothing appended. */
async function refused(url: string, body: unknown, field: string, label: string, method = 'POST') {
  const head = await shop.shop.deps.events.headPosition();
  const answer = await call(url, { method, body, headers: owner });
  assert.is(answer.status, 400, `${field}: ${answer.status} ${answer.text}`);
  assert.match(answer.json.message, `${label} holds a character that cannot be shown`);
  assert.is(answer.json.issues[0].field, field);
  assert.is(await shop.shop.deps.events.headPosition(), head, `${field}: nothing stored`);
}

test('a product: a NUL, an escape, a C1 control or half an emoji in a title, description or alt text is a 400', async () => {
  const url = `${shop.url}/api/admin/catalogue`;
  await refused(url, { ...newBook, title: 'The Moon\u0000Lantern' }, 'title', 'The title');
  await refused(url, { ...newBook, title: 'The Moon Lantern \ud83c' }, 'title', 'The title');
  await refused(url, { ...newBook, title: '\udf19 The Moon Lantern' }, 'title', 'The title');
  await refused(url, { ...newBook, title: 'The Moon\nLantern' }, 'title', 'The title');
  await refused(url, { ...newBook, description: 'Hana \u001b[31mmakes' }, 'description', 'The description');
  await refused(url, { ...newBook, description: 'Hana\u0085makes' }, 'description', 'The description');
  await refused(url, { ...newBook, coverAlt: 'A lantern\u0007' }, 'coverAlt', 'The cover text');
  await refused(url, { ...newBook, reason: 'New\u007f' }, 'reason', 'The reason');
  await refused(
    url,
    { ...newBook, previewPages: [{ image: '/art/pages/book-1/page-1.svg', alt: 'Dusk\u0000' }] },
    'previewPages.0.alt',
    'A page text',
  );
  assert.not.ok((await call(`${shop.url}/api/books`)).json.some((b: CatalogueProduct) => b.slug === newBook.slug));
});

test('whole emoji and any script pass; the description keeps its line breaks and tabs, to the page as sent', async () => {
  const title = 'The Moon Lantern 🌙 قمر';
  const added = await call(`${shop.url}/api/admin/catalogue`, { body: { ...newBook, title }, headers: owner });
  assert.is(added.status, 201, added.text);
  const id = added.json.product.id as number;
  const description = 'Hana makes a lantern.\n\nThen she:\n\t• lights it\r\n\t• carries it home';
  const edited = await call(`${shop.url}/api/admin/catalogue/${id}`, {
    method: 'PATCH',
    body: { description },
    headers: owner,
  });
  assert.is(edited.status, 200, edited.text);
  const book = (await call(`${shop.url}/api/books`)).json.find((b: CatalogueProduct) => b.id === id);
  assert.is(book.title, title);
  assert.is(book.description, description);
  await refused(
    `${shop.url}/api/admin/catalogue/${id}`,
    { description: 'Line one\nLine\u0000two' },
    'description',
    'The description',
    'PATCH',
  );
});

test("other owner fields: a code's note, a stock note, a reply to a message", async () => {
  await refused(
    `${shop.url}/api/admin/discounts`,
    { code: 'MOON10', kind: 'percent', amount: 10, reason: 'Ramadan\u0000' },
    'reason',
    'The note',
  );
  await refused(`${shop.url}/api/admin/stock/1/received`, { quantity: 3, note: 'print\ud800run' }, 'note', 'The note');
  const sent = await call(`${shop.url}/api/messages`, {
    body: { name: 'Sara Malik', email: 'sara@example.com', message: 'Do you ship to Leeds, please?' },
  });
  assert.is(sent.status, 201, sent.text);
  const reply = `${shop.url}/api/admin/messages/${sent.json.messageId}/reply`;
  await refused(reply, { reply: 'Yes!\u0000' }, 'reply', 'The reply');
  const answered = await call(reply, { body: { reply: 'Yes, we do.\n\nWarm wishes,\nAmanah House' }, headers: owner });
  assert.is(answered.status, 200, answered.text);
});

test.run();
