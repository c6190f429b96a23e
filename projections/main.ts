// `npm run projections`: the projection runner as its own process, folding the configured event log into the
// configured read store, for services started with PROJECTIONS=external.
import pino from 'pino';
import { ConfigError, loadConfig, type Config } from '../service/config.ts';
import { startEffects } from '../service/effects.ts';
import { openEventStore, openMailer, openReadStore } from '../service/shop.ts';
import { allProjections } from './index.ts';
import { ProjectionRunner } from './runner.ts';

let config: Config;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

const logger = pino({ level: config.LOG_LEVEL, base: { service: 'projections' } });
if (!config.REDIS_URL) {
  // Read models in memory live inside one process; a separate runner would fold them where no service can read them.
  logger.fatal('npm run projections needs REDIS_URL: without it the read models live in memory inside the service');
  process.exit(1);
}

const events = await openEventStore(config);
const reads = await openReadStore(config);
const runner = new ProjectionRunner(events, reads, allProjections, { logger });
// The reactor (e-mails) runs here too: beside the one runner, never in every service instance.
const mailer = await openMailer(config, logger);
let reactor: Awaited<ReturnType<typeof startEffects>> | null = null;

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, async () => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal, position: runner.position }, 'stopping');
    // The runner commits what it has folded before it stops, so a restart resumes exactly there.
    await runner.stop();
    await reactor?.stop();
    await mailer.close();
    await reads.close();
    await events.close();
    logger.info({ position: runner.position }, 'stopped');
    process.exit(0);
  });
}

try {
  await runner.start();
  reactor = await startEffects({ config, events, reads, mailer, logger, clock: () => new Date() });
  logger.info(
    { eventStore: events.kind, readStore: reads.kind, position: runner.position, projections: allProjections.map((p) => p.name) },
    'projection runner started',
  );
  const head = await events.headPosition();
  if (await runner.waitFor(head, 10 * 60_000)) logger.info({ position: runner.position }, 'read models caught up with the log');
} catch (error) {
  // A signal during start closes the stores under it; that is a stop, not a failure.
  if (!stopping) throw error;
}
