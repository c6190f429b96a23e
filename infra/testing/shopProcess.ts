// A whole shop in a process of its own, configured by its environment as `infra/main/shop.ts` is, for the tests that run
// two shop processes on one data folder. SHOP_CLOCK_MS, when set, is the moment the shop's clock stands at (the
// clock its decisions read: events' times, two-step codes), so a test makes its codes for a step it chose.
import pino from 'pino';
import { loadConfigOrExit } from '../../service/config.ts';
import { createShop } from '../composition/shop.ts';

const config = loadConfigOrExit();
const clockMs = process.env.SHOP_CLOCK_MS === undefined ? null : Number(process.env.SHOP_CLOCK_MS);
if (clockMs !== null && !Number.isFinite(clockMs)) throw new Error('SHOP_CLOCK_MS must be milliseconds since 1970');
const shop = await createShop(config, {
  logger: pino({ level: process.env.LOG_LEVEL ?? 'silent' }),
  ...(clockMs === null ? {} : { clock: () => new Date(clockMs) }),
});
await shop.listen();
let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  await shop.close();
  process.exit(0);
}
// A signal starts the shutdown; a failure in it still ends the process as an unhandled rejection would.
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void stop());
