// One holder at a time: the lease itself, and two processes running the reactor on one embedded log.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { NewEvent } from '../../contracts/shared/events.ts';
import { openSqliteEventStore } from '../eventstore/sqlite/sqliteEventStore.ts';
import { eventually } from '../testing/assert.ts';
import { openSqliteLease } from './sqliteLease.ts';

const dir = mkdtempSync(join(tmpdir(), 'shop-lease-'));

test('lease: one holder at a time; released, run out or left by a dead process, it goes to the next who asks', async () => {
  let clock = 1_000_000;
  const folder = join(dir, 'unit');
  const a = openSqliteLease(folder, 'job', { ttlMs: 1000, now: () => clock });
  const b = openSqliteLease(folder, 'job', { ttlMs: 1000, now: () => clock });
  assert.ok(await a.acquire());
  assert.not.ok(await b.acquire(), 'held by a live holder');
  assert.ok(await a.acquire(), 'the holder keeps it');
  await a.release();
  assert.ok(await b.acquire(), 'released, the next takes it');
  assert.not.ok(await a.acquire());
  clock += 1001;
  assert.ok(await a.acquire(), 'run out, the next takes it');
  assert.not.ok(await b.acquire());

  // A holder on this host whose process is gone loses it before its time runs out.
  const gone = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  const db = new Database(join(folder, 'leases.sqlite'));
  db.prepare('UPDATE leases SET holder = ?, pid = ?, expires_at = ? WHERE name = ?').run(
    'gone',
    Number(gone.stdout),
    clock + 60_000,
    'job',
  );
  db.close();
  assert.ok(await b.acquire(), 'a dead holder on this host loses it at once');
  assert.not.ok(await a.acquire());
  a.close();
  b.close();
});

const meta = { causedBy: 'test', causationId: 'c', correlationId: 'c', at: '2026-01-01T00:00:00.000Z' };
const ordered = (n: number): NewEvent => ({ id: randomUUID(), type: 'Ordered', data: { n }, metadata: meta });

function startReactorProcess(dataDir: string, reactedFile: string, refusedFile: string): Promise<ChildProcess> {
  const env = { ...process.env, DATA_DIR: dataDir, REACTED_FILE: reactedFile, REFUSED_FILE: refusedFile };
  const child = spawn(process.execPath, ['--import', 'tsx', 'infra/testing/reactorProcess.ts'], {
    env,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += String(chunk);
      if (out.includes('started')) resolve(child);
    });
    child.once('exit', (code) => reject(new Error(`reactor process exited with ${code}: ${out}`)));
  });
}

/** How many times each process was refused the lease. */
const refusals = (file: string, pid: number) =>
  existsSync(file)
    ? readFileSync(file, 'utf8')
        .split('\n')
        .filter((line) => line === String(pid)).length
    : 0;

const reacted = (file: string) =>
  existsSync(file)
    ? readFileSync(file, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => line.split(' ').map(Number) as [number, number])
    : [];

test('two processes on one log: only one reacts; when it is killed the other takes over', async () => {
  const dataDir = join(dir, 'two');
  const reactedFile = join(dir, 'reacted.txt');
  const refusedFile = join(dir, 'refused.txt');
  const events = openSqliteEventStore(join(dataDir, 'events.sqlite'));
  const children: ChildProcess[] = [];
  try {
    children.push(
      await startReactorProcess(dataDir, reactedFile, refusedFile),
      await startReactorProcess(dataDir, reactedFile, refusedFile),
    );
    for (let i = 1; i <= 20; i++) await events.append(`order-${i}`, [ordered(i)], 'no_stream');
    await eventually(() => reacted(reactedFile).length >= 20, 30_000, 'the first twenty reactions');
    // The other process had its chances to react twice: it asked for the lease (and was refused) twice more after the
    // twentieth reaction was written. Waited for as a count of its asks, not as a stretch of time.
    const holderPid = reacted(reactedFile)[0]![0];
    const standbyPid = children.find((child) => child.pid !== holderPid)!.pid!;
    const asked = refusals(refusedFile, standbyPid);
    await eventually(
      () => refusals(refusedFile, standbyPid) >= asked + 2,
      30_000,
      'the standby asking for the lease twice more',
    );
    const first = reacted(reactedFile);
    assert.equal(
      first.map(([, position]) => position),
      Array.from({ length: 20 }, (_, i) => i + 1),
      'each event reacted to once, in order',
    );
    const holder = first[0]![0];
    assert.ok(
      first.every(([pid]) => pid === holder),
      'all by one process',
    );
    const standby = children.find((child) => child.pid !== holder)!;

    // The holder dies without a word; the other sees its process gone and resumes from the checkpoint.
    children.find((child) => child.pid === holder)!.kill('SIGKILL');
    for (let i = 21; i <= 30; i++) await events.append(`order-${i}`, [ordered(i)], 'no_stream');
    await eventually(
      () => reacted(reactedFile).some(([, position]) => position === 30),
      30_000,
      'the reactions after the take-over',
    );
    const after = reacted(reactedFile).slice(20);
    assert.ok(
      after.every(([pid]) => pid === standby.pid),
      'the one left reacts',
    );
    assert.equal(
      [...new Set(after.map(([, position]) => position))].filter((p) => p > 20),
      Array.from({ length: 10 }, (_, i) => i + 21),
    );
  } finally {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await Promise.all(
      children.map((child) =>
        child.exitCode === null && child.signalCode === null
          ? new Promise((r) => child.once('exit', r))
          : Promise.resolve(),
      ),
    );
    await events.close();
  }
});

test.after(() => rmSync(dir, { recursive: true, force: true }));

test.run();
