// E-mails come from the reactor, once each: a restart, a replay of the whole log, or a crash between sending an e-mail
// and recording it sends nothing twice and loses nothing.
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import pino from 'pino';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createMailer } from '../infra/mail/mailer.ts';
import { logHasher } from './logHashes.ts';
import { createMemoryReadStore } from '../infra/readstore/memoryReadStore.ts';
import { eventually } from '../infra/testing/assert.ts';
import { call, startTestShop, type TestShop } from '../infra/testing/shop.ts';
import { Reactor } from '../projections/engine/reactor.ts';
import { emailReactions } from './orders/emailReactions.ts';
import { createPostbox } from './orders/orderEmails.ts';
import {
  allEvents,
  ofType,
  outboxFiles,
  paidCartCheckout,
  sandboxShopEnv,
  testWebhookSecret,
} from '../infra/testing/checkout.ts';
import type { EventStore } from '../contracts/ports/eventStore.ts';

const quiet = pino({ level: 'silent' });

async function placeOrderAndNotify(shop: TestShop) {
  const sessionId = await paidCartCheckout(shop, [{ bookId: 1, quantity: 1 }]);
  const confirmed = await call(`${shop.url}/api/checkout/confirm`, { body: { sessionId } });
  assert.is(confirmed.status, 200, confirmed.text);
  const notified = await call(`${shop.url}/api/direct-notify`, {
    body: {
      shippingAddress: 'To be provided during checkout',
      items: [{ name: 'Together We Shine', quantity: 1, price: 999 }],
      totalAmount: 999,
      shippingCost: 0,
      paymentMethod: 'Stripe',
    },
  });
  assert.is(notified.status, 200, notified.text);
}

/** The outbox as file name → content, and the EmailSent events of the log as their ids. */
async function sentState(shop: TestShop) {
  const files = outboxFiles(shop).sort();
  const contents = files.map((f) => readFileSync(join(shop.dataDir, 'outbox', f), 'utf8').replace(/^Date: .*$/m, ''));
  const sent = ofType(await allEvents(shop), 'EmailSent')
    .map((e) => e.id)
    .sort();
  return { files, contents, sent };
}

/** A reactor over the shop's log from position 0 with a checkpoint of its own, run until it reaches the head. */
async function replayAll(shop: TestShop, events: EventStore = shop.shop.deps.events) {
  const { deps } = shop.shop;
  const postbox = createPostbox({ ...deps, events });
  const reactor = new Reactor(events, createMemoryReadStore('replay'), emailReactions(postbox, deps.clock), {
    retryDelayMs: 10,
  });
  await reactor.start();
  assert.ok(await reactor.waitFor(await events.headPosition(), 10_000), 'the replay reached the head of the log');
  await reactor.stop();
  return reactor;
}

test('an order and a purchase notice each send their e-mails once, from the reactor, before the answer', async () => {
  const shop = await startTestShop(sandboxShopEnv);
  try {
    await placeOrderAndNotify(shop);
    const state = await sentState(shop);
    assert.is(state.files.length, 3, state.files.join(', '));
    assert.is(state.sent.length, 3);
    const events = ofType(await allEvents(shop), 'EmailSent');
    assert.ok(events.every((e) => e.metadata.causedBy === 'system:reactor'));
  } finally {
    await shop.close();
  }
});

test('a restart and a replay of the whole log send nothing twice', async () => {
  const first = await startTestShop({ STRIPE_WEBHOOK_SECRET: testWebhookSecret }, { keepData: true });
  const dataDir = first.dataDir;
  try {
    await placeOrderAndNotify(first);
    const before = await sentState(first);
    await first.close();

    // The embedded read store (and the reactor's checkpoint in it) starts empty: the reactor reads the log from the start.
    const again = await startTestShop({ STRIPE_WEBHOOK_SECRET: testWebhookSecret, DATA_DIR: dataDir });
    try {
      assert.ok(await again.shop.reactor!.waitFor(await again.shop.deps.events.headPosition(), 10_000));
      assert.equal(await sentState(again), before, 'a restart sent nothing');
      await replayAll(again);
      assert.equal(await sentState(again), before, 'a replay from the start sent nothing');
    } finally {
      await again.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test('a crash between sending an e-mail and recording it: sent again under its key, so one file and one EmailSent', async () => {
  const shop = await startTestShop({ STRIPE_WEBHOOK_SECRET: testWebhookSecret });
  try {
    // This shop's own reactor is stopped, so the e-mails of the order are still owed when the replay below starts.
    await shop.shop.reactor!.stop();
    const sessionId = await paidCartCheckout(shop, [{ bookId: 2, quantity: 1 }]);
    assert.is((await call(`${shop.url}/api/checkout/confirm`, { body: { sessionId } })).status, 200);
    assert.is(outboxFiles(shop).length, 0);

    // The first EmailSent append fails after its e-mail was written: what a crash at that moment leaves behind.
    const real = shop.shop.deps.events;
    let failures = 0;
    const flaky: EventStore = Object.create(real);
    flaky.append = async (stream, events, expected) => {
      if (failures === 0 && events.some((e) => e.type === 'EmailSent')) {
        failures += 1;
        throw new Error('the process died here');
      }
      return real.append(stream, events, expected);
    };
    const replay = await replayAll(shop, flaky);
    assert.is(failures, 1);
    assert.ok(replay.retries >= 1);
    const state = await sentState(shop);
    assert.is(state.files.length, 2, state.files.join(', '));
    assert.is(state.sent.length, 2);
  } finally {
    await shop.close();
  }
});

test('a mailer that fails is tried again until it works; the e-mail is not skipped', async () => {
  const shop = await startTestShop({ STRIPE_WEBHOOK_SECRET: testWebhookSecret });
  try {
    await shop.shop.reactor!.stop();
    const sessionId = await paidCartCheckout(shop, [{ bookId: 3, quantity: 1 }]);
    assert.is((await call(`${shop.url}/api/checkout/confirm`, { body: { sessionId } })).status, 200);
    const { deps } = shop.shop;
    const outbox = createMailer({
      from: deps.config.MAIL_FROM,
      outboxDir: join(shop.dataDir, 'outbox'),
      logger: quiet,
      logHash: logHasher(deps.jwtSecret),
    });
    let down = 3;
    const mailer = {
      ...outbox,
      send: (...args: Parameters<typeof outbox.send>) =>
        down-- > 0 ? Promise.reject(new Error('SMTP is down')) : outbox.send(...args),
    };
    const reactor = new Reactor(
      deps.events,
      createMemoryReadStore('flaky-mailer'),
      emailReactions(createPostbox({ ...deps, mailer }), deps.clock),
      { retryDelayMs: 5 },
    );
    await reactor.start();
    await eventually(async () => outboxFiles(shop).length === 2, 10_000, 'both e-mails once the mailer works again');
    assert.ok(await reactor.waitFor(await deps.events.headPosition(), 5000));
    await reactor.stop();
    assert.is(reactor.retries, 3);
    assert.is(ofType(await allEvents(shop), 'EmailSent').length, 2);
  } finally {
    await shop.close();
  }
});

test.run();
