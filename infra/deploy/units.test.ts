// The systemd units of infra/deploy keep their hardening and run what package.json runs; where systemd-analyze is
// installed, it finds nothing to say about them.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';

const root = process.cwd();
const unit = (name: string) => readFileSync(join(root, 'infra/deploy', name), 'utf8');
const scripts = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> })
  .scripts;
const hardening = [
  /^NoNewPrivileges=yes$/m,
  /^ProtectSystem=strict$/m,
  /^ProtectHome=yes$/m,
  /^PrivateTmp=yes$/m,
  /^CapabilityBoundingSet=$/m,
  /^UMask=0077$/m,
  /^EnvironmentFile=\/etc\/amanah-house\/shop\.env$/m,
];

test('the shop runs hardened, behind the proxy, writing only its data and backup folders', () => {
  const text = unit('amanah-house.service');
  for (const line of hardening) assert.match(text, line);
  assert.match(text, /^ReadWritePaths=\/srv\/amanah-house\/data \/srv\/amanah-house\/backups$/m);
  assert.match(text, /^Environment=.*\bNODE_ENV=production\b.*\bHOST=127\.0\.0\.1\b.*\bTRUST_PROXY=1\b/m);
  // What `npm start` runs once it has built.
  const started = /&& (node .*)$/.exec(scripts.start!)?.[1];
  assert.ok(started);
  assert.match(text, new RegExp(`^ExecStart=/usr/bin/${started.replaceAll('.', '\\.')}$`, 'm'));
});

test('the nightly backup is `npm run events -- backup --rotate`, encrypted, hardened, on a timer', () => {
  const text = unit('amanah-house-backup.service');
  for (const line of hardening) assert.match(text, line);
  const events = scripts.events!.replace(/^node /, '');
  assert.match(
    text,
    new RegExp(
      `^ExecStart=/usr/bin/node ${events.replaceAll('.', '\\.')} backup --rotate \\S+ --passphrase-file %d/backup-passphrase$`,
      'm',
    ),
  );
  assert.match(text, /^LoadCredential=backup-passphrase:\/etc\/amanah-house\/backup-passphrase$/m);
  const timer = unit('amanah-house-backup.timer');
  assert.match(timer, /^OnCalendar=\*-\*-\* 02:30:00$/m);
  assert.match(timer, /^Persistent=true$/m);
});

test('systemd-analyze verify has nothing to say about the units (where systemd is installed)', () => {
  const analyze = spawnSync('systemd-analyze', ['--version'], { encoding: 'utf8' });
  if (analyze.status !== 0) return;
  const files = ['amanah-house.service', 'amanah-house-backup.service', 'amanah-house-backup.timer'];
  const run = spawnSync('systemd-analyze', ['verify', ...files.map((f) => join(root, 'infra/deploy', f))], {
    encoding: 'utf8',
  });
  // The command may not exist on a machine without the shop installed; anything else it says is a mistake in a unit.
  const said = `${run.stdout}${run.stderr}`
    .split('\n')
    .filter((line) => line.trim() && !/Command .* is not executable|No such file or directory/.test(line));
  assert.equal(said, []);
});

test.run();
