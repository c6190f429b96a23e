// Starts a private redis-server on a free port for one test file, and stops it by its process id.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { freePort } from './ports.ts';

export type TestRedis = { url: string; port: number; pid: number; stop(): Promise<void>; restart(): Promise<void> };

export async function startRedis(): Promise<TestRedis> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'shop-redis-'));
  const launch = () =>
    spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir],
      {
        stdio: 'ignore',
      },
    );
  let child = launch();
  const url = `redis://127.0.0.1:${port}`;
  const ready = async () => {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const probe = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
      // A refused probe is expected while the server starts; its error is answered by the catch below.
      probe.on('error', () => {});
      try {
        await probe.connect();
        await probe.ping();
        probe.disconnect();
        return;
      } catch {
        probe.disconnect();
        if (Date.now() > deadline) throw new Error(`redis-server did not start on port ${port}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    }
  };
  await ready();
  const kill = async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    process.kill(child.pid!, 'SIGKILL');
    await exited;
  };
  return {
    url,
    port,
    get pid() {
      return child.pid!;
    },
    async stop() {
      await kill();
      rmSync(dir, { recursive: true, force: true });
    },
    /** a restart without persistence: the server comes back empty */
    async restart() {
      await kill();
      child = launch();
      await ready();
    },
  };
}

/** Everything Redis holds, as text: every key with every value of every type. */
export async function redisText(url: string): Promise<string> {
  const client = new Redis(url, { lazyConnect: true });
  await client.connect();
  try {
    const parts: string[] = [];
    for (const key of await client.keys('*')) {
      const type = await client.type(key);
      parts.push(key);
      if (type === 'string') parts.push((await client.get(key)) ?? '');
      else if (type === 'hash') parts.push(JSON.stringify(await client.hgetall(key)));
      else if (type === 'zset') parts.push(JSON.stringify(await client.zrange(key, '0', '-1')));
      else if (type === 'set') parts.push(JSON.stringify(await client.smembers(key)));
      else if (type === 'list') parts.push(JSON.stringify(await client.lrange(key, 0, -1)));
      else if (type === 'stream') parts.push(JSON.stringify(await client.xrange(key, '-', '+')));
    }
    return parts.join('\n');
  } finally {
    client.disconnect();
  }
}
