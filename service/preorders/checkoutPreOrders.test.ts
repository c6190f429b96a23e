// Pre-orders through the checkouts (decision 120): 20 shoppers racing for a coming title with a limit of 5 start
// exactly 5 checkouts; paying one makes its pre-order the order's (demand), a cancelled checkout frees its copies, and
// a book not coming is bought as any other.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { CheckoutStarted } from '../../contracts/checkout/events.ts';
import { preOrderMessages } from '../../contracts/preorders/model.ts';
import type { RecordedEvent } from '../../contracts/shared/events.ts';
import { preOrderStream } from '../../contracts/shared/streams.ts';
import { allEvents, sandboxPayBody, sandboxShopEnv } from '../../infra/testing/checkout.ts';
import { adminHeaders, call, floodLimits, startTestShop } from '../../infra/testing/shop.ts';

const shop = await startTestShop({ ...sandboxShopEnv, RATE_LIMITS: floodLimits });
test.after(() => shop.close());
const admin = await adminHeaders(shop);
const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  call(`${shop.url}${path}`, { body, headers });
const cartCheckout = (bookId: number, quantity = 1) =>
  post('/api/cart/checkout', { items: [{ bookId, quantity }], customerCountry: 'GB' });
const settled = async () => {
  await shop.shop.deps.effects.waitFor(await shop.shop.deps.events.headPosition(), 20_000);
  await shop.shop.deps.waiter.waitFor(await shop.shop.deps.events.headPosition(), 20_000);
};
const titleOf = async (bookId: number) =>
  (
    (await call(`${shop.url}/api/admin/preorders`, { headers: admin })).json.titles as {
      bookId: number;
      total: { preOrders: number; copies: number };
      paying: { preOrders: number; copies: number };
      waiting: { preOrders: number };
      left: number | null;
    }[]
  ).find((t) => t.bookId === bookId)!;
const checkoutIdOf = async (sessionId: string) =>
  (
    (await allEvents(shop)).find(
      (e) => e.type === 'CheckoutStarted' && e.data.paymentReference === sessionId,
    ) as RecordedEvent<CheckoutStarted>
  ).data.checkoutId;

test('20 shoppers race to pre-order a title limited to 5: exactly 5 checkouts start, 15 are told it is closed', async () => {
  const announced = await post('/api/admin/preorders/2', { publicationDate: '2099-03-01', limit: 5 }, admin);
  assert.is(announced.status, 201, announced.text);
  const answers = await Promise.all(Array.from({ length: 20 }, () => cartCheckout(2)));
  const started = answers.filter((a) => a.status === 200);
  const refused = answers.filter((a) => a.status !== 200);
  assert.is(started.length, 5, answers.map((a) => `${a.status} ${a.text}`).join('\n'));
  for (const r of refused) {
    assert.is(r.status, 409, r.text);
    assert.is(r.json.message, preOrderMessages.closed('Together We Shine'));
  }
  const placed = (await shop.shop.deps.events.readStream(preOrderStream(2))).filter((e) => e.type === 'PreOrderPlaced');
  assert.is(placed.length, 5);
  await settled();
  assert.equal([(await titleOf(2)).paying.copies, (await titleOf(2)).total.copies, (await titleOf(2)).left], [5, 0, 0]);

  // One pays: its pre-order is the order's and counts as demand. One cancels: its copy is free again.
  const paid = await post(`/api/sandbox/checkout-sessions/${started[0]!.json.sessionId}/pay`, sandboxPayBody());
  assert.is(paid.status, 200, paid.text);
  const cancelled = await post('/api/checkout/cancel', { checkoutId: await checkoutIdOf(started[1]!.json.sessionId) });
  assert.is(cancelled.status, 200, cancelled.text);
  await settled();
  const title = await titleOf(2);
  assert.equal([title.total.copies, title.waiting.preOrders, title.paying.copies, title.left], [1, 1, 3, 1]);
  const stream = await shop.shop.deps.events.readStream(preOrderStream(2));
  assert.is(stream.filter((e) => e.type === 'PreOrderPaid').length, 1);
  assert.equal(
    stream.filter((e) => e.type === 'PreOrderCancelled').map((e) => (e.data as { cancelledBy: string }).cancelledBy),
    ['unpaid'],
  );
  // The freed copy can be pre-ordered again; then it is closed again.
  assert.is((await cartCheckout(2)).status, 200);
  assert.is((await cartCheckout(2)).status, 409);
});

test("a coming book's page offers it as a PreOrder from its date; the feed lists it as a pre-order, the sitemap lists it", async () => {
  const page = await call(`${shop.url}/books/together-we-shine`);
  assert.is(page.status, 200);
  assert.match(page.text, '"availability":"https://schema.org/PreOrder"');
  assert.match(page.text, '"availabilityStarts":"2099-03-01"');
  assert.match(page.text, '<meta property="product:availability" content="preorder"');
  const other = await call(`${shop.url}/books/the-kindness-basket`);
  assert.match(other.text, 'https://schema.org/InStock');
  const feed = await call(`${shop.url}/merchant-feed.xml`);
  const item = feed.text.split('<item>').find((i) => i.includes('<g:id>2</g:id>'))!;
  assert.match(item, '<g:availability>preorder</g:availability>');
  assert.match(item, '<g:availability_date>2099-03-01T00:00:00Z</g:availability_date>');
  assert.match((await call(`${shop.url}/sitemap.xml`)).text, '/books/together-we-shine');
});

test('a book not coming is bought as any other: no pre-order is taken', async () => {
  const answer = await cartCheckout(1);
  assert.is(answer.status, 200, answer.text);
  assert.equal(await shop.shop.deps.events.readStream(preOrderStream(1)), []);
});

test.run();
