// An online, consistent copy of the embedded event log while the shop runs: SQLite's backup API over a read-only
// connection, all pages in one step (so one read transaction: a snapshot as of one committed append, never half of
// one), then the copy is opened and checked before it is called a backup. See docs/decisions/045 for the restore.
import { existsSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';

export type BackupResult = { file: string; events: number; head: number; streams: number; bytes: number; ms: number };

/** Where the shop keeps its log in DATA_DIR. */
export const eventLogFile = (dataDir: string) => join(dataDir, 'events.sqlite');

export async function backupEventLog(source: string, target: string): Promise<BackupResult> {
  if (!existsSync(source)) throw new Error(`No event log at ${source}`);
  if (existsSync(target)) throw new Error(`${target} exists; a backup never overwrites a file`);
  const started = performance.now();
  const partial = `${target}.partial`;
  rmSync(partial, { force: true });
  const db = new Database(source, { readonly: true, fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    // Every page in one step: the copy is one snapshot, and a write meanwhile cannot make it start over.
    await db.backup(partial, { progress: () => 1_000_000_000 });
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  } finally {
    db.close();
  }
  const copy = new Database(partial, { fileMustExist: true });
  let result: Omit<BackupResult, 'ms' | 'file'>;
  try {
    const integrity = copy.pragma('integrity_check', { simple: true });
    if (integrity !== 'ok') throw new Error(`the copy failed SQLite's integrity check: ${String(integrity)}`);
    // A copy stands alone: no write-ahead log beside it.
    copy.pragma('journal_mode = DELETE');
    const row = copy.prepare('SELECT COUNT(*) AS events, COALESCE(MAX(position), 0) AS head, COUNT(DISTINCT stream) AS streams FROM events').get() as { events: number; head: number; streams: number };
    const pages = copy.pragma('page_count', { simple: true }) as number;
    const pageSize = copy.pragma('page_size', { simple: true }) as number;
    result = { ...row, bytes: pages * pageSize };
  } catch (error) {
    copy.close();
    rmSync(partial, { force: true });
    throw error;
  }
  copy.close();
  renameSync(partial, target);
  return { file: target, ...result, ms: performance.now() - started };
}
