// A restore checks everything before it writes a byte into TARGET (decision 093): a backup of a shop with sealed orders,
// an e-mail in its outbox and a catalogue image, tampered with in every field of its manifest, in its MAC, and in a
// media file, an outbox file, the log and the key file (with and without their checksums updated), is refused each
// time with a clear message, TARGET left absent (or as empty as it was) and no staging folder left beside it. An
// earlier release's backup (no MAC) is refused unless accepted as unauthenticated, and even then every other check runs
// before TARGET is written. The untampered backup restores and a shop starts on it; a shop refuses a folder a restore
// did not finish.
import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mediaUrl, type UploadImageResponse } from '../../contracts/catalog/images.ts';
import { DataFolderRefused } from '../../service/dataFiles.ts';
import { eventually } from '../testing/assert.ts';
import { sandboxPayBody, sandboxShopEnv } from '../testing/checkout.ts';
import { eventsCli } from '../testing/eventsCli.ts';
import { jpegWithExif, uploadImage } from '../testing/images.ts';
import { adminHeaders, call, floodLimits, startTestShop } from '../testing/shop.ts';
import { backupDataDir } from './backup.ts';
import { dataKeyMacOf, digestOf, manifestName, NotABackup, readManifest, type ManifestFile } from './manifest.ts';
import { restoreBackup, RestoreRefused, type RestoreReport } from './restore.ts';
import { restoreMarkerName } from './restoreMarker.ts';

const root = mkdtempSync(join(tmpdir(), 'shop-restore-tamper-'));
test.after(() => rmSync(root, { recursive: true, force: true }));

const dataKey = Buffer.from(randomBytes(32));
const env = (dataDir: string) => ({
  ...sandboxShopEnv,
  DATA_DIR: dataDir,
  DATA_KEY: dataKey.toString('base64'),
  RATE_LIMITS: floodLimits,
});

const dataDir = join(root, 'shop');
const backup = join(root, 'backup');
let imageRef = '';
let outboxFile = '';
let mediaFile = '';

test.before(async () => {
  const shop = await startTestShop(env(dataDir));
  try {
    const started = await call(`${shop.url}/api/cart/checkout`, {
      body: { items: [{ bookId: 1, quantity: 1 }], customerCountry: 'GB' },
    });
    assert.is(started.status, 200, started.text);
    const sessionId = started.json.sessionId as string;
    const paid = await call(`${shop.url}/api/sandbox/checkout-sessions/${sessionId}/pay`, {
      body: {
        ...sandboxPayBody(),
        email: 'rumi.tamper@example.org',
        name: 'Rumi Tamper',
        address: { line1: '4 Lantern Row', city: 'York', postcode: 'YO1 7HH', country: 'GB' },
      },
    });
    assert.is(paid.status, 200, paid.text);
    assert.is((await call(`${shop.url}/api/checkout/confirm`, { body: { sessionId } })).status, 200);
    const upload = await uploadImage(shop, await jpegWithExif(), 'image/jpeg', await adminHeaders(shop));
    assert.is(upload.status, 201, upload.text);
    imageRef = (upload.json as UploadImageResponse).image.ref;
    const outbox = join(dataDir, 'outbox');
    await eventually(
      async () => existsSync(outbox) && readdirSync(outbox).some((name) => name.endsWith('.eml')),
      30_000,
      'the order confirmation in the outbox',
    );
  } finally {
    await shop.close();
  }
  await backupDataDir(dataDir, backup, { dataKey });
  const paths = readManifest(backup).files.map((f) => f.path);
  outboxFile = paths.find((p) => p.startsWith('outbox/') && p.endsWith('.eml'))!;
  mediaFile = paths.find((p) => p.startsWith(`media/${imageRef.slice('media:'.length)}/original`))!;
  assert.ok(outboxFile && mediaFile, paths.join(', '));
});

type Manifest = ManifestFile & Record<string, unknown>;
const manifestOf = (dir: string) => JSON.parse(readFileSync(join(dir, manifestName), 'utf8')) as Manifest;
const writeManifest = (dir: string, manifest: unknown) =>
  writeFileSync(join(dir, manifestName), JSON.stringify(manifest, null, 2));
/** The manifest's entry for `path` given the file's digest as it now is: the checksum "updated" by whoever edited it. */
function updateChecksum(dir: string, path: string): void {
  const manifest = manifestOf(dir);
  const entry = manifest.files.find((f) => f.path === path)!;
  Object.assign(entry, digestOf(join(dir, path)));
  if (path === 'keys.sqlite') manifest.keys!.sha256 = entry.sha256;
  writeManifest(dir, manifest);
}
/** As an earlier release wrote it: format 1, no MAC. */
function asEarlierRelease(dir: string): void {
  const { dataKeyMac: _, ...manifest } = manifestOf(dir);
  writeManifest(dir, { ...manifest, formatVersion: 1 });
}
function flipByte(file: string, at: 'middle' | number = 'middle'): void {
  const bytes = readFileSync(file);
  const i = at === 'middle' ? Math.floor(bytes.length / 2) : at;
  bytes[i] = bytes[i]! ^ 0x20;
  writeFileSync(file, bytes);
}

let cases = 0;
/**
 * Copies the backup, tampers with the copy, and restores it: refused (or checked and not put in place), with a message
 * matching `expected`; TARGET absent, or empty when it `existed`; nothing beside it; and TARGET never written meanwhile.
 */
async function refused(
  tamper: (dir: string) => void,
  expected: RegExp,
  options: { acceptUnauthenticated?: boolean; existed?: boolean } = {},
): Promise<string> {
  const name = `case-${++cases}`;
  const dir = join(root, 'cases', name);
  cpSync(backup, dir, { recursive: true });
  tamper(dir);
  const parent = join(root, 'targets', name);
  mkdirSync(parent, { recursive: true });
  const target = join(parent, 'data');
  if (options.existed) mkdirSync(target);
  const untouched = () =>
    options.existed ? assert.equal(readdirSync(target), [], name) : assert.not.ok(existsSync(target), name);
  let message: string;
  try {
    const report: RestoreReport = await restoreBackup(dir, target, {
      dataKey,
      ...(options.acceptUnauthenticated ? { acceptUnauthenticated: true } : {}),
      onFile: (_path, _index, _total, staging) => {
        untouched();
        assert.ok(existsSync(join(staging, restoreMarkerName)), 'the staging folder is marked while it fills');
      },
    });
    assert.not.ok(report.ok, `${name} was restored: ${JSON.stringify(report.checks)}`);
    message = report.checks
      .filter((c) => !c.passed)
      .map((c) => `FAIL ${c.name}: ${c.detail}`)
      .join('\n');
  } catch (error) {
    if (!(error instanceof RestoreRefused || error instanceof NotABackup)) throw error;
    message = error.message;
  }
  assert.match(message, expected, `${name}: ${message}`);
  untouched();
  assert.equal(readdirSync(parent), options.existed ? ['data'] : [], `${name}: nothing is left beside TARGET`);
  return message;
}

const macRefusal = /The backup's manifest was changed after the backup was written .*its MAC does not verify/;

test('every field of the manifest, changed, is refused by its MAC before TARGET holds a file', async () => {
  const manifest = manifestOf(backup);
  assert.is(manifest.formatVersion, 2);
  assert.match(manifest.dataKeyMac!, /^[0-9a-f]{64}$/);
  // Every leaf of the manifest, whatever it says, by its path in the JSON.
  const leaves: (string | number)[][] = [];
  const walk = (value: unknown, path: (string | number)[]) => {
    if (value !== null && typeof value === 'object')
      for (const [key, inner] of Object.entries(value)) walk(inner, [...path, Array.isArray(value) ? +key : key]);
    else if (path[0] !== 'dataKeyMac') leaves.push(path);
  };
  walk(manifest, []);
  const named = leaves.map((p) => p.join('.'));
  for (const field of [
    'kind',
    'formatVersion',
    'createdAt',
    'log.file',
    'log.events',
    'log.streams',
    'log.head',
    'log.chainHead',
    'keys.file',
    'keys.sha256',
    'keys.dataKeyFingerprint',
    'files.0.path',
    'files.0.bytes',
    'files.0.sha256',
    'leftOut.0.path',
    'leftOut.0.why',
    'encryption',
  ])
    assert.ok(named.includes(field), `${field} is among the fields changed: ${named.slice(0, 30).join(', ')}`);
  for (const path of leaves) {
    const change = (value: unknown): unknown => {
      if (value === null) return {};
      if (typeof value === 'number') return value - 1;
      if (typeof value === 'boolean') return !value;
      const text = typeof value === 'string' ? value : JSON.stringify(value);
      return /^[0-9a-f]+$/.test(text) ? `${text.slice(0, -1)}${text.endsWith('0') ? '1' : '0'}` : `${text}x`;
    };
    await refused(
      (dir) => {
        const edited = manifestOf(dir);
        let at: Record<string | number, unknown> = edited;
        for (const key of path.slice(0, -1)) at = at[key] as Record<string | number, unknown>;
        at[path.at(-1)!] = change(at[path.at(-1)!]);
        writeManifest(dir, edited);
      },
      path[0] === 'kind'
        ? /is not the manifest of a shop's backup/
        : path[0] === 'keys' && path[1] === 'dataKeyFingerprint'
          ? /DATA_KEY is not the data key this backup needs.*the manifest was changed: its MAC does not verify/
          : macRefusal,
    );
  }
  // Entries taken away or added.
  for (const tamper of [
    (m: Manifest) => m.files.splice(2, 1),
    (m: Manifest) => m.files.push({ path: 'notes.txt', bytes: 0, sha256: digestOf(join(backup, manifestName)).sha256 }),
    (m: Manifest) => m.leftOut.pop(),
    (m: Manifest) => Object.assign(m, { keys: null }),
  ])
    await refused((dir) => {
      const edited = manifestOf(dir);
      tamper(edited);
      writeManifest(dir, edited);
    }, macRefusal);
  console.log(`restore tamper: ${leaves.length} manifest fields changed one at a time, each refused`);
});

test("the manifest's MAC: changed, removed, recomputed under another key, or taken away as by an earlier release", async () => {
  await refused((dir) => writeManifest(dir, { ...manifestOf(dir), dataKeyMac: '0'.repeat(64) }), macRefusal);
  await refused((dir) => {
    const { dataKeyMac: _, ...rest } = manifestOf(dir);
    writeManifest(dir, rest);
  }, /The backup's manifest was changed after the backup was written .*it carries no MAC/);
  // A forger who edits the head and computes a MAC with a key of their own.
  await refused((dir) => {
    const edited = manifestOf(dir);
    edited.log.head += 1;
    writeManifest(dir, { ...edited, dataKeyMac: dataKeyMacOf(randomBytes(32), edited) });
  }, macRefusal);
  // Made to look like an earlier release's backup: refused unless accepted, and named as such.
  const message = await refused(
    asEarlierRelease,
    /was written by an earlier release \(manifest format 1\) and its manifest carries no MAC/,
  );
  assert.match(message, 'run restore again with --accept-unauthenticated');
  // Into a TARGET that existed empty: it stays empty.
  await refused(
    (dir) => writeManifest(dir, { ...manifestOf(dir), createdAt: '2020-01-01T00:00:00.000Z' }),
    macRefusal,
    {
      existed: true,
    },
  );
  // Without the data key, or with another, nothing is written.
  for (const [key, expected] of [
    [null, /DATA_KEY is not set: the backup's manifest is authenticated under the shop's data key/],
    [randomBytes(32), /DATA_KEY is not the data key this backup needs/],
  ] as const) {
    const target = join(root, 'targets', `key-${String(!!key)}`);
    try {
      await restoreBackup(backup, target, { dataKey: key });
      assert.unreachable('restored');
    } catch (error) {
      assert.instance(error, RestoreRefused);
      assert.match((error as Error).message, expected);
    }
    assert.not.ok(existsSync(target));
  }
});

test('a media file, an outbox file, the log and the key file, changed: refused by their checksums, and with the checksums updated by the MAC', async () => {
  for (const path of [() => mediaFile, () => outboxFile, () => 'events.sqlite', () => 'keys.sqlite']) {
    await refused(
      (dir) => flipByte(join(dir, path())),
      new RegExp(`${path().replace(/[.]/g, '\\.')} does not match its checksum in the manifest`),
    );
    await refused((dir) => {
      flipByte(join(dir, path()));
      updateChecksum(dir, path());
    }, macRefusal);
  }
  // An event's stored bytes rewritten in the log, a valid SQLite file, its checksum updated.
  await refused((dir) => {
    const db = new Database(join(dir, 'events.sqlite'));
    db.prepare(
      "UPDATE events SET metadata = json_set(metadata, '$.at', '2020-01-01T00:00:00.000Z') WHERE position = 1",
    ).run();
    db.close();
    updateChecksum(dir, 'events.sqlite');
  }, macRefusal);
});

test("an earlier release's backup, accepted as unauthenticated, still has every other check run before TARGET is written", async () => {
  const unauthenticated = { acceptUnauthenticated: true };
  const edit = (change: (m: Manifest) => void) => (dir: string) => {
    asEarlierRelease(dir);
    const edited = manifestOf(dir);
    change(edited);
    writeManifest(dir, edited);
  };
  const logCheck =
    /FAIL check: the log's chain head is [0-9a-f]{64} over \d+ events in \d+ streams up to position \d+; the manifest recorded/;
  await refused(
    edit((m) => (m.log.head += 1)),
    logCheck,
    unauthenticated,
  );
  await refused(
    edit((m) => (m.log.chainHead = 'a'.repeat(64))),
    logCheck,
    unauthenticated,
  );
  await refused(
    edit((m) => (m.log.events -= 1)),
    logCheck,
    unauthenticated,
  );
  await refused(
    edit((m) => (m.log.streams += 1)),
    logCheck,
    unauthenticated,
  );
  await refused(
    edit((m) => (m.keys!.sha256 = 'b'.repeat(64))),
    /The manifest's key file \(keys\.sqlite, SHA-256 bbbbbbbbbbbb…\) is not the keys\.sqlite it lists/,
    unauthenticated,
  );
  await refused(
    (dir) => {
      asEarlierRelease(dir);
      flipByte(join(dir, mediaFile), 200);
      updateChecksum(dir, mediaFile);
    },
    /FAIL images: 1 of 1 images do not match their names/,
    unauthenticated,
  );
  await refused(
    (dir) => {
      asEarlierRelease(dir);
      const db = new Database(join(dir, 'events.sqlite'));
      db.prepare(
        "UPDATE events SET metadata = json_set(metadata, '$.at', '2020-01-01T00:00:00.000Z') WHERE position = 1",
      ).run();
      db.close();
      updateChecksum(dir, 'events.sqlite');
    },
    logCheck,
    unauthenticated,
  );
  // What only the MAC can tell: an outbox file edited with its checksum. Accepted unauthenticated it passes, which is
  // why such a backup needs the flag, and why the CLI says so loudly.
  const earlier = join(root, 'earlier');
  cpSync(backup, earlier, { recursive: true });
  asEarlierRelease(earlier);
  writeFileSync(join(earlier, outboxFile), 'Subject: forged\r\n\r\nPay into another account.\r\n');
  updateChecksum(earlier, outboxFile);
  const restored = join(root, 'earlier-restored');
  const cli = await eventsCli(['restore', earlier, restored, '--accept-unauthenticated'], {
    DATA_KEY: dataKey.toString('base64'),
  });
  assert.is(cli.code, 0, cli.stdout + cli.stderr);
  assert.match(cli.stderr, '*** WARNING: UNAUTHENTICATED BACKUP ***');
  assert.match(cli.stdout, 'its manifest authenticated by nothing');
  const withoutFlag = await eventsCli(['restore', earlier, join(root, 'earlier-refused')], {
    DATA_KEY: dataKey.toString('base64'),
  });
  assert.is(withoutFlag.code, 1);
  assert.match(withoutFlag.stderr, 'was written by an earlier release (manifest format 1)');
  assert.not.ok(existsSync(join(root, 'earlier-refused')));
});

test('the untampered backup restores into a missing and into an empty folder, and a shop starts on it; a folder whose restore did not finish is refused', async () => {
  const missing = join(root, 'restored', 'missing');
  const empty = join(root, 'restored', 'empty');
  mkdirSync(empty, { recursive: true });
  const unfinished = join(root, 'restored', 'unfinished');
  for (const target of [missing, empty]) {
    const report = await restoreBackup(backup, target, {
      dataKey,
      // A copy of the staging folder as it stands before its last file: what a restore stopped there leaves.
      onFile: (_path, index, total, staging) => {
        if (target === missing && index === total - 1) cpSync(staging, unfinished, { recursive: true });
      },
    });
    assert.ok(report.ok, JSON.stringify(report.checks));
    assert.is(report.authenticated, 'data key');
    assert.equal(
      report.checks.map((c) => c.name),
      ['checksums', 'check', 'key file', 'sealed fields', 'images'],
    );
    assert.not.ok(existsSync(join(target, restoreMarkerName)), 'the marker is gone once every check passed');
    for (const file of report.manifest.files)
      assert.equal(digestOf(join(target, file.path)), { bytes: file.bytes, sha256: file.sha256 }, file.path);
  }
  assert.equal(readdirSync(join(root, 'restored')).sort(), ['empty', 'missing', 'unfinished']);

  const shop = await startTestShop(env(missing));
  try {
    const orders = await call(`${shop.url}/api/admin/orders`, { headers: await adminHeaders(shop) });
    assert.is(orders.status, 200, orders.text);
    assert.match(orders.text, 'Rumi Tamper');
    assert.is((await call(`${shop.url}${mediaUrl(imageRef, 320, 'avif')}`)).status, 200);
  } finally {
    await shop.close();
  }

  assert.ok(existsSync(join(unfinished, restoreMarkerName)));
  try {
    const started = await startTestShop(env(unfinished));
    await started.close();
    assert.unreachable('a shop started on an unfinished restore');
  } catch (error) {
    assert.instance(error, DataFolderRefused);
    assert.match(
      (error as Error).message,
      `The data folder ${unfinished} holds ${restoreMarkerName}: a restore into it (from ${backup}) did not finish with every check passed`,
    );
    assert.match((error as Error).message, `run the restore again: npm run events -- restore ${backup} ${unfinished}`);
  }
  const cli = await eventsCli(['streams'], { DATA_DIR: unfinished, DATA_KEY: dataKey.toString('base64') });
  assert.is(cli.code, 1);
  assert.match(cli.stderr, `holds ${restoreMarkerName}: a restore into it`);
  assert.not.ok(existsSync(join(unfinished, 'readmodels.sqlite')), 'the refused start wrote nothing');
});

test.run();
