// The SQLite log's file format, recorded in PRAGMA user_version, and the steps that bring an older file forward.
// A file with no recorded version (user_version 0) that holds events was written before formats were recorded: format 1.
import type Database from 'better-sqlite3';
import { FileFormatError } from '../../../service/dataFiles.ts';

type Step = { to: number; why: string; run(db: Database.Database): void };

export const eventLogFormats: readonly Step[] = [
  {
    to: 1,
    why: 'the events table',
    run(db) {
      db.exec(`
        CREATE TABLE IF NOT EXISTS events (
          position INTEGER PRIMARY KEY AUTOINCREMENT,
          id TEXT NOT NULL UNIQUE,
          stream TEXT NOT NULL,
          revision INTEGER NOT NULL,
          type TEXT NOT NULL,
          data TEXT NOT NULL,
          metadata TEXT NOT NULL,
          UNIQUE (stream, revision)
        );
      `);
    },
  },
  {
    to: 2,
    why: 'the (type, schema version) pairs the log holds, so the start-up check does not read every event',
    run(db) {
      db.exec(`
        CREATE TABLE event_versions (
          type TEXT NOT NULL,
          version INTEGER NOT NULL,
          stream TEXT NOT NULL,
          position INTEGER NOT NULL,
          PRIMARY KEY (type, version)
        ) WITHOUT ROWID;
        INSERT INTO event_versions (type, version, stream, position)
          SELECT type, COALESCE(json_extract(metadata, '$.schemaVersion'), 1) AS version, stream, MIN(position)
          FROM events GROUP BY type, version;
      `);
    },
  },
];

export const newestEventLogFormat = eventLogFormats.at(-1)!.to;

/** The format a file is at: its user_version, or 1 for a log written before formats were recorded, 0 for a new file. */
function storedFormat(db: Database.Database): number {
  const recorded = db.pragma('user_version', { simple: true }) as number;
  if (recorded !== 0) return recorded;
  const hasEvents = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'events'").get();
  return hasEvents ? 1 : 0;
}

/**
 * Refuses a newer file before writing anything to it; otherwise runs every missing step in one transaction: a failure
 * anywhere leaves the file exactly as it was.
 */
export function migrateEventLog(db: Database.Database, file: string, afterStep?: (format: number) => void): void {
  const from = storedFormat(db);
  if (from > newestEventLogFormat) throw new FileFormatError(file, from, newestEventLogFormat);
  if (from === newestEventLogFormat) return;
  try {
    db.transaction(() => {
      // Read again under the write lock: another process opening the same file may have migrated it meanwhile.
      const current = storedFormat(db);
      if (current > newestEventLogFormat) throw new FileFormatError(file, current, newestEventLogFormat);
      for (const step of eventLogFormats.filter((s) => s.to > current)) {
        step.run(db);
        db.pragma(`user_version = ${step.to}`);
        afterStep?.(step.to);
      }
    }).immediate();
  } catch (error) {
    throw new Error(
      `${file} could not be brought from format ${from} to ${newestEventLogFormat}, and is unchanged: ${error instanceof Error ? error.message : String(error)}`,
      { cause: error },
    );
  }
}
