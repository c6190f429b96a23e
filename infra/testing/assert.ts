// Assertions uvu/assert lacks.
import * as assert from 'uvu/assert';
import { Invalid } from '../../contracts/shared/errors.ts';

/** Asserts that `fn` rejects, and that the error passes `check` when given. Returns the error. */
export async function rejects(
  fn: () => Promise<unknown>,
  check?: (error: unknown) => boolean,
  message?: string,
): Promise<unknown> {
  try {
    await fn();
  } catch (error) {
    if (check && !check(error)) assert.unreachable(message ?? `rejected with an unexpected error: ${String(error)}`);
    return error;
  }
  assert.unreachable(message ?? 'expected a rejection');
}

/** Asserts that `run` throws a domain `Invalid` (the 400 a bad input gets) and returns its message. */
export function refusal(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    assert.instance(error, Invalid);
    return (error as Invalid).message;
  }
  assert.unreachable('expected a refusal');
  return '';
}

/** Polls `probe` until it returns true or `timeoutMs` passes. */
export async function eventually(
  probe: () => Promise<boolean> | boolean,
  timeoutMs = 5000,
  what = 'condition',
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await probe()) return;
    if (Date.now() > deadline) assert.unreachable(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
