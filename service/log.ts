// The shop's log: JSON lines written off the request path, and every buffered line written out before the process ends.
import pino, { type DestinationStream, type Logger } from 'pino';
import type { Config } from './config.ts';

export type ShopLog = {
  logger: Logger;
  /** Writes out every buffered line and closes the destination; resolves once the last line is written. */
  close(): Promise<void>;
  /** For a process about to die: writes what is buffered before returning. */
  flushSync(): void;
};

type Where = { fd?: number; pretty?: boolean };

/**
 * JSON to stdout (or `where.fd`) through an asynchronous writer: a request never waits for the terminal, pipe or file,
 * and lines are written in batches. On a developer's terminal, outside
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
  const destination = pino.destination({ dest: fd, sync: false, minLength: 8 * 1024 });
  const logger = pino(options, destination);
  const tick = setInterval(() => destination.flush(), 250);
  tick.unref();
  let closed: Promise<void> | null = null;
  return {
    logger,
    close() {
      clearInterval(tick);
      // end() waits for the write in flight, then writes the rest; flush() would not wait for the one in flight.
      closed ??= new Promise<void>((resolve) => {
        destination.once('close', () => resolve());
        destination.once('error', () => resolve());
        destination.end();
      });
      return closed;
    },
    flushSync() {
      try {
        destination.flushSync();
      } catch {
        // Not open yet, or already closed: nothing is left to write.
      }
    },
  };
}

/** pino-pretty is a development dependency: without it (a production install) the log stays JSON. */
async function prettyPrinter(): Promise<DestinationStream | null> {
  try {
    const { default: pretty } = await import('pino-pretty');
    return pretty({ sync: true, colorize: true, singleLine: true, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname,service' });
  } catch {
    return null;
  }
}
