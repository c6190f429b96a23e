// Every golden log opens on this release and answers as recorded, on the embedded default and on Redis; the auditor's
// check and verify pass on it, and its export is still the recorded one, line for line.
import { readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import pino from 'pino';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { loadConfig } from '../../service/config.ts';
import { createShop } from '../composition/shop.ts';
import { eventsCli } from './eventsCli.ts';
import { askRecorded, copyGoldenData, goldenVersions, readGolden, recordedClock, type GoldenLog } from './golden.ts';
import { startRedis } from './redis.ts';

const redis = await startRedis();
// A secret of the test's own, unless the log recorded the one it was written under (its answers open signed links).
const secretOf = (golden: GoldenLog) => golden.meta.jwtSecret ?? 'golden-log-test-secret-0123456789abcdef';

async function openAndAsk(golden: GoldenLog, dataDir: string, env: Record<string, string>) {
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    ADMIN_USERNAME: golden.meta.admin.username,
    JWT_SECRET: secretOf(golden),
    ...env,
  });
  const shop = await createShop(config, { logger: pino({ level: 'silent' }), clock: recordedClock(golden) });
  try {
    const server = await shop.listen(0, '127.0.0.1');
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    return await askRecorded(`http://127.0.0.1:${port}`, golden);
  } finally {
    await shop.close();
  }
}

async function auditorChecks(golden: GoldenLog, dataDir: string, env: Record<string, string>) {
  const cliEnv = {
    DATA_DIR: dataDir,
    ADMIN_USERNAME: golden.meta.admin.username,
    JWT_SECRET: secretOf(golden),
    ...env,
  };
  const checked = await eventsCli(
    ['check', join(golden.dir, 'export.ndjson'), '--head', golden.meta.chainHead],
    cliEnv,
  );
  assert.is(checked.code, 0, checked.stdout + checked.stderr);
  assert.match(checked.stdout, `Chain intact: ${golden.meta.events} lines`);

  // Stored bytes never change: today's export begins with the recorded one; only this run's sign-ins follow it.
  const exported = await eventsCli(['export'], cliEnv);
  assert.is(exported.code, 0, exported.stderr);
  const recorded = readFileSync(join(golden.dir, 'export.ndjson'), 'utf8').split('\n').filter(Boolean);
  const now = exported.stdout.split('\n').filter(Boolean);
  assert.equal(now.slice(0, recorded.length), recorded);
  for (const line of now.slice(recorded.length))
    assert.is(JSON.parse(line).stream, `admin-${golden.meta.admin.username}`);

  const verified = await eventsCli(['verify'], cliEnv);
  assert.is(verified.code, 0, verified.stdout + verified.stderr);
  assert.match(verified.stdout, /^MATCH/m);
}

for (const [index, version] of goldenVersions().entries()) {
  const golden = readGolden(version);

  test(`golden log ${version} (${golden.meta.events} events by ${golden.meta.commit}) answers as recorded on the embedded default`, async () => {
    const dataDir = copyGoldenData(golden);
    try {
      // One answer recorded wrongly on purpose, to show the comparison can fail.
      const tampered = { ...golden.answers[0]!, name: 'a tampered answer', body: [{ title: 'Not in the shop' }] };
      const differences = await openAndAsk({ ...golden, answers: [...golden.answers, tampered] }, dataDir, {});
      assert.equal(
        differences.slice(0, -1),
        [],
        `${differences.length - 1} of ${golden.answers.length} answers differ:\n${differences.slice(0, 10).join('\n')}`,
      );
      assert.match(differences.at(-1) ?? '', 'a tampered answer');
      await auditorChecks(golden, dataDir, {});
    } finally {
      rmSync(dirname(dataDir), { recursive: true, force: true });
    }
  });

  test(`golden log ${version} answers as recorded with read models in Redis`, async () => {
    const dataDir = copyGoldenData(golden);
    try {
      // A Redis database of its own per golden log: read models folded from one log are no answer for another.
      const env = { REDIS_URL: `${redis.url}/${index}` };
      const differences = await openAndAsk(golden, dataDir, env);
      assert.equal(
        differences,
        [],
        `${differences.length} of ${golden.answers.length} answers differ:\n${differences.slice(0, 10).join('\n')}`,
      );
      await auditorChecks(golden, dataDir, env);
    } finally {
      rmSync(dirname(dataDir), { recursive: true, force: true });
    }
  });
}

test.after(async () => {
  await redis.stop();
});

test.run();
