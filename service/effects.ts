// The side effects of events (e-mails): a reactor on its own checkpoint, run where the projection runner runs.
import {
  REACTOR_NAMESPACE,
  Reactor,
  type Reaction,
  type Reactions,
  type ReactorOptions,
} from '../projections/engine/reactor.ts';
import type { ReactionDeps } from './capability.ts';
import { capabilities } from './capabilities.ts';
import type { PositionWaiter } from '../contracts/ports/positionWaiter.ts';
import type { ReadStore } from '../contracts/ports/readStore.ts';
import type { Lease } from '../contracts/ports/lease.ts';

/** One table from several: where capabilities react to the same event type, each reaction runs, in capability order. */
export function combineReactions(tables: readonly Reactions[]): Reactions {
  const combined: Record<string, Reaction[]> = {};
  for (const table of tables)
    for (const [type, reaction] of Object.entries(table)) (combined[type] ??= []).push(reaction);
  return Object.fromEntries(
    Object.entries(combined).map(([type, all]): [string, Reaction] => [
      type,
      all.length === 1
        ? all[0]!
        : async (event) => {
            for (const reaction of all) await reaction(event);
          },
    ]),
  );
}

/**
 * Starts the reactor that carries out every capability's reactions (the e-mails the log makes due), each once. With a
 * lease it reacts only while it holds it: a second process on the same log (the shop inline beside `npm run
 * projections`) stands by and takes over when the first stops or dies (docs/decisions/051).
 */
export async function startEffects(
  deps: ReactionDeps & { reads: ReadStore; lease?: Lease },
  watch: Pick<ReactorOptions, 'onFailure' | 'onRecovered'> = {},
): Promise<Reactor> {
  const reactions = combineReactions(capabilities.map((capability) => capability.reactions?.(deps) ?? {}));
  const reactor = new Reactor(deps.events, deps.reads.withNamespace(REACTOR_NAMESPACE), reactions, {
    logger: deps.logger,
    clock: deps.clock,
    ...watch,
    ...(deps.lease ? { lease: deps.lease } : {}),
  });
  await reactor.start();
  return reactor;
}

/** With the reactor in another process, a handler that waits for its e-mails polls the checkpoint it saves. */
export function reactorCheckpointWaiter(reads: ReadStore, name = 'emails'): PositionWaiter {
  const checkpoints = reads.withNamespace(REACTOR_NAMESPACE);
  return {
    async waitFor(position, timeoutMs = 2000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        if (((await checkpoints.checkpoint(name).catch(() => null)) ?? 0) >= position) return true;
        if (Date.now() >= deadline) return false;
        await new Promise((r) => setTimeout(r, 20));
      }
    },
  };
}
