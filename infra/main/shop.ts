// Starts the shop: `npm start` (compiled), or `node --import tsx infra/main/shop.ts`.
import { UnknownEventVersion } from '../../contracts/eventCatalog.ts';
import { loadConfigOrExit } from '../../service/config.ts';
import { DataFolderRefused, FileFormatError } from '../../service/dataFiles.ts';
import { openShopLog } from '../../service/log.ts';
import { firstStartLines } from '../../service/admin/credentials.ts';
import { createShop, KeyFileRefused, TokenSecretRefused, WrongMasterKey, type Shop } from '../composition/shop.ts';

const config = loadConfigOrExit();

const log = await openShopLog(config);
const { logger } = log;

/** The log is written asynchronously: whatever way the process ends, its last lines go out first. */
async function exitAfterLog(code: number): Promise<never> {
  const timer = setTimeout(() => {
    log.flushSync();
    process.exit(code);
  }, 3000);
  timer.unref();
  await log.close();
  process.exit(code);
}

let fatal = false;
const die = (kind: string) => (error: unknown) => {
  if (fatal) return;
  fatal = true;
  logger.fatal({ err: error }, kind);
  void exitAfterLog(1);
};
process.on('uncaughtException', die('uncaught exception'));
process.on('unhandledRejection', die('unhandled rejection'));

let shop: Shop | undefined;
/** the admin account a first start outside production made, whose password is printed once the shop listens */
let createdAdmin: { username: string; password: string } | null = null;
let server: Awaited<ReturnType<Shop['listen']>> | undefined;
try {
  shop = await createShop(config, { logger, onAdminCreated: (account) => (createdAdmin = account) });
  server = await shop.listen();
} catch (error) {
  // A log or file from a newer release, a key file missing or not the log's, another master key, a token secret that
  // does not open the accounts' sealed secrets, or a data folder left half-way (a migration): say which in one line
  // and stop, rather than misread it, show living customers as erased or let no account sign in.
  if (
    error instanceof UnknownEventVersion ||
    error instanceof FileFormatError ||
    error instanceof KeyFileRefused ||
    error instanceof TokenSecretRefused ||
    error instanceof WrongMasterKey ||
    error instanceof DataFolderRefused
  ) {
    logger.fatal(error.message);
    console.error(error.message);
  } else logger.fatal({ err: error }, 'the shop could not start');
  await exitAfterLog(1);
}
const address = server!.address();
const port = typeof address === 'object' && address ? address.port : config.PORT;
logger.info(
  { port, eventStore: shop!.deps.events.kind, readStore: shop!.deps.reads.kind },
  `shop listening on http://localhost:${port}`,
);
if (createdAdmin) {
  const signInAt = new URL('/admin/login', config.PUBLIC_URL ?? `http://localhost:${port}`).href;
  // Plain lines for the person at the terminal; the log says an account was made, without its password.
  process.stdout.write(firstStartLines(createdAdmin, signInAt));
}

let stopping = false;
async function stop(signal: NodeJS.Signals) {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, 'shutting down');
  // Requests in flight finish (and log their lines) before the stores close.
  await shop!.close();
  logger.info('stopped');
  await exitAfterLog(0);
}
// A signal starts the shutdown; a failure in it still ends the process as an unhandled rejection would.
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void stop(signal));
