// Not one request line lost: a shop logging to a file takes a flood of requests, is sent SIGTERM straight after, and
// its log is counted against the answers the clients received.
import autocannon from 'autocannon';
import { randomBytes } from 'node:crypto';
import { closeSync, existsSync, openSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { hashPassword } from '../../service/admin/password.ts';
import { startServer, type StartOptions } from './servers.ts';

/** What a shop needs to start as it is deployed: production, with the owner's secrets, on sandbox payments. */
export async function productionEnv(
  dataDir: string,
  jwtSecret = randomBytes(32).toString('base64url'),
): Promise<Record<string, string>> {
  return {
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    JWT_SECRET: jwtSecret,
    // A data folder the bench filled as a developer's shop keeps its generated key; a new one gets its own.
    DATA_KEY: existsSync(join(dataDir, 'data-key'))
      ? readFileSync(join(dataDir, 'data-key'), 'utf8').trim()
      : randomBytes(32).toString('base64'),
    ADMIN_PASSWORD_HASH: await hashPassword(randomBytes(12).toString('base64url')),
    ALLOW_TEST_PAYMENTS: 'true',
    // Production starts only with the address shoppers reach it at; the bench reads the payment pages' addresses
    // for their session ids alone.
    PUBLIC_URL: 'https://shop.example',
    // The default level, whatever the caller's environment says (npm test runs with LOG_LEVEL=silent).
    LOG_LEVEL: 'info',
  };
}

export type FloodResult = {
  seconds: number;
  answered: number;
  perSecond: number;
  lines: number;
  exitCode: number | null;
  otherLines: number;
  connections: number;
  lastMessage: string | undefined;
};

export async function floodThenStop(options: {
  script: string;
  runtime: StartOptions['runtime'];
  dataDir: string;
  /** a flood of this many seconds: the requests in flight when the clients stop are answered but not counted by them */
  seconds?: number;
  /** exactly this many requests, every answer awaited, so lines and answers can be compared one for one */
  amount?: number;
  connections?: number;
  path?: string;
}): Promise<FloodResult> {
  const path = options.path ?? '/api/books';
  const logFile = join(options.dataDir, 'shop.log');
  const fd = openSync(logFile, 'w');
  const env = await productionEnv(options.dataDir);
  const server = await startServer('shop', options.script, [], env, '/healthz', undefined, {
    runtime: options.runtime,
    stdout: fd,
  });
  const connections = options.connections ?? 50;
  let result: autocannon.Result;
  try {
    const load = options.amount ? { amount: options.amount } : { duration: options.seconds ?? 10 };
    result = await autocannon({ url: server.url + path, connections, pipelining: 1, ...load });
  } finally {
    await server.stop();
    closeSync(fd);
  }
  const lines = readFileSync(logFile, 'utf8').split('\n').filter(Boolean);
  let requestLines = 0;
  let lastMessage: string | undefined;
  for (const line of lines) {
    const parsed = JSON.parse(line) as { msg?: string; route?: string };
    if (parsed.msg === 'request' && parsed.route === path) requestLines++;
    lastMessage = parsed.msg;
  }
  const answered = result['2xx'] + result.non2xx;
  return {
    seconds: result.duration,
    connections,
    answered,
    perSecond: result.requests.average,
    lines: requestLines,
    exitCode: server.exitCode(),
    otherLines: lines.length - requestLines,
    lastMessage,
  };
}
