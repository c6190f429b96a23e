// Generations of read models: every set of projection versions is folded into a namespace of its own. Queries read
// through a LiveReadStore that names whichever generation is live; a new generation is built beside the live one, which
// keeps answering, and the switch happens once the new one has caught up. Then the old one is removed.
//
// What is stored where (see docs/decisions/018-read-model-generations.md): each generation's documents, indexes and
// checkpoints under its own namespace (`rm-<versions hash>-<time>`); the live one in a record outside every namespace
// (ReadStore.live / setLive: the hash shop:generation in Redis, a field of the backend in memory). A backend that
// holds read models from before generations (namespace v1, no record) counts as a live generation of unknown versions.
import { createHash } from 'node:crypto';
import type { PositionWaiter } from '../../contracts/ports/positionWaiter.ts';
import type { DomainEvent } from '../../contracts/shared/events.ts';
import type { EventStore } from '../../contracts/ports/eventStore.ts';
import type {
  Checkpoint,
  LiveGeneration,
  RangeOptions,
  ReadStore,
  ScoreBounds,
  Write,
} from '../../contracts/ports/readStore.ts';
import type { Projection } from './projection.ts';
import { rebuild } from './rebuild.ts';
import { ProjectionRunner, type RunnerLogger, type RunnerOptions } from './runner.ts';

/** The namespace read models lived in before generations. */
export const LEGACY_NAMESPACE = 'v1';

/** "books@1,orderHistory@1,…": what a generation holds, in a stable order. */
export function versionsOf(projections: readonly Projection[]): string {
  return projections
    .map((p) => `${p.name}@${p.version ?? 1}`)
    .sort()
    .join(',');
}

/** A fresh namespace for a generation of these versions; unique, so an on-demand rebuild never meets the live one. */
export function newGenerationName(projections: readonly Projection[]): string {
  const hash = createHash('sha256').update(versionsOf(projections)).digest('hex').slice(0, 8);
  return `rm-${hash}-${Date.now().toString(36)}${Math.floor(Math.random() * 36 ** 3).toString(36)}`;
}

/** Whether code folding `ours` is older than whatever wrote `recorded`: it has some projection at a lower version. */
export function isOlderThan(ours: string, recorded: string): boolean {
  const theirs = new Map(
    recorded
      .split(',')
      .filter(Boolean)
      .map((entry) => entry.split('@') as [string, string]),
  );
  return ours
    .split(',')
    .filter(Boolean)
    .some((entry) => {
      const [name, version] = entry.split('@') as [string, string];
      return theirs.has(name) && Number(theirs.get(name)) > Number(version);
    });
}

/** The live generation a backend records, or the read models from before generations if those are there. */
export async function recordedGeneration(
  base: ReadStore,
  projections: readonly Projection[],
): Promise<LiveGeneration | null> {
  const live = await base.live();
  if (live) return live;
  const legacy = base.withNamespace(LEGACY_NAMESPACE);
  const held = await Promise.all(projections.map((p) => legacy.checkpoint(p.name)));
  return held.some((c) => c !== null) ? { namespace: LEGACY_NAMESPACE, versions: '' } : null;
}

/** The live generation's store on a backend, for tools that read it from outside the shop (verify, chaos checks). */
export async function openLive(base: ReadStore): Promise<ReadStore> {
  return base.withNamespace((await base.live())?.namespace ?? LEGACY_NAMESPACE);
}

/**
 * A read store that forwards every call to the generation that is live now, so the service's queries never learn that
 * it changed. Each call goes to one generation; the one before a switch stays readable for a grace period after it.
 */
export class LiveReadStore implements ReadStore {
  constructor(private current: ReadStore) {}

  /** the generation's own store */
  get target(): ReadStore {
    return this.current;
  }
  point(store: ReadStore): void {
    this.current = store;
  }

  get kind() {
    return this.current.kind;
  }
  get namespace() {
    return this.current.namespace;
  }
  get<T>(collection: string, id: string) {
    return this.current.get<T>(collection, id);
  }
  getMany<T>(collection: string, ids: readonly string[]) {
    return this.current.getMany<T>(collection, ids);
  }
  range(index: string, options?: RangeOptions) {
    return this.current.range(index, options);
  }
  count(index: string, bounds?: ScoreBounds) {
    return this.current.count(index, bounds);
  }
  commit(writes: readonly Write[], checkpoints: readonly Checkpoint[]) {
    return this.current.commit(writes, checkpoints);
  }
  checkpoint(projection: string) {
    return this.current.checkpoint(projection);
  }
  dump() {
    return this.current.dump();
  }
  drop() {
    return this.current.drop();
  }
  withNamespace(namespace: string) {
    return this.current.withNamespace(namespace);
  }
  live() {
    return this.current.live();
  }
  setLive(next: LiveGeneration, expectedNamespace: string | null) {
    return this.current.setLive(next, expectedNamespace);
  }
  ping() {
    return this.current.ping();
  }
  close() {
    return this.current.close();
  }
}

export type ReadModelsOptions = {
  /**
   * true where the projection runner runs (the service with PROJECTIONS=inline, `npm run projections`): it folds the
   * live generation and builds new ones. false in a service whose runner is elsewhere: it only follows the record.
   */
  fold: boolean;
  logger?: RunnerLogger & { warn?(obj: object, msg?: string): void };
  runner?: RunnerOptions;
  /** how often the record of the live generation is read, to follow a switch made by another process; 0: never */
  followMs?: number;
  /** how long a generation that was switched away from stays readable before it is removed */
  graceMs?: number;
};

export type SwitchResult = { from: string | null; to: string; versions: string; events: number; ms: number };

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/**
 * The read models of one process: which generation is live, the runner folding it (when this process folds), the
 * building of a new generation beside it and the switch.
 */
export class ReadModels implements PositionWaiter {
  readonly reads: LiveReadStore;
  private runner: ProjectionRunner | null = null;
  /** the runner of a generation being built, until it is live */
  private builder: ProjectionRunner | null = null;
  private generation: LiveGeneration | null = null;
  /** the live generation is the read models from before generations, with no record naming them yet */
  private unrecorded = false;
  private building: Promise<SwitchResult> | null = null;
  private followTimer: NodeJS.Timeout | null = null;
  private following = false;
  private stopped = false;
  /** generations switched to since start */
  switches = 0;

  constructor(
    private readonly events: EventStore<DomainEvent>,
    private readonly base: ReadStore,
    private readonly projections: readonly Projection[],
    private readonly options: ReadModelsOptions,
  ) {
    this.reads = new LiveReadStore(base.withNamespace(LEGACY_NAMESPACE));
  }

  /** The runner folding the live generation here, if any (null while a newer one builds, or where nothing folds). */
  get liveRunner(): ProjectionRunner | null {
    return this.runner;
  }

  get live(): LiveGeneration | null {
    return this.generation;
  }

  /** Whether a new generation is being built beside the live one. */
  get rebuilding(): boolean {
    return this.building !== null;
  }

  async start(): Promise<void> {
    const versions = versionsOf(this.projections);
    let recorded = await recordedGeneration(this.base, this.projections);
    if (!recorded && this.options.fold) {
      // Nothing here yet: this generation is live from its first event.
      const fresh = { namespace: newGenerationName(this.projections), versions };
      recorded = (await this.base.setLive(fresh, null)) ? fresh : await this.base.live();
    }
    if (recorded) {
      this.generation = recorded;
      this.unrecorded = recorded.namespace === LEGACY_NAMESPACE && (await this.base.live()) === null;
      this.reads.point(this.base.withNamespace(recorded.namespace));
    }
    if (this.options.fold && recorded) {
      if (recorded.versions === versions) await this.startRunner(this.reads.target);
      else if (isOlderThan(versions, recorded.versions)) {
        this.options.logger?.error(
          { live: recorded, ours: versions },
          'newer read models are live; this process only reads them',
        );
      } else {
        // Another version answers: it keeps answering while this one builds beside it.
        this.options.logger?.info(
          { live: recorded, building: versions },
          'read models of other versions are live; building these beside them',
        );
        this.startBuilding();
      }
    }
    const every = this.options.followMs ?? 500;
    if (every > 0) {
      this.followTimer = setInterval(() => void this.follow(), every);
      this.followTimer.unref();
    }
  }

  /** Read-your-writes: resolves once the live read models hold the event at `position`. */
  async waitFor(position: number, timeoutMs = 2000): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      // While a new generation builds where the live one is folded by no one, the builder is what moves.
      const runner = this.runner ?? (this.options.fold ? this.builder : null);
      const left = Math.max(0, deadline - Date.now());
      if (runner) {
        if (await runner.waitFor(position, left)) return true;
        // The runner was replaced by a switch while we waited: wait on the one that folds the live generation now.
        if (runner === (this.runner ?? (this.options.fold ? this.builder : null)) || Date.now() >= deadline)
          return false;
        continue;
      }
      // Folded elsewhere (another process, or this one's next generation): the live checkpoints say how far.
      const committed = await Promise.all(this.projections.map((p) => this.reads.checkpoint(p.name).catch(() => null)));
      if (committed.every((c) => (c ?? 0) >= position)) return true;
      if (Date.now() >= deadline) return false;
      await sleep(Math.min(10, left));
    }
  }

  /** Position of the live read models (the lowest checkpoint). */
  async position(): Promise<number> {
    if (this.runner) return this.runner.position;
    const committed = await Promise.all(this.projections.map((p) => this.reads.checkpoint(p.name)));
    return Math.min(...committed.map((c) => c ?? 0));
  }

  /** Resolves once the live generation has caught up with the log (at once while a new one builds). */
  async catchUp(timeoutMs: number): Promise<boolean> {
    if (!this.runner) return true;
    return this.runner.waitFor(await this.events.headPosition(), timeoutMs);
  }

  /**
   * Builds a generation of `projections` beside the live one, switches to it once it has caught up, and removes the
   * old one after the grace period. Queries keep being answered throughout, by the old generation until the switch.
   */
  rebuild(projections: readonly Projection[] = this.projections): Promise<SwitchResult> {
    if (this.building) return this.building;
    const building = this.build(projections).finally(() => {
      if (this.building === building) this.building = null;
    });
    this.building = building;
    return building;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.followTimer) clearInterval(this.followTimer);
    await this.building?.catch(() => {});
    await this.runner?.stop();
  }

  private startBuilding() {
    this.rebuild().catch((error) =>
      this.options.logger?.error(
        { err: error instanceof Error ? error.message : String(error) },
        'building the new read models failed',
      ),
    );
  }

  private async startRunner(store: ReadStore): Promise<ProjectionRunner> {
    const runner = new ProjectionRunner(this.events, store, this.projections, {
      logger: this.options.logger,
      ...this.options.runner,
    });
    await runner.start();
    this.runner = runner;
    return runner;
  }

  private async build(projections: readonly Projection[]): Promise<SwitchResult> {
    const started = performance.now();
    const next: LiveGeneration = { namespace: newGenerationName(projections), versions: versionsOf(projections) };
    const target = this.base.withNamespace(next.namespace);
    const runnerOptions = { logger: this.options.logger, ...this.options.runner };
    // The bulk of the log in large batches into the empty namespace, then the runner for what came since.
    const bulk = await rebuild(this.events, target, projections, { upTo: await this.events.headPosition() });
    const builder = new ProjectionRunner(this.events, target, projections, runnerOptions);
    await builder.start();
    this.builder = builder;
    try {
      for (;;) {
        if (this.stopped) throw new Error('stopped while building the new read models');
        const goal = Math.max(await this.events.headPosition(), this.runner?.position ?? 0);
        if (builder.position >= goal) break;
        await builder.waitFor(goal, 1000);
      }
      // A process that does not fold the live generation hands the new one to the runner that does (it follows the
      // record): stopped first, so two runners never fold into one namespace.
      const handOver = !this.options.fold;
      if (handOver) await builder.stop();
      const from = this.generation?.namespace ?? null;
      if (!(await this.base.setLive(next, this.unrecorded ? null : from)))
        throw new Error('another process switched the read models meanwhile');
      if (!handOver) {
        // Not one await between this check and the switch: every position the old runner has reported is in the new one.
        while (builder.position < (this.runner?.position ?? 0)) await builder.waitFor(this.runner!.position, 1000);
      }
      const old = { runner: this.runner, store: this.reads.target };
      this.reads.point(target);
      this.builder = null;
      this.generation = next;
      this.unrecorded = false;
      this.runner = handOver ? null : builder;
      this.switches += 1;
      this.options.logger?.info(
        { from, to: next.namespace, versions: next.versions, events: bulk.events },
        'read models switched to the new generation',
      );
      await old.runner?.stop();
      await this.removeLater(old.store);
      return {
        from,
        to: next.namespace,
        versions: next.versions,
        events: bulk.events,
        ms: performance.now() - started,
      };
    } catch (error) {
      this.builder = null;
      await builder.stop().catch(() => {});
      if (this.generation?.namespace !== next.namespace) await target.drop().catch(() => {});
      throw error;
    }
  }

  /** Requests already reading the old generation finish there; other processes follow the record meanwhile. */
  private async removeLater(old: ReadStore) {
    if (old.namespace === this.reads.namespace) return;
    await sleep(this.options.graceMs ?? 3000);
    await old.drop();
    this.options.logger?.info({ namespace: old.namespace }, 'old read models removed');
  }

  /** Follows a switch made by another process, and writes the record again if the backend lost it. */
  private async follow() {
    if (this.stopped || this.building || this.following) return;
    this.following = true;
    try {
      const recorded = await this.base.live();
      if (this.stopped || this.building) return;
      if (!recorded) {
        // Flushed: the runner rebuilds its namespace in place; the record must name it again.
        if (this.options.fold && this.generation && this.runner) await this.base.setLive(this.generation, null);
        return;
      }
      if (recorded.namespace === this.reads.namespace) return;
      const old = { runner: this.runner, namespace: this.reads.namespace };
      const store = this.base.withNamespace(recorded.namespace);
      if (this.options.fold && recorded.versions === versionsOf(this.projections)) {
        // The old runner stops first: the one that built the new generation stopped before it switched.
        await old.runner?.stop();
        this.runner = null;
        await this.startRunner(store);
      } else if (old.runner) {
        await old.runner.stop();
        this.runner = null;
      }
      this.reads.point(store);
      this.generation = recorded;
      this.unrecorded = false;
      this.switches += 1;
      this.options.logger?.info(
        { from: old.namespace, to: recorded.namespace },
        'read models followed a switch made elsewhere',
      );
    } catch (error) {
      this.options.logger?.error(
        { err: error instanceof Error ? error.message : String(error) },
        'could not read which read models are live',
      );
    } finally {
      this.following = false;
    }
  }
}
