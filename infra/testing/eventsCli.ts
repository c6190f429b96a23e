// Runs the auditor's CLI as a separate process, the way `npm run events` does, on the log the environment names.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import * as assert from 'uvu/assert';
import { nodeArgs } from './programs.ts';

/** `npm run events -- <args>` as the auditor runs it: the embedded log in DATA_DIR unless `env` names another store. */
export async function eventsCli(
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [...nodeArgs('infra/cli/events.ts'), ...args], {
    env: { ...process.env, REDIS_URL: '', EVENTSTORE_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stderr += d));
  const [code] = await once(child, 'exit');
  return { code: code as number, stdout, stderr };
}

type CliResult = Awaited<ReturnType<typeof eventsCli>>;

/** `export --out file`, then `check file --head <the head the export printed>`: answers that head and the check. */
export async function exportAndCheck(
  events: (args: string[]) => Promise<CliResult>,
  file: string,
): Promise<{ head: string; intact: CliResult }> {
  const exported = await events(['export', '--out', file]);
  assert.is(exported.code, 0, exported.stderr);
  const head = /Chain head: ([0-9a-f]{64})/.exec(exported.stderr)?.[1];
  assert.ok(head, exported.stderr);
  const intact = await events(['check', file, '--head', head]);
  assert.is(intact.code, 0, intact.stdout);
  return { head: head, intact };
}
