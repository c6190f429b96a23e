// `events backup --rotate`: over 60 nights of an injected clock exactly 7 daily and 4 weekly sets are kept, the weekly
// ones each the newest of its ISO week; a night whose backup fails deletes nothing; nothing but the sets is touched; and
// the CLI writes a real, encrypted set into the rotation and prunes the old ones.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readManifest } from './manifest.ts';
import { completeSets, isoWeekOf, planRotation, rotateBackups, rotatedSetName } from './rotation.ts';
import { eventsCli } from '../testing/eventsCli.ts';
import { startTestShop } from '../testing/shop.ts';

const root = mkdtempSync(join(tmpdir(), 'shop-rotation-'));
test.after(() => rmSync(root, { recursive: true, force: true }));

/** A stand-in for the backup: the folder and its manifest (written last, as the real one is). */
async function fakeBackup(dir: string) {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'manifest.json'), '{}');
  return dir;
}

const day = 86_400_000;

test('ISO weeks: the Thursday decides the year', () => {
  assert.is(isoWeekOf('2026-12-07'), '2026-W50');
  assert.is(isoWeekOf('2026-01-01'), '2026-W01');
  assert.is(isoWeekOf('2027-01-01'), '2026-W53');
  assert.is(isoWeekOf('2024-12-30'), '2025-W01');
  assert.is(rotatedSetName(new Date('2026-12-07T02:30:05.123Z')), '2026-12-07T023005Z');
});

test('60 nights: exactly 7 daily and 4 weekly sets, the weekly ones the newest of their week', async () => {
  const dir = join(root, 'sixty');
  const start = Date.parse('2026-03-01T02:30:00Z');
  for (let night = 0; night < 60; night++) {
    const now = new Date(start + night * day);
    const { plan } = await rotateBackups(dir, now, fakeBackup);
    // From the eleventh night on there is always enough history for the whole rotation.
    if (night >= 10) {
      assert.is(plan.daily.length, 7, `night ${night}`);
      assert.ok(plan.weekly.length >= 1, `night ${night}`);
    }
  }
  const last = new Date(start + 59 * day);
  const kept = readdirSync(dir).sort();
  assert.is(kept.length, 11);
  const plan = planRotation(kept);
  assert.is(plan.daily.length, 7);
  assert.is(plan.weekly.length, 4);
  assert.equal(plan.prune, []);
  // The dailies are the last seven nights.
  assert.equal(
    [...plan.daily].sort(),
    Array.from({ length: 7 }, (_, i) => rotatedSetName(new Date(last.getTime() - (6 - i) * day))),
  );
  // Four distinct weeks before them, each its newest night before the dailies: a Sunday for every whole week.
  const weeks = plan.weekly.map((name) => isoWeekOf(name.slice(0, 10)));
  assert.is(new Set(weeks).size, 4);
  const oldestDaily = [...plan.daily].sort()[0]!;
  for (const name of plan.weekly) {
    assert.ok(name < oldestDaily);
    const next = rotatedSetName(new Date(Date.parse(`${name.slice(0, 10)}T02:30:00Z`) + day));
    assert.ok(next >= oldestDaily || isoWeekOf(next.slice(0, 10)) !== isoWeekOf(name.slice(0, 10)), name);
  }
  for (const name of plan.weekly.slice(1)) assert.is(new Date(`${name.slice(0, 10)}T00:00:00Z`).getUTCDay(), 0, name);
});

test('two runs in one day keep the newer as that day; a failed night deletes nothing; other folders are left alone', async () => {
  const dir = join(root, 'mixed');
  const start = Date.parse('2026-05-01T02:30:00Z');
  for (let night = 0; night < 20; night++) await rotateBackups(dir, new Date(start + night * day), fakeBackup);
  mkdirSync(join(dir, 'keep-me'));
  mkdirSync(join(dir, '2026-04-01T000000Z')); // no manifest: an unfinished set is not the rotation's to delete
  const evening = new Date(start + 19 * day + 12 * 3_600_000);
  const { plan } = await rotateBackups(dir, evening, fakeBackup);
  assert.is(plan.daily[0], rotatedSetName(evening));
  assert.ok(plan.prune.includes(rotatedSetName(new Date(start + 19 * day))));
  assert.ok(existsSync(join(dir, 'keep-me')));
  assert.ok(existsSync(join(dir, '2026-04-01T000000Z')));
  const before = completeSets(dir);
  const failed = await rotateBackups(dir, new Date(start + 20 * day), () =>
    Promise.reject(new Error('disk full')),
  ).then(
    () => null,
    (error: Error) => error.message,
  );
  assert.is(failed, 'disk full');
  assert.equal(completeSets(dir), before);
});

test('the CLI: backup --rotate writes an encrypted set into the rotation and prunes the old ones', async () => {
  const dataDir = join(root, 'shop-data');
  const dataKey = randomBytes(32).toString('base64');
  const shop = await startTestShop({ DATA_DIR: dataDir, DATA_KEY: dataKey });
  await shop.close();
  const sets = join(root, 'cli-sets');
  // Earlier sets: a night each from 40 days ago to a week ago.
  const start = Date.now() - 40 * day;
  for (let night = 0; night < 34; night++) await fakeBackup(join(sets, rotatedSetName(new Date(start + night * day))));
  const passphraseFile = join(root, 'passphrase');
  writeFileSync(passphraseFile, 'correct horse battery staple\n', { mode: 0o600 });
  const run = await eventsCli(['backup', '--rotate', sets, '--passphrase-file', passphraseFile], {
    DATA_DIR: dataDir,
    DATA_KEY: dataKey,
  });
  assert.is(run.code, 0, run.stderr + run.stdout);
  assert.match(run.stdout, /Kept 7 daily sets .* and 4 weekly sets/, run.stdout);
  assert.match(run.stdout, /Deleted /);
  const plan = planRotation(readdirSync(sets));
  assert.is(plan.daily.length, 7);
  assert.is(plan.weekly.length, 4);
  assert.is(readdirSync(sets).length, 11);
  const manifest = readManifest(join(sets, plan.daily[0]!));
  assert.ok(manifest.encryption, 'the new set is encrypted with the passphrase');
});

test.run();
