// The auditor's CLI explains itself: `help`, `--help`, `help <command>` and `<command> --help` answer without a log or
// any configuration; a backup makes its folder; long runs on a recorded season say how far they have got on stderr.
import { existsSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { eventsCli } from '../testing/eventsCli.ts';
import { copyGoldenData, readGolden } from '../testing/golden.ts';

const commands = [
  'streams',
  'show',
  'export',
  'check',
  'catalogue',
  'verify',
  'replay',
  'state',
  'diff',
  'backup',
  'restore',
  'retention',
  'migrate-seal',
];

// No DATA_DIR and no secrets: help needs neither.
const bare = { DATA_DIR: '', JWT_SECRET: '', DATA_KEY: '' };

test('help and --help list every command', async () => {
  for (const args of [['help'], ['--help'], ['-h']]) {
    const run = await eventsCli(args, bare);
    assert.is(run.code, 0, `${args.join(' ')}: ${run.stderr}`);
    assert.match(run.stdout, 'Usage: npm run events -- <command>');
    for (const command of commands) assert.match(run.stdout, new RegExp(`^  ${command}\\b`, 'm'), command);
  }
});

test('every command answers --help, and help <command>, with its own usage', async () => {
  // Each command with --help; `help <command>` answers the same, tried on two of them.
  for (const args of [...commands.map((command) => [command, '--help']), ['help', 'backup'], ['help', 'verify']]) {
    const command = args[0] === 'help' ? args[1]! : args[0]!;
    const run = await eventsCli(args, bare);
    assert.is(run.code, 0, `${args.join(' ')}: ${run.stderr}`);
    assert.match(run.stdout, new RegExp(`^Usage: npm run events -- ${command}\\b`), args.join(' '));
  }
  const unknown = await eventsCli(['help', 'frobnicate'], bare);
  assert.is(unknown.code, 2);
  assert.match(unknown.stderr, 'Unknown command "frobnicate"');
});

test('on a recorded season, export, verify and backup report progress on stderr; backup makes its folder', async () => {
  const golden = readGolden('v1');
  const dataDir = copyGoldenData(golden);
  const env = {
    DATA_DIR: dataDir,
    ADMIN_USERNAME: golden.meta.admin.username,
    JWT_SECRET: 'events-help-test-secret-0123456789',
  };
  try {
    const exported = await eventsCli(['export'], env);
    assert.is(exported.code, 0, exported.stderr);
    assert.match(exported.stderr, 'export: 2000 events written');
    // stdout stays the NDJSON alone.
    assert.is(exported.stdout.trim().split('\n').length, golden.meta.events);

    const verified = await eventsCli(['verify'], env);
    assert.is(verified.code, 0, verified.stdout + verified.stderr);
    assert.match(verified.stderr, 'verify: 2000 events folded');

    const target = join(dirname(dataDir), 'backups', 'nested', 'today');
    const backup = await eventsCli(['backup', target], env);
    assert.is(backup.code, 0, backup.stdout + backup.stderr);
    assert.ok(existsSync(join(target, 'manifest.json')), 'the missing folders were made');
    assert.match(backup.stderr, /backup: copying events\.sqlite \(1 of \d+\)/);
  } finally {
    rmSync(dirname(dataDir), { recursive: true, force: true });
  }
});

test.run();
