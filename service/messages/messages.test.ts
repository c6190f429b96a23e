// Contact messages reach the owner: recorded, e-mailed to the owner once, listed in the inbox with what is unread,
// answered by an e-mail to the sender, limited per address, and gone with the sender when they are erased. The
// newsletter tick is a recorded consent whose signed link withdraws it.
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
  const link = /(http\S+\/unsubscribe\/(\S+))/.exec(mailsTo(email)[0]!);
  assert.ok(link, mailsTo(email)[0]);
  const token = link![2]!;

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
