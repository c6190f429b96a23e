// The auditor's export: NDJSON, one event per line, each line carrying the SHA-256 of the line before it, so that
// changing, removing or inserting any line breaks the chain from there on.
import { createHash } from 'node:crypto';
import type { RecordedEvent } from '../../contracts/shared/events.ts';
import { checkChainWith, GENESIS, type ChainCheck } from '../../contracts/audit/hashChain.ts';

export { GENESIS, type ChainCheck };

export const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** The lines of an export, in the order given. The hash of the last line (the chain head) vouches for it. */
export async function* chainLines(events: AsyncIterable<RecordedEvent>): AsyncGenerator<string> {
  let prevHash = GENESIS;
  for await (const e of events) {
    const line = JSON.stringify({
      position: e.position,
      stream: e.stream,
      revision: e.revision,
      id: e.id,
      type: e.type,
      data: e.data,
      metadata: e.metadata,
      prevHash,
    });
    yield line;
    prevHash = sha256(line);
  }
}

/**
 * Recomputes the chain. On a break it names the line that was changed: a changed line breaks only the link to the
 * line after it, while a changed prevHash breaks the link into its own line and the one after. Nothing follows the
 * last line, so only `head` (the chain head printed by the export) can vouch for it. With `earlier` (an earlier
 * export's signed-off head) it also says whether this export begins with that one (`extendsAt`).
 */
export function checkChain(
  lines: AsyncIterable<string> | Iterable<string>,
  head?: string,
  earlier?: string,
): Promise<ChainCheck> {
  return checkChainWith(sha256, lines, head, earlier);
}
