// Read-your-writes: something that folds the log (the read models, the reactor) says when it has reached a position.
export interface PositionWaiter {
  /** resolves true once everything up to `position` is folded, false if that takes longer than `timeoutMs` */
  waitFor(position: number, timeoutMs?: number): Promise<boolean>;
}
