// `npm run projections`: the projection runner as its own process, folding the configured event log into the
// configured read store, for services started with PROJECTIONS=external. The reactor that sends e-mails runs here too.
// `npm run projections -- rebuild`: builds a new generation of the read models beside the live one, against the
// running shop's Redis, switches to it once it has caught up, and removes the old one; the shop answers throughout.
import pino from 'pino';
import { resolveJwtSecret } from '../../service/admin/tokens.ts';
import { loadConfigOrExit } from '../../service/config.ts';
import { startEffects } from '../../service/effects.ts';
import {
  openEventStore,
  openMailer,
  openPaymentGateway,
  openReactorLease,
  openReadModelsLease,
  openReadStore,
} from '../composition/shop.ts';
import { ReadModels, versionsOf } from '../../projections/engine/generations.ts';
import { allProjections } from '../../projections/index.ts';
import type { Reactor } from '../../projections/engine/reactor.ts';

const config = loadConfigOrExit();

const command = process.argv[2] ?? 'run';
const logger = pino({ level: config.LOG_LEVEL, base: { service: 'projections' } });
if (command !== 'run' && command !== 'rebuild') {
  console.error(`Unknown command "${command}": npm run projections [-- rebuild]`);
  process.exit(1);
}
if (!config.REDIS_URL) {
  // Read models in memory live inside one process; a separate runner would fold them where no service can read them.
  logger.fatal('npm run projections needs REDIS_URL: without it the read models live in memory inside the service');
  process.exit(1);
}

const events = await openEventStore(config);
const store = await openReadStore(config);

if (command === 'rebuild') {
  // Builds and hands over: the runner that folds the live generation (the service's, or `npm run projections`) follows
  // the switch and goes on folding the new one.
  const models = new ReadModels(events, store, allProjections, { fold: false, followMs: 0, logger, graceMs: 5000 });
  let code = 0;
  try {
    await models.start();
    const ours = versionsOf(allProjections);
    if (models.live && models.live.versions !== ours) {
      // The runner folding the live generation runs other code: it would stop folding this one, and nothing would.
      throw new Error(
        `the live read models are of other versions (${models.live.versions || 'from before generations'}, this code has ${ours}); start the runner of this code instead: it builds them beside the live ones`,
      );
    }
    logger.info({ live: models.live }, 'building a new generation of the read models beside the live one');
    const result = await models.rebuild();
    logger.info(result, 'rebuilt: the new generation is live and the old one is removed');
  } catch (error) {
    logger.error(
      { err: error instanceof Error ? error.message : String(error) },
      'rebuild failed; the live read models are unchanged',
    );
    code = 1;
  } finally {
    await models.stop();
    await store.close();
    await events.close();
  }
  process.exit(code);
}

// Processes folding one Redis drop and mark a lost store under this lease, one of them, once (decision 094).
const storeLease = openReadModelsLease(config);
const models = new ReadModels(events, store, allProjections, { fold: true, logger, runner: { lease: storeLease } });
// The reactor (e-mails) runs here too: beside the one runner, never in every service instance.
const mailer = await openMailer(config, logger);
// Refunds are asked of the payment provider by the reactor, so it runs where the reactor runs.
const payments = await openPaymentGateway(config);
let reactor: Reactor | null = null;
// One reactor per log: a shop started inline on the same log, or a second runner, stands by while this one holds it.
const lease = openReactorLease(config);

let stopping = false;
async function stop(signal: NodeJS.Signals) {
  if (stopping) return;
  stopping = true;
  logger.info({ signal, position: await models.position().catch(() => null) }, 'stopping');
  // The runner commits what it has folded before it stops, so a restart resumes exactly there.
  await models.stop();
  await reactor?.stop();
  lease.close();
  storeLease.close();
  await mailer.close();
  await store.close();
  await events.close();
  logger.info({ position: models.liveRunner?.position ?? null }, 'stopped');
  process.exit(0);
}
// A signal starts the shutdown; a failure in it still ends the process as an unhandled rejection would.
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void stop(signal));

try {
  await models.start();
  reactor = await startEffects({
    config,
    events,
    reads: store,
    mailer,
    payments,
    logger,
    clock: () => new Date(),
    // The same secret as the shop's: the confirmation e-mail's receipt link is signed with a key derived from it.
    jwtSecret: resolveJwtSecret(config),
    lease,
  });
  logger.info(
    {
      eventStore: events.kind,
      readStore: store.kind,
      live: models.live,
      projections: allProjections.map((p) => p.name),
    },
    'projection runner started',
  );
  if (await models.catchUp(10 * 60_000))
    logger.info({ position: await models.position() }, 'read models caught up with the log');
} catch (error) {
  // A signal during start closes the stores under it; that is a stop, not a failure.
  if (!stopping) throw error;
}
