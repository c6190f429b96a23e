// One rule for every e-mail a reaction sends: once per notification and kind, and never one the log withholds.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { SentEmailKind } from '../contracts/checkout/model.ts';
import type { EmailWithheld } from '../contracts/checkout/events.ts';
import type { EventStore } from '../contracts/ports/eventStore.ts';
import type { MailMessage, Mailer } from '../contracts/ports/mailer.ts';
import type { NewEvent, RecordedEvent } from '../contracts/shared/events.ts';
import { notificationStream, orderStream } from '../contracts/shared/streams.ts';
import { openSqliteEventStore } from '../infra/eventstore/sqlite/sqliteEventStore.ts';
import { createSandboxGateway } from '../infra/payments/sandbox/sandboxGateway.ts';
import { orderPlacedData, purchaseNoticeData } from '../infra/testing/exampleOrders.ts';
import { capabilities } from './capabilities.ts';
import { newEventId } from './commands.ts';
import { loadConfig } from './config.ts';
import { combineReactions } from './effects.ts';
import { emailDecider, reactingTo, sendOnce } from './reactions.ts';

const dir = mkdtempSync(join(tmpdir(), 'shop-reactions-'));
/**
 * The test's log read as the catalogue's without its layer, as this test always read it: some payloads it writes carry
 * only the fields the reactions read (an OrderDisputed without its later fields), which the layer's append check refuses.
 */
const shopLog = (file: string) => openSqliteEventStore(file) as EventStore;
const at = '2026-03-02T10:15:00.000Z';
const clock = () => new Date(at);
const logger = pino({ level: 'silent' });
const meta = { causedBy: 'test', causationId: 'c', correlationId: 'c', at };
const every: SentEmailKind[] = [
  'purchase-notice',
  'order-to-owner',
  'order-confirmation',
  'order-shipped',
  'refund-confirmation',
  'dispute-to-owner',
];

function recordingMailer() {
  const sent: MailMessage[] = [];
  const mailer: Mailer = {
    transport: 'outbox',
    send: async (message) => (sent.push(message), { messageId: `m-${sent.length}`, transport: 'outbox' }),
    close: async () => {},
  };
  return { mailer, sent };
}

/** The log as a reaction reads it, with every kind of e-mail withheld on every notification stream. */
function withholdingEverything(events: EventStore): EventStore {
  return new Proxy(events, {
    get(target, key, receiver) {
      if (key !== 'readStream') return Reflect.get(target, key, receiver);
      return async (stream: string) => {
        const history = await target.readStream(stream);
        if (!stream.startsWith(notificationStream(''))) return history;
        const notificationId = stream.slice(notificationStream('').length);
        const withheld = every.map((kind, i): RecordedEvent<EmailWithheld> => ({
          id: `withheld-${i}`,
          type: 'EmailWithheld',
          // EmailWithheld names the first release's kinds; the rule holds for any kind it names.
          data: { notificationId, kind: kind as EmailWithheld['data']['kind'], reason: 'test', at },
          metadata: meta,
          stream,
          revision: history.length + i,
          position: 0,
        }));
        return [...history, ...withheld];
      };
    },
  });
}

const event = (type: string, data: unknown): NewEvent => ({ id: newEventId(), type, data, metadata: meta });

/** An order placed, given an address, shipped, refunded and disputed, and a purchase notice: every e-mail made due. */
async function aLogOwingEveryEmail(events: EventStore): Promise<RecordedEvent[]> {
  const orderId = 'cs_sandbox_reactions00000000000001';
  const order = orderPlacedData({ orderId, customerEmail: '' });
  await events.append(
    orderStream(orderId),
    [
      event('OrderPlaced', order),
      event('OrderCustomerDetailsAdded', {
        orderId,
        customerEmail: 'maryam@example.com',
        source: 'shopper',
        reason: '',
        by: 'shopper',
        at,
      }),
      event('OrderShipmentRecorded', {
        orderId,
        carrier: 'royal-mail',
        trackingNumber: 'RM1',
        trackingUrl: null,
        by: 'ann',
        at,
      }),
      event('RefundSucceeded', {
        orderId,
        refundId: 'r-1',
        amount: 100,
        gatewayRefundId: 're_1',
        source: 'gateway',
        at,
      }),
      event('OrderDisputed', { orderId, disputeId: 'dp-1', amount: 200, reason: 'fraudulent', at }),
    ],
    'no_stream',
  );
  await events.append(notificationStream('n-1'), [event('PurchaseNotified', purchaseNoticeData(at))], 'no_stream');
  const log: RecordedEvent[] = [];
  for await (const e of events.readAll(0)) log.push(e);
  return log;
}

async function reactToAll(read: EventStore, log: readonly RecordedEvent[]) {
  const { mailer, sent } = recordingMailer();
  const deps = {
    config: loadConfig({ OWNER_EMAIL: 'owner@example.com' }),
    events: read,
    mailer,
    payments: createSandboxGateway({ dir: join(dir, 'sandbox') }),
    clock,
    logger,
    jwtSecret: 'reactions-test-secret-0123456789abcdef',
  };
  const reactions = combineReactions(capabilities.map((capability) => capability.reactions?.(deps) ?? {}));
  for (const e of log) await reactions[e.type]?.(e);
  return sent;
}

test('every e-mail-sending reaction sends each e-mail the log owes, and none the log withholds', async () => {
  const events = shopLog(join(dir, 'owed.sqlite'));
  const log = await aLogOwingEveryEmail(events);
  // The control: with nothing withheld, each kind goes out once.
  const owed = await reactToAll(events, log);
  assert.equal(owed.map((m) => m.subject).length, every.length, owed.map((m) => m.subject).join('\n'));
  await events.close();

  const fresh = shopLog(join(dir, 'withheld.sqlite'));
  const again = await aLogOwingEveryEmail(fresh);
  assert.equal(
    (await reactToAll(withholdingEverything(fresh), again)).map((m) => m.subject),
    [],
    'an e-mail the log withholds was sent',
  );
  await fresh.close();
});

test('sendOnce: a withheld kind is neither sent nor recorded; a sent one is sent once', async () => {
  const events = shopLog(join(dir, 'once.sqlite'));
  const { mailer, sent } = recordingMailer();
  const deps = { events, mailer, clock, logger };
  await events.append(
    notificationStream('n-2'),
    [
      event('PurchaseNotified', { ...purchaseNoticeData(at), notificationId: 'n-2' }),
      event('EmailWithheld', { notificationId: 'n-2', kind: 'purchase-notice', reason: 'cap', at }),
    ],
    'no_stream',
  );
  const [notice] = await events.readStream(notificationStream('n-2'));
  const message = { to: 'owner@example.com', subject: 's', text: 't' };
  await sendOnce(deps, 'n-2', 'purchase-notice', message, reactingTo(notice!, clock()));
  assert.is(sent.length, 0);
  await sendOnce(deps, 'n-2', 'order-to-owner', message, reactingTo(notice!, clock()));
  await sendOnce(deps, 'n-2', 'order-to-owner', message, reactingTo(notice!, clock()));
  assert.is(sent.length, 1);
  const history = await events.readStream(notificationStream('n-2'));
  assert.equal(
    history.map((e) => e.type),
    ['PurchaseNotified', 'EmailWithheld', 'EmailSent'],
  );
  assert.equal(history[2]!.metadata.causedBy, 'system:reactor');
  assert.equal(history[2]!.metadata.correlationId, notice!.metadata.correlationId);
  assert.equal(emailDecider.evolve([], history[1] as RecordedEvent<EmailWithheld>), ['purchase-notice']);
  await events.close();
});

test.after(() => rmSync(dir, { recursive: true, force: true }));

test.run();
