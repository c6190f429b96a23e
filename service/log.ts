// The shop's log: JSON lines written off the request path, and every buffered line written out before the process ends.
import { writeSync } from 'node:fs';
import pino, { type DestinationStream, type Logger } from 'pino';
import type { Config } from './config.ts';

export type ShopLog = {
  logger: Logger;
  /** Writes out every buffered line; resolves once the last line is written (the descriptor stays open: it may be stdout). */
  close(): Promise<void>;
  /** For a process about to die: writes what is buffered before returning. */
  flushSync(): void;
};

type Where = { fd?: number; pretty?: boolean };

/**
 * JSON to stdout (or `where.fd`), written in batches after the requests that logged them are answered: a request never
 * waits for the terminal, pipe or file. On a developer's terminal, outside
 * production, lines are pretty-printed instead (synchronously: a terminal is slow anyway and order matters there).
 */
export async function openShopLog(config: Pick<Config, 'LOG_LEVEL' | 'NODE_ENV'>, where: Where = {}): Promise<ShopLog> {
  const options = { level: config.LOG_LEVEL, base: { service: 'shop' } };
  const fd = where.fd ?? 1;
  const pretty = where.pretty ?? (config.NODE_ENV !== 'production' && fd === 1 && process.stdout.isTTY === true);
  if (pretty) {
    const prettyStream = await prettyPrinter();
    if (prettyStream) return { logger: pino(options, prettyStream), close: async () => {}, flushSync() {} };
  }
  // Lines are gathered up to 8 kB per write (a few dozen request lines) rather than one write each under load; the
  // timer writes out what a quiet spell leaves behind, so a line never waits more than a quarter of a second.
  const batch = batchWriter(fd, 8 * 1024);
  const logger = pino(options, batch);
  const tick = setInterval(() => batch.release(), 250);
  tick.unref();
  // A process that exits without closing the log still writes every line.
  unclosed.add(batch);
  if (unclosed.size === 1) process.on('exit', writeOutUnclosed);
  let closed: Promise<void> | null = null;
  return {
    logger,
    close() {
      clearInterval(tick);
      unclosed.delete(batch);
      if (unclosed.size === 0) process.off('exit', writeOutUnclosed);
      closed ??= batch.drain();
      return closed;
    },
    flushSync() {
      batch.writeOutSync();
    },
  };
}

type BatchWriter = ReturnType<typeof batchWriter>;

const unclosed = new Set<BatchWriter>();
function writeOutUnclosed() {
  for (const batch of unclosed) batch.writeOutSync();
}

/** What a blocked destination may hold back before new lines are dropped (and counted) rather than kept. */
const heldBackLimit = 32 * 1024 * 1024;

/**
 * Lines kept in a list until about `size` characters have come, then written as one text, after the request that
 * filled the batch has been answered (setImmediate). A write takes what the file, pipe or terminal accepts at once: a
 * pipe whose reader is behind answers EAGAIN and the rest waits for the next tick instead of blocking the shop. No
 * write is ever left in flight on another thread, so a process that exits, even without closing the log, writes out
 * exactly the lines not yet written: none twice, none lost.
 */
function batchWriter(fd: number, size: number) {
  let lines: string[] = [];
  let length = 0;
  let heldBack: Buffer[] = [];
  let heldBackBytes = 0;
  let dropped = 0;
  let scheduled = false;
  const take = () => {
    if (lines.length > 0) {
      const text = Buffer.from(lines.length === 1 ? lines[0]! : lines.join(''));
      lines = [];
      length = 0;
      if (heldBackBytes + text.length > heldBackLimit) {
        dropped += 1;
      } else {
        if (dropped > 0) {
          const note = Buffer.from(
            `${JSON.stringify({ level: 40, time: Date.now(), service: 'shop', msg: `${dropped} batches of log lines dropped: the log destination was not taking lines` })}\n`,
          );
          heldBack.push(note);
          heldBackBytes += note.length;
          dropped = 0;
        }
        heldBack.push(text);
        heldBackBytes += text.length;
      }
    }
  };
  /** Writes what the destination takes now; true when nothing is held back. */
  const writeSome = (): boolean => {
    while (heldBack.length > 0) {
      const first = heldBack[0]!;
      let written: number;
      try {
        written = writeSync(fd, first);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'EAGAIN') return false;
        // Closed, or the file or pipe is gone: nothing more can be written.
        heldBack = [];
        heldBackBytes = 0;
        return true;
      }
      heldBackBytes -= written;
      if (written === first.length) heldBack.shift();
      else heldBack[0] = first.subarray(written);
    }
    return true;
  };
  const release = () => {
    scheduled = false;
    take();
    writeSome();
  };
  return {
    release,
    write(line: string): boolean {
      lines.push(line);
      length += line.length;
      if (length >= size && !scheduled) {
        scheduled = true;
        setImmediate(release);
      }
      return true;
    },
    /** Every line written; waits (without blocking) while a pipe's reader catches up, for at most five seconds. */
    async drain(): Promise<void> {
      take();
      const deadline = Date.now() + 5000;
      while (!writeSome() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 5));
    },
    /** For a process about to die: no event loop is left, so a pipe that is behind is waited for here, up to two seconds. */
    writeOutSync() {
      take();
      const deadline = Date.now() + 2000;
      const pause = new Int32Array(new SharedArrayBuffer(4));
      while (!writeSome() && Date.now() < deadline) Atomics.wait(pause, 0, 0, 2);
    },
  };
}

/** pino-pretty is a development dependency: without it (a production install) the log stays JSON. */
async function prettyPrinter(): Promise<DestinationStream | null> {
  try {
    const { default: pretty } = await import('pino-pretty');
    return pretty({
      sync: true,
      colorize: true,
      singleLine: true,
      translateTime: 'SYS:HH:MM:ss.l',
      ignore: 'pid,hostname,service',
    });
  } catch {
    return null;
  }
}
