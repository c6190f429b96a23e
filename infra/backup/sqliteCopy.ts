// An online, consistent copy of a SQLite file while the shop writes it: SQLite's backup API over a read-only
// connection, all pages in one step (so one read transaction: a snapshot as of one commit, never half of one), then
// the copy is opened and checked before it is called a copy (decision 045). The backup of a data folder (backup.ts)
// copies the log and the key file this way.
import { chmodSync, existsSync, renameSync, rmSync } from 'node:fs';
import Database from 'better-sqlite3';
import { ensurePrivateFile, privateFileMode } from '../../service/dataFiles.ts';

export async function copySqlite(source: string, target: string): Promise<{ bytes: number }> {
  if (!existsSync(source)) throw new Error(`No file at ${source}`);
  if (existsSync(target)) throw new Error(`${target} exists; a backup never overwrites a file`);
  const partial = `${target}.partial`;
  rmSync(partial, { force: true });
  // Created 0600 before SQLite writes it: it holds what the source holds.
  ensurePrivateFile(partial);
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
  let bytes: number;
  try {
    const integrity = copy.pragma('integrity_check', { simple: true });
    if (integrity !== 'ok')
      throw new Error(`the copy of ${source} failed SQLite's integrity check: ${String(integrity)}`);
    // A copy stands alone: no write-ahead log beside it.
    copy.pragma('journal_mode = DELETE');
    bytes =
      (copy.pragma('page_count', { simple: true }) as number) * (copy.pragma('page_size', { simple: true }) as number);
  } catch (error) {
    copy.close();
    rmSync(partial, { force: true });
    throw error;
  }
  copy.close();
  renameSync(partial, target);
  chmodSync(target, privateFileMode);
  return { bytes };
}
