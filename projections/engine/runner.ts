// Follows the global log from the read store's checkpoints and folds every event into the read models exactly once.
import type { RecordedEvent } from '../../contracts/shared/events.ts';
import type { EventStore, Subscription } from '../../contracts/ports/eventStore.ts';
import type { ReadStore } from '../../contracts/ports/readStore.ts';
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
  /** how often to check that the read store still holds our checkpoint (a flushed Redis is rebuilt) */
  healthCheckMs?: number;
};

/**
 * Written with the first commit after each resume and never again until the next one. Every commit rewrites the
 * projections' checkpoints, so a store flushed between two health checks and then written to looks whole by them;
 * this marker stays missing, so the loss is still noticed.
 */
export const RESUME_MARKER = '$runner-resumed';

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
  /** the resume marker: waiting to go out with the next commit, or known to be in the store */
  private marker: 'pending' | 'written' = 'pending';
  /** position of the last event whose writes are committed for every projection */
  position = 0;
  rebuilds = 0;

  constructor(
    private readonly events: EventStore,
    private readonly store: ReadStore,
    private readonly projections: readonly Projection[],
    private readonly options: RunnerOptions = {},
  ) {}

  async start(): Promise<void> {
    this.stopped = false;
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
    this.applied = new Map();
    for (const p of this.projections) this.applied.set(p.name, (await this.store.checkpoint(p.name)) ?? 0);
    const from = Math.min(...this.applied.values());
    this.position = from;
    this.batch = null;
    this.marker = 'pending';
    this.options.logger?.info({ from, projections: this.projections.map((p) => p.name) }, 'projections resuming');
    this.subscription = this.events.subscribe(
      from,
      (event) => this.fold(event),
      (error) => this.failed(error),
    );
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
      const withMarker = this.marker === 'pending';
      const position = await batch.commit(withMarker ? [{ projection: RESUME_MARKER, position: batch.count }] : []);
      if (withMarker) this.marker = 'written';
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

  private async restart({ dropStore = false } = {}) {
    this.restarting = true;
    try {
      await this.subscription?.close().catch(() => {});
      this.subscription = null;
      this.batch = null;
      await this.committing.catch(() => {});
      this.committing = Promise.resolve();
      // Only once nothing is folding or committing: a batch landing after the drop would leave a checkpoint for data
      // that is not there.
      if (dropStore) await this.store.drop().catch(() => {});
      while (!this.stopped) {
        await new Promise((r) => setTimeout(r, this.options.retryDelayMs ?? 500));
        try {
          await this.resume();
          return;
        } catch (error) {
          this.options.logger?.error(
            { err: error instanceof Error ? error.message : String(error) },
            'read store still unavailable',
          );
        }
      }
    } finally {
      this.restarting = false;
    }
  }

  /** Notices a read store that lost its data (flushed, restarted without persistence) and rebuilds it. */
  private async checkStore() {
    // A check waiting on a store that is reconnecting must not be joined by the next ones: they would all rebuild.
    if (this.stopped || this.restarting || this.checking || this.position === 0) return;
    this.checking = true;
    try {
      const name = this.projections[0]!.name;
      const markerExpected = this.marker === 'written';
      const [stored, marker] = await Promise.all([
        this.store.checkpoint(name),
        markerExpected ? this.store.checkpoint(RESUME_MARKER) : null,
      ]);
      if (this.stopped || this.restarting) return;
      if (stored === null || stored < (this.applied.get(name) ?? 0) || (markerExpected && marker === null)) {
        this.options.logger?.error(
          { stored, marker, expected: this.position },
          'read store lost its checkpoint; rebuilding from the log',
        );
        this.rebuilds += 1;
        await this.restart({ dropStore: true });
      }
    } catch (error) {
      this.failed(error);
    } finally {
      this.checking = false;
    }
  }
}
