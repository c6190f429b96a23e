// The shop-wide caps on contact messages (decision 095): one sender behind many addresses gets every message recorded and
// listed in the inbox, but the owner is e-mailed only the hour's cap of them and then one notice of how many more came;
// a log read again sends nothing more; past the shop-wide cap on messages themselves, a clear 429.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { messageTexts } from '../../contracts/messages/model.ts';
import { createMemoryReadStore } from '../../infra/readstore/memoryReadStore.ts';
import { eventually } from '../../infra/testing/assert.ts';
import { allEvents, ofType, outboxTexts, sandboxShopEnv } from '../../infra/testing/checkout.ts';
import { adminHeaders, call, startTestShop, type TestShop } from '../../infra/testing/shop.ts';
import { Reactor } from '../../projections/engine/reactor.ts';
import { messageReactions } from './reactions.ts';

/** Believes X-Forwarded-For, as a shop behind a proxy does: each message comes from an address of its own. */
const proxied = { ...sandboxShopEnv, TRUST_PROXY: '1' };
const message = (n: number) => ({
  name: 'Many Hands',
  email: `hands${n}@example.com`,
  message: `Message number ${n} about the kindness book`,
});
const sendFrom = (shop: TestShop, n: number) =>
  call(`${shop.url}/api/messages`, { body: message(n), headers: { 'x-forwarded-for': `203.0.113.${n}` } });
const sentOf = async (shop: TestShop, kind: string) =>
  ofType(await allEvents(shop), 'EmailSent')
    .map((e) => e.data)
    .filter((d) => d.kind === kind);
const settled = async (shop: TestShop) => {
  const head = await shop.shop.deps.events.headPosition();
  await eventually(async () => (shop.shop.reactor?.position ?? 0) >= head, 10_000, 'the reactor');
};
const toOwner = (shop: TestShop) => outboxTexts(shop).filter((t) => t.includes(`To: ${sandboxShopEnv.OWNER_EMAIL}`));

test('12 messages from 12 addresses in an hour capped at 5: all 12 in the inbox, 5 e-mailed, then one "7 more" notice', async () => {
  let now = new Date('2026-11-28T14:10:00.000Z');
  const shop = await startTestShop(
    { ...proxied, RATE_LIMITS: 'messages=5/600,messagesShop=100/3600,messageMails=5/3600' },
    { clock: () => now },
  );
  try {
    const owner = await adminHeaders(shop);
    for (let n = 1; n <= 12; n += 1) {
      now = new Date(now.getTime() + 60_000);
      const sent = await sendFrom(shop, n);
      assert.is(sent.status, 201, sent.text);
    }
    await eventually(
      async () => (await call(`${shop.url}/api/admin/messages`, { headers: owner })).json.messages.length === 12,
      10_000,
      'the inbox lists all 12',
    );
    await settled(shop);
    assert.is((await sentOf(shop, 'message-to-owner')).length, 5, 'the hour’s cap of owner e-mails');
    assert.is((await sentOf(shop, 'messages-held')).length, 0, 'no notice while the hour lasts');
    const counted = ofType(await allEvents(shop), 'MessageMailCounted').map((e) => e.data as { mailed: boolean });
    assert.equal(
      counted.map((c) => c.mailed),
      [...Array(5).fill(true), ...Array(7).fill(false)],
    );
    assert.is(toOwner(shop).filter((t) => t.includes('about the kindness book')).length, 5);

    // The next hour's first message brings the notice of the last hour's, then its own e-mail.
    now = new Date('2026-11-28T15:02:00.000Z');
    assert.is((await sendFrom(shop, 13)).status, 201);
    await eventually(async () => (await sentOf(shop, 'message-to-owner')).length === 6, 10_000, 'the 13th e-mailed');
    const notices = await sentOf(shop, 'messages-held');
    assert.is(notices.length, 1);
    assert.is(notices[0]!.subject, '7 more messages through the contact form, not e-mailed');
    assert.is(notices[0]!.to, sandboxShopEnv.OWNER_EMAIL);
    const notice = toOwner(shop).filter((t) => t.includes('7 more messages'));
    assert.is(notice.length, 1);
    assert.match(notice[0]!, 'than the 5 the shop e-mails you');
    assert.match(notice[0]!, '/admin/messages');
    const sentBefore = ofType(await allEvents(shop), 'EmailSent').length;
    const filesBefore = outboxTexts(shop).length;

    // A reactor reading the whole log again, at any time, decides the same and sends nothing more.
    now = new Date('2026-11-29T09:00:00.000Z');
    const { deps } = shop.shop;
    const replay = new Reactor(deps.events, createMemoryReadStore('messages-replay'), messageReactions(deps), {
      retryDelayMs: 5,
    });
    await replay.start();
    try {
      assert.ok(await replay.waitFor(await deps.events.headPosition(), 20_000), 'the replay reached the head');
    } finally {
      await replay.stop();
    }
    assert.is(ofType(await allEvents(shop), 'EmailSent').length, sentBefore, 'nothing is sent again');
    assert.is(ofType(await allEvents(shop), 'MessageMailCounted').length, 13, 'nothing is counted twice');
    assert.is(outboxTexts(shop).length, filesBefore);
  } finally {
    await shop.close();
  }
});

test('past the shop-wide cap on messages, from any address, a clear 429 that records nothing', async () => {
  const shop = await startTestShop({ ...proxied, RATE_LIMITS: 'messagesShop=3/3600' });
  try {
    for (let n = 1; n <= 3; n += 1) assert.is((await sendFrom(shop, n)).status, 201);
    const before = await shop.shop.deps.events.headPosition();
    const refused = await sendFrom(shop, 4);
    assert.is(refused.status, 429, refused.text);
    assert.match(refused.json.message, messageTexts.shopBusy);
    assert.match(refused.json.message, /Please try again in \d+ minutes?\./);
    assert.ok(Number(refused.headers.get('retry-after')) > 0);
    assert.is(await shop.shop.deps.events.headPosition(), before);
  } finally {
    await shop.close();
  }
});

test.run();
