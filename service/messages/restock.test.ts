// "E-mail me when it is back": an explicit request for an out-of-stock book gets exactly one e-mail when the owner
// records stock that brings the book back, none after its unsubscribe link is used, and none for a second restock;
// the owner sees how many wait; the address is sealed and goes with an erasure.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { restockTexts, restockWording } from '../../contracts/messages/restock.ts';
import { eventually } from '../../infra/testing/assert.ts';
import { allEvents, ofType, outboxTexts, sandboxShopEnv } from '../../infra/testing/checkout.ts';
import { adminHeaders, call, floodLimits, startTestShop, type TestShop } from '../../infra/testing/shop.ts';

let shop: TestShop;
let owner: Record<string, string>;
test.before(async () => {
  shop = await startTestShop({ ...sandboxShopEnv, RATE_LIMITS: floodLimits });
  owner = await adminHeaders(shop);
});
test.after(() => shop.close());

const ask = (bookId: number | string, body: unknown) => call(`${shop.url}/api/books/${bookId}/back-in-stock`, { body });
const received = (bookId: number, quantity: number) =>
  call(`${shop.url}/api/admin/stock/${bookId}/received`, { body: { quantity, note: 'print run' }, headers: owner });
const correct = (bookId: number, delta: number) =>
  call(`${shop.url}/api/admin/stock/${bookId}/corrections`, { body: { delta, reason: 'counted' }, headers: owner });
const waiting = async () => (await call(`${shop.url}/api/admin/stock/waiting`, { headers: owner })).json.waiting;
const mailsTo = (to: string) => outboxTexts(shop).filter((text) => text.includes(`To: ${to}`));
/** Until the reactor has acted on everything in the log so far. */
const settled = async () => {
  const head = await shop.shop.deps.events.headPosition();
  await eventually(async () => (shop.shop.reactor?.position ?? head) >= head, 10_000, 'the reactor');
};

test('a book in stock is not waited for; bad input is a 400; an unknown book a 404', async () => {
  assert.is((await received(1, 5)).status, 200);
  const inStock = await ask(1, { email: 'a@example.com', consent: true });
  assert.is(inStock.status, 409);
  assert.is(inStock.json.message, restockTexts.inStock);
  assert.is((await correct(1, -5)).status, 200);
  for (const [body, text] of [
    [{ email: 'a@example.com' }, restockTexts.consent],
    [{ email: 'a@example.com', consent: false }, restockTexts.consent],
    [{ email: 'nope', consent: true }, restockTexts.email],
    [{ consent: true }, restockTexts.email],
  ] as const) {
    const answer = await ask(1, body);
    assert.is(answer.status, 400, answer.text);
    assert.match(answer.text, text);
  }
  assert.is((await ask('abc', { email: 'a@example.com', consent: true })).status, 400);
  assert.is((await ask(999, { email: 'a@example.com', consent: true })).status, 404);
});

test('exactly one e-mail when stock returns, none after unsubscribing, none for a second restock', async () => {
  // Book 2 is out of stock: stock recorded, then counted down to nothing.
  assert.is((await received(2, 1)).status, 200);
  assert.is((await correct(2, -1)).status, 200);
  const keen = await ask(2, { email: 'keen@example.com', consent: true });
  assert.is(keen.status, 201, keen.text);
  assert.is(keen.json.message, restockTexts.requested);
  assert.match(keen.json.unsubscribe, /^\/unsubscribe\//);
  const changed = await ask(2, { email: 'changed@example.com', consent: true });
  const requested = ofType(await allEvents(shop), 'RestockAlertRequested');
  assert.ok(requested.some((e) => (e.data as { wording: string }).wording === restockWording));
  assert.equal((await waiting())['2'], 2);

  const stopped = await call(`${shop.url}/api${changed.json.unsubscribe}`, { method: 'POST' });
  assert.is(stopped.status, 200, stopped.text);
  assert.equal((await waiting())['2'], 1);

  // Stock that does not bring the book back (none was there; a correction down) tells no one.
  assert.is((await received(2, 3)).status, 200);
  await settled();
  await eventually(() => mailsTo('keen@example.com').length === 1, 10_000, 'the back-in-stock e-mail');
  assert.match(mailsTo('keen@example.com')[0]!, 'is back on our shelf, as you asked');
  assert.match(mailsTo('keen@example.com')[0]!, '/books/');
  assert.is(mailsTo('changed@example.com').length, 0, 'none after unsubscribing');
  await eventually(async () => (await waiting())['2'] === undefined, 5000, 'no one waiting');

  // Sold out again and restocked: the request was answered once, and stays answered.
  assert.is((await correct(2, -3)).status, 200);
  assert.is((await received(2, 4)).status, 200);
  await settled();
  assert.is(mailsTo('keen@example.com').length, 1);
  assert.is(mailsTo('changed@example.com').length, 0);
  assert.is(
    ofType(await allEvents(shop), 'EmailSent').filter((e) => (e.data as { kind: string }).kind === 'back-in-stock')
      .length,
    1,
  );
});

test('a forged unsubscribe link finds nothing; an erased requester is e-mailed nothing', async () => {
  assert.is((await received(3, 1)).status, 200);
  assert.is((await correct(3, -1)).status, 200);
  const asked = await ask(3, { email: 'gone@example.com', consent: true });
  const token = asked.json.unsubscribe.slice('/unsubscribe/'.length) as string;
  const forged = `r${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}${token.slice(token.indexOf('.'))}`;
  assert.is((await call(`${shop.url}/api/unsubscribe/${forged}`, { method: 'POST' })).status, 404);
  assert.is((await call(`${shop.url}/api/unsubscribe/${token}`)).json.active, true);
  const erased = await call(`${shop.url}/api/admin/privacy/erase`, {
    body: { email: 'gone@example.com', reason: 'Asked to be forgotten' },
    headers: owner,
  });
  assert.is(erased.status, 200, erased.text);
  assert.is((await received(3, 2)).status, 200);
  await settled();
  assert.is(mailsTo('gone@example.com').length, 0);
  assert.not.ok(JSON.stringify(await allEvents(shop)).includes('gone@example.com'));
});

test.run();
