// The check of an export's hash chain (see projections/audit/hashChain.ts for the export), with the SHA-256 given: the
// server and the CLI pass node's, the audit console the browser's, so an export is checked by the same code everywhere.

/** The prevHash of the first line. */
export const GENESIS = '0'.repeat(64);

export type ChainCheck = { ok: true; lines: number; head: string } | { ok: false; line: number; reason: string };

function prevHashOf(line: string): string | null {
  try {
    const parsed: unknown = JSON.parse(line);
    const prevHash = parsed && typeof parsed === 'object' ? (parsed as { prevHash?: unknown }).prevHash : undefined;
    return typeof prevHash === 'string' ? prevHash : null;
  } catch {
    return null;
  }
}

/**
 * Recomputes the chain. On a break it names the line that was changed: a changed line breaks only the link to the
 * line after it, while a changed prevHash breaks the link into its own line and the one after. Nothing follows the
 * last line, so only `head` (the chain head printed by the export) can vouch for it.
 */
export async function checkChainWith(
  hash: (text: string) => string | Promise<string>,
  lines: AsyncIterable<string> | Iterable<string>,
  head?: string,
): Promise<ChainCheck> {
  let number = 0;
  let previous: string | null = null;
  let brokenAt: { number: number; line: string } | null = null;
  for await (const line of lines) {
    number += 1;
    const prevHash = prevHashOf(line);
    if (brokenAt) {
      // One line past the break decides which of the two lines around it was changed.
      const suspect: number = prevHash === (await hash(brokenAt.line)) ? brokenAt.number - 1 : brokenAt.number;
      return { ok: false, line: suspect, reason: changedLine(suspect) };
    }
    if (prevHash === null)
      return { ok: false, line: number, reason: `line ${number} is not an exported event with a prevHash` };
    const expected = previous === null ? GENESIS : await hash(previous);
    if (prevHash !== expected) {
      if (number === 1)
        return {
          ok: false,
          line: 1,
          reason: `line 1 was changed, or lines before it were removed: its prevHash is not the genesis hash`,
        };
      brokenAt = { number, line };
    }
    previous = line;
  }
  if (brokenAt) {
    // The break is at the last line: its prevHash was changed, or the line before it was. The head tells which.
    const { number: last } = brokenAt;
    if (head !== undefined) {
      const suspect = (await hash(brokenAt.line)) === head ? last - 1 : last;
      return { ok: false, line: suspect, reason: changedLine(suspect) };
    }
    return {
      ok: false,
      line: last - 1,
      reason: `line ${last - 1} or line ${last} was changed: line ${last}'s prevHash is not the SHA-256 of line ${last - 1}`,
    };
  }
  const computed = previous === null ? GENESIS : await hash(previous);
  if (head !== undefined && computed !== head) {
    return {
      ok: false,
      line: number,
      reason: `line ${number} was changed, or lines were added or removed at the end: the chain head is ${computed}, not ${head}`,
    };
  }
  return { ok: true, lines: number, head: computed };
}

const changedLine = (n: number) =>
  `line ${n} was changed (or lines were removed or inserted next to it): the chain breaks there`;
