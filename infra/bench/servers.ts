// Servers under measurement run as child processes on free ports, each on its own event loop, stopped by pid.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { freePort } from '../testing/ports.ts';
import { nodeArgs } from '../testing/programs.ts';

export type Memory = { rss: number; heapUsed: number };

export type BenchServer = {
  url: string;
  pid: number;
  /** milliseconds from spawn to the first 2xx answer on the ready path */
  startMs: number;
  /** memory as the process itself reports it, after a full garbage collection */
  memory(): Promise<Memory>;
  /** VmRSS from /proc, read from outside the process */
  procRss(): number;
  /** CPU seconds (user + system) the process has used so far, from /proc */
  cpuSeconds(): number;
  stop(): Promise<void>;
  /** how the process ended (null while it runs or when a signal ended it) */
  exitCode(): number | null;
  /** kill -9: no shutdown handler runs, nothing is flushed */
  kill(): Promise<void>;
};

const gone = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null;

const probe = new URL('./memoryProbe.mjs', import.meta.url).pathname;

async function ready(
  child: ChildProcess,
  url: string,
  name: string,
  output: () => string,
  pollMs: number,
): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (gone(child))
      throw new Error(`${name} exited with ${child.exitCode ?? child.signalCode} before it was ready:\n${output()}`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${name} was not ready within 60 s:\n${output()}`);
    await new Promise((r) => setTimeout(r, pollMs));
  }
}

export type StartOptions = {
  /** 'node' runs plain JavaScript (the compiled shop, hello-world) as production does; 'tsx' runs TypeScript */
  runtime?: 'tsx' | 'node';
  /** where the server's stdout goes: a file descriptor (the log file), else a pipe the bench keeps the end of */
  stdout?: number;
  /** how often readiness is polled; short when start-up time is measured */
  pollMs?: number;
};

/**
 * Starts `node [--import tsx] <script>` with the memory probe, and waits until `readyPath` answers 2xx. Source maps are
 * on for plain JavaScript, as `npm start` runs it.
 */
export async function startServer(
  name: string,
  script: string,
  args: string[],
  env: Record<string, string>,
  readyPath: string,
  port?: number,
  options: StartOptions = {},
): Promise<BenchServer> {
  const listenOn = port ?? (await freePort());
  const program = options.runtime === 'node' ? ['--enable-source-maps', script] : nodeArgs(script);
  const spawned = performance.now();
  const child = spawn(
    process.execPath,
    ['--expose-gc', '--import', probe, ...program, ...args.map((a) => a.replace('$PORT', String(listenOn)))],
    {
      env: { ...process.env, PORT: String(listenOn), HOST: '127.0.0.1', ...env },
      stdio: ['ignore', options.stdout ?? 'pipe', 'pipe', 'ipc'],
    },
  );
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
  };
  child.stdout?.on('data', keep);
  child.stderr!.on('data', keep);
  const url = `http://127.0.0.1:${listenOn}`;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let startMs: number;
  try {
    await ready(child, url + readyPath, name, () => output, options.pollMs ?? 100);
    startMs = performance.now() - spawned;
  } catch (error) {
    if (!gone(child)) child.kill('SIGKILL');
    throw error;
  }
  return {
    url,
    pid: child.pid!,
    startMs,
    memory() {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`${name} did not report its memory`)), 10_000);
        const onMessage = (message: unknown) => {
          const memory = (message as { memory?: Memory }).memory;
          if (!memory) return;
          clearTimeout(timer);
          child.off('message', onMessage);
          resolve({ rss: memory.rss, heapUsed: memory.heapUsed });
        };
        child.on('message', onMessage);
        child.send('memory');
      });
    },
    procRss() {
      const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
      return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? NaN) * 1024;
    },
    cpuSeconds() {
      // Fields 14 and 15 of /proc/<pid>/stat, after the parenthesised command name, in clock ticks (100 per second).
      const stat = readFileSync(`/proc/${child.pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      return (Number(fields[11]) + Number(fields[12])) / 100;
    },
    exitCode() {
      return child.exitCode;
    },
    async stop() {
      if (gone(child)) return;
      process.kill(child.pid!, 'SIGTERM');
      const timer = setTimeout(() => !gone(child) && process.kill(child.pid!, 'SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    },
    async kill() {
      if (gone(child)) return;
      process.kill(child.pid!, 'SIGKILL');
      await exited;
    },
  };
}
