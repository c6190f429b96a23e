// The auditor's CLI run as `npm run events` would run it, against a shop's log and its read models in Redis.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { openLive } from '../../projections/engine/generations.ts';
import { createRedisReadStore } from '../readstore/redisReadStore.ts';
import { startRedis } from '../testing/redis.ts';
import { startTestShop } from '../testing/shop.ts';
import { eventsCli, exportAndCheck } from '../testing/eventsCli.ts';

const redis = await startRedis();
const dataDir = mkdtempSync(join(tmpdir(), 'shop-events-cli-'));
// The shop seeds the catalog into the log and folds it into Redis, then stops: the CLI reads what it left.
const shop = await startTestShop({ DATA_DIR: dataDir, REDIS_URL: redis.url });
await shop.close();

const events = (args: string[], env: Record<string, string> = {}) =>
  eventsCli(args, { DATA_DIR: dataDir, REDIS_URL: '', ...env });

test('streams and show list what the log holds', async () => {
  const streams = await events(['streams']);
  assert.is(streams.code, 0, streams.stderr);
  assert.match(streams.stdout, /book-1\s+0\s+1\s+1/);
  assert.match(streams.stdout, /3 streams/);
  const show = await events(['show', 'book-3']);
  assert.is(show.code, 0);
  assert.match(show.stdout, /#0 {2}position 3 {2}BookListed/);
  assert.match(show.stdout, /caused by system:catalog-seed/);
  const missing = await events(['show', 'book-99']);
  assert.is(missing.code, 1);
  assert.match(missing.stdout, /No stream named book-99/);
});

test('an export checks out; a changed line fails the check and is named', async () => {
  const file = join(dataDir, 'log.ndjson');
  const { head, intact } = await exportAndCheck(events, file);
  assert.match(intact.stdout, /Chain intact: 3 lines/);

  const lines = readFileSync(file, 'utf8').trimEnd().split('\n');
  lines[1] = lines[1]!.replace('"price":999', '"price":1');
  writeFileSync(file, `${lines.join('\n')}\n`);
  const broken = await events(['check', file, '--head', head]);
  assert.is(broken.code, 1);
  assert.match(broken.stdout, /Chain broken at line 2: line 2 was changed/);
});

test('verify with REDIS_URL compares the live read models in Redis with a rebuild, and catches a drifted one', async () => {
  const match = await events(['verify'], { REDIS_URL: redis.url });
  assert.is(match.code, 0, match.stdout + match.stderr);
  assert.match(match.stdout, /read models in Redis/);
  assert.match(match.stdout, /MATCH: the read models equal a rebuild from the log/);

  const backend = createRedisReadStore(redis.url);
  const live = await openLive(backend);
  const book = await live.get<Record<string, unknown>>('books', '1');
  await live.commit([{ op: 'put', collection: 'books', id: '1', doc: { ...book, price: 1 } }], []);
  await backend.close();
  const mismatch = await events(['replay', '--verify'], { REDIS_URL: redis.url });
  assert.is(mismatch.code, 1);
  assert.match(mismatch.stdout, /MISMATCH/);
});

test('verify without REDIS_URL folds the log twice and says so', async () => {
  const result = await events(['verify']);
  assert.is(result.code, 0, result.stdout + result.stderr);
  assert.match(result.stdout, /folded twice/);
  assert.match(result.stdout, /MATCH/);
});

test('unknown commands and options answer with usage and exit 2', async () => {
  const unknown = await events(['frobnicate']);
  assert.is(unknown.code, 2);
  assert.match(unknown.stderr, /Unknown command "frobnicate"/);
  assert.match(unknown.stderr, /Usage: npm run events/);
});

test.after(async () => {
  await redis.stop();
  rmSync(dataDir, { recursive: true, force: true });
});
test.run();
