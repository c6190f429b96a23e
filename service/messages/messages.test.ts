// Contact messages reach the owner: recorded, e-mailed to the owner once, listed in the inbox with what is unread,
// answered by an e-mail to the sender, limited per address, and gone with the sender when they are erased. The
// newsletter tick is a recorded consent whose signed link withdraws it.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { messagesApi } from '../../contracts/messages/api.ts';
import { messageTexts, newsletterWording } from '../../contracts/messages/model.ts';
import { unsubscribeTexts } from '../../contracts/messages/unsubscribe.ts';
import { erased } from '../../contracts/personalData.ts';
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

const message = (email: string, extra: Record<string, unknown> = {}) => ({
  name: 'Sara Malik',
  email,
  message: 'Do you offer a discount for weekend schools?',
  ...extra,
});
const send = (body: unknown) => call(`${shop.url}/api/messages`, { body });
const inbox = () => call(`${shop.url}/api/admin/messages`, { headers: owner });
const mailsTo = (to: string) => outboxTexts(shop).filter((text) => text.includes(`To: ${to}`));

test('a message is recorded, e-mailed to the owner once, and waits unread in the inbox', async () => {
  const sent = await send(message('sara@example.com'));
  assert.is(sent.status, 201, sent.text);
  assert.equal(
    { success: sent.json.success, message: sent.json.message },
    { success: true, message: messageTexts.received },
  );
  const stream = await shop.shop.deps.events.readStream(`message-${sent.json.messageId}`);
  assert.equal(
    stream.map((e) => e.type),
    ['MessageReceived'],
  );
  const listed = await inbox();
  assert.is(listed.status, 200);
  const item = listed.json.messages.find((m: { id: string }) => m.id === sent.json.messageId);
  assert.is(item.email, 'sara@example.com');
  assert.is(item.readAt, null);
  assert.ok(listed.json.unread >= 1);
  await eventually(
    () => mailsTo(sandboxShopEnv.OWNER_EMAIL).some((t) => t.includes('weekend schools')),
    10_000,
    'the owner e-mail',
  );
  const toOwner = mailsTo(sandboxShopEnv.OWNER_EMAIL).filter((t) => t.includes('weekend schools'));
  assert.is(toOwner.length, 1);
  assert.match(toOwner[0]!, 'sara@example.com');
  assert.match(toOwner[0]!, '/admin/messages');

  const unreadBefore = listed.json.unread;
  const read = await call(`${shop.url}/api/admin/messages/${sent.json.messageId}/read`, {
    method: 'POST',
    headers: owner,
  });
  assert.is(read.status, 200, read.text);
  assert.ok(read.json.item.readAt);
  assert.is((await inbox()).json.unread, unreadBefore - 1);
  // Opening it again changes nothing.
  const again = await call(`${shop.url}/api/admin/messages/${sent.json.messageId}/read`, {
    method: 'POST',
    headers: owner,
  });
  assert.is(again.json.item.readAt, read.json.item.readAt);
});

test('bad input is a 400 naming the field; the inbox is the owner’s alone', async () => {
  for (const [body, text] of [
    [message('not-an-address'), messageTexts.email],
    [message('a@example.com', { name: 'S' }), messageTexts.name],
    [message('a@example.com', { message: 'Too short' }), messageTexts.message],
    [message('a@example.com', { newsletter: 'yes' }), messageTexts.newsletter],
    [{ email: 'a@example.com', message: 'A long enough message' }, messageTexts.name],
    ['just text', /./],
  ] as const) {
    const before = await shop.shop.deps.events.headPosition();
    const answer = await send(body);
    assert.is(answer.status, 400, answer.text);
    assert.match(answer.text, text);
    assert.is(await shop.shop.deps.events.headPosition(), before);
  }
  assert.is((await call(`${shop.url}/api/admin/messages`)).status, 401);
  const reply = (id: string, body: unknown) =>
    call(`${shop.url}/api/admin/messages/${id}/reply`, { body, headers: owner });
  assert.is((await reply('not-a-uuid', { reply: 'Hello' })).status, 400);
  assert.is((await reply('00000000-0000-4000-8000-000000000000', { reply: 'Hello' })).status, 404);
  const sent = await send(message('blank@example.com'));
  const blank = await reply(sent.json.messageId, { reply: '   ' });
  assert.is(blank.status, 400);
  assert.match(blank.text, messageTexts.reply);
});

test('the owner’s reply is recorded and e-mailed to the sender, and erasing the sender removes the message', async () => {
  const email = 'hana.reply@example.com';
  const sent = await send(
    message(email, { name: 'Hana Idris', message: 'Will there be a sequel to the kindness book?' }),
  );
  const replied = await call(`${shop.url}/api/admin/messages/${sent.json.messageId}/reply`, {
    body: { reply: 'Yes, Hana: it comes out in the spring, insha’Allah.' },
    headers: owner,
  });
  assert.is(replied.status, 200, replied.text);
  assert.is(replied.json.message, messagesApi.reply.messages.replied);
  assert.is(replied.json.item.replies.length, 1);
  assert.ok(replied.json.item.readAt, 'answering is reading');
  await eventually(() => mailsTo(email).length === 1, 10_000, 'the reply e-mail');
  assert.match(mailsTo(email)[0]!, 'it comes out in the spring');
  assert.match(mailsTo(email)[0]!, 'Dear Hana Idris');

  const access = await call(
    `${shop.url}/api/admin/privacy/access?reason=Subject%20access%20request&email=${encodeURIComponent(email)}`,
    { headers: owner },
  );
  assert.is(access.status, 200, access.text);
  assert.equal(
    access.json.messages.map((events: { type: string }[]) => events.map((e) => e.type)),
    [['MessageReceived', 'MessageAnswered']],
    'the access download holds the message and its reply',
  );

  const erasedNow = await call(`${shop.url}/api/admin/privacy/erase`, {
    body: { email, reason: 'Asked to be forgotten' },
    headers: owner,
  });
  assert.is(erasedNow.status, 200, erasedNow.text);
  const item = (await inbox()).json.messages.find((m: { id: string }) => m.id === sent.json.messageId);
  assert.equal(
    [item.name, item.email, item.message, item.replies[0].reply],
    [erased.name, erased.email, erased.text, erased.note],
  );
  assert.is(mailsTo(email).length, 0, 'the outbox copies went too');
  assert.not.ok(
    outboxTexts(shop).some((t) => t.includes('sequel to the kindness book')),
    "the owner's copy of the message went",
  );
  const log = JSON.stringify(await allEvents(shop));
  for (const trace of ['Hana Idris', email, 'sequel to the kindness book'])
    assert.not.ok(log.includes(trace), `the log still reads ${trace}`);
});

test('the newsletter tick is a consent with its words; its signed link withdraws it; a forged link is a 404', async () => {
  const email = 'news@example.com';
  const sent = await send(message(email, { newsletter: true }));
  assert.is(sent.status, 201);
  const consents = ofType(await allEvents(shop), 'NewsletterConsented').filter(
    (e) => (e.data as { messageId: string }).messageId === sent.json.messageId,
  );
  assert.is(consents.length, 1);
  assert.is((consents[0]!.data as { wording: string }).wording, newsletterWording);
  assert.ok((consents[0]!.data as { at: string }).at);
  await eventually(() => mailsTo(email).length === 1, 10_000, 'the welcome e-mail');
  const link = /(http[^\s>]+\/unsubscribe\/([^\s>]+))/.exec(mailsTo(email)[0]!);
  assert.ok(link, mailsTo(email)[0]);
  const token = link[2]!;

  const shown = await call(`${shop.url}/api/unsubscribe/${token}`);
  assert.is(shown.status, 200, shown.text);
  assert.equal(shown.json, { kind: 'newsletter', what: unsubscribeTexts.newsletter, active: true });
  const stopped = await call(`${shop.url}/api/unsubscribe/${token}`, { method: 'POST' });
  assert.is(stopped.status, 200, stopped.text);
  assert.is(stopped.json.message, unsubscribeTexts.done);
  const subscription = (consents[0]!.data as { subscriptionId: string }).subscriptionId;
  assert.equal(
    (await shop.shop.deps.events.readStream(`newsletter-${subscription}`)).map((e) => e.type),
    ['NewsletterConsented', 'NewsletterWithdrawn'],
  );
  const twice = await call(`${shop.url}/api/unsubscribe/${token}`, { method: 'POST' });
  assert.is(twice.json.message, unsubscribeTexts.already);
  assert.is((await call(`${shop.url}/api/unsubscribe/${token}`)).json.active, false);

  // Any other character, another id under the same MAC, or no MAC: nothing.
  const forged = [
    `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`,
    `n00000000-0000-4000-8000-000000000000${token.slice(token.indexOf('.'))}`,
    token.slice(0, token.indexOf('.')),
    'nonsense',
  ];
  for (const bad of forged) {
    const answer = await call(`${shop.url}/api/unsubscribe/${encodeURIComponent(bad)}`, { method: 'POST' });
    assert.is(answer.status, 404, bad);
    assert.is(answer.json.message, unsubscribeTexts.notFound);
  }
});

/** The header lines of an e-mail as the outbox keeps it, each folded line joined to the one it continues. */
const headerLines = (eml: string) =>
  eml
    .split(/\r?\n\r?\n/)[0]!
    .replace(/\r?\n[ \t]+/g, ' ')
    .split(/\r?\n/);
/** A mail program's one-click unsubscribe (RFC 8058): a POST of the one form field, with no cookie or sign-in. */
const oneClick = (url: string, body: string | FormData = 'List-Unsubscribe=One-Click') =>
  call(url, {
    method: 'POST',
    raw: body as string,
    ...(typeof body === 'string' ? { headers: { 'content-type': 'application/x-www-form-urlencoded' } } : {}),
  });

test("the welcome names its unsubscribe link in List-Unsubscribe; the mail program's one-click POST there withdraws the consent", async () => {
  const email = 'oneclick@example.com';
  const sent = await send(message(email, { newsletter: true }));
  assert.is(sent.status, 201, sent.text);
  await eventually(() => mailsTo(email).length === 1, 10_000, 'the welcome e-mail');
  const headers = headerLines(mailsTo(email)[0]!);
  const listed = headers.find((line) => line.startsWith('List-Unsubscribe: '));
  assert.ok(listed, headers.join('\n'));
  assert.ok(headers.includes('List-Unsubscribe-Post: List-Unsubscribe=One-Click'));
  // The header names the same signed link as the letter, whose page a GET shows.
  const url = /^List-Unsubscribe: <(http[^>]+\/unsubscribe\/[^>]+)>$/.exec(listed)?.[1];
  assert.ok(url && mailsTo(email)[0]!.includes(`Unsubscribe at any time, no sign-in needed: ${url}`), listed);
  const path = new URL(url).pathname;
  const subscription = (
    ofType(await allEvents(shop), 'NewsletterConsented').find(
      (e) => (e.data as { messageId: string }).messageId === sent.json.messageId,
    )!.data as { subscriptionId: string }
  ).subscriptionId;
  const stream = async () => (await shop.shop.deps.events.readStream(`newsletter-${subscription}`)).map((e) => e.type);

  // A link changed in any way finds nothing, and says so with a 4xx, whatever the body; nothing is appended.
  const token = path.slice('/unsubscribe/'.length);
  for (const bad of [
    `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`,
    token.slice(0, token.indexOf('.')),
    `${token}%00`,
    '%E0%A4%A',
    'x'.repeat(5000),
  ]) {
    const refused = await oneClick(`${shop.url}/unsubscribe/${bad}`);
    assert.ok(
      refused.status === 404 || refused.status === 400,
      `${bad.slice(0, 40)}: ${refused.status} ${refused.text}`,
    );
  }
  assert.equal(await stream(), ['NewsletterConsented']);

  const stopped = await oneClick(`${shop.url}${path}`);
  assert.is(stopped.status, 200, stopped.text);
  assert.is(stopped.json.message, unsubscribeTexts.done);
  assert.equal(await stream(), ['NewsletterConsented', 'NewsletterWithdrawn']);
  // Sent again, as a multipart form this time (RFC 8058 allows both), it changes nothing more.
  const form = new FormData();
  form.set('List-Unsubscribe', 'One-Click');
  const again = await oneClick(`${shop.url}${path}`, form);
  assert.is(again.status, 200, again.text);
  assert.is(again.json.message, unsubscribeTexts.already);
  assert.equal(await stream(), ['NewsletterConsented', 'NewsletterWithdrawn']);
});

test('a GET of the link is still the page that says what it stops (the one-click POST shares its address)', async () => {
  const dist = mkdtempSync(join(tmpdir(), 'shop-web-'));
  writeFileSync(
    join(dist, 'index.html'),
    '<!doctype html><html><head><title>Shop</title><meta name="description" content="Books" /></head><body><div id="root"></div></body></html>',
  );
  const withWeb = await startTestShop({ ...sandboxShopEnv }, { webDist: dist });
  try {
    const page = await call(`${withWeb.url}/unsubscribe/n00000000-0000-4000-8000-000000000000.x`);
    assert.is(page.status, 200, page.text);
    assert.match(page.text, '<div id="root">');
  } finally {
    await withWeb.close();
    rmSync(dist, { recursive: true, force: true });
  }
});

test('past five messages from one address in ten minutes, a clear 429', async () => {
  const limited = await startTestShop({ ...sandboxShopEnv, RATE_LIMITS: 'messages=2/600' });
  try {
    const post = () => call(`${limited.url}/api/messages`, { body: message('limit@example.com') });
    assert.is((await post()).status, 201);
    assert.is((await post()).status, 201);
    const refused = await post();
    assert.is(refused.status, 429, refused.text);
    assert.match(refused.json.message, /Too many requests from your address/);
    assert.ok(Number(refused.headers.get('retry-after')) > 0);
  } finally {
    await limited.close();
  }
});

test.run();
