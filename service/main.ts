// Starts the shop: `npm start`.
import { UnknownEventVersion } from '../contracts/eventCatalog.ts';
import { ConfigError, loadConfig } from './config.ts';
import { FileFormatError } from './dataFiles.ts';
import { createShop, type Shop } from './shop.ts';

let config;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

let shop: Shop;
try {
  shop = await createShop(config);
} catch (error) {
  // A log or file from a newer release: say which and stop, rather than misread it.
  if (error instanceof UnknownEventVersion || error instanceof FileFormatError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
const server = await shop.listen();
const address = server.address();
const port = typeof address === 'object' && address ? address.port : config.PORT;
shop.deps.logger.info(
  { port, eventStore: shop.deps.events.kind, readStore: shop.deps.reads.kind },
  `shop listening on http://localhost:${port}`,
);

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, async () => {
    if (stopping) return;
    stopping = true;
    shop.deps.logger.info({ signal }, 'shutting down');
    await shop.close();
    process.exit(0);
  });
}
