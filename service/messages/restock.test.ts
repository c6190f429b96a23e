// "E-mail me when it is back": an explicit request for an out-of-stock book is acknowledged once, with a link that
// withdraws it, and gets exactly one e-mail when the owner records stock that brings the book back, none after its
// unsubscribe link is used, and none for a second restock; the owner sees how many wait; the address is sealed and goes
// with an erasure.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { shopContent } from '../../contracts/catalog/content.ts';
import { restockTexts, restockWording } from '../../contracts/messages/restock.ts';
import { createMemoryReadStore } from '../../infra/readstore/memoryReadStore.ts';
import { eventually } from '../../infra/testing/assert.ts';
import { allEvents, ofType, outboxTexts, sandboxShopEnv } from '../../infra/testing/checkout.ts';
import { adminHeaders, call, floodLimits, startTestShop, type TestShop } from '../../infra/testing/shop.ts';
import { Reactor } from '../../projections/engine/reactor.ts';
import { restockReactions } from './restockReactions.ts';

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
/** The acknowledgements of a request to `to`, and the e-mails that the book is back. */
const acksTo = (to: string) => mailsTo(to).filter((text) => text.includes('Withdraw your request at any time'));
const backTo = (to: string) => mailsTo(to).filter((text) => text.includes('is back on our shelf, as you asked'));
/** The path of the link an e-mail's List-Unsubscribe names, once its one-click header is beside it (RFC 8058). */
function listUnsubscribePath(mail: string): string | undefined {
  const headers = mail
    .split(/\r?\n\r?\n/)[0]!
    .replace(/\r?\n[ \t]+/g, ' ')
    .split(/\r?\n/);
  if (!headers.includes('List-Unsubscribe-Post: List-Unsubscribe=One-Click')) return undefined;
  const url = headers.map((line) => /^List-Unsubscribe: <(https?:[^>]+)>$/.exec(line)?.[1]).find(Boolean);
  return url && new URL(url).pathname;
}
/** The withdraw link's token in an acknowledgement. */
const withdrawToken = (mail: string) => /\/unsubscribe\/([A-Za-z0-9._-]+)/.exec(mail)?.[1];
const sentData = async () => ofType(await allEvents(shop), 'EmailSent').map((e) => e.data);
const sentOfKind = async (kind: string) => (await sentData()).filter((d) => d.kind === kind);
const requestIdOf = async (bookId: number, after = 0) =>
  ofType(await allEvents(shop), 'RestockAlertRequested')
    .filter((e) => e.position > after)
    .map((e) => e.data)
    .filter((d) => d.bookId === bookId)
    .map((d) => d.requestId);
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

  // Each request is acknowledged once: the title, the words ticked, one e-mail only, and the request's own withdraw link.
  await eventually(() => acksTo('keen@example.com').length === 1, 10_000, 'the acknowledgement to keen');
  await eventually(() => acksTo('changed@example.com').length === 1, 10_000, 'the acknowledgement to changed');
  const ack = acksTo('keen@example.com')[0]!;
  const { title } = shopContent.books.find((book) => book.id === 2)!;
  assert.match(ack, `We will e-mail you when “${title}” is back`);
  assert.match(ack, `you ticked: “${restockWording}”`);
  assert.match(ack, 'one e-mail only');
  assert.is(`/unsubscribe/${withdrawToken(ack)}`, keen.json.unsubscribe);
  assert.is(listUnsubscribePath(ack), keen.json.unsubscribe, 'the mail program is given the same link');
  assert.is(backTo('keen@example.com').length, 0, 'the book is not back yet');
  await settled();
  const [keenId, changedId] = await requestIdOf(2);
  const ackIds = [`restock-requested-${keenId}`, `restock-requested-${changedId}`];
  const acks = (await sentOfKind('restock-requested')).filter((d) => ackIds.includes(d.notificationId));
  assert.is(acks.length, 2, 'one acknowledgement per request, each under its own notification');

  // The link in the acknowledgement withdraws the request, without signing in: here by the mail program's one-click
  // POST to the link its List-Unsubscribe names, no cookie, the RFC 8058 body.
  const link = withdrawToken(acksTo('changed@example.com')[0]!);
  assert.is(`/unsubscribe/${link}`, changed.json.unsubscribe);
  const stopped = await call(`${shop.url}${listUnsubscribePath(acksTo('changed@example.com')[0]!)}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    raw: 'List-Unsubscribe=One-Click',
  });
  assert.is(stopped.status, 200, stopped.text);
  assert.equal(
    (await shop.shop.deps.events.readStream(`restock-${changedId}`)).map((e) => e.type),
    ['RestockAlertRequested', 'RestockAlertWithdrawn'],
  );
  assert.equal((await waiting())['2'], 1);

  // Stock that does not bring the book back (none was there; a correction down) tells no one.
  assert.is((await received(2, 3)).status, 200);
  await settled();
  await eventually(() => backTo('keen@example.com').length === 1, 10_000, 'the back-in-stock e-mail');
  assert.match(backTo('keen@example.com')[0]!, '/books/');
  assert.is(listUnsubscribePath(backTo('keen@example.com')[0]!), keen.json.unsubscribe, 'sent under the request too');
  assert.is(mailsTo('keen@example.com').length, 2, 'the acknowledgement and the e-mail that it is back');
  assert.is(mailsTo('changed@example.com').length, 1, 'only the acknowledgement: none after withdrawing');
  const back = (await sentOfKind('back-in-stock')).map((d) => d.notificationId);
  assert.equal(back, [`restock-${keenId}`], 'the e-mail that it is back has a notification of its own');
  await eventually(async () => (await waiting())['2'] === undefined, 5000, 'no one waiting');

  // Sold out again and restocked: the request was answered once, and stays answered.
  assert.is((await correct(2, -3)).status, 200);
  assert.is((await received(2, 4)).status, 200);
  await settled();
  assert.is(mailsTo('keen@example.com').length, 2);
  assert.is(mailsTo('changed@example.com').length, 1);
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
  // The acknowledgement is out before the erasure, which takes its copy from the outbox too.
  await eventually(() => acksTo('gone@example.com').length === 1, 10_000, 'the acknowledgement to gone');
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

test('read again, the log sends nothing more; a request withdrawn or erased before the reactor came to it gets nothing', async () => {
  // Book 1 is out of stock since the first test, and nobody waits for it.
  await settled();
  const head = await shop.shop.deps.events.headPosition();
  const filesBefore = outboxTexts(shop).length;
  const sentBefore = (await sentData()).length;
  // The shop's own reactor stops: these three requests are made, and two of them undone, before any reaction to them.
  await shop.shop.reactor!.stop();
  assert.is((await ask(1, { email: 'late@example.com', consent: true })).status, 201);
  const undecided = await ask(1, { email: 'undecided@example.com', consent: true });
  assert.is((await call(`${shop.url}/api${undecided.json.unsubscribe}`, { method: 'POST' })).status, 200);
  assert.is((await ask(1, { email: 'forgotten@example.com', consent: true })).status, 201);
  const erased = await call(`${shop.url}/api/admin/privacy/erase`, {
    body: { email: 'forgotten@example.com', reason: 'Asked to be forgotten' },
    headers: owner,
  });
  assert.is(erased.status, 200, erased.text);
  const [lateId] = await requestIdOf(1, head);

  // A reactor that reads the whole log from its start: every earlier e-mail is found recorded.
  const { deps } = shop.shop;
  const replay = new Reactor(deps.events, createMemoryReadStore('restock-replay'), restockReactions(deps), {
    retryDelayMs: 5,
  });
  await replay.start();
  try {
    assert.ok(await replay.waitFor(await deps.events.headPosition(), 20_000), 'the replay reached the head');
  } finally {
    await replay.stop();
  }
  assert.is(acksTo('late@example.com').length, 1, 'the one request still standing is acknowledged');
  assert.is(mailsTo('undecided@example.com').length, 0, 'withdrawn before the reactor came to it');
  assert.is(mailsTo('forgotten@example.com').length, 0, 'erased before the reactor came to it');
  assert.is(outboxTexts(shop).length, filesBefore + 1);
  const sentNow = await sentData();
  assert.is(sentNow.length, sentBefore + 1, 'nothing earlier is sent again');
  assert.equal(
    sentNow.slice(sentBefore).map((d) => [d.kind, d.notificationId]),
    [['restock-requested', `restock-requested-${lateId}`]],
  );
});

test.run();
