// The check of an export's hash chain (see projections/audit/hashChain.ts for the export), with the SHA-256 given: the
// server and the CLI pass node's, the audit console the browser's, so an export is checked by the same code everywhere.

/** The prevHash of the first line. */
export const GENESIS = '0'.repeat(64);

/**
 * `extendsAt`, when an earlier head was given: how many lines of this export the earlier export had (its head is the
 * hash of that line, GENESIS for none), or null when no line of this export ends an earlier export with that head.
 */
export type ChainCheck =
  { ok: true; lines: number; head: string; extendsAt?: number | null } | { ok: false; line: number; reason: string };

/** A chain head as an export prints it. */
export const chainHeadPattern = /^[0-9a-f]{64}$/;

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
  earlier?: string,
): Promise<ChainCheck> {
  let number = 0;
  // An earlier export is a prefix of this one when its head is the hash of one of this export's lines: each line's
  // prevHash is checked against that hash already, so the proof costs no hashing of its own.
  let extendsAt: number | null = earlier === GENESIS ? 0 : null;
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
    if (previous !== null && extendsAt === null && expected === earlier) extendsAt = number - 1;
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
  if (previous !== null && extendsAt === null && computed === earlier) extendsAt = number;
  return { ok: true, lines: number, head: computed, ...(earlier === undefined ? {} : { extendsAt }) };
}

/** What an export's check says of an earlier signed-off head: it extends that export, or it does not, and why. */
export function extendsText(earlier: string, result: { lines: number; extendsAt?: number | null }): string {
  if (result.extendsAt === null || result.extendsAt === undefined)
    return `Does not extend the earlier export: no line of this export ends with the chain head ${earlier}. The log was changed since that export was signed off, or the head is of another log (or of one stream's export); across a migration (migrate-seal) the old lines are sealed anew, so check it with --before.`;
  const added = result.lines - result.extendsAt;
  return `Extends the earlier export: its ${result.extendsAt} line${result.extendsAt === 1 ? '' : 's'} (chain head ${earlier}) begin this one unchanged, and ${added} line${added === 1 ? ' was' : 's were'} added since.`;
}

const changedLine = (n: number) =>
  `line ${n} was changed (or lines were removed or inserted next to it): the chain breaks there`;
