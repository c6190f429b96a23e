// The key file on its own: keys are committed before they are handed out and read the same from another connection, a
// forgotten key leaves no bytes behind, keys kept by earlier releases (wrapped with AES-256-GCM, with links, in batches)
// still open and are still forgotten, another process's forgetting reaches this one, and keys never handed out are
// deleted at close.
import { createCipheriv, createHmac, randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import sodium from 'sodium-native';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { eventually } from '../testing/assert.ts';
import { wrappingKey } from './masterKey.ts';
import { openSqliteKeyStore, WrongMasterKey } from './sqliteKeyStore.ts';

const scratch = () => mkdtempSync(join(tmpdir(), 'shop-keys-'));

test('keys are committed before they are handed out; another connection reads them the same', () => {
  const dir = scratch();
  try {
    const file = join(dir, 'keys.sqlite');
    const master = randomBytes(32);
    const keys = openSqliteKeyStore(file, master);
    const made = Array.from({ length: 300 }, () => keys.newSubject());
    const subjects = made.map((m) => m.subject);
    assert.is(new Set(subjects).size, 300, 'every subject is new');
    const held = subjects.map((subject) => Buffer.from(keys.key(subject)!));
    assert.ok(
      made.every((m, i) => m.key.equals(held[i]!)),
      'each handed out with the key it is asked for by',
    );
    assert.ok(held.every((key) => key.length === 32));
    assert.is(new Set(held.map((key) => key.toString('hex'))).size, 300, 'every key is its own');
    // Read by a second connection before this one commits anything more: every key handed out is there already.
    const reader = openSqliteKeyStore(file, master);
    subjects.forEach((subject, i) => assert.equal(reader.key(subject), held[i], `subject ${i}`));
    reader.close();
    const rows = new Database(file, { readonly: true });
    const wrapped = rows.prepare('SELECT wrapped FROM subjects WHERE subject = ?').pluck();
    assert.ok(
      subjects.every((subject) => (wrapped.get(subject) as Buffer).length === 72),
      'a row a subject, its key wrapped',
    );
    rows.close();
    // No key is in the file as it is: each is wrapped under the master key.
    for (const name of readdirSync(dir))
      for (const key of held.slice(0, 20)) assert.is(readFileSync(join(dir, name)).indexOf(key), -1, name);
    keys.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a forgotten key is gone from the file and its write-ahead log; the other keys are kept', () => {
  const dir = scratch();
  try {
    const file = join(dir, 'keys.sqlite');
    const master = randomBytes(32);
    const keys = openSqliteKeyStore(file, master);
    const [gone, kept] = [keys.newSubject().subject, keys.newSubject().subject];
    const key = Buffer.from(keys.key(gone)!);
    assert.ok(keys.forget(gone));
    assert.is(keys.key(gone), null);
    assert.ok(keys.key(kept));
    assert.not.ok(keys.forget(gone), 'forgetting twice finds nothing the second time');
    const db = new Database(file, { readonly: true });
    const row = db.prepare('SELECT count(*) FROM subjects WHERE subject = ?').pluck();
    assert.is(row.get(gone), 0, 'its row is deleted');
    assert.is(row.get(kept), 1, 'the other is kept');
    db.close();
    for (const name of readdirSync(dir)) {
      assert.is(readFileSync(join(dir, name)).indexOf(key), -1, name);
      assert.is(readFileSync(join(dir, name)).indexOf(Buffer.from(gone)), -1, `the subject id in ${name}`);
    }
    keys.close();
    const again = openSqliteKeyStore(file, master);
    assert.is(again.key(gone), null, 'and stays forgotten after a restart');
    assert.ok(again.key(kept));
    again.close();
    try {
      openSqliteKeyStore(file, randomBytes(32));
      assert.unreachable('opened with another master key');
    } catch (error) {
      assert.instance(error, WrongMasterKey);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('keys made ahead and never handed out are deleted at close; the file’s write-ahead log is emptied', () => {
  const dir = scratch();
  try {
    const file = join(dir, 'keys.sqlite');
    const master = randomBytes(32);
    const keys = openSqliteKeyStore(file, master);
    const used = [keys.newSubject().subject, keys.newSubject().subject, keys.newSubject().subject];
    const count = () => {
      const db = new Database(file, { readonly: true });
      const rows = db.prepare('SELECT subject FROM subjects').pluck().all() as string[];
      db.close();
      return rows;
    };
    assert.ok(count().length > used.length, 'keys are made ahead, committed before they are handed out');
    keys.close();
    assert.not.ok(existsSync(`${file}-wal`) && readFileSync(`${file}-wal`).length > 0, 'the write-ahead log is empty');
    assert.equal(count().sort(), [...used].sort(), 'nothing was sealed under the others: they are gone');
    const again = openSqliteKeyStore(file, master);
    for (const subject of used) assert.ok(again.key(subject), subject);
    assert.is(again.key('no-such-subject'), null);
    again.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('keys made in batches by an earlier release still open, and are forgotten in their batch', () => {
  const dir = scratch();
  try {
    const file = join(dir, 'keys.sqlite');
    const master = randomBytes(32);
    // The table an earlier release wrote: a batch's keys wrapped together, bound to its id.
    const db = new Database(file);
    db.exec('CREATE TABLE key_batches (batch TEXT PRIMARY KEY, sealed BLOB NOT NULL, made_at TEXT NOT NULL)');
    const batch = randomBytes(12).toString('base64url');
    const batchKeys = randomBytes(4 * 32);
    batchKeys.fill(0, 3 * 32);
    const sealed = Buffer.alloc(24 + batchKeys.length + 16);
    sealed.set(randomBytes(24));
    sodium.crypto_aead_xchacha20poly1305_ietf_encrypt(
      sealed.subarray(24),
      batchKeys,
      Buffer.from(batch),
      null,
      sealed.subarray(0, 24),
      wrappingKey(master),
    );
    db.prepare('INSERT INTO key_batches (batch, sealed, made_at) VALUES (?, ?, ?)').run(batch, sealed, 'then');
    db.close();
    const keys = openSqliteKeyStore(file, master);
    const [first, second] = [`${batch}.0`, `${batch}.1`];
    assert.equal(keys.key(first), batchKeys.subarray(0, 32));
    assert.equal(keys.key(second), batchKeys.subarray(32, 64));
    assert.is(keys.key(`${batch}.3`), null, 'a zeroed key is a forgotten one');
    assert.is(keys.key(`${batch}.99`), null);
    assert.ok(keys.forget(first));
    assert.is(keys.key(first), null);
    assert.equal(keys.key(second), batchKeys.subarray(32, 64), 'its batch-mate is kept');
    keys.close();
    for (const name of readdirSync(dir))
      assert.is(readFileSync(join(dir, name)).indexOf(batchKeys.subarray(0, 32)), -1, name);
    const again = openSqliteKeyStore(file, master);
    assert.is(again.key(first), null, 'and stays forgotten after a restart');
    assert.ok(again.key(second));
    again.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('keys kept by earlier releases, one a row with links beside them, still open and are still forgotten', () => {
  const dir = scratch();
  try {
    const file = join(dir, 'keys.sqlite');
    const master = randomBytes(32);
    const wrapping = wrappingKey(master);
    // The tables an earlier release wrote, with a key wrapped by AES-256-GCM (60 bytes) and one by XChaCha20-Poly1305 (72).
    const db = new Database(file);
    db.exec(`
      CREATE TABLE subjects (subject TEXT PRIMARY KEY, wrapped BLOB NOT NULL, created_at TEXT NOT NULL);
      CREATE TABLE subject_emails (lookup BLOB NOT NULL, subject TEXT NOT NULL, PRIMARY KEY (lookup, subject));
      CREATE TABLE subject_streams (stream TEXT PRIMARY KEY, subject TEXT NOT NULL);
    `);
    const [aes, xchacha] = [randomUUID(), randomUUID()];
    const [aesKey, xchachaKey] = [randomBytes(32), randomBytes(32)];
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', wrapping, iv);
    cipher.setAAD(Buffer.from(aes));
    const aesWrapped = Buffer.concat([iv, cipher.update(aesKey), cipher.final(), cipher.getAuthTag()]);
    const xchachaWrapped = Buffer.alloc(72);
    xchachaWrapped.set(randomBytes(24));
    sodium.crypto_aead_xchacha20poly1305_ietf_encrypt(
      xchachaWrapped.subarray(24),
      xchachaKey,
      Buffer.from(xchacha),
      null,
      xchachaWrapped.subarray(0, 24),
      wrapping,
    );
    const insert = db.prepare('INSERT INTO subjects (subject, wrapped, created_at) VALUES (?, ?, ?)');
    insert.run(aes, aesWrapped, new Date().toISOString());
    insert.run(xchacha, xchachaWrapped, new Date().toISOString());
    const lookup = createHmac('sha256', 'any').update('amina@example.org').digest();
    db.prepare('INSERT INTO subject_emails (lookup, subject) VALUES (?, ?)').run(lookup, aes);
    db.prepare('INSERT INTO subject_streams (stream, subject) VALUES (?, ?)').run('order-1', aes);
    db.close();
    const keys = openSqliteKeyStore(file, master);
    assert.equal(keys.key(aes), aesKey);
    assert.equal(keys.key(xchacha), xchachaKey);
    assert.ok(keys.forget(aes));
    assert.is(keys.key(aes), null);
    assert.equal(keys.key(xchacha), xchachaKey);
    keys.close();
    const after = new Database(file, { readonly: true });
    const count = (sql: string) => (after.prepare(sql).get() as { n: number }).n;
    assert.is(count('SELECT count(*) AS n FROM subjects'), 1);
    assert.is(count('SELECT count(*) AS n FROM subject_emails'), 0, 'its address hash is gone');
    assert.is(count('SELECT count(*) AS n FROM subject_streams'), 0, 'its stream link is gone');
    after.close();
    for (const name of readdirSync(dir)) assert.is(readFileSync(join(dir, name)).indexOf(lookup), -1, name);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('another process’s forgetting reaches this one within milliseconds; the other keys stay', async () => {
  const dir = scratch();
  try {
    const file = join(dir, 'keys.sqlite');
    const master = randomBytes(32);
    const shop = openSqliteKeyStore(file, master);
    const subject = shop.newSubject().subject;
    const other = shop.newSubject().subject;
    assert.ok(shop.key(subject));
    // The command line, say, erases the person while the shop runs.
    const cli = openSqliteKeyStore(file, master);
    assert.ok(cli.forget(subject));
    cli.close();
    // The shop looks at the file again every few milliseconds while it reads keys: waited for, not timed.
    await eventually(() => shop.key(subject) === null, 5000, 'the key gone in the shop too');
    assert.ok(shop.key(other), 'another person’s key is kept');
    const next = shop.newSubject().subject;
    assert.ok(shop.key(next), 'new subjects are still handed out');
    shop.close();
    const again = openSqliteKeyStore(file, master);
    assert.is(again.key(subject), null);
    assert.ok(again.key(other) && again.key(next));
    again.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test.run();
