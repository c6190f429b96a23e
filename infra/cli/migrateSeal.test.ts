// The copy-and-transform migration of a log written before sealing (decision 059), on the recorded golden logs: the
// migrated log answers as recorded, `check` carries the proof across the migration, a customer of the old log can then be
// erased so that no byte under the data folder or in a backup names them, and a migration that stopped half-way keeps
// the shop from starting until it is finished or abandoned.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import pino from 'pino';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { erased } from '../../contracts/personalData.ts';
import { privacyMessages, unsealedMessage } from '../../contracts/privacy/model.ts';
import { loadConfig } from '../../service/config.ts';
import { createShop, type Shop } from '../composition/shop.ts';
import {
  abandonSealMigration,
  migrateSeal,
  readSealMigration,
  SealMigrationUnfinished,
  sealMigrationFiles,
} from '../eventstore/sqlite/sealMigration.ts';
import { resolveDataKey } from '../keys/masterKey.ts';
import { openSqliteKeyStore } from '../keys/sqliteKeyStore.ts';
import { eventsCli } from '../testing/eventsCli.ts';
import { askRecorded, copyGoldenData, readGolden, recordedClock, type GoldenLog } from '../testing/golden.ts';
import { fetchWithin } from '../testing/http.ts';

const v1 = readGolden('v1');
const v2 = readGolden('v2');
const jwtSecret = 'seal-migration-test-secret-0123456789abcdef';

/** A customer of golden log v1 (an order, checkouts, reviews, e-mails), whose details no other customer shares. */
const person = {
  email: 'james.wood@example.org',
  name: 'James Wood',
  line1: '8 Windsor Terrace',
  postcode: 'E17 5TJ',
  review: 'Expected more pages; we finished it in three minutes. Disappointed.',
};
const needles = [person.email, person.name, person.line1, person.postcode, person.review];
/** The person's details, and the ids of every stream that names them (their orders' notes and e-mails go with them). */
const theirs = [
  ...needles,
  ...new Set(
    readFileSync(join(v1.dir, 'export.ndjson'), 'utf8')
      .split('\n')
      .filter((line) => line.toLowerCase().includes(person.email))
      .map((line) => (JSON.parse(line) as { stream: string }).stream.replace(/^[a-z]+-/, '')),
  ),
];
/** Another customer of v1, who stays. */
const other = { email: 'zahra.javed@example.com', name: 'Zahra Javed', postcode: 'CF5 5SL' };

type Opened = { url: string; shop: Shop; owner: Record<string, string>; close(): Promise<void> };

async function openShop(golden: GoldenLog, dataDir: string): Promise<Opened> {
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    ADMIN_USERNAME: golden.meta.admin.username,
    JWT_SECRET: jwtSecret,
  });
  const shop = await createShop(config, { logger: pino({ level: 'silent' }), clock: recordedClock(golden) });
  const server = await shop.listen(0, '127.0.0.1');
  const address = server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const signIn = await fetchWithin(`${url}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(golden.meta.admin),
  });
  const token = ((await signIn.json()) as { token?: string }).token;
  assert.ok(token, `sign-in answered ${signIn.status}`);
  return { url, shop, owner: { authorization: `Bearer ${token}` }, close: () => shop.close() };
}

async function get(opened: Opened, path: string): Promise<{ status: number; text: string; json: any }> {
  const res = await fetchWithin(opened.url + path, { headers: opened.owner });
  const text = await res.text();
  return { status: res.status, text, json: text ? JSON.parse(text) : null };
}

async function post(opened: Opened, path: string, body: unknown): Promise<{ status: number; text: string; json: any }> {
  const res = await fetchWithin(opened.url + path, {
    method: 'POST',
    headers: { ...opened.owner, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, text, json: text ? JSON.parse(text) : null };
}

/** Every file under a folder, with its bytes. */
function filesUnder(dir: string): { file: string; bytes: Buffer }[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((name) => join(dir, name))
    .filter((file) => statSync(file).isFile())
    .map((file) => ({ file, bytes: readFileSync(file) }));
}

/** Where under `dir` any of the person's details can be read, as latin1 or UTF-16 text, without regard to case. */
function whereFound(dir: string): string[] {
  const hits: string[] = [];
  for (const { file, bytes } of filesUnder(dir)) {
    for (const text of [bytes.toString('latin1').toLowerCase(), bytes.toString('utf16le').toLowerCase()]) {
      for (const needle of needles) if (text.includes(needle.toLowerCase())) hits.push(`${file}: ${needle}`);
    }
  }
  return [...new Set(hits)];
}

const cliFor = (golden: GoldenLog, dataDir: string) => (args: string[]) =>
  eventsCli(args, { DATA_DIR: dataDir, ADMIN_USERNAME: golden.meta.admin.username, JWT_SECRET: jwtSecret });

/** `export --out file`: the chain head it printed. */
async function exportTo(cli: ReturnType<typeof cliFor>, file: string): Promise<string> {
  const exported = await cli(['export', '--out', file]);
  assert.is(exported.code, 0, exported.stderr);
  const head = /Chain head: ([0-9a-f]{64})/.exec(exported.stderr)?.[1];
  assert.ok(head, exported.stderr);
  return head;
}

const cleanUp = (dataDir: string) => rmSync(dirname(dataDir), { recursive: true, force: true });

test('before the migration the owner is told the log holds personal data in plain text, and its customers cannot be erased', async () => {
  const dataDir = copyGoldenData(v1);
  try {
    const opened = await openShop(v1, dataDir);
    try {
      const unsealed = await get(opened, '/api/admin/privacy/unsealed');
      assert.is(unsealed.status, 200, unsealed.text);
      assert.is(unsealed.json.events, 1571);
      assert.is(unsealed.json.message, unsealedMessage(1571, unsealed.json.streams));
      const refused = await post(opened, '/api/admin/privacy/erase', {
        email: person.email,
        reason: 'Asked to be forgotten',
      });
      assert.is(refused.status, 409, refused.text);
      assert.is(refused.json.message, privacyMessages.plainOnly);
      assert.match(refused.json.message, 'npm run events -- migrate-seal');
    } finally {
      await opened.close();
    }
  } finally {
    cleanUp(dataDir);
  }
});

test('golden log v1, written before sealing, is migrated: check carries the proof across, and the shop answers as recorded', async () => {
  const dataDir = copyGoldenData(v1);
  const cli = cliFor(v1, dataDir);
  try {
    const migrated = await cli(['migrate-seal']);
    assert.is(migrated.code, 0, migrated.stdout + migrated.stderr);
    assert.match(migrated.stdout, `Old chain head: ${v1.meta.chainHead}`);
    assert.match(migrated.stdout, `${v1.meta.events} events carried over`);
    const record = readSealMigration(dataDir)!;
    assert.is(record.state, 'migrated');
    assert.equal(record.from, { events: v1.meta.events, head: v1.meta.events, chainHead: v1.meta.chainHead });
    assert.is(record.sealedEvents, 1571);
    const files = sealMigrationFiles(dataDir);
    // The old log is kept, as it was, until the owner confirms; the new one names nobody in plain text.
    assert.ok(existsSync(files.before));
    assert.ok(
      whereFound(dataDir).some((hit) => hit.startsWith(`${files.before}:`)),
      'the kept old log still holds the plain text',
    );
    assert.equal(
      whereFound(dataDir).filter((hit) => hit.startsWith(`${files.log}:`)),
      [],
    );

    // The auditor: the new export's chain holds, the migration record names the chain before it and the old head, and
    // every event of the old export is carried over.
    const work = mkdtempSync(join(tmpdir(), 'seal-migration-out-'));
    try {
      const exportFile = join(work, 'new.ndjson');
      const head = await exportTo(cli, exportFile);
      const lines = readFileSync(exportFile, 'utf8').split('\n').filter(Boolean);
      assert.is(lines.length, v1.meta.events + 1);
      const last = JSON.parse(lines.at(-1)!);
      assert.is(last.type, 'LogMigrated');
      assert.is(last.data.from.chainHead, v1.meta.chainHead);
      assert.is(last.data.to.chainHead, last.prevHash);
      const checked = await cli(['check', exportFile, '--head', head, '--before', join(v1.dir, 'export.ndjson')]);
      assert.is(checked.code, 0, checked.stdout);
      assert.match(checked.stdout, `Chain intact: ${v1.meta.events + 1} lines`);
      assert.match(checked.stdout, `Migration at line ${v1.meta.events + 1}`);
      assert.match(checked.stdout, `Carried over: all ${v1.meta.events} events`);

      // Another log's export is not the one the migration continues; a record whose chain was changed does not check.
      const wrongBefore = await cli(['check', exportFile, '--head', head, '--before', join(v2.dir, 'export.ndjson')]);
      assert.is(wrongBefore.code, 1, wrongBefore.stdout);
      assert.match(wrongBefore.stdout, 'is not the one the migration');
      const forged = lines
        .slice(0, -1)
        .concat(
          JSON.stringify({ ...last, data: { ...last.data, to: { ...last.data.to, chainHead: 'f'.repeat(64) } } }),
        );
      writeFileSync(join(work, 'forged.ndjson'), `${forged.join('\n')}\n`);
      const forgedCheck = await cli(['check', join(work, 'forged.ndjson')]);
      assert.is(forgedCheck.code, 1, forgedCheck.stdout);
      assert.match(forgedCheck.stdout, 'does not continue the chain');
    } finally {
      rmSync(work, { recursive: true, force: true });
    }

    // The shop opens on the new log and answers every recorded question as before; the read models verify.
    const opened = await openShop(v1, dataDir);
    try {
      const differences = await askRecorded(opened.url, v1);
      assert.equal(
        differences,
        [],
        `${differences.length} of ${v1.answers.length} answers differ:\n${differences.slice(0, 10).join('\n')}`,
      );
      const unsealed = await get(opened, '/api/admin/privacy/unsealed');
      assert.equal(unsealed.json, { events: 0, streams: 0, message: null });
    } finally {
      await opened.close();
    }
    const verified = await cli(['verify']);
    assert.is(verified.code, 0, verified.stdout + verified.stderr);
    assert.match(verified.stdout, /^MATCH/m);
  } finally {
    cleanUp(dataDir);
  }
});

test('once migrated, a customer of golden log v1 is erased: no file under the data folder or in a backup names them, the others still read, the books are unchanged', async () => {
  const dataDir = copyGoldenData(v1);
  const cli = cliFor(v1, dataDir);
  const work = mkdtempSync(join(tmpdir(), 'seal-migration-backup-'));
  try {
    const migrated = await cli(['migrate-seal']);
    assert.is(migrated.code, 0, migrated.stdout + migrated.stderr);
    const opened = await openShop(v1, dataDir);
    try {
      const books = async () => ({
        sales: (await get(opened, '/api/admin/sales')).json,
        stock: (await get(opened, '/api/admin/stock')).json,
        csv: (await get(opened, '/api/admin/orders')).json.totalOrders,
      });
      const before = await books();
      assert.ok(
        (await get(opened, '/api/admin/orders')).text.includes(person.name),
        'the console shows the person before',
      );

      const erasedNow = await post(opened, '/api/admin/privacy/erase', {
        email: person.email,
        reason: 'Asked to be forgotten',
      });
      assert.is(erasedNow.status, 200, erasedNow.text);
      assert.is(erasedNow.json.result.plainTextStreams, 0);
      assert.ok(erasedNow.json.result.streams >= 3, erasedNow.text);

      const orders = await get(opened, '/api/admin/orders');
      for (const needle of needles) assert.not.ok(orders.text.includes(needle), `the console still shows ${needle}`);
      assert.ok(orders.text.includes(erased.name), 'the console reads "Erased customer"');
      assert.ok(orders.text.includes(other.name), "another customer's orders still read");
      assert.equal(await books(), before, 'the sales and stock figures are unchanged');
      // Every recorded answer about anyone else is still given as recorded.
      const untouched = v1.answers.filter(
        (answer) =>
          !theirs.some((word) =>
            `${answer.path} ${JSON.stringify(answer.body)}`.toLowerCase().includes(word.toLowerCase()),
          ),
      );
      assert.ok(
        untouched.length > 200 && untouched.length < v1.answers.length,
        `${untouched.length} answers do not name the person`,
      );
      const differences = await askRecorded(opened.url, { ...v1, answers: untouched });
      assert.equal(differences, [], differences.slice(0, 10).join('\n'));
      const access = await get(
        opened,
        `/api/admin/privacy/access?reason=Subject%20access%20request&email=${encodeURIComponent(other.email)}`,
      );
      assert.is(access.status, 200, access.text);
      assert.ok(access.text.includes(other.postcode), "another customer's data is still held and opens");
    } finally {
      await opened.close();
    }

    // Only the kept old log names them now (the search finds them there); the owner's confirmation deletes it.
    assert.equal(
      [...new Set(whereFound(dataDir).map((hit) => hit.slice(0, hit.indexOf(': '))))],
      [sealMigrationFiles(dataDir).before],
    );
    const confirmed = await cli(['migrate-seal', '--confirm']);
    assert.is(confirmed.code, 0, confirmed.stdout + confirmed.stderr);
    assert.not.ok(existsSync(sealMigrationFiles(dataDir).before));
    assert.is(readSealMigration(dataDir)!.state, 'confirmed');

    const backup = await cli(['backup', join(work, 'backup.sqlite')]);
    assert.is(backup.code, 0, backup.stdout + backup.stderr);
    assert.equal(whereFound(dataDir), []);
    assert.equal(whereFound(work), []);

    // The proof still carries across, after the erasure as before it.
    const exportFile = join(work, 'after.ndjson');
    const head = await exportTo(cli, exportFile);
    const checked = await cli(['check', exportFile, '--head', head, '--before', join(v1.dir, 'export.ndjson')]);
    assert.is(checked.code, 0, checked.stdout);
  } finally {
    cleanUp(dataDir);
    rmSync(work, { recursive: true, force: true });
  }
});

/** The migration run in this process, with a step made to fail as a crash would. */
async function migrateStopping(dataDir: string, step?: 'copied' | 'recorded' | 'old-kept') {
  const keys = openSqliteKeyStore(join(dataDir, 'keys.sqlite'), resolveDataKey({ DATA_DIR: dataDir }));
  try {
    return await migrateSeal({
      dataDir,
      keys,
      by: 'system:migrate-seal',
      afterStep: (at) => {
        if (at === step) throw new Error(`stopped after ${at}`);
      },
    });
  } finally {
    keys.close();
  }
}

async function refusesToStart(golden: GoldenLog, dataDir: string, state: string) {
  try {
    const opened = await openShop(golden, dataDir);
    await opened.close();
  } catch (error) {
    assert.instance(error, SealMigrationUnfinished);
    assert.match((error as Error).message, `says "${state}"`);
    assert.match((error as Error).message, 'npm run events -- migrate-seal');
    const streams = await cliFor(golden, dataDir)(['streams']);
    assert.is(streams.code, 1);
    assert.match(streams.stderr, /did not finish|stopped while switching/);
    return;
  }
  assert.unreachable('the shop started on a half-finished migration');
}

test('a migration that stopped during the copy keeps the shop from starting; run again it finishes, and --abandon goes back to the old log', async () => {
  for (const step of ['copied', 'recorded'] as const) {
    const dataDir = copyGoldenData(v2);
    try {
      try {
        await migrateStopping(dataDir, step);
        assert.unreachable('the migration did not stop');
      } catch (error) {
        assert.match((error as Error).message, `stopped after ${step}`);
      }
      await refusesToStart(v2, dataDir, 'copying');
      const finished = await migrateStopping(dataDir);
      assert.is(finished.done, 'migrated');
      const opened = await openShop(v2, dataDir);
      try {
        const differences = await askRecorded(opened.url, v2);
        assert.equal(differences, [], differences.slice(0, 10).join('\n'));
      } finally {
        await opened.close();
      }
    } finally {
      cleanUp(dataDir);
    }
  }

  const dataDir = copyGoldenData(v2);
  try {
    await migrateStopping(dataDir, 'copied').catch(() => {});
    await refusesToStart(v2, dataDir, 'copying');
    const abandoned = await cliFor(v2, dataDir)(['migrate-seal', '--abandon']);
    assert.is(abandoned.code, 0, abandoned.stdout + abandoned.stderr);
    assert.not.ok(existsSync(sealMigrationFiles(dataDir).next));
    assert.is(readSealMigration(dataDir), null);
    // The old log is the shop's again, its stored events as they were.
    const exported = await cliFor(v2, dataDir)(['export']);
    const recorded = readFileSync(join(v2.dir, 'export.ndjson'), 'utf8').split('\n').filter(Boolean);
    assert.equal(exported.stdout.split('\n').filter(Boolean).slice(0, recorded.length), recorded);
  } finally {
    cleanUp(dataDir);
  }
});

test('a migration that stopped between its two renames keeps the shop from starting; run again it finishes the switch', async () => {
  const dataDir = copyGoldenData(v2);
  try {
    await migrateStopping(dataDir, 'old-kept').catch((error: Error) =>
      assert.match(error.message, 'stopped after old-kept'),
    );
    assert.not.ok(
      existsSync(sealMigrationFiles(dataDir).log),
      'stopped with the old log moved aside and the new one not yet in place',
    );
    await refusesToStart(v2, dataDir, 'switching');
    const abandon = await cliFor(v2, dataDir)(['migrate-seal', '--abandon']);
    assert.is(abandon.code, 1, 'past the copy there is no going back by --abandon');
    const finished = await cliFor(v2, dataDir)(['migrate-seal']);
    assert.is(finished.code, 0, finished.stdout + finished.stderr);
    assert.is(readSealMigration(dataDir)!.state, 'migrated');
    const opened = await openShop(v2, dataDir);
    try {
      const differences = await askRecorded(opened.url, v2);
      assert.equal(differences, [], differences.slice(0, 10).join('\n'));
    } finally {
      await opened.close();
    }
    const again = await cliFor(v2, dataDir)(['migrate-seal']);
    assert.is(again.code, 1);
    assert.match(again.stderr, 'already migrated');
  } finally {
    cleanUp(dataDir);
  }
});

test('the migration refuses while the shop has the log open, and has nothing to do on a log sealed from the start', async () => {
  const dataDir = copyGoldenData(v2);
  try {
    const opened = await openShop(v2, dataDir);
    try {
      const refused = await cliFor(v2, dataDir)(['migrate-seal']);
      assert.is(refused.code, 1);
      assert.match(refused.stderr, 'is open in another process: stop the shop', refused.stdout + refused.stderr);
    } finally {
      await opened.close();
    }
    assert.is(readSealMigration(dataDir), null);
    assert.is((await migrateStopping(dataDir)).done, 'migrated');
    assert.throws(() => abandonSealMigration(dataDir), /past its copy/);
  } finally {
    cleanUp(dataDir);
  }

  const fresh = join(mkdtempSync(join(tmpdir(), 'seal-migration-fresh-')), 'data');
  try {
    // A shop started on an empty folder: its catalog is seeded, and every later append is sealed.
    const shop = await createShop(
      loadConfig({
        NODE_ENV: 'test',
        DATA_DIR: fresh,
        PORT: '0',
        HOST: '127.0.0.1',
        ADMIN_USERNAME: 'owner',
        ADMIN_PASSWORD: 'Fresh-Owner-Password-1',
        JWT_SECRET: jwtSecret,
      }),
      { logger: pino({ level: 'silent' }) },
    );
    await shop.close();
    const nothing = await cliFor(v2, fresh)(['migrate-seal']);
    assert.is(nothing.code, 0, nothing.stdout + nothing.stderr);
    assert.match(nothing.stdout, 'nothing to migrate');
    assert.is(readSealMigration(fresh), null);
  } finally {
    cleanUp(fresh);
  }
});

test.run();
