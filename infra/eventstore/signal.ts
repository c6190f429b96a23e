// Wakes waiting subscribers when new events are committed, or after a timeout for appends by other processes.
export class Signal {
  private waiters = new Set<() => void>();

  notify(): void {
    const waiting = this.waiters;
    this.waiters = new Set();
    for (const wake of waiting) wake();
  }

  /** Resolves on the next notify, or after `timeoutMs`. Ask before reading, so no notify is missed. */
  next(timeoutMs: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.waiters.delete(done);
        resolve();
      }, timeoutMs);
      const done = () => {
        clearTimeout(timer);
        resolve();
      };
      this.waiters.add(done);
    });
  }
}
