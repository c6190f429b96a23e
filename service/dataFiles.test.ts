// The JSON files in DATA_DIR: old files open (and migrate), newer ones are refused, a failed migration changes nothing.
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createSandboxGateway } from '../infra/payments/sandbox/sandboxGateway.ts';
import { adminFile, resolveAdminCredentials } from './admin/credentials.ts';
import { loadConfig } from './config.ts';
import { FileFormatError, readVersionedJson, type JsonFileFormat } from './dataFiles.ts';

const dir = mkdtempSync(join(tmpdir(), 'shop-data-files-'));
const goldenData = join(import.meta.dirname, '../infra/testing/golden/v1/data');

// A format at version 3, as a later release might have it: a name split in two, then a flag added.
const nameFormat: JsonFileFormat = {
  newest: 3,
  upgrades: {
    1: (old: { name: string }) => ({ first: old.name.split(' ')[0], last: old.name.split(' ').slice(1).join(' ') }),
    2: (old: object) => ({ ...old, active: true }),
  },
};

test('a file without a format version is version 1: it opens, is upgraded step by step and written back in the newest format', () => {
  const file = join(dir, 'name.json');
  writeFileSync(file, JSON.stringify({ name: 'Hana Rahman' }));
  assert.equal(readVersionedJson(file, nameFormat), { first: 'Hana', last: 'Rahman', active: true });
  // Without rewrite the file stays as it was.
  assert.equal(JSON.parse(readFileSync(file, 'utf8')), { name: 'Hana Rahman' });
  assert.equal(readVersionedJson(file, nameFormat, { rewrite: true }), { first: 'Hana', last: 'Rahman', active: true });
  assert.equal(JSON.parse(readFileSync(file, 'utf8')), {
    formatVersion: 3,
    first: 'Hana',
    last: 'Rahman',
    active: true,
  });
  writeFileSync(file, JSON.stringify({ formatVersion: 2, first: 'Rayyan', last: 'Ali' }));
  assert.equal(readVersionedJson(file, nameFormat), { first: 'Rayyan', last: 'Ali', active: true });
});

test('a file from a newer release is refused with a message naming it and its version, and left alone', () => {
  const file = join(dir, 'newer.json');
  const text = JSON.stringify({ formatVersion: 4, first: 'x' });
  writeFileSync(file, text);
  assert.throws(
    () => readVersionedJson(file, nameFormat, { rewrite: true }),
    (error: unknown) =>
      error instanceof FileFormatError &&
      error.message.startsWith(`${file} is format version 4, but this release of the shop reads only up to version 3`),
  );
  assert.is(readFileSync(file, 'utf8'), text);
  writeFileSync(file, JSON.stringify({ formatVersion: 'two' }));
  assert.throws(() => readVersionedJson(file, nameFormat), /not a whole number/);
});

test('an upgrade that fails half way (a crash, simulated by a throw) leaves the file exactly as it was', () => {
  const file = join(dir, 'crash.json');
  const text = JSON.stringify({ name: 'Hana Rahman' });
  writeFileSync(file, text);
  const failing: JsonFileFormat = {
    ...nameFormat,
    upgrades: {
      ...nameFormat.upgrades,
      2: () => {
        throw new Error('power lost');
      },
    },
  };
  assert.throws(() => readVersionedJson(file, failing, { rewrite: true }), /power lost/);
  assert.is(readFileSync(file, 'utf8'), text);
  assert.not.ok(existsSync(`${file}.tmp`));
});

test('admin.json: the golden v1 file (no version) opens; new files record version 1; a newer one stops the start with its message', async () => {
  const dataDir = join(dir, 'admin');
  mkdirSync(dataDir);
  cpSync(join(goldenData, 'admin.json'), join(dataDir, 'admin.json'));
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, ADMIN_USERNAME: 'owner' });
  const golden = JSON.parse(readFileSync(join(goldenData, 'admin.json'), 'utf8'));
  assert.equal(await resolveAdminCredentials(config, () => {}), {
    username: 'owner',
    passwordHash: golden.passwordHash,
  });

  rmSync(adminFile(config));
  await resolveAdminCredentials(config, () => {});
  const written = JSON.parse(readFileSync(adminFile(config), 'utf8'));
  assert.is(written.formatVersion, 1);
  assert.is(statSync(adminFile(config)).mode & 0o777, 0o600);

  writeFileSync(adminFile(config), JSON.stringify({ ...written, formatVersion: 2 }));
  await resolveAdminCredentials(config, () => {}).then(
    () => assert.unreachable('a newer admin.json was read'),
    (error) => {
      assert.instance(error, FileFormatError);
      assert.match(error.message, `${adminFile(config)} is format version 2`);
    },
  );
});

test('sandbox payment records: golden v1 files (no version) still answer; new ones record version 1; a newer one is refused', async () => {
  const sandboxDir = join(dir, 'sandbox-payments');
  cpSync(join(goldenData, 'sandbox-payments'), sandboxDir, { recursive: true });
  const gateway = createSandboxGateway({ dir: sandboxDir });
  const sessionId = readdirSync(sandboxDir)
    .find((name) => name.startsWith('cs_'))!
    .replace('.json', '');
  const stored = JSON.parse(readFileSync(join(sandboxDir, `${sessionId}.json`), 'utf8'));
  assert.is(stored.formatVersion, undefined);
  const payment = await gateway.retrievePayment(sessionId);
  assert.ok(payment, 'the golden session was not read');
  assert.is(payment.reference, sessionId);

  const created = await gateway.createHostedCheckout({
    checkoutId: '6d7c3a1e-0000-4000-8000-0000000000aa',
    lineItems: [{ name: 'A book', unitAmount: 999, quantity: 1 }],
    shippingOptions: [],
    allowedCountries: ['GB'],
    successUrl: 'http://127.0.0.1/checkout-success',
    cancelUrl: 'http://127.0.0.1/payment-cancelled',
  });
  assert.is(JSON.parse(readFileSync(join(sandboxDir, `${created.id}.json`), 'utf8')).formatVersion, 1);

  const newer = readdirSync(sandboxDir).filter((name) => name.startsWith('cs_'))[1]!;
  writeFileSync(
    join(sandboxDir, newer),
    JSON.stringify({ ...JSON.parse(readFileSync(join(sandboxDir, newer), 'utf8')), formatVersion: 2 }),
  );
  const fresh = createSandboxGateway({ dir: sandboxDir });
  await fresh.retrievePayment(newer.replace('.json', '')).then(
    () => assert.unreachable('a newer record was read'),
    (error) => assert.match(error.message, 'is format version 2'),
  );
});

test.after(() => rmSync(dir, { recursive: true, force: true }));

test.run();
