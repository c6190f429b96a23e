// The proof across a copy-and-transform migration (decision 059): the new log's LogMigrated event records the old log's
// chain end and the new one's, and an export of the new log checks both against an export of the old one, line by
// line: each event carried over with its position, stream, revision, id, type and metadata, and its data the same but
// for the personal fields now sealed (a stand-in in place of the value, the box beside them).
import { isDeepStrictEqual } from 'node:util';
import type { LogMigrated } from '../../contracts/audit/events.ts';
import { personalData, sealedKey, type PersonalFields } from '../../contracts/personalData.ts';

/** One line of an export, parsed. */
export type ExportedLine = {
  position: number;
  stream: string;
  revision: number;
  id: string;
  type: string;
  data: unknown;
  metadata: unknown;
  prevHash: string;
};

/** The migrations an export holds, each with its line number (from 1). */
export function migrationsIn(
  lines: readonly ExportedLine[],
): { line: number; event: ExportedLine; data: LogMigrated['data'] }[] {
  return lines.flatMap((event, i) =>
    event.type === 'LogMigrated' ? [{ line: i + 1, event, data: event.data as LogMigrated['data'] }] : [],
  );
}

/**
 * Why the migration at `line` does not continue the chain of the lines before it, or null when it does: the new log's
 * chain end it records is the chain of every line before it (its own prevHash, and as many events).
 */
export function migrationBreak(line: number, event: ExportedLine, data: LogMigrated['data']): string | null {
  if (data.to.events !== line - 1)
    return `line ${line} records ${data.to.events} events before it, not ${line - 1}: this export is not of the whole log`;
  if (data.to.chainHead !== event.prevHash)
    return `line ${line} records the chain head ${data.to.chainHead} before it, but the chain there is ${event.prevHash}`;
  return null;
}

function without(data: unknown, paths: readonly string[]): unknown {
  if (typeof data !== 'object' || data === null) return data;
  const copy = structuredClone(data) as Record<string, unknown>;
  delete copy[sealedKey];
  for (const path of paths) {
    const parts = path.split('.');
    let at: unknown = copy;
    for (const part of parts.slice(0, -1))
      at = typeof at === 'object' && at !== null ? (at as Record<string, unknown>)[part] : undefined;
    if (typeof at === 'object' && at !== null) delete (at as Record<string, unknown>)[parts.at(-1)!];
  }
  return copy;
}

const valueAt = (data: unknown, path: string): unknown =>
  path
    .split('.')
    .reduce<unknown>(
      (at, part) => (typeof at === 'object' && at !== null ? (at as Record<string, unknown>)[part] : undefined),
      data,
    );

/**
 * Why `after` (a line of the new log's export) is not `before` (the same line of the old log's) carried over, or null
 * when it is: everything equal but the personal fields the rules name that now hold their stand-ins, and the box.
 */
export function carriedOverBreak(
  before: ExportedLine,
  after: ExportedLine,
  rules: Readonly<Record<string, PersonalFields>> = personalData,
): string | null {
  for (const key of ['position', 'stream', 'revision', 'id', 'type'] as const) {
    if (before[key] !== after[key])
      return `its ${key} is ${JSON.stringify(after[key])}, not ${JSON.stringify(before[key])}`;
  }
  if (!isDeepStrictEqual(before.metadata, after.metadata)) return 'its metadata differs';
  const rule = rules[after.type];
  const boxed = (data: unknown) => typeof data === 'object' && data !== null && sealedKey in data;
  // Sealed by the migration: the box is new, and the fields holding their stand-ins held the values. Anything else was
  // carried over as it was stored, a box written by the live sealing included.
  if (!rule || !boxed(after.data) || boxed(before.data))
    return isDeepStrictEqual(before.data, after.data) ? null : 'its data differs';
  const paths = Object.entries(rule.fields)
    .filter(
      ([path, standIn]) => valueAt(after.data, path) === standIn && typeof valueAt(before.data, path) === 'string',
    )
    .map(([path]) => path);
  return isDeepStrictEqual(without(before.data, paths), without(after.data, paths))
    ? null
    : 'its data differs beyond the fields sealed';
}
