// The key file on its own: subjects and links written by the shop's connection or by the writer thread read the same,
// keys wrapped by earlier releases still open, another process's forgetting reaches this one, and the address filter
// never forgets an address it was given.
import { createCipheriv, createHmac, randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { hmacSha256, masterKeys } from './keyFile.ts';
import { LookupFilter } from './lookupFilter.ts';
import { openSqliteKeyStore } from './sqliteKeyStore.ts';

const scratch = () => mkdtempSync(join(tmpdir(), 'shop-keys-'));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

test('the address hash is HMAC-SHA256, byte for byte, for keys and addresses of any length', () => {
  for (const length of [0, 1, 32, 64]) {
    const key = randomBytes(length);
    const hash = hmacSha256(key);
    for (const message of ['', 'maryam.okafor@example.org', 'é'.repeat(300), randomBytes(100).toString('base64')]) {
      assert.equal(hash(message), createHmac('sha256', key).update(message).digest(), `key of ${length} bytes, ${message.length} characters`);
    }
  }
  assert.throws(() => hmacSha256(randomBytes(65)), /at most 64 bytes/);
});

test('the address filter answers "maybe" for every hash it was given, and "no" for nearly all others', () => {
  const filter = new LookupFilter(10_000);
  const given = Array.from({ length: 10_000 }, () => randomBytes(32));
  for (const hash of given) filter.add(hash);
  assert.ok(given.every((hash) => filter.mayHold(hash)), 'no address it was given is missed');
  const others = Array.from({ length: 10_000 }, () => randomBytes(32)).filter((hash) => filter.mayHold(hash)).length;
  assert.ok(others < 200, `${others} of 10,000 unknown hashes answered "maybe"`);
  assert.not.ok(filter.full);
  for (let i = 0; i < 20_000; i++) filter.add(randomBytes(32));
  assert.ok(filter.full, 'it says when it has taken in more than it was sized for');
});

for (const mode of [
  { name: 'the shop’s own connection', writerAfter: Number.POSITIVE_INFINITY },
  { name: 'the writer thread', writerAfter: 0 },
]) {
  test(`written by ${mode.name}: keys are committed before they are handed out, links are found at once, unused keys go at close`, async () => {
    const dir = scratch();
    try {
      const file = join(dir, 'keys.sqlite');
      const master = randomBytes(32);
      const keys = openSqliteKeyStore(file, master, { writerAfter: mode.writerAfter });
      const subjects = Array.from({ length: 300 }, (_, i) => keys.subjectFor(`order-${i}`, `Person${i}@Example.org `, true));
      assert.is(new Set(subjects).size, 300, 'a subject each');
      const reader = new Database(file, { readonly: true });
      const committed = reader.prepare('SELECT 1 FROM subjects WHERE subject = ?');
      assert.ok(subjects.every((subject) => committed.get(subject)), 'every key handed out is already in the file');
      await sleep(5);
      // The links are asked for at once, without waiting for the writer's turn.
      assert.equal(keys.subjectsForEmail('person7@example.org'), [subjects[7]]);
      assert.equal(keys.streamsOf(subjects[7]!), ['order-7']);
      assert.is(keys.subjectFor('order-7', null, false), subjects[7], 'a stream keeps its subject');
      assert.is(keys.subjectFor('review-1', 'PERSON7@example.org', true), subjects[7], 'an address finds its subject');
      const key = keys.key(subjects[7]!)!;
      keys.close();
      assert.is((reader.prepare('SELECT count(*) AS n FROM subjects').get() as { n: number }).n, 300, 'only the keys handed out are left');
      reader.close();
      assert.not.ok(existsSync(`${file}-wal`) && readFileSync(`${file}-wal`).length > 0, 'the write-ahead log is emptied at close');

      const again = openSqliteKeyStore(file, master);
      assert.equal(again.key(subjects[7]!), key, 'the key unwraps after a restart');
      assert.is(again.subjectOfStream('order-299'), subjects[299]);
      assert.is(again.subjectFor('notes-1', 'person299@example.org', true), subjects[299], 'an address known before the restart');
      again.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
}

test('a key wrapped by an earlier release (AES-256-GCM) still opens', () => {
  const dir = scratch();
  try {
    const file = join(dir, 'keys.sqlite');
    const master = randomBytes(32);
    openSqliteKeyStore(file, master).close();
    const subject = randomUUID();
    const key = randomBytes(32);
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', masterKeys(master).wrapping, iv);
    cipher.setAAD(Buffer.from(subject));
    const wrapped = Buffer.concat([iv, cipher.update(key), cipher.final(), cipher.getAuthTag()]);
    const db = new Database(file);
    db.prepare('INSERT INTO subjects (subject, wrapped, created_at) VALUES (?, ?, ?)').run(subject, wrapped, new Date().toISOString());
    db.close();
    const keys = openSqliteKeyStore(file, master);
    assert.equal(keys.key(subject), key);
    keys.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('another process’s forgetting reaches this one: its key and its stream are no longer handed out', async () => {
  const dir = scratch();
  try {
    const file = join(dir, 'keys.sqlite');
    const master = randomBytes(32);
    const shop = openSqliteKeyStore(file, master, { writerAfter: 0 });
    const subject = shop.subjectFor('order-1', 'amina@example.org', true);
    const other = shop.subjectFor('order-2', 'yusuf@example.org', true);
    assert.ok(shop.key(subject));
    // Asked by the shop, its links are committed first (otherwise they reach the file soon after, with no one waiting).
    assert.equal(shop.subjectsForEmail('amina@example.org'), [subject]);
    // The command line, say, erases the person while the shop runs.
    const cli = openSqliteKeyStore(file, master);
    assert.equal(cli.subjectsForEmail('amina@example.org'), [subject]);
    cli.forget(subject);
    cli.close();
    await sleep(10);
    assert.is(shop.key(subject), null, 'the key is gone');
    assert.ok(shop.key(other), 'another person’s key is kept');
    const next = shop.subjectFor('order-1', 'amina@example.org', false);
    assert.is.not(next, subject, 'the stream and the address get a new subject');
    assert.ok(shop.key(next));
    shop.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test.run();
