// Random bytes for nonces (the boxes' and the key batches'), drawn from the system's generator in large pieces: one
// call for many seals rather than one each (a call costs as much as the cipher it feeds). A piece handed out is never
// handed out again: the pool is replaced when spent, never refilled in place.
import { randomBytes } from 'node:crypto';

const fill = 16 * 1024;
let pool = Buffer.alloc(0);
let next = 0;

/** Fills `target` with fresh random bytes from the pool. */
export function randomInto(target: Buffer): void {
  if (next + target.length > pool.length) {
    pool = randomBytes(Math.max(fill, target.length));
    next = 0;
  }
  // A nonce's dozen bytes are copied one by one: a view of the pool to copy from would be an object each time.
  if (target.length <= 64) for (let i = 0; i < target.length; i++) target[i] = pool[next + i]!;
  else target.set(pool.subarray(next, next + target.length));
  next += target.length;
}
