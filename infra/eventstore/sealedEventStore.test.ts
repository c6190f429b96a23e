// Personal fields sealed in the log: nothing readable is stored, everything reads back, a forgotten person reads as
// their stand-ins, the stored bytes (and the export's hash chain over them) never change, and the key file forgets.
import { createCipheriv, randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import Database from 'better-sqlite3';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import sodium from 'sodium-native';
import { erased, personalData } from '../../contracts/personalData.ts';
import type { NewEvent, RecordedEvent } from '../../contracts/shared/events.ts';
import { chainLines } from '../../projections/audit/hashChain.ts';
import { openSqliteKeyStore, WrongMasterKey } from '../keys/sqliteKeyStore.ts';
import { openSqliteEventStore } from './sqlite/sqliteEventStore.ts';
import { sealedEnvelope, SealBroken, subjectsSealedIn, withSealedPersonalData } from './sealedEventStore.ts';

const meta = { causedBy: 'shopper', causationId: 'c', correlationId: 'c', at: '2026-11-24T10:00:00.000Z' };
const person = {
  name: 'Maryam Okafor',
  email: 'Maryam.Okafor@example.org',
  line1: '14 Willow Crescent',
  city: 'Leicester',
  postcode: 'LE2 7QF',
};

const placed = (orderId: string, email = person.email): NewEvent => ({
  id: randomUUID(),
  type: 'OrderPlaced',
  metadata: meta,
  data: {
    orderId,
    orderNumber: 'AH-1001',
    customerName: person.name,
    customerEmail: email,
    shippingAddress: { line1: person.line1, city: person.city, postcode: person.postcode, country: 'United Kingdom' },
    phone: '07700 900123',
    items: [{ name: 'The Kindness Basket', quantity: 2, price: 999 }],
    subtotal: 1998,
    shippingCost: 350,
    total: 2348,
    currency: 'gbp',
    paymentMethod: 'card',
    paymentReference: 'pi_1',
    status: 'processing',
    placedAt: meta.at,
  },
});

const noteOf = (orderId: string, text: string): NewEvent => ({
  id: randomUUID(),
  type: 'OrderNoteAdded',
  metadata: { ...meta, causedBy: 'admin:owner' },
  data: { orderId, noteId: randomUUID(), text, by: 'owner', at: meta.at },
});
const shipment = (orderId: string): NewEvent => ({
  id: randomUUID(),
  type: 'OrderShipmentRecorded',
  metadata: { ...meta, causedBy: 'admin:owner' },
  data: {
    orderId,
    carrier: 'royal-mail',
    trackingNumber: 'RM123456789GB',
    trackingUrl: null,
    by: 'owner',
    at: meta.at,
  },
});

async function open() {
  const dir = mkdtempSync(join(tmpdir(), 'shop-sealed-'));
  const master = randomBytes(32);
  const raw = openSqliteEventStore(join(dir, 'events.sqlite'));
  const keys = openSqliteKeyStore(join(dir, 'keys.sqlite'), master);
  const store = withSealedPersonalData(raw, keys);
  return {
    dir,
    master,
    raw,
    keys,
    store,
    done: async () => (await store.close(), rmSync(dir, { recursive: true, force: true })),
  };
}

const everything = async (store: { readAll(after?: number): AsyncIterable<RecordedEvent> }) => {
  const all: RecordedEvent[] = [];
  for await (const e of store.readAll(0)) all.push(e);
  return all;
};
const exportOf = async (store: { readAll(after?: number): AsyncIterable<RecordedEvent> }) => {
  const lines: string[] = [];
  for await (const line of chainLines(store.readAll(0))) lines.push(line);
  return lines;
};
const readable = [
  person.name,
  person.email,
  person.email.toLowerCase(),
  person.line1,
  person.city,
  person.postcode,
  '07700 900123',
];

test('a placed order is stored with its person sealed and reads back whole; amounts, items and country stay readable', async () => {
  const { dir, raw, store, done } = await open();
  try {
    const event = placed('o1');
    await store.append('order-o1', [event], 'no_stream');
    const [back] = await store.readStream('order-o1');
    assert.equal(back!.data, event.data);
    const stored = JSON.stringify((await raw.readStream('order-o1'))[0]!.data);
    for (const text of readable) assert.not.ok(stored.includes(text), `${text} is stored readable`);
    assert.ok(stored.includes('United Kingdom') && stored.includes('The Kindness Basket') && stored.includes('2348'));
    const file = readFileSync(join(dir, 'events.sqlite'));
    for (const text of readable) assert.is(file.indexOf(text), -1, `${text} in the log file`);
  } finally {
    await done();
  }
});

test('forgetting a person: their fields read as stand-ins, the stored bytes and the export chain are unchanged', async () => {
  const { raw, keys, store, done } = await open();
  try {
    await store.append('order-o1', [placed('o1')], 'no_stream');
    await store.append('order-o2', [placed('o2', 'someone.else@example.org')], 'no_stream');
    const before = await exportOf(raw);
    const [subject] = subjectsSealedIn((await raw.readStream('order-o1'))[0]!.data);
    assert.ok(subject, 'the stored event names the subject it was sealed under');
    assert.is.not(
      subjectsSealedIn((await raw.readStream('order-o2'))[0]!.data)[0],
      subject,
      'another person has a subject of their own',
    );
    assert.ok(keys.forget(subject));
    const [gone] = await store.readStream('order-o1');
    const data = gone!.data as Record<string, any>;
    assert.is(data.customerName, erased.name);
    assert.is(data.customerEmail, erased.email);
    assert.equal(data.shippingAddress, {
      line1: erased.text,
      city: erased.text,
      postcode: erased.text,
      country: 'United Kingdom',
    });
    assert.is(data.total, 2348);
    assert.is(
      ((await store.readStream('order-o2'))[0]!.data as Record<string, unknown>).customerName,
      person.name,
      'another person is untouched',
    );
    assert.equal(await exportOf(raw), before, 'the stored bytes, and so the hash chain, did not change');
    assert.is(keys.key(subject), null);
    // A later event of the stream, and a later order from the same address, are sealed under a new subject.
    await store.append(
      'order-o1',
      [
        {
          id: randomUUID(),
          type: 'OrderNoteAdded',
          metadata: meta,
          data: { orderId: 'o1', text: 'Asked to be forgotten', by: 'owner', at: meta.at },
        },
      ],
      0,
    );
    await store.append('order-o10', [placed('o10', ' MARYAM.okafor@example.org')], 'no_stream');
    const later = [
      ...subjectsSealedIn((await raw.readStream('order-o1'))[1]!.data),
      ...subjectsSealedIn((await raw.readStream('order-o10'))[0]!.data),
    ];
    assert.ok(
      later.every((s) => s !== subject && keys.key(s)),
      'new subjects, with keys',
    );
    assert.is(((await store.readStream('order-o1'))[1]!.data as Record<string, unknown>).text, 'Asked to be forgotten');
    // Read through every way out: the whole log and a subscription.
    const all = await everything(store);
    assert.is((all.find((e) => e.stream === 'order-o1')!.data as any).customerName, erased.name);
  } finally {
    await done();
  }
});

test('an order placed without an address gets its own subject; the address added later is given it and finds it again', async () => {
  const { raw, keys, store, done } = await open();
  try {
    const event = placed('o3', 'not given');
    await store.append('order-o3', [event], 'no_stream');
    await store.append(
      'order-o3',
      [
        {
          id: randomUUID(),
          type: 'OrderCustomerDetailsAdded',
          metadata: meta,
          data: {
            orderId: 'o3',
            customerEmail: 'late@example.org',
            source: 'shopper',
            reason: '',
            by: 'shopper',
            at: meta.at,
          },
        },
      ],
      0,
    );
    await store.append('order-o4', [placed('o4', 'late@example.org')], 'no_stream');
    const stored = [...(await raw.readStream('order-o3')), ...(await raw.readStream('order-o4'))];
    const subjects = [...new Set(stored.flatMap((e) => subjectsSealedIn(e.data)))];
    assert.is(subjects.length, 1, 'the later order is sealed under the subject the address was given');
    for (const s of subjects) keys.forget(s);
    for (const stream of ['order-o3', 'order-o4']) {
      for (const e of await store.readStream(stream))
        assert.not.ok(JSON.stringify(e.data).includes('late@example.org'), stream);
    }
  } finally {
    await done();
  }
});

test('a sealed field moved to another event, or changed, does not open: the read fails loudly', async () => {
  const { raw, store, done } = await open();
  try {
    await store.append('order-o5', [placed('o5')], 'no_stream');
    const stored = (await raw.readStream('order-o5'))[0]!;
    const moved = { ...stored, id: randomUUID(), data: structuredClone(stored.data) };
    await raw.append('order-o6', [moved], 'no_stream');
    try {
      await store.readStream('order-o6');
      assert.unreachable('a moved seal opened');
    } catch (error) {
      assert.instance(error, SealBroken);
    }
  } finally {
    await done();
  }
});

test('events stored before sealing, in plain text, are handed on as they are; events with nothing personal are not touched', async () => {
  const { raw, store, done } = await open();
  try {
    const old = placed('o7');
    await raw.append('order-o7', [old], 'no_stream');
    assert.equal((await store.readStream('order-o7'))[0]!.data, old.data);
    const status = {
      id: randomUUID(),
      type: 'OrderStatusChanged',
      metadata: meta,
      data: { orderId: 'o7', from: 'processing', to: 'shipped', notes: '', by: 'admin', at: meta.at },
    };
    await store.append('order-o7', [status], 0);
    const stored = (await raw.readStream('order-o7'))[1]!.data as Record<string, unknown>;
    assert.is(sealedEnvelope(stored), null, 'an empty note says nothing about anyone: nothing to seal');
    const noted = {
      ...status,
      id: randomUUID(),
      data: { ...status.data, notes: 'Left with the neighbour at number 12' },
    };
    await store.append('order-o7', [noted], 1);
    const storedNote = (await raw.readStream('order-o7'))[2]!.data as Record<string, unknown>;
    assert.is(storedNote.notes, erased.note, 'a note may name a person: its stand-in is stored');
    assert.ok(sealedEnvelope(storedNote), 'and its words are in the box');
    assert.is(
      ((await store.readStream('order-o7'))[2]!.data as Record<string, unknown>).notes,
      'Left with the neighbour at number 12',
    );
  } finally {
    await done();
  }
});

test('the key file: a forgotten key leaves no bytes behind, and another master key is refused', async () => {
  const { dir, master, raw, keys, store, done } = await open();
  try {
    await store.append('order-o8', [placed('o8')], 'no_stream');
    const [subject] = subjectsSealedIn((await raw.readStream('order-o8'))[0]!.data) as [string];
    const held = keys.key(subject)!;
    const key = Buffer.from(held);
    assert.is(key.length, 32);
    keys.forget(subject);
    assert.is(keys.key(subject), null);
    assert.ok(held.equals(Buffer.alloc(32)), 'the key handed out before is zeroed in memory too');
    for (const name of readdirSync(dir).filter((n) => n.startsWith('keys.sqlite'))) {
      const file = readFileSync(join(dir, name));
      assert.is(file.indexOf(Buffer.from(subject)), -1, `the subject id is gone from ${name}`);
      assert.is(file.indexOf(key), -1, `the key is gone from ${name}`);
    }
    try {
      openSqliteKeyStore(join(dir, 'keys.sqlite'), randomBytes(32));
      assert.unreachable('opened with another master key');
    } catch (error) {
      assert.instance(error, WrongMasterKey);
    }
    openSqliteKeyStore(join(dir, 'keys.sqlite'), master).close();
  } finally {
    await done();
  }
});

test('one box per event: the stored event reads as its person’s stand-ins, and names the subject its box is sealed under', async () => {
  const { dir, raw, keys, store, done } = await open();
  try {
    await store.append('order-o9', [placed('o9')], 'no_stream');
    const stored = (await raw.readStream('order-o9'))[0]!.data as Record<string, any>;
    assert.is(stored.customerName, erased.name);
    assert.equal(stored.shippingAddress, {
      line1: erased.text,
      city: erased.text,
      postcode: erased.text,
      country: 'United Kingdom',
    });
    const [subject] = subjectsSealedIn(stored);
    assert.ok(subject && keys.key(subject), 'it names its subject, whose key is kept');
    assert.is(typeof stored.$sealed, 'string', 'version 3: the envelope is one string');
    // One character of the box changed in the file: the box no longer opens, and the read says so.
    const db = new Database(join(dir, 'events.sqlite'));
    const row = db.prepare("SELECT position, data FROM events WHERE stream = 'order-o9'").get() as {
      position: number;
      data: string;
    };
    const box = sealedEnvelope(stored)!.box;
    const changed = box.slice(0, 30) + (box[30] === 'A' ? 'B' : 'A') + box.slice(31);
    db.prepare('UPDATE events SET data = ? WHERE position = ?').run(row.data.replace(box, changed), row.position);
    db.close();
    try {
      await store.readStream('order-o9');
      assert.unreachable('a changed box opened');
    } catch (error) {
      assert.instance(error, SealBroken);
    }
  } finally {
    await done();
  }
});

test('a log sealed field by field (version 1) still opens, and still reads as stand-ins once its person is forgotten', async () => {
  const { raw, keys, store, done } = await open();
  try {
    // Version 1 as earlier shops wrote it: AES-256-GCM per field, bound to the event id and the field's path.
    const subject = keys.newSubject().subject;
    const key = keys.key(subject)!;
    const id = randomUUID();
    const v1 = (path: string, value: string, stand: string) => {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(`${id}\u0000${path}`));
      const body = Buffer.concat([cipher.update(value, 'utf8'), cipher.final()]);
      return {
        sealed: 'v1',
        subject,
        box: Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64url'),
        erased: stand,
      };
    };
    const event = placed('o11');
    const data = structuredClone(event.data) as Record<string, any>;
    data.customerName = v1('customerName', person.name, erased.name);
    data.customerEmail = v1('customerEmail', person.email, erased.email);
    data.shippingAddress.postcode = v1('shippingAddress.postcode', person.postcode, erased.text);
    await raw.append('order-o11', [{ ...event, id, data }], 'no_stream');
    const [back] = await store.readStream('order-o11');
    assert.is((back!.data as any).customerName, person.name);
    assert.is((back!.data as any).shippingAddress.postcode, person.postcode);
    assert.equal(subjectsSealedIn(data), [subject]);
    keys.forget(subject);
    const [gone] = await store.readStream('order-o11');
    assert.is((gone!.data as any).customerName, erased.name);
    assert.is((gone!.data as any).shippingAddress.postcode, erased.text);
  } finally {
    await done();
  }
});

test('a stream this process has not seen keeps the subject its stored seals name, after a restart too; the staff’s seals there are not it', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'shop-sealed-'));
  try {
    const master = randomBytes(32);
    const openBoth = () =>
      withSealedPersonalData(
        openSqliteEventStore(join(dir, 'events.sqlite')),
        openSqliteKeyStore(join(dir, 'keys.sqlite'), master),
      );
    const first = openBoth();
    await first.append('order-p1', [placed('p1')], 'no_stream');
    await first.append('order-p1', [noteOf('p1', 'Gift wrap, please')], 0);
    await first.close();
    // A new process: the newest seal in the stream is the owner's note, yet the parcel is the order's person's.
    const second = openBoth();
    await second.append('order-p1', [shipment('p1')], 1);
    const stored = await second.raw.readStream('order-p1');
    assert.equal(
      subjectsSealedIn(stored[2]!.data),
      subjectsSealedIn(stored[0]!.data),
      'the tracking number is sealed under the order’s subject',
    );
    assert.is.not(
      subjectsSealedIn(stored[1]!.data)[0],
      subjectsSealedIn(stored[0]!.data)[0],
      'the note under its author’s',
    );
    const read = await second.readStream('order-p1');
    assert.is((read[1]!.data as Record<string, unknown>).text, 'Gift wrap, please');
    assert.is((read[2]!.data as Record<string, unknown>).trackingNumber, 'RM123456789GB');
    await second.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('only the person’s fields go with them: the staff’s notes, a refund’s reason and the shop’s own address in its notices stay readable', async () => {
  const { raw, keys, store, done } = await open();
  try {
    await store.append('order-q1', [placed('q1')], 'no_stream');
    const status = {
      id: randomUUID(),
      type: 'OrderStatusChanged',
      metadata: { ...meta, causedBy: 'admin:owner' },
      data: {
        orderId: 'q1',
        from: 'processing',
        to: 'shipped',
        notes: 'Posted at the counter',
        by: 'owner',
        at: meta.at,
      },
    };
    const refund = {
      id: randomUUID(),
      type: 'RefundRequested',
      metadata: { ...meta, causedBy: 'admin:packer' },
      data: {
        orderId: 'q1',
        refundId: 'r1',
        amount: 500,
        lines: [],
        reason: 'Corner bent in the post',
        by: 'packer',
        at: meta.at,
      },
    };
    // In one append with the person's event after the staff's: the person's is still sealed under the order's subject.
    await store.append('order-q1', [status, shipment('q1'), noteOf('q1', 'Second copy promised'), refund], 0);
    const toShop = (kind: string, to: string) => ({
      id: randomUUID(),
      type: 'EmailSent',
      metadata: meta,
      data: {
        notificationId: 'q1',
        kind,
        to,
        subject: 'Order AH-1001',
        messageId: `<${randomUUID()}@shop>`,
        transport: 'outbox',
        sentAt: meta.at,
      },
    });
    await store.append(
      'notification-q1',
      [toShop('order-to-owner', 'orders@amanah-house.example'), toShop('order-confirmation', person.email)],
      'no_stream',
    );
    const stored = [...(await raw.readStream('order-q1')), ...(await raw.readStream('notification-q1'))];
    for (const event of stored) assert.ok(subjectsSealedIn(event.data).length === 1, `${event.type} is sealed`);
    const [personal] = subjectsSealedIn(stored[0]!.data) as [string];
    const whose = stored.map((event) => (subjectsSealedIn(event.data)[0] === personal ? 'person' : 'other'));
    assert.equal(
      whose,
      ['person', 'other', 'person', 'other', 'other', 'other', 'person'],
      'placed, status, shipment, note, refund, notice to the shop, confirmation',
    );
    assert.is(subjectsSealedIn(stored[1]!.data)[0], subjectsSealedIn(stored[3]!.data)[0], 'one author, one subject');
    assert.is.not(
      subjectsSealedIn(stored[1]!.data)[0],
      subjectsSealedIn(stored[4]!.data)[0],
      'another author, another',
    );

    keys.forget(personal);
    const read = [...(await store.readStream('order-q1')), ...(await store.readStream('notification-q1'))].map(
      (event) => event.data as Record<string, any>,
    );
    assert.is(read[0]!.customerName, erased.name);
    assert.is(read[0]!.total, 2348, 'the amounts stay');
    assert.is(read[1]!.notes, 'Posted at the counter');
    assert.is(read[1]!.by, 'owner');
    assert.is(read[2]!.trackingNumber, erased.text, 'the tracking number finds the person’s address: it goes');
    assert.is(read[2]!.carrier, 'royal-mail', 'the carrier stays');
    assert.is(read[3]!.text, 'Second copy promised');
    assert.is(read[4]!.reason, 'Corner bent in the post');
    assert.is(read[5]!.to, 'orders@amanah-house.example', 'the shop’s own address stays');
    assert.is(read[6]!.to, erased.email, 'the customer’s goes');
  } finally {
    await done();
  }
});

test('version 3 binds where its values go: a stand-in changed in the stored bytes, or a field added to a rule later, is told apart', async () => {
  const { dir, raw, keys, store, done } = await open();
  try {
    await store.append('order-o12', [placed('o12')], 'no_stream');
    // A rule that gained a field after the event was sealed: the event's value there is plain, and it still opens.
    const grown = {
      ...personalData,
      OrderPlaced: {
        ...personalData.OrderPlaced!,
        fields: { ...personalData.OrderPlaced!.fields, paymentMethod: erased.text },
      },
    };
    const later = withSealedPersonalData(raw, keys, grown);
    assert.equal((await later.readStream('order-o12'))[0]!.data, (await store.readStream('order-o12'))[0]!.data);
    // A stand-in changed in the file: the values would go to other fields, and the box does not open.
    const db = new Database(join(dir, 'events.sqlite'));
    const row = db.prepare("SELECT position, data FROM events WHERE stream = 'order-o12'").get() as {
      position: number;
      data: string;
    };
    db.prepare('UPDATE events SET data = ? WHERE position = ?').run(
      row.data.replace(`"city":"${erased.text}"`, '"city":"Leicester"'),
      row.position,
    );
    db.close();
    try {
      await store.readStream('order-o12');
      assert.unreachable('a box opened with its stand-ins moved');
    } catch (error) {
      assert.instance(error, SealBroken);
    }
  } finally {
    await done();
  }
});

test('a log sealed in version 2 (one object envelope, XChaCha20-Poly1305, values by path) still opens', async () => {
  const { raw, keys, store, done } = await open();
  try {
    const subject = keys.newSubject().subject;
    const event = placed('o13');
    const data = structuredClone(event.data) as Record<string, any>;
    const values = {
      customerName: data.customerName,
      customerEmail: data.customerEmail,
      'shippingAddress.line1': data.shippingAddress.line1,
    };
    data.customerName = erased.name;
    data.customerEmail = erased.email;
    data.shippingAddress.line1 = erased.text;
    const message = Buffer.from(JSON.stringify(values));
    const box = Buffer.alloc(24 + message.length + 16);
    box.set(randomBytes(24));
    sodium.crypto_aead_xchacha20poly1305_ietf_encrypt(
      box.subarray(24),
      message,
      Buffer.from(`${event.id}\u0000v2`),
      null,
      box.subarray(0, 24),
      keys.key(subject)!,
    );
    data.$sealed = { v: 2, subject, box: box.toString('base64url') };
    await raw.append('order-o13', [{ ...event, data }], 'no_stream');
    const [back] = await store.readStream('order-o13');
    assert.is((back!.data as any).customerName, person.name);
    assert.is((back!.data as any).shippingAddress.line1, person.line1);
    assert.equal(subjectsSealedIn(data), [subject]);
    keys.forget(subject);
    assert.is(((await store.readStream('order-o13'))[0]!.data as any).customerName, erased.name);
  } finally {
    await done();
  }
});

test('a value holding a NUL is sealed as a JSON array and opens; so does a version 3 box of the first release (JSON)', async () => {
  const { raw, keys, store, done } = await open();
  try {
    const odd = { ...placed('o14'), data: { ...(placed('o14').data as object), customerName: 'Maryam\u0000Okafor' } };
    await store.append('order-o14', [odd], 'no_stream');
    assert.equal((await store.readStream('order-o14'))[0]!.data, odd.data);
    assert.not.ok(JSON.stringify((await raw.readStream('order-o14'))[0]!.data).includes('Okafor'));

    const subject = keys.newSubject().subject;
    const event = placed('o15');
    const data = structuredClone(event.data) as Record<string, any>;
    // The rule's fields in the order of their paths: customerEmail, customerName, shippingAddress.line1.
    const message = Buffer.from(JSON.stringify([data.customerEmail, data.customerName, data.shippingAddress.line1]));
    data.customerName = erased.name;
    data.customerEmail = erased.email;
    data.shippingAddress.line1 = erased.text;
    const box = Buffer.alloc(12 + message.length + 16);
    box.set(randomBytes(12));
    const aad = Buffer.from(`${event.id}\u0000v3\u0000customerEmail,customerName,shippingAddress.line1`);
    (sodium as any).crypto_aead_chacha20poly1305_ietf_encrypt(
      box.subarray(12),
      message,
      aad,
      null,
      box.subarray(0, 12),
      keys.key(subject)!,
    );
    data.$sealed = `3:${subject}:${box.toString('base64url')}`;
    await raw.append('order-o15', [{ ...event, data }], 'no_stream');
    assert.equal((await store.readStream('order-o15'))[0]!.data, event.data);
  } finally {
    await done();
  }
});

test.run();
