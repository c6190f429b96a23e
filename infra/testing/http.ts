// Every HTTP call a test makes has a deadline: a server that never answers fails the call with a message naming it,
// instead of holding the test file until the runner ends it ten minutes later.

/**
 * Long enough for the slowest answer a test waits for on a loaded machine (the last of 300 sign-ins queued behind
 * scrypt), short against the runner's ten minutes a file.
 */
export const callDeadlineMs = 120_000;

/** fetch that gives up after `deadlineMs` (the body's reading included), saying which call did not answer. */
export async function fetchWithin(
  url: string | URL,
  init: RequestInit = {},
  deadlineMs = callDeadlineMs,
): Promise<Response> {
  const deadline = AbortSignal.timeout(deadlineMs);
  const signal = init.signal ? AbortSignal.any([init.signal, deadline]) : deadline;
  try {
    return await fetch(url, { ...init, signal });
  } catch (error) {
    if (deadline.aborted)
      throw new Error(`${init.method ?? 'GET'} ${String(url)}: no answer within ${deadlineMs / 1000} s`, {
        cause: error,
      });
    throw error;
  }
}
