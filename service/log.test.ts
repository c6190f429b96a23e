import { execFileSync, spawn } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import type { Writable } from 'node:stream';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { eventually } from '../infra/testing/assert.ts';
import { openShopLog } from './log.ts';

test('lines buffered by the asynchronous writer are all in the file once the log is closed', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'shop-log-'));
  const fd = openSync(join(dir, 'shop.log'), 'w');
  try {
    const log = await openShopLog({ LOG_LEVEL: 'info', NODE_ENV: 'production' }, { fd });
    for (let i = 0; i < 5000; i++) log.logger.info({ i }, 'request');
    log.logger.info('stopped');
    await log.close();
    const lines = readFileSync(join(dir, 'shop.log'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { i?: number; msg: string });
    assert.is(lines.length, 5001);
    assert.equal(
      lines.slice(0, 5000).map((l) => l.i),
      Array.from({ length: 5000 }, (_, i) => i),
      'every line, in order',
    );
    assert.is(lines.at(-1)!.msg, 'stopped');
  } finally {
    try {
      closeSync(fd);
    } catch {
      // closed with the log
    }
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a quiet shop still writes its lines within a moment, not only when a batch fills', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'shop-log-'));
  const fd = openSync(join(dir, 'shop.log'), 'w');
  const log = await openShopLog({ LOG_LEVEL: 'info', NODE_ENV: 'production' }, { fd });
  try {
    log.logger.info('one line');
    await eventually(
      () => /"msg":"one line"/.test(readFileSync(join(dir, 'shop.log'), 'utf8')),
      600,
      'the line in the file',
    );
  } finally {
    await log.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a process that exits without closing the log still writes every line', () => {
  const dir = mkdtempSync(join(tmpdir(), 'shop-log-'));
  try {
    const file = join(dir, 'shop.log');
    const script = `
      import { openSync } from 'node:fs';
      import { openShopLog } from ${JSON.stringify(new URL('./log.ts', import.meta.url).href)};
      const log = await openShopLog({ LOG_LEVEL: 'info', NODE_ENV: 'production' }, { fd: openSync(${JSON.stringify(file)}, 'w') });
      for (let i = 0; i < 1000; i++) log.logger.info({ i }, 'request');
      log.logger.info('last');
      process.exit(0);
    `;
    execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script]);
    const lines = readFileSync(file, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { i?: number; msg: string });
    assert.is(lines.length, 1001);
    assert.equal(
      lines.slice(0, 1000).map((l) => l.i),
      Array.from({ length: 1000 }, (_, i) => i),
      'every line, in order',
    );
    assert.is(lines.at(-1)!.msg, 'last');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a pipe whose reader is behind holds lines back without blocking the shop, and every line arrives in order', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'shop-log-'));
  const file = join(dir, 'shop.log');
  // The reader starts reading when the test says so on its fd 3 (or, should the shop block and never let the test say
  // it, after 30 s): until then the pipe (64 kB) is full, and the file the reader writes to is not yet made.
  const reader = spawn('sh', ['-c', `timeout 30 head -n 1 <&3 >/dev/null; exec cat > ${JSON.stringify(file)}`], {
    stdio: ['pipe', 'ignore', 'inherit', 'pipe'],
  });
  // Node's own handle, which its types do not declare: the descriptor the test fills.
  const fd = (Reflect.get(reader.stdin!, '_handle') as { fd: number }).fd;
  const go = reader.stdio[3] as Writable;
  try {
    const log = await openShopLog({ LOG_LEVEL: 'info', NODE_ENV: 'production' }, { fd });
    for (let i = 0; i < 20_000; i++) log.logger.info({ i }, 'request');
    let turns = 0;
    while (turns < 3) {
      await new Promise((resolve) => setImmediate(resolve));
      turns++;
    }
    assert.not.ok(
      existsSync(file),
      `the shop kept turning (${turns} turns) while the pipe was full and its reader had not begun`,
    );
    go.end('go\n');
    await log.close();
    reader.stdin!.end();
    await new Promise((resolve) => reader.once('close', resolve));
    const lines = readFileSync(file, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { i?: number });
    assert.is(lines.length, 20_000);
    assert.ok(
      lines.every((l, i) => l.i === i),
      'every line, in order',
    );
  } finally {
    reader.kill();
    rmSync(dir, { recursive: true, force: true });
  }
});

test.run();
