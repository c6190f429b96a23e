// Callers waiting for a follower of the log (the projection runner, a reactor) to pass a position, each with a deadline.

type Waiter = { position: number; resolve: (reached: boolean) => void; timer: NodeJS.Timeout };

export class PositionWaiters {
  private waiters: Waiter[] = [];

  /** Resolves true once `reached(position)` is announced, false if `timeoutMs` passes first. */
  wait(current: number, position: number, timeoutMs: number): Promise<boolean> {
    if (current >= position) return Promise.resolve(true);
    return new Promise((resolve) => {
      const waiter: Waiter = {
        position,
        resolve,
        timer: setTimeout(() => {
          this.waiters = this.waiters.filter((w) => w !== waiter);
          resolve(false);
        }, timeoutMs),
      };
      this.waiters.push(waiter);
    });
  }

  /** Settles every waiter at or below `position`. */
  reached(position: number): void {
    if (this.waiters.length === 0) return;
    const still: Waiter[] = [];
    for (const w of this.waiters) {
      if (position >= w.position) {
        clearTimeout(w.timer);
        w.resolve(true);
      } else still.push(w);
    }
    this.waiters = still;
  }

  /** Stopping: every waiter learns now whether its position was reached. */
  settleAll(position: number): void {
    for (const w of this.waiters) {
      clearTimeout(w.timer);
      w.resolve(position >= w.position);
    }
    this.waiters = [];
  }
}
