// Follows the global log from the read store's checkpoints and folds every event into the read models exactly once.
import type { RecordedEvent } from '../../contracts/shared/events.ts';
import type { DomainEvent } from '../../contracts/shared/events.ts';
import type { EventStore, Subscription } from '../../contracts/ports/eventStore.ts';
import type { ReadStore } from '../../contracts/ports/readStore.ts';
import type { Lease } from '../../contracts/ports/lease.ts';
import { PositionWaiters } from './positionWaiters.ts';
import { ProjectionBatch } from './batch.ts';
import type { Projection } from './projection.ts';

export type RunnerLogger = { info(obj: object, msg?: string): void; error(obj: object, msg?: string): void };

export type RunnerOptions = {
  /** events folded before a commit while catching up */
  batchSize?: number;
  logger?: RunnerLogger;
  /** how long to wait before resuming after a read-store failure */
  retryDelayMs?: number;
  /** how often to check that the read store still holds its mark (a flushed Redis is rebuilt) */
  healthCheckMs?: number;
  /**
   * Held while an unmarked store is dropped and marked (a lost store rebuilt, or a new one begun), so that among the
   * processes folding one shared store a single one does it, once (decision 094). Without it the runner decides alone,
   * as it may for a store no other process folds.
   */
  lease?: Lease;
  /** how long to wait before asking again for the lease another process holds */
  leaseRetryMs?: number;
};

/**
 * The store's mark, kept with the checkpoints: a random number written once into an empty store (a new namespace, or
 * one dropped after its data was lost), by one process under the lease. Every commit expects it, with the checkpoints
 * its batch began from. A mark that is gone means the store lost its data (a flushed or restarted Redis); another
 * mark than the one this runner saw means another process rebuilt it meanwhile. A checkpoint lower than this runner's
 * means only that another process committed later than it (never lower: commits are compare-and-set), so it is never
 * taken for a loss.
 */
export const STORE_MARK = '$store-mark';

/** A new mark: any positive number that a store is unlikely to have held before. */
const newMark = () => 1 + Math.floor(Math.random() * 2 ** 48);

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

export class ProjectionRunner {
  private subscription: Subscription | null = null;
  private applied = new Map<string, number>();
  private batch: ProjectionBatch | null = null;
  private committing: Promise<void> = Promise.resolve();
  private commitScheduled = false;
  private folding = false;
  private readonly waiters = new PositionWaiters();
  private healthTimer: NodeJS.Timeout | null = null;
  private restarting = false;
  private checking = false;
  private stopped = true;
  /** the store's mark as this runner last read it; null before the first resume */
  private mark: number | null = null;
  /** position of the last event whose writes are committed for every projection */
  position = 0;
  /** times this runner found the store's data lost and dropped it to fold it again from the log */
  rebuilds = 0;
  /** batches not committed because another process had folded into the store since they began */
  conflicts = 0;

  constructor(
    private readonly events: EventStore<DomainEvent>,
    private readonly store: ReadStore,
    private readonly projections: readonly Projection[],
    private readonly options: RunnerOptions = {},
  ) {}

  async start(): Promise<void> {
    this.stopped = false;
    // Another process may be marking the store (a first start together): the resume waits for it.
    await this.resume();
    const every = this.options.healthCheckMs ?? 1000;
    if (every > 0) {
      this.healthTimer = setInterval(() => void this.checkStore(), every);
      this.healthTimer.unref();
    }
  }

  /** Resolves once the read models have folded the event at `position`; false if `timeoutMs` passed first. */
  waitFor(position: number, timeoutMs = 2000): Promise<boolean> {
    return this.waiters.wait(this.position, position, timeoutMs);
  }

  async lag(): Promise<number> {
    return Math.max(0, (await this.events.headPosition()) - this.position);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.healthTimer) clearInterval(this.healthTimer);
    await this.subscription?.close();
    this.subscription = null;
    await this.committing.catch(() => {});
    if (this.batch) await this.commitNow().catch(() => {});
    this.waiters.settleAll(this.position);
  }

  private async resume(): Promise<void> {
    await this.settleMark();
    this.applied = new Map();
    for (const p of this.projections) this.applied.set(p.name, (await this.store.checkpoint(p.name)) ?? 0);
    const from = Math.min(...this.applied.values());
    this.position = from;
    this.batch = null;
    // Another process may have folded what this one's commands wait for.
    this.waiters.reached(from);
    this.options.logger?.info({ from, projections: this.projections.map((p) => p.name) }, 'projections resuming');
    this.subscription = this.events.subscribe(
      from,
      (event) => this.fold(event),
      (error) => this.failed(error),
    );
  }

  /** Reads the store's mark, marking a store that has none: adopting one folded before marks, or claiming an empty one. */
  private async settleMark(): Promise<void> {
    for (;;) {
      if (this.stopped) throw new Error('the projection runner stopped');
      const mark = await this.store.checkpoint(STORE_MARK);
      if (mark !== null) {
        if (this.mark !== null && mark !== this.mark)
          this.options.logger?.info(
            { namespace: this.store.namespace },
            'the read models were rebuilt by another process; resuming from its checkpoints',
          );
        this.mark = mark;
        return;
      }
      const lost = this.mark !== null;
      if (!lost) {
        const held = await Promise.all(this.projections.map((p) => this.store.checkpoint(p.name)));
        if (held.some((c) => c !== null)) {
          // Folded before stores had marks, or by a bulk rebuild: whole, so marked as it is (by whichever process is first).
          await this.store.commit(
            [],
            [{ projection: STORE_MARK, position: newMark() }],
            [{ projection: STORE_MARK, position: 0 }],
          );
          continue;
        }
      }
      await this.claim(lost);
    }
  }

  /**
   * Drops an unmarked store and marks it, under the lease: another process that held the lease first has already done
   * so, and this one, seeing the mark, only resumes. `lost`: the store had a mark this runner saw, so its data is gone.
   */
  private async claim(lost: boolean): Promise<void> {
    const lease = this.options.lease;
    if (lease && !(await lease.acquire())) {
      await sleep(this.options.leaseRetryMs ?? 50);
      return;
    }
    try {
      if ((await this.store.checkpoint(STORE_MARK)) !== null) return;
      // Whatever is left of a lost store (a partly evicted Redis) would be folded twice.
      await this.store.drop();
      const mark = newMark();
      if (
        !(await this.store.commit(
          [],
          [{ projection: STORE_MARK, position: mark }],
          [{ projection: STORE_MARK, position: 0 }],
        ))
      )
        return;
      this.mark = mark;
      if (lost) {
        this.rebuilds += 1;
        this.options.logger?.error(
          { namespace: this.store.namespace, position: this.position },
          'read store lost its data; rebuilding from the log',
        );
      } else this.options.logger?.info({ namespace: this.store.namespace }, 'read store is new: marked');
    } finally {
      await lease?.release();
    }
  }

  private async fold(event: RecordedEvent): Promise<void> {
    const batch = (this.batch ??= new ProjectionBatch(this.store, this.projections, this.applied));
    // A scheduled commit must not take the batch while an event is half added: its reads await the store (Redis).
    this.folding = true;
    try {
      await batch.add(event);
    } finally {
      this.folding = false;
    }
    // The runner restarted meanwhile: this batch is dropped and the event comes again from the checkpoint.
    if (this.batch !== batch) return;
    if (batch.count >= (this.options.batchSize ?? 500)) {
      await this.commitNow();
    } else if (!this.commitScheduled) {
      // Live events commit as soon as the subscription has delivered what it has: one commit per burst.
      this.commitScheduled = true;
      setImmediate(() => {
        this.commitScheduled = false;
        // Mid-add: the running fold schedules the commit again once its event is in.
        if (this.folding) return;
        this.commitNow().catch((error) => this.failed(error));
      });
    }
  }

  private commitNow(): Promise<void> {
    const batch = this.batch;
    this.batch = null;
    if (!batch || batch.count === 0) return this.committing;
    this.committing = this.committing.then(async () => {
      if (this.mark === null) throw new Error('the read store has no mark');
      const position = await batch.commit([], [{ projection: STORE_MARK, position: this.mark }]);
      if (position === null) {
        // Another process folded into the store since this batch began (or the store was lost): nothing was written.
        // Resume from what the store holds now; the events this batch held are there already, or come again.
        this.conflicts += 1;
        if (!this.stopped && !this.restarting) void this.restart({ atOnce: true });
        return;
      }
      this.position = position;
      this.waiters.reached(this.position);
    });
    return this.committing;
  }

  /** A read-store failure: drop what is pending and resume from the committed checkpoints after a pause. */
  /** The last failure of the read store or the subscription, for the audit console's projection health. */
  lastError: { message: string; at: string } | null = null;

  private failed(error: unknown) {
    if (this.stopped || this.restarting) return;
    this.lastError = { message: error instanceof Error ? error.message : String(error), at: new Date().toISOString() };
    this.options.logger?.error(
      { err: error instanceof Error ? error.message : String(error) },
      'projection runner failed; resuming',
    );
    void this.restart();
  }

  private async restart({ atOnce = false } = {}) {
    this.restarting = true;
    try {
      await this.subscription?.close().catch(() => {});
      this.subscription = null;
      this.batch = null;
      await this.committing.catch(() => {});
      this.committing = Promise.resolve();
      let delay = atOnce ? 0 : (this.options.retryDelayMs ?? 500);
      while (!this.stopped) {
        if (delay > 0) await sleep(delay);
        try {
          // Only once nothing is folding or committing: the resume may drop a lost store, and a batch landing after
          // the drop would be refused anyway, its mark gone.
          await this.resume();
          return;
        } catch (error) {
          if (this.stopped) return;
          this.options.logger?.error(
            { err: error instanceof Error ? error.message : String(error) },
            'read store still unavailable',
          );
          delay = this.options.retryDelayMs ?? 500;
        }
      }
    } finally {
      this.restarting = false;
    }
  }

  /**
   * Notices a read store that lost its data (flushed, restarted without persistence), or that another process rebuilt
   * after such a loss: its mark is gone or another. The resume then rebuilds it (one process, under the lease) or
   * resumes from it. Checkpoints are not compared: one lower than this runner's is another process's commit.
   */
  async checkStore(): Promise<void> {
    // A check waiting on a store that is reconnecting must not be joined by the next ones.
    if (this.stopped || this.restarting || this.checking || this.mark === null) return;
    this.checking = true;
    try {
      const mark = await this.store.checkpoint(STORE_MARK);
      if (this.stopped || this.restarting) return;
      if (mark !== this.mark) await this.restart({ atOnce: true });
    } catch (error) {
      this.failed(error);
    } finally {
      this.checking = false;
    }
  }
}
